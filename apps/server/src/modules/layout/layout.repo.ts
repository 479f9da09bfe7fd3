import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { LayoutType } from '@aula/contracts';
import { withCompiledRows } from '../../db/compiled-rows.ts';
import type { Db } from '../../db/index.ts';
import { tileColumns, type TileRow } from '../../db/columns.ts';
import { appOpenDays, appOpens, apps, layoutItems, layouts, schools, users } from '../../db/schema.ts';

export interface LayoutWanted {
  category: LayoutType;
  ownerId: number | null;
}

export type LayoutTileRow = TileRow & { isNew: boolean };

export interface FoundLayout {
  id: number;
  updateId: number;
  tiles: LayoutTileRow[];
}

/** What a layout answer depends on besides the query and the caller: see findLayoutVersionParts. */
export interface LayoutVersionParts {
  appsVersion: number;
  layouts: string;
  opens: string;
}

// The hot path's two statements are built once per database and prepared (placeholders), so a request
// neither rebuilds the query nor has PostgreSQL plan it again.
const param = {
  schoolId: sql.placeholder('schoolId'),
  // 0 for a visitor: no user has it, so nothing is new and no layout is theirs
  userId: sql.placeholder('userId'),
  category1: sql.placeholder('category1'),
  owner1: sql.placeholder('owner1'),
  category2: sql.placeholder('category2'),
  owner2: sql.placeholder('owner2'),
};

const versionColumns = {
  appsVersion: schools.appsVersion,
  layouts: sql<string>`coalesce((select string_agg(l.id || ':' || l.update_id, ',' order by l.id)
    from ${layouts} l where l.school_id = ${param.schoolId} and coalesce(l.owner_id, 0) in (0, ${param.userId})), '')`,
  opens: sql<string>`(select count(*) || ':' || coalesce(max(o.opened_at)::text, '')
    from ${appOpens} o where o.user_id = ${param.userId})`,
};

function prepareVersionQuery(db: Db) {
  const prepared = db
    .select(versionColumns)
    .from(schools)
    .where(eq(schools.id, param.schoolId))
    .prepare('layout_version');
  return withCompiledRows(prepared);
}

/** The home page's statement, unprepared: prepared once per database below, and run by the bench's bare server. */
export function layoutsQuery(db: Db) {
  const ownerOf = sql`coalesce(${layouts.ownerId}, 0)`;
  const isNew = sql<
    boolean | null
  >`(${layoutItems.addedAt} > (select u.created_at from ${users} u where u.id = ${param.userId})
    and not exists (select 1 from ${appOpens} o
      where o.user_id = ${param.userId} and o.app_id = ${layoutItems.appId} and o.opened_at >= ${layoutItems.addedAt}))`;
  // from the school's row, so the version parts come back even when no layout exists
  return db
    .select({
      version: versionColumns,
      layoutId: layouts.id,
      category: layouts.category,
      updateId: layouts.updateId,
      isNew,
      tile: tileColumns,
    })
    .from(schools)
    .leftJoin(
      layouts,
      and(
        eq(layouts.schoolId, schools.id),
        or(
          and(eq(layouts.category, param.category1), eq(ownerOf, param.owner1)),
          and(eq(layouts.category, param.category2), eq(ownerOf, param.owner2)),
        ),
      ),
    )
    .leftJoin(layoutItems, eq(layoutItems.layoutId, layouts.id))
    .leftJoin(apps, and(eq(apps.id, layoutItems.appId), eq(apps.schoolId, schools.id)))
    .leftJoin(users, eq(users.id, apps.creatorId))
    .where(eq(schools.id, param.schoolId))
    .orderBy(asc(layouts.category), asc(layoutItems.position));
}

function prepareLayoutsQuery(db: Db) {
  // 50 tiles are 50 rows of 27 columns: mapped by a mapper compiled once (decision 093)
  return withCompiledRows(layoutsQuery(db).prepare('layouts_with_tiles'));
}

const prepared = new WeakMap<
  Db,
  { version: ReturnType<typeof prepareVersionQuery>; layouts: ReturnType<typeof prepareLayoutsQuery> }
>();

function statements(db: Db) {
  let found = prepared.get(db);
  if (!found) {
    found = { version: prepareVersionQuery(db), layouts: prepareLayoutsQuery(db) };
    prepared.set(db, found);
  }
  return found;
}

const NO_VERSION: LayoutVersionParts = { appsVersion: 0, layouts: '', opens: '' };

/**
 * Everything a layout answer depends on besides the query and the caller, in one small query: the
 * school's tile version, the id and update id of every layout the caller can get, and the caller's
 * opened tiles.
 */
export async function findLayoutVersionParts(
  db: Db,
  schoolId: number,
  userId: number | null,
): Promise<LayoutVersionParts> {
  const [row] = await statements(db).version.execute({ schoolId, userId: userId ?? 0 });
  return row ?? NO_VERSION;
}

/**
 * One or two layouts with their tiles in order, and the version parts, in one query and so from one
 * snapshot (the home page's hot path). With a user, each tile says whether it is new for them
 * (decision 023): put on the layout after their account was created, and not opened since.
 */
