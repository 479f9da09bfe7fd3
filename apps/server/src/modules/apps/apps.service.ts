import {
  allowedWantedPerms,
  APP_TYPE_INFOS,
  TileInputSchema,
  tileInputFromForm,
  canSeeTile,
  ERROR_MESSAGES,
  hasRole,
  LOCALES,
  mayEditTile,
  normalizeTileInput,
  PaletteColorSchema,
  permissionsFor,
  randomPaletteColor,
  validateTileInput,
  type AppTypeInfo,
  type Tile,
  type TileInput,
  type EmbedCheck,
  type SaveAppResponse,
  type TranslationBody,
} from '@aula/contracts';
import { type Ctx, portalOrigin } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseAllowedHosts } from '../../lib/safe-fetch.ts';
import { audit } from '../audit/audit.service.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { serverConfigValue } from '../config/config.service.ts';
import { leastStoredBytes, prepareUpload, uploaderOf } from '../files/file-checks.ts';
import { deleteFiles, lockFiles, readFile } from '../files/files.service.ts';
import { fileUpload } from '../files/file-upload.ts';
import { schoolGroupIds } from '../groups/groups.service.ts';
import { bumpAppsVersion } from '../schools/schools.service.ts';
import type { AppForm } from './app-form.ts';
import {
  deleteApp as deleteAppRow,
  filesInUse,
  findAppFileIds,
  findAppsByIds,
  findSchoolApps,
  insertApp,
  isOnLoggedOutLayout,
  replaceAppGroups,
  updateApp as updateAppRow,
  type AppValues,
  type TileRow,
} from './apps.repo.ts';
import { checkEmbeddable } from './embed.service.ts';

export type { TileRow } from './apps.repo.ts';
export type Viewer = { laraId: string; groupIds: number[] } | null;

export function viewerOf(user: SessionUser | null): Viewer {
  return user ? { laraId: user.laraId, groupIds: user.groupIds } : null;
}

/**
 * Who may see, open and place a tile: canSeeTile (decision 006), and admins every tile of their school
 * that is not someone's private one, since they arrange the school's layouts and fix any tile (decision 023).
 */
export function canAccessTile(
  row: Pick<TileRow, 'wantedPerms' | 'creator' | 'groups'>,
  user: SessionUser | null,
): boolean {
  if (canSeeTile(row, viewerOf(user))) return true;
  return user !== null && row.wantedPerms !== 'private' && hasRole(user, 'admin');
}

/** The palette's colours: a stored colour outside it (an old or hand-edited row) shows as sky-500. */
const PALETTE_COLORS: ReadonlySet<string> = new Set(PaletteColorSchema.options);

export function toTile(row: TileRow, isNew = false): Tile {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    iconName: row.iconName,
    iconColor: row.iconColor,
    color: PALETTE_COLORS.has(row.color) ? (row.color as Tile['color']) : 'sky-500',
    new: isNew,
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
    // the file id in the address changes with every new icon, so a cached old one is never shown
    iconUrl: row.iconFileId === null ? null : `/api/apps/${row.id}/icon?v=${row.iconFileId}`,
    embeddable: row.target === 'iframe' ? row.embeddable : null,
  };
}

/** The tiles the viewer may see (spec 3.1), in the given order. */
export function filterVisible(rows: TileRow[], user: SessionUser | null): Tile[] {
  return rows.filter((r) => canAccessTile(r, user)).map((r) => toTile(r));
}

export function findTileRows(db: Db, schoolId: number, ids: number[]): Promise<TileRow[]> {
  return findAppsByIds(db, schoolId, ids);
}

export function findSchoolTileRows(db: Db, schoolId: number): Promise<TileRow[]> {
  return findSchoolApps(db, schoolId);
}

/** The tile if the caller may see it; otherwise 404, exactly like a missing one, so ids cannot be probed. */
export async function accessibleTileRow(ctx: Ctx, id: number): Promise<TileRow> {
  // ids of other schools never match: the repo filters by the request's school
  const [row] = await findAppsByIds(ctx.db, ctx.schoolId, [id]);
  if (!row || !canAccessTile(row, ctx.user)) throw AppError.notFound();
  // a visitor sees only what the school put on the logged-out layout, not every tile meant for everyone
  if (!ctx.user && !(await isOnLoggedOutLayout(ctx.db, ctx.schoolId, id))) throw AppError.notFound();
  return row;
}

/** Edit and delete: the creator and the school's admins (spec 3.1, decision 023); others 403. */
async function editableTileRow(ctx: Ctx, id: number): Promise<{ row: TileRow; user: SessionUser }> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  const row = await accessibleTileRow(ctx, id);
  if (!mayEditTile(row, { roles: user.roles, type: user.type, lara_id: user.laraId }))
    throw AppError.forbidden();
  return { row, user };
}

export async function getTile(ctx: Ctx, id: number): Promise<Tile> {
  return toTile(await accessibleTileRow(ctx, id));
}

export async function getTileDownload(ctx: Ctx, id: number) {
  const row = await accessibleTileRow(ctx, id);
  const file = row.fileId ? await readFile(ctx.db, ctx.schoolId, row.fileId) : null;
  if (!file) throw AppError.notFound();
  return file;
}

