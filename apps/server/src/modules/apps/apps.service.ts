import type { FastifyRequest } from 'fastify';
import { canSeeBubble, PaletteColorSchema, type Bubble } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../auth/auth.repo.ts';
import { findAppFile, findAppsByIds, isOnLoggedOutLayout, type BubbleRow } from './apps.repo.ts';

export type Viewer = { laraId: string; groupIds: number[] } | null;

export function viewerOf(user: SessionUser | null): Viewer {
  return user ? { laraId: user.laraId, groupIds: user.groupIds } : null;
}

export function toBubble(row: BubbleRow): Bubble {
  const color = PaletteColorSchema.safeParse(row.color);
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    iconName: row.iconName,
    iconColor: row.iconColor,
    color: color.success ? color.data : 'sky-500',
    new: false,
    public: row.public,
    target: row.target,
    type: row.type,
    appTypeId: row.appTypeId,
    groups: row.groups,
    locked: row.locked,
    creator: row.creator,
    wantedPerms: row.wantedPerms,
    titleTranslation: row.titleTranslation,
    hasFile: row.fileId !== null,
  };
}

/** The bubbles the viewer may see (spec 3.1), in the given order. */
export function filterVisible(rows: BubbleRow[], viewer: Viewer): Bubble[] {
  return rows.filter((r) => canSeeBubble(r, viewer)).map(toBubble);
}

async function visibleBubble(req: FastifyRequest, id: number): Promise<Bubble> {
  // ids of other schools never match: the repo filters by the request's school
  const [bubble] = filterVisible(await findAppsByIds(req.server.db, req.schoolId, [id]), viewerOf(req.user));
  // a visitor sees only what the school put on the logged-out layout, not every tile meant for everyone
  if (bubble && !req.user && !(await isOnLoggedOutLayout(req.server.db, req.schoolId, id)))
    throw AppError.notFound();
  // Not found and not allowed look the same, so ids cannot be probed.
  if (!bubble) throw AppError.notFound();
  return bubble;
}

export function getBubble(req: FastifyRequest, id: number): Promise<Bubble> {
  return visibleBubble(req, id);
}

export async function getBubbleDownload(req: FastifyRequest, id: number) {
  await visibleBubble(req, id);
  const [row] = await findAppsByIds(req.server.db, req.schoolId, [id]);
  const file = row?.fileId ? await findAppFile(req.server.db, req.schoolId, row.fileId) : null;
  if (!file) throw AppError.notFound();
  return file;
}
