import type { FastifyRequest } from 'fastify';
import { deleteLoginLock } from './auth.repo.ts';

/** Failures and locks are kept per lower-cased sign-in name, so unknown accounts behave like known ones. */
export function accountKeyOf(username: string): string {
  return username.trim().toLowerCase();
}

/** An admin's unlock, or a completed password reset: the account may sign in again at once. */
export async function clearLoginLock(req: FastifyRequest, username: string): Promise<void> {
  await deleteLoginLock(req.server.db, req.schoolId, accountKeyOf(username));
}
