import type { FastifyRequest } from 'fastify';
import type { LayoutResponse, LayoutType } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { filterVisible, viewerOf } from '../apps/apps.service.ts';
import { findLayoutsWithBubbles, type LayoutWanted } from './layout.repo.ts';

/**
 * GET /api/layout: visitors get the logged-out layout; a signed-in user gets their personal layout,
 * or the logged-in layout while the personal one shows nothing (spec 4.5). Bubbles are filtered by permission.
 */
export async function getLayout(
  req: FastifyRequest,
  requested: LayoutType | undefined,
): Promise<LayoutResponse> {
  const user = req.user;
  if (!user && requested !== undefined && requested !== 'logged-out') throw AppError.unauthorized();
  const viewer = viewerOf(user);
  const wanted: LayoutWanted[] = !user
    ? [{ category: 'logged-out', ownerId: null }]
    : requested === undefined
      ? [
          { category: 'personal', ownerId: user.id },
          { category: 'logged-in', ownerId: null },
        ]
      : [{ category: requested, ownerId: requested === 'personal' ? user.id : null }];
  const found = await findLayoutsWithBubbles(req.server.db, req.schoolId, wanted);
  for (const { category } of wanted) {
    const layout = found.get(category);
    const bubbles = filterVisible(layout?.bubbles ?? [], viewer);
    const isLast = category === wanted.at(-1)!.category;
    if (bubbles.length > 0 || isLast) {
      return { layoutType: category, layout: bubbles, unused: [], updateId: layout?.updateId ?? 0 };
    }
  }
  throw AppError.notFound();
}
