import { findUserForLogin } from '../auth/auth.repo.ts';
export const f = findUserForLogin;