export async function findLayoutsWithTiles(
  db: Db,
  schoolId: number,
  wanted: [LayoutWanted] | [LayoutWanted, LayoutWanted],
  userId: number | null = null,
): Promise<{ layouts: Map<LayoutType, FoundLayout>; version: LayoutVersionParts }> {
  const [first, second = first] = wanted;
  const rows = await statements(db).layouts.execute({
    schoolId,
    userId: userId ?? 0,
    category1: first.category,
    owner1: first.ownerId ?? 0,
    category2: second.category,
    owner2: second.ownerId ?? 0,
  });
  const result = new Map<LayoutType, FoundLayout>();
  for (const row of rows) {
    if (row.layoutId === null || row.category === null || row.updateId === null) continue;
    const entry = result.get(row.category) ?? { id: row.layoutId, updateId: row.updateId, tiles: [] };
    result.set(row.category, entry);
    // a layout without items yields one row whose tile columns are all null
    // the row's tile object is this statement's own (compiled-rows.ts): completed in place, not copied
    if (row.tile.id !== null)
      entry.tiles.push(Object.assign(row.tile as TileRow, { isNew: row.isNew === true }));
  }
  return { layouts: result, version: rows[0]?.version ?? NO_VERSION };
}

export async function insertLayout(
  db: Db,
  values: { schoolId: number; category: LayoutType; ownerId: number | null; appIds: number[] },
): Promise<number> {
  const [layout] = await db
    .insert(layouts)
    .values({ schoolId: values.schoolId, category: values.category, ownerId: values.ownerId })
    .returning({ id: layouts.id });
  if (values.appIds.length > 0) {
    await db.insert(layoutItems).values(
      values.appIds.map((appId, position) => ({
        schoolId: values.schoolId,
        layoutId: layout!.id,
        appId,
        position,
      })),
    );
  }
  return layout!.id;
}

function layoutWhere(schoolId: number, category: LayoutType, ownerId: number | null): SQL {
  return and(
    eq(layouts.schoolId, schoolId),
    eq(layouts.category, category),
    ownerId === null ? isNull(layouts.ownerId) : eq(layouts.ownerId, ownerId),
  )!;
}

export async function findLayoutId(
  db: Db,
  schoolId: number,
  category: LayoutType,
  ownerId: number | null,
): Promise<number | null> {
  const [row] = await db
    .select({ id: layouts.id })
    .from(layouts)
    .where(layoutWhere(schoolId, category, ownerId))
    .limit(1);
  return row?.id ?? null;
}

/** The layout, created when missing, locked for this transaction so concurrent saves take turns. */
export async function lockLayout(
  db: Db,
  values: { schoolId: number; category: LayoutType; ownerId: number | null },
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insert(layouts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: layouts.id });
  const [row] = await db
    .select({ id: layouts.id })
    .from(layouts)
    .where(layoutWhere(values.schoolId, values.category, values.ownerId))
    .for('update');
  return { id: row!.id, created: inserted.length > 0 };
}

export async function findItemTimes(db: Db, layoutId: number): Promise<Map<number, Date>> {
  const rows = await db
    .select({ appId: layoutItems.appId, addedAt: layoutItems.addedAt })
    .from(layoutItems)
    .where(eq(layoutItems.layoutId, layoutId));
  return new Map(rows.map((r) => [r.appId, r.addedAt]));
}

/** The layout's items become these, in order; an item without a time gets now(); the update id goes up. */
export async function replaceLayoutItems(
  db: Db,
  schoolId: number,
  layoutId: number,
  items: { appId: number; addedAt: Date | undefined }[],
): Promise<void> {
  await db.delete(layoutItems).where(eq(layoutItems.layoutId, layoutId));
  if (items.length > 0) {
    await db
      .insert(layoutItems)
      .values(items.map((item, position) => ({ schoolId, layoutId, position, ...item })));
  }
  await db
    .update(layouts)
    .set({ updateId: sql`${layouts.updateId} + 1`, updatedAt: sql`now()` })
    .where(eq(layouts.id, layoutId));
}

export async function deleteLayout(
  db: Db,
  schoolId: number,
  category: LayoutType,
  ownerId: number | null,
): Promise<void> {
  await db.delete(layouts).where(layoutWhere(schoolId, category, ownerId));
}

/**
 * The user opened the tile: clears its `new` flag and, unless `countOpen` is false (a tile put on the
 * user's own page is not an open), adds one to the school's opens of that tile on that UTC day (statistics).
 */
export async function upsertAppOpen(
  db: Db,
  schoolId: number,
  userId: number,
  appId: number,
  opts: { countOpen?: boolean; now?: Date } = {},
): Promise<void> {
  await db
    .insert(appOpens)
    .values({ schoolId, userId, appId })
    .onConflictDoUpdate({ target: [appOpens.userId, appOpens.appId], set: { openedAt: sql`now()` } });
  if (opts.countOpen === false) return;
  const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
  await db
    .insert(appOpenDays)
    .values({ schoolId, appId, day, count: 1 })
    .onConflictDoUpdate({
      target: [appOpenDays.schoolId, appOpenDays.appId, appOpenDays.day],
      set: { count: sql`${appOpenDays.count} + 1` },
    });
}

/** A tile is about to be deleted: the layouts holding it get a new update id (its items go with it, cascade). */
export async function bumpLayoutsHoldingApp(db: Db, schoolId: number, appId: number): Promise<void> {
  await db
    .update(layouts)
    .set({ updateId: sql`${layouts.updateId} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(layouts.schoolId, schoolId),
        inArray(
          layouts.id,
          db.select({ id: layoutItems.layoutId }).from(layoutItems).where(eq(layoutItems.appId, appId)),
        ),
      ),
    );
}