export async function getTileIcon(ctx: Ctx, id: number) {
  const row = await accessibleTileRow(ctx, id);
  const file = row.iconFileId ? await readFile(ctx.db, ctx.schoolId, row.iconFileId) : null;
  if (!file) throw AppError.notFound();
  return file;
}

/** GET /api/apps/types */
export function appTypes(): readonly AppTypeInfo[] {
  return APP_TYPE_INFOS;
}

function parseInput(form: AppForm, existing: TileRow | null): TileInput {
  // an absent title is reported as the missing title it is; color is random by default (spec 3.1)
  const defaults = { title: '', color: existing ? toTile(existing).color : randomPaletteColor() };
  const parsed = TileInputSchema.safeParse({ ...defaults, ...tileInputFromForm(form.fields) });
  if (!parsed.success) {
    throw AppError.validation(
      parsed.error.issues.map((i) => ({
        path: i.path.join('.') || 'body',
        code: i.code,
        message: i.message,
      })),
    );
  }
  const hasFile = form.file !== null || (existing?.fileId ?? null) !== null;
  const issues = validateTileInput(parsed.data, { hasFile });
  if (issues.length > 0) {
    throw AppError.validation(
      issues.map((i) => ({ path: i.path, code: i.code, message: ERROR_MESSAGES[i.code] })),
    );
  }
  return normalizeTileInput(parsed.data);
}

/** Role rules of decision 023; on edit only what changes is checked, so a creator can still edit a tile an admin widened or locked. */
async function checkRoleRules(
  ctx: Ctx,
  user: SessionUser,
  input: TileInput,
  existing: TileRow | null,
): Promise<void> {
  const perms = permissionsFor(user);
  if (
    input.wantedPerms !== existing?.wantedPerms &&
    !allowedWantedPerms(perms.createApps).includes(input.wantedPerms)
  )
    throw new AppError(403, 'apps.perms_not_allowed', { wantedPerms: input.wantedPerms });
  const added = input.groups.filter((g) => !existing?.groups.includes(g));
  if (added.length > 0) {
    if (hasRole(user, 'admin')) {
      const known = new Set(await schoolGroupIds(ctx.db, ctx.schoolId, added));
      const unknown = added.filter((g) => !known.has(g));
      if (unknown.length > 0)
        throw AppError.validation([
          { path: 'groups', code: 'common.validation', message: `unknown group ${unknown.join(', ')}` },
        ]);
    } else if (added.some((g) => !user.groupIds.includes(g))) {
      throw new AppError(403, 'apps.group_not_allowed');
    }
  }
  if (input.locked !== (existing?.locked ?? false) && !perms.lockApps)
    throw new AppError(403, 'apps.lock_not_allowed');
}

async function embedCheckFor(ctx: Ctx, input: TileInput): Promise<EmbedCheck | null> {
  if (input.target !== 'iframe' || !input.url) return null;
  const allowedHosts = parseAllowedHosts(await serverConfigValue(ctx, 'embed_allowed_hosts'));
  return checkEmbeddable(input.url, { portalOrigin: portalOrigin(ctx), allowedHosts });
}

/** The shared part of create and edit: validate, check roles and uploads, run the embed check, store in one transaction. */
async function saveApp(
  ctx: Ctx,
  user: SessionUser,
  form: AppForm,
  existing: TileRow | null,
): Promise<SaveAppResponse> {
  const input = parseInput(form, existing);
  await checkRoleRules(ctx, user, input, existing);
  const schoolId = ctx.schoolId;
  const upload = form.file && input.target === 'download' ? form.file : null;
  // before the image work: a user already at the quota cannot make the server do it again and again
  const files = fileUpload(ctx, user);
  await files.precheck({
    minBytes: (form.icon ? 1 : 0) + (upload ? await leastStoredBytes('download', upload.data) : 0),
    uploadedBytes: (form.icon?.data.length ?? 0) + (upload?.data.length ?? 0),
    replacing: [
      form.icon ? (existing?.iconFileId ?? null) : null,
      upload ? (existing?.fileId ?? null) : null,
    ],
  });
  const icon = form.icon ? await prepareUpload('icon', form.icon, uploaderOf(ctx)) : null;
  const download = upload ? await prepareUpload('download', upload, uploaderOf(ctx)) : null;
  // outside the transaction: the check may wait for a slow site, and it never blocks saving
  const embedCheck = await embedCheckFor(ctx, input);
  const values: AppValues = {
    title: input.title,
    url: input.url,
    iconName: input.iconName,
    iconColor: input.iconColor,
    color: input.color,
    target: input.target,
    type: input.type,
    appTypeId: APP_TYPE_INFOS.find((t) => t.type === input.type)?.id ?? null,
    config: input.config,
    wantedPerms: input.wantedPerms,
    locked: input.locked,
    embeddable: embedCheck?.embeddable ?? null,
    embedCheckedAt: embedCheck ? ctx.clock() : null,
  };
  const id = await transaction(ctx.db, async (tx) => {
    // the files as they are now, not as they were before the uploads were processed: a parallel change
    // may have replaced them meanwhile, and deleting the old ids would leave its new files orphaned
    await lockFiles(tx, schoolId);
    const current = existing ? await findAppFileIds(tx, schoolId, existing.id) : null;
    if (existing && !current) throw AppError.notFound();
    const iconFileId = icon
      ? await files.store(tx, icon)
      : input.removeIcon
        ? null
        : (current?.iconFileId ?? null);
    const fileId = download
      ? await files.store(tx, download)
      : input.target === 'download'
        ? (current?.fileId ?? null)
        : null;
    let appId: number;
    if (existing) {
      if (!(await updateAppRow(tx, schoolId, existing.id, { ...values, iconFileId, fileId })))
        throw AppError.notFound();
      appId = existing.id;
    } else {
      appId = await insertApp(tx, schoolId, { ...values, iconFileId, fileId, creatorId: user.id });
    }
    await replaceAppGroups(tx, schoolId, appId, input.groups);
    if (current) {
      await deleteUnusedFiles(tx, schoolId, [
        current.iconFileId !== iconFileId ? current.iconFileId : null,
        current.fileId !== fileId ? current.fileId : null,
      ]);
    }
    // after the replaced files are gone, so a new icon or file never counts twice (decision 045)
    await files.check(tx);
    await bumpAppsVersion(tx, schoolId);
    await audit(ctx, existing ? 'app.update' : 'app.create', {
      db: tx,
      details: { appId, title: input.title, wantedPerms: input.wantedPerms },
    });
    return appId;
  });
  const [row] = await findAppsByIds(ctx.db, schoolId, [id]);
  if (!row) throw AppError.notFound();
  return { bubble: toTile(row), embedCheck };
}

