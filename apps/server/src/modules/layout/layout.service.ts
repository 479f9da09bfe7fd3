import type { FastifyRequest } from 'fastify';
import type { LayoutResponse, LayoutType } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { viewerOf, visibleBubbles } from '../apps/apps.service.ts';
import { findLayout } from './layout.repo.ts';

/**
 * GET /api/layout: visitors get the logged-out layout; a signed-in user gets their personal layout,
 * or the logged-in layout while the personal one is empty (spec 4.5). Bubbles are filtered by permission.
 */
export async function getLayout(req: FastifyRequest, requested: LayoutType | undefined): Promise<LayoutResponse> {
  const { db } = req.server;
  const user = req.user;
  let category: LayoutType = requested ?? (user ? 'personal' : 'logged-out');
  if (!user && category !== 'logged-out') throw AppError.unauthorized();
  const viewer = await viewerOf(db, user);

  let layout = await findLayout(db, req.schoolId, category, category === 'personal' ? user!.id : null);
  let bubbles = layout ? await visibleBubbles(db, req.schoolId, layout.appIds, viewer) : [];
  if (category === 'personal' && bubbles.length === 0 && requested === undefined) {
    category = 'logged-in';
    layout = await findLayout(db, req.schoolId, category, null);
    bubbles = layout ? await visibleBubbles(db, req.schoolId, layout.appIds, viewer) : [];
  }
  return { layoutType: category, layout: bubbles, unused: [], updateId: layout?.updateId ?? 0 };
}
