import { createHash } from 'node:crypto';
import {
  hasRole,
  layoutTypeOfSave,
  permissionsFor,
  type Tile,
  type LayoutQuery,
  type LayoutResponse,
  type LayoutSave,
  type LayoutType,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  accessibleTileRow,
  canAccessTile,
  findTileRows,
  findSchoolTileRows,
  toTile,
  type TileRow,
} from '../apps/apps.service.ts';
import { audit } from '../audit/audit.service.ts';
import type { SessionUser } from '../../core/session-types.ts';
import {
  deleteLayout,
  findItemTimes,
  findLayoutId,
  findLayoutsWithTiles,
  findLayoutVersionParts,
  lockLayout,
  replaceLayoutItems,
  upsertAppOpen,
  type FoundLayout,
  type LayoutTileRow,
  type LayoutVersionParts,
  type LayoutWanted,
} from './layout.repo.ts';

// bump when the answer's shape changes, so no client keeps an answer of the old shape
const ANSWER_FORMAT = 2;

/** What a GET /api/layout asks for, after the access rules: whose view, which layout, with the unused list or not. */
export type LayoutPlan =
  | { kind: 'visitor' }
  | { kind: 'user'; user: SessionUser; layoutType: LayoutType | undefined; unused: boolean }
  | { kind: 'preview'; layoutType: 'logged-in' | 'logged-out'; groups: number[] };

/** The access rules of GET /api/layout (decision 023); throws 401, 403 or 400 before anything is loaded. */
export function planLayout(ctx: Ctx, query: LayoutQuery): LayoutPlan {
  const user = ctx.user;
  if (!user) {
    // visitors get the logged-out layout only, and no edit-mode lists
    if ((query.layoutType ?? 'logged-out') !== 'logged-out' || query.unused || query.groups)
      throw AppError.unauthorized();
    return { kind: 'visitor' };
  }
  const perms = permissionsFor(user);
  if (query.groups) {
    if (!perms.previewGroups) throw AppError.forbidden();
    // teachers preview their own groups; admins any group (an unknown id simply matches no tile)
    if (!hasRole(user, 'admin') && query.groups.some((g) => !user.groupIds.includes(g)))
      throw AppError.forbidden();
    if (query.layoutType === 'personal')
      throw AppError.validation([
        {
          path: 'querystring.layoutType',
          code: 'common.validation',
          message: 'a group has no personal layout',
        },
      ]);
    return {
      kind: 'preview',
      layoutType: query.layoutType ?? 'logged-in',
      groups: [...query.groups].sort((a, b) => a - b),
    };
  }
  const unused = query.unused ?? false;
  if (unused && query.layoutType !== undefined && query.layoutType !== 'personal' && !perms.editSchoolLayouts)
    throw AppError.forbidden();
  return { kind: 'user', user, layoutType: query.layoutType, unused };
}

/**
 * The layout's version (also its ETag): a short digest of everything the answer depends on. The parts
 * are read in the same statement as the layouts (one snapshot), or before anything else, so a change in
 * between can only make a version older than its answer, never newer.
 */