/** POST /api/apps: readForm reads the multipart body once the caller's rights are known. */
export async function createApp(ctx: Ctx, readForm: () => Promise<AppForm>): Promise<SaveAppResponse> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  return saveApp(ctx, user, await readForm(), null);
}

/** PUT /api/apps/{id}: a tile the caller cannot see is 404, one they may not edit 403, before the body is read. */
export async function updateApp(
  ctx: Ctx,
  id: number,
  readForm: () => Promise<AppForm>,
): Promise<SaveAppResponse> {
  const { row, user } = await editableTileRow(ctx, id);
  return saveApp(ctx, user, await readForm(), row);
}

/** Deletes these files unless a tile still uses them (demo tiles share one); after `lockFiles`. */
async function deleteUnusedFiles(tx: Db, schoolId: number, ids: (number | null)[]): Promise<void> {
  const inUse = new Set(await filesInUse(tx, schoolId, ids));
  await deleteFiles(
    tx,
    schoolId,
    ids.filter((id) => id !== null && !inUse.has(id)),
  );
}

/**
 * What must happen in the deleting transaction before a tile's row goes: the layout module gives the layouts
 * holding it a new update id (their items go with the tile). Layout sits above apps, so app.ts hands it in
 * (issue 33, decision 083).
 */
export type TileDeletingHook = (db: Db, schoolId: number, appId: number) => Promise<void>;

/** DELETE /api/apps/{id}: off every layout (cascade), its files with it unless another tile uses them. */
export async function deleteApp(ctx: Ctx, id: number, beforeDelete: TileDeletingHook): Promise<void> {
  const { row } = await editableTileRow(ctx, id);
  await transaction(ctx.db, async (tx) => {
    await lockFiles(tx, ctx.schoolId);
    // the files as they are now: a parallel edit may have replaced those `row` was read with
    const current = await findAppFileIds(tx, ctx.schoolId, id);
    if (!current) throw AppError.notFound();
    await beforeDelete(tx, ctx.schoolId, id);
    await deleteAppRow(tx, ctx.schoolId, id);
    await deleteUnusedFiles(tx, ctx.schoolId, [current.fileId, current.iconFileId]);
    await bumpAppsVersion(tx, ctx.schoolId);
    await audit(ctx, 'app.delete', { db: tx, details: { appId: id, title: row.title } });
  });
}

/** POST /api/apps/{id}/translation: the title translations become exactly the entries sent (spec 7.2). */
export async function setTranslation(ctx: Ctx, id: number, body: TranslationBody): Promise<Tile> {
  const { row } = await editableTileRow(ctx, id);
  if (body.id !== id)
    throw AppError.validation([
      { path: 'body.id', code: 'common.validation', message: 'id must equal the path id' },
    ]);
  const titleTranslation: Record<string, string> = {};
  for (const locale of LOCALES) {
    const title = body[locale];
    if (title) titleTranslation[locale] = title;
  }
  await transaction(ctx.db, async (tx) => {
    if (!(await updateAppRow(tx, ctx.schoolId, id, { titleTranslation }))) throw AppError.notFound();
    await bumpAppsVersion(tx, ctx.schoolId);
    await audit(ctx, 'app.update', { db: tx, details: { appId: id, fields: ['titleTranslation'] } });
  });
  return toTile({ ...row, titleTranslation });
}
