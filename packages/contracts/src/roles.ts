import { z } from './zod.ts';
import { ROLES, STORED_ROLES, USER_TYPES } from './plain/roles.ts';

export * from './plain/roles.ts';

export const RoleSchema = z.enum(ROLES);
export const StoredRoleSchema = z.enum(STORED_ROLES);
export const UserTypeSchema = z.enum(USER_TYPES);
