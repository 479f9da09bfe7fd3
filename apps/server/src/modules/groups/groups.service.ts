import type { FastifyRequest } from 'fastify';
import { hasRole, type Group } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { listGroups } from './groups.repo.ts';

/** GET /api/groups: every group of the school; filtering by another user's account needs a teacher. */
export async function getGroups(
  req: FastifyRequest,
  query: { type?: Group['type']; account?: number },
): Promise<Group[]> {
  const user = req.user;
  if (!user) throw AppError.unauthorized();
  if (query.account !== undefined && query.account !== user.id && !hasRole(user, 'teacher')) {
    throw AppError.forbidden();
  }
  return listGroups(req.server.db, req.schoolId, { type: query.type, userId: query.account });
}
