import { users } from '../users/users.schema.ts';
export const t = users;
