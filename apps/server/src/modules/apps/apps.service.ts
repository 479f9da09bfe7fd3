import type { FastifyRequest } from 'fastify';
import { canSeeBubble, PaletteColorSchema, type Bubble } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../auth/auth.repo.ts';
import { getGroupIdsOfUser } from '../users/users.service.ts';
import { findAppFile, findAppsByIds, type BubbleRow } from './apps.repo.ts';

export type Viewer = { laraId: string; groupIds: number[] } | null;

export async function viewerOf(db: Db, user: SessionUser | null): Promise<Viewer> {
  return user ? { laraId: user.laraId, groupIds: await getGroupIdsOfUser(db, user.id) } : null;
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

/** Bubbles in the given order that the viewer may see (spec 3.1); ids of other schools never match. */
export async function visibleBubbles(db: Db, schoolId: number, ids: number[], viewer: Viewer): Promise<Bubble[]> {
  const rows = await findAppsByIds(db, schoolId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is BubbleRow => r !== undefined && canSeeBubble(r, viewer))
    .map(toBubble);
}

async function visibleBubble(req: FastifyRequest, id: number): Promise<Bubble> {
  const viewer = await viewerOf(req.server.db, req.user);
  const [bubble] = await visibleBubbles(req.server.db, req.schoolId, [id], viewer);
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
