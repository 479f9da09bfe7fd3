import { findTotpUser } from './totp.repo.ts';
export const f = findTotpUser;
