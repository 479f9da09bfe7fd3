// Factories for the data a test needs (issue 18, item 6): schools, users, groups, tiles and settings, each
// with sensible defaults and any column overridable. They write through the database schema, not through
// our services, so a test's set-up does not change when a service does; what the feature under test does
// goes through HTTP as before. Every name a factory makes up is new in the file's database, so tests that
// make their own data never meet another test's.
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  appGroups,
  apps,
  config,
  groupMembers,
  groups,
  layoutItems,
  layouts,
  pushSubscriptions,
  schools,
  sessions,
  users,
} from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { DEMO_PASSWORD, demoSchoolId, loginAs, type TestApp } from './test-app.ts';

/** What a factory needs of a test app: its database, and its address to sign in. */
type Target = Pick<TestApp, 'database' | 'base'> & Partial<Pick<TestApp, 'app'>>;

let counter = 0;
/** A name no earlier call in this process made: `${prefix}${n}`. */
export const uniqueName = (prefix: string) => `${prefix}${++counter}`;

const hashes = new Map<string, Promise<string>>();
/** argon2 takes a while: a password's hash is made once per process. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A school (tenant) of its own: a second school to prove a test never reaches across. */
export async function makeSchool(
  t: Target,
  overrides: Partial<typeof schools.$inferInsert> = {},
): Promise<typeof schools.$inferSelect> {
  const slug = overrides.slug ?? uniqueName('school-');
  const [row] = await t.database.db
    .insert(schools)
    .values({ name: `Schule ${slug}`, host: `${slug}.test`, ...overrides, slug })
    .returning();
  return row!;
}

export type TestRole = 'student' | 'teacher' | 'admin' | 'superadmin';

export interface UserOptions extends Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> {
  /** the role as spec 2 names it: student (type S), teacher (type L), admin and superadmin (type L + role) */
  role?: TestRole;
  /** groups (ids, or names in the user's school) the user becomes a member of */
  groups?: (number | string)[];
  /** the sign-in password (default DEMO_PASSWORD); null: an account without a password */
  password?: string | null;
}

export interface TestUser {
  id: number;
  schoolId: number;
  username: string;
  /** the password it signs in with, null when it has none */
  password: string | null;
  /** signs in over HTTP (POST /api/login) and returns the cookie header a browser would send */
  login: () => Promise<string>;
}

const ROLE_COLUMNS: Record<TestRole, { type: 'L' | 'S'; roles: string[] }> = {
  student: { type: 'S', roles: [] },
  teacher: { type: 'L', roles: [] },
  admin: { type: 'L', roles: ['admin'] },
  superadmin: { type: 'L', roles: ['superadmin'] },
};

/** A user of the demo school (or `schoolId`), a student unless told otherwise, signing in with DEMO_PASSWORD. */
export async function makeUser(t: Target, options: UserOptions = {}): Promise<TestUser> {
  const { role, groups: groupRefs = [], password = DEMO_PASSWORD, ...columns } = options;
  const schoolId = columns.schoolId ?? (await demoSchoolId(t));
  const username = columns.username ?? uniqueName('user');
  const [row] = await t.database.db
    .insert(users)
    .values({
      laraId: username,
      ...(role ? ROLE_COLUMNS[role] : {}),
      ...columns,
      schoolId,
      username,
      passwordHash: password === null ? null : await cachedHash(password),
    })
    .returning({ id: users.id });
  const id = row!.id;
  for (const groupId of await groupIdsOf(t, schoolId, groupRefs))
    await t.database.db.insert(groupMembers).values({ schoolId, groupId, userId: id });
  return {
    id,
    schoolId,
    username,
    password,
    login: () => {
      if (password === null) throw new Error(`${username} has no password to sign in with`);
      return loginAs(t.base, username, password);
    },
  };
}

export interface GroupOptions extends Partial<typeof groups.$inferInsert> {
  /** members: user ids, or usernames in the group's school */
  members?: (number | string)[];
}

/** A group of the demo school (or `schoolId`), a class unless told otherwise, with the members given. */
export async function makeGroup(
  t: Target,
  options: GroupOptions = {},
): Promise<{ id: number; schoolId: number; name: string }> {
  const { members = [], ...columns } = options;
  const schoolId = columns.schoolId ?? (await demoSchoolId(t));
  const name = columns.name ?? uniqueName('Gruppe ');
  const [row] = await t.database.db
    .insert(groups)
    .values({ ...columns, schoolId, name })
    .returning({ id: groups.id });
  const ids: number[] = [];
  for (const member of members)
    ids.push(typeof member === 'number' ? member : await userIdOf(t, schoolId, member));
  if (ids.length > 0)
    await t.database.db
      .insert(groupMembers)
      .values(ids.map((userId) => ({ schoolId, groupId: row!.id, userId })));
  return { id: row!.id, schoolId, name };
}

export type LayoutRef = 'logged-in' | 'logged-out' | { personal: number };

export interface TileOptions extends Partial<typeof apps.$inferInsert> {
  /** the groups (ids, or names in the tile's school) it is shared with: app_groups */
  groups?: (number | string)[];
  /** put it last on these layouts (created when missing), as a save of the layout would */
  layouts?: LayoutRef[];
}