function versionOf(ctx: Ctx, plan: LayoutPlan, parts: LayoutVersionParts): string {
  const user = ctx.user;
  const key = JSON.stringify([
    ANSWER_FORMAT,
    parts,
    user
      ? [user.id, user.laraId, user.type, [...user.roles].sort(), [...user.groupIds].sort((a, b) => a - b)]
      : null,
    plan.kind === 'user' ? ['user', plan.layoutType ?? '', plan.unused] : plan,
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

/** The current version alone, from one small query: what If-None-Match is compared with. */
export async function layoutVersion(ctx: Ctx, plan: LayoutPlan): Promise<string> {
  return versionOf(ctx, plan, await findLayoutVersionParts(ctx.db, ctx.schoolId, ctx.user?.id ?? null));
}

/** A member of exactly these groups: tiles for everyone and for those groups, no private ones, no creator rule. */
function memberOfGroupsSees(row: TileRow, groups: readonly number[]): boolean {
  if (row.wantedPerms === 'everyone') return true;
  return row.wantedPerms === 'groups' && row.groups.some((g) => groups.includes(g));
}

/** Which tiles a layout may hold (decision 023): personal any the user may see, logged-in no private tile, logged-out only tiles for everyone. */
function mayPlace(row: TileRow, layoutType: LayoutType, user: SessionUser): boolean {
  if (!canAccessTile(row, user)) return false;
  if (layoutType === 'logged-out') return row.wantedPerms === 'everyone';
  if (layoutType === 'logged-in') return row.wantedPerms !== 'private';
  return true;
}

function tilesOf(rows: LayoutTileRow[], user: SessionUser | null): Tile[] {
  return rows.filter((r) => canAccessTile(r, user)).map((r) => toTile(r, r.isNew));
}

function answer(
  layoutType: LayoutType,
  found: FoundLayout | undefined,
  layout: Tile[],
  unused: Tile[],
  version: string,
): LayoutResponse {
  return { layoutType, layout, unused, updateId: found?.updateId ?? 0, version };
}

/**
 * GET /api/layout: visitors get the logged-out layout; a signed-in user gets their personal layout, or the
 * logged-in layout while the personal one shows nothing (spec 4.5), with the locked tiles of the logged-in
 * layout added; in edit mode also the tiles they could place but have not (the unused list).
 */
export async function getLayout(ctx: Ctx, plan: LayoutPlan): Promise<LayoutResponse> {
  const db = ctx.db;
  if (plan.kind === 'visitor') {
    const { layouts, version } = await findLayoutsWithTiles(db, ctx.schoolId, [
      { category: 'logged-out', ownerId: null },
    ]);
    const found = layouts.get('logged-out');
    return answer('logged-out', found, tilesOf(found?.tiles ?? [], null), [], versionOf(ctx, plan, version));
  }
  if (plan.kind === 'preview') {
    const { layouts, version } = await findLayoutsWithTiles(db, ctx.schoolId, [
      { category: plan.layoutType, ownerId: null },
    ]);
    const found = layouts.get(plan.layoutType);
    const layout = (found?.tiles ?? [])
      .filter((r) => memberOfGroupsSees(r, plan.groups))
      .map((r) => toTile(r));
    return answer(plan.layoutType, found, layout, [], versionOf(ctx, plan, version));
  }

  const { user, layoutType: requested } = plan;
  const wanted: [LayoutWanted] | [LayoutWanted, LayoutWanted] =
    requested === 'logged-out'
      ? [{ category: 'logged-out', ownerId: null }]
      : requested === 'logged-in'
        ? [{ category: 'logged-in', ownerId: null }]
        : [
            { category: 'personal', ownerId: user.id },
            { category: 'logged-in', ownerId: null },
          ];
  const { layouts: found, version } = await findLayoutsWithTiles(db, ctx.schoolId, wanted, user.id);
  const personal = tilesOf(found.get('personal')?.tiles ?? [], user);
  const loggedIn = tilesOf(found.get('logged-in')?.tiles ?? [], user);
  const layoutType: LayoutType = requested ?? (personal.length > 0 ? 'personal' : 'logged-in');
  let layout: Tile[];
  if (layoutType === 'personal') {
    // a locked tile of the logged-in layout is on every personal layout (decision 023)
    const placed = new Set(personal.map((b) => b.id));
    layout = [...personal, ...loggedIn.filter((b) => b.locked && !placed.has(b.id))];
  } else if (layoutType === 'logged-in') layout = loggedIn;
  else layout = tilesOf(found.get('logged-out')?.tiles ?? [], user);

  let unused: Tile[] = [];
  if (plan.unused) {
    // without a layout type the answer is edited as the personal layout, whichever one it shows
    const placeOn = requested ?? 'personal';
    const shown = new Set(layout.map((b) => b.id));
    unused = (await findSchoolTileRows(db, ctx.schoolId))
      .filter((r) => !shown.has(r.id) && mayPlace(r, placeOn, user))
      .map((r) => toTile(r));
  }
  // the unused list is read after the version's snapshot: newer than its version at worst, never older
  return answer(layoutType, found.get(layoutType), layout, unused, versionOf(ctx, plan, version));
}

/**
 * POST /api/layout: the personal layout is the caller's own (created on the first save); the school's
 * layouts are for admins. Every tile must be one the caller may place there, and a personal layout keeps
 * every locked tile. Tiles already on the layout keep the time they were added (the `new` flag).
 */
export async function saveLayout(ctx: Ctx, body: LayoutSave): Promise<LayoutResponse> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  const layoutType = layoutTypeOfSave(body);
  if (layoutType !== 'personal' && !permissionsFor(user).editSchoolLayouts) throw AppError.forbidden();
  const ids = body.layout;
  if (new Set(ids).size !== ids.length)
    throw AppError.validation([
      { path: 'body.layout', code: 'common.validation', message: 'a tile appears twice' },
    ]);
  const db = ctx.db;
  const rows = new Map((await findTileRows(db, ctx.schoolId, ids)).map((r) => [r.id, r]));
  const refused = ids.find((id) => {
    const row = rows.get(id);
    return !row || !mayPlace(row, layoutType, user);
  });
  if (refused !== undefined) throw new AppError(400, 'layout.unknown_tile', { id: refused });
  if (layoutType === 'personal') {
    const { layouts } = await findLayoutsWithTiles(db, ctx.schoolId, [
      { category: 'logged-in', ownerId: null },
    ]);
    const loggedIn = layouts.get('logged-in');
    const missing = (loggedIn?.tiles ?? []).find(
      (r) => r.locked && canAccessTile(r, user) && !ids.includes(r.id),
    );
    if (missing) throw new AppError(422, 'layout.locked_missing', { id: missing.id, title: missing.title });
  }

  const ownerId = layoutType === 'personal' ? user.id : null;
  await transaction(db, async (tx) => {
    const layout = await lockLayout(tx, { schoolId: ctx.schoolId, category: layoutType, ownerId });
    // a first personal save starts from the logged-in layout the user saw, so its tiles keep their times
    const source =
      layout.created && layoutType === 'personal'
        ? await findLayoutId(tx, ctx.schoolId, 'logged-in', null)
        : layout.id;
    const times = source === null ? new Map<number, Date>() : await findItemTimes(tx, source);
    await replaceLayoutItems(
      tx,
      ctx.schoolId,
      layout.id,
      ids.map((appId) => ({ appId, addedAt: times.get(appId) })),
    );
    // a tile the user put on their own page themselves is not news to them (decision 023 new flag)
    if (layoutType === 'personal')
      for (const appId of ids.filter((id) => !times.has(id)))
        await upsertAppOpen(tx, ctx.schoolId, user.id, appId, { countOpen: false });
    if (layoutType !== 'personal')
      await audit(ctx, 'layout.save', { db: tx, details: { layoutType, tiles: ids.length } });
  });
  const plan: LayoutPlan = { kind: 'user', user, layoutType, unused: false };
  return getLayout(ctx, plan);
}

/** DELETE /api/layout: the personal layout goes; the logged-in one shows again (spec 4.5). */
export async function resetPersonalLayout(ctx: Ctx): Promise<void> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  await deleteLayout(ctx.db, ctx.schoolId, 'personal', user.id);
}

/** PATCH /api/layout/{id}/new: the caller opened the tile, so it is no longer new for them (only them). */
export async function markOpened(ctx: Ctx, appId: number): Promise<void> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  await accessibleTileRow(ctx, appId);
  await upsertAppOpen(ctx.db, ctx.schoolId, user.id, appId, { now: ctx.clock() });
}