/**
 * A tile (the spec's app "bubble", 3.1) of the demo school (or `schoolId`): a link opening in a new tab,
 * seen by everyone unless told otherwise. Put on layouts, it bumps their update ids and the school's tile
 * version, as a save through the API would, so no cached layout hides it; a tile on no layout changes none.
 */
export async function makeTile(
  t: Target,
  options: TileOptions = {},
): Promise<{ id: number; schoolId: number; title: string }> {
  const { groups: groupRefs = [], layouts: layoutRefs = [], ...columns } = options;
  const db = t.database.db;
  const schoolId = columns.schoolId ?? (await demoSchoolId(t));
  const title = columns.title ?? uniqueName('Kachel ');
  const [row] = await db
    .insert(apps)
    .values({ url: 'https://example.org/', color: 'sky-500', ...columns, schoolId, title })
    .returning({ id: apps.id });
  const id = row!.id;
  const groupIds = await groupIdsOf(t, schoolId, groupRefs);
  if (groupIds.length > 0)
    await db.insert(appGroups).values(groupIds.map((groupId) => ({ schoolId, appId: id, groupId })));
  for (const ref of layoutRefs) {
    const category = typeof ref === 'string' ? ref : 'personal';
    const ownerId = typeof ref === 'string' ? null : ref.personal;
    const where = and(
      eq(layouts.schoolId, schoolId),
      eq(layouts.category, category),
      ownerId === null ? sql`${layouts.ownerId} is null` : eq(layouts.ownerId, ownerId),
    );
    let [layout] = await db.select({ id: layouts.id }).from(layouts).where(where);
    if (!layout)
      [layout] = await db
        .insert(layouts)
        .values({ schoolId, category, ownerId })
        .returning({ id: layouts.id });
    const [last] = await db
      .select({ position: max(layoutItems.position) })
      .from(layoutItems)
      .where(eq(layoutItems.layoutId, layout!.id));
    await db
      .insert(layoutItems)
      .values({ schoolId, layoutId: layout!.id, appId: id, position: (last?.position ?? -1) + 1 });
    await db
      .update(layouts)
      .set({ updateId: sql`${layouts.updateId} + 1`, updatedAt: sql`now()` })
      .where(eq(layouts.id, layout!.id));
  }
  if (layoutRefs.length > 0)
    await db
      .update(schools)
      .set({ appsVersion: sql`${schools.appsVersion} + 1` })
      .where(eq(schools.id, schoolId));
  return { id, schoolId, title };
}

/**
 * A setting (config key) of the demo school (or `schoolId`) written straight into the database, as one saved
 * elsewhere would be; null removes it (back to its default). The running app's cache of the session
 * settings forgets the school, so the next request reads them anew.
 */
export async function makeSetting(
  t: Target,
  key: string,
  value: string | null,
  opts: { schoolId?: number } = {},
): Promise<void> {
  const schoolId = opts.schoolId ?? (await demoSchoolId(t));
  if (value === null) {
    await t.database.db.delete(config).where(and(eq(config.schoolId, schoolId), eq(config.key, key)));
  } else {
    await t.database.db
      .insert(config)
      .values({ schoolId, key, value })
      .onConflictDoUpdate({ target: [config.schoolId, config.key], set: { value } });
  }
  t.app?.sessionSettings.forget(schoolId);
}

async function userIdOf(t: Target, schoolId: number, username: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.username, username)));
  if (!row) throw new Error(`no user ${username} in school ${schoolId}`);
  return row.id;
}

async function groupIdsOf(t: Target, schoolId: number, refs: (number | string)[]): Promise<number[]> {
  const names = refs.filter((r): r is string => typeof r === 'string');
  const byName = new Map<string, number>();
  if (names.length > 0) {
    const rows = await t.database.db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(and(eq(groups.schoolId, schoolId), inArray(groups.name, names)));
    for (const row of rows) byName.set(row.name, row.id);
  }
  return refs.map((ref) => {
    if (typeof ref === 'number') return ref;
    const id = byName.get(ref);
    if (id === undefined) throw new Error(`no group ${ref} in school ${schoolId}`);
    return id;
  });
}

/** The id of the user's latest session (sign in first). */
export async function latestSessionId(t: Pick<Target, 'database'>, userId: number): Promise<number> {
  const [session] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(1);
  if (!session) throw new Error(`user ${userId} has no session (sign in first)`);
  return session.id;
}

/**
 * A push device row of the user's latest session (sign in first), as a browser's subscription is bound to it:
 * for tests that look at what is queued, not at delivery (makePushDevice in area-factories goes through a
 * push service stand-in). Answers the session's and the device's ids.
 */
export async function makeDeviceRow(
  t: Pick<Target, 'database'>,
  user: { id: number; schoolId: number },
  endpoint: string,
): Promise<{ sessionId: number; subscriptionId: number }> {
  const sessionId = await latestSessionId(t, user.id);
  const [row] = await t.database.db
    .insert(pushSubscriptions)
    .values({
      schoolId: user.schoolId,
      userId: user.id,
      sessionId,
      endpoint,
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
    })
    .returning({ id: pushSubscriptions.id });
  return { sessionId, subscriptionId: row!.id };
}
