// SQL of the sick module (decision 062): only this file touches sick_notices. It reads users and
// group_members (owned by users and groups) to name people and to decide who sees which notice.
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, sickNotices, users } from '../../db/schema.ts';
import { displayNameSql, nameMatches } from '../users/person.repo.ts';
import { likePattern } from '../../db/like-pattern.ts';

/**
 * Whose notices a caller sees (permissionsFor(user).sickNotices): `own` their own; `groups` their own and
 * those of the pupils who share one of `groupIds`; `all` the school's.
 */
export interface SickScope {
  level: 'own' | 'groups' | 'all';
  userId: number;
  groupIds: readonly number[];
}

export interface SickFilter {
  groups?: number[];
  users?: number[];
  userQ?: string;
  onlyStudents?: boolean;
  onlyTeachers?: boolean;
  showProcessed: boolean;
  showUnprocessed: boolean;
}

// drizzle writes a column without its table inside a select list: subqueries name the outer tables
const noticeSubject = sql.raw('"sick_notices"."user_id"');
const userType = sql.raw('"users"."type"');
const userIdCol = sql.raw('"users"."id"');

const ids = (list: readonly number[]) => (list.length ? [...list] : [-1]);

// the subject's row is joined as "users"
const subjectInGroups = (groupIds: readonly number[]) =>
  sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${noticeSubject} and ${inArray(groupMembers.groupId, ids(groupIds))})`;
const subjectIsPupil = sql`(${userType} = 'S')`;

/** The notices the scope sees. */
function visible(scope: SickScope): SQL {
  if (scope.level === 'all') return sql`true`;
  if (scope.level === 'own') return eq(sickNotices.userId, scope.userId);
  return sql`(${noticeSubject} = ${scope.userId} or (${subjectIsPupil} and ${subjectInGroups(scope.groupIds)}))`;
}

/** The notices the scope may mark processed: admins all, teachers their groups' pupils', pupils none. */
function processable(scope: SickScope): SQL {
  if (scope.level === 'all') return sql`true`;
  if (scope.level === 'own') return sql`false`;
  return sql`(${subjectIsPupil} and ${noticeSubject} <> ${scope.userId} and ${subjectInGroups(scope.groupIds)})`;
}

function filterConditions(f: SickFilter): SQL[] {
  const where: SQL[] = [];
  if (f.groups?.length) where.push(subjectInGroups(f.groups));
  if (f.users?.length) where.push(inArray(sickNotices.userId, f.users));
  if (f.userQ) {
    const p = likePattern(f.userQ);
    where.push(nameMatches(p));
  }
  // both set is both kinds: no filter
  if (f.onlyStudents && !f.onlyTeachers) where.push(sql`${users.type} = 'S'`);
  if (f.onlyTeachers && !f.onlyStudents) where.push(sql`${users.type} = 'L'`);
  if (!f.showProcessed) where.push(sql`${sickNotices.processedAt} is null`);
  if (!f.showUnprocessed) where.push(sql`${sickNotices.processedAt} is not null`);
  return where;
}

function person(column: string) {
  return sql<{ id: number; laraId: string; name: string; type: string } | null>`(select json_build_object(
    'id', p.id, 'laraId', p.lara_id, 'type', p.type,
    'name', ${displayNameSql('p')})
    from ${users} p where p.id = ${sql.raw(`"sick_notices"."${column}"`)})`;
}

function noticeColumns(scope: SickScope) {
  return {
    id: sickNotices.id,
    userId: sickNotices.userId,
    user: person('user_id'),
    reportedBy: person('reported_by'),
    processedBy: person('processed_by'),
    groups: sql<
      { id: number; name: string }[]
    >`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
      from ${groupMembers} gm join ${groups} g on g.id = gm.group_id where gm.user_id = ${noticeSubject}), '[]'::json)`,
    begins: sickNotices.begins,
    ends: sickNotices.ends,
    message: sickNotices.message,
    photoFileId: sickNotices.photoFileId,
    processedAt: sickNotices.processedAt,
    createdAt: sickNotices.createdAt,
    mayProcess: sql<boolean>`${processable(scope)}`,
  };
}

export type NoticeRow = Awaited<ReturnType<typeof findNotice>> & {};

export async function findNoticePage(
  db: Db,
  schoolId: number,
  scope: SickScope,
  f: SickFilter,
  page: number,
  perPage: number,
) {
  const where = and(eq(sickNotices.schoolId, schoolId), visible(scope), ...filterConditions(f));
  // the page and the total apart: a window count would build every matching row's names and groups
  const [rows, [count]] = await Promise.all([
    db
      .select(noticeColumns(scope))
      .from(sickNotices)
      .innerJoin(users, eq(users.id, sickNotices.userId))
      .where(where)
      .orderBy(desc(sickNotices.createdAt), desc(sickNotices.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sickNotices)
      .innerJoin(users, eq(users.id, sickNotices.userId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Unprocessed notices the scope may process, over everything it sees (the badge). */
export async function countProcessable(db: Db, schoolId: number, scope: SickScope): Promise<number> {
  if (scope.level === 'own') return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sickNotices)
    .innerJoin(users, eq(users.id, sickNotices.userId))
    .where(
      and(
        eq(sickNotices.schoolId, schoolId),
        sql`${sickNotices.processedAt} is null`,
        visible(scope),
        processable(scope),
      ),
    );
  return row?.n ?? 0;
}

/** One notice the scope sees, or null (also for another school's). */
export async function findNotice(db: Db, schoolId: number, scope: SickScope, id: number) {
  const [row] = await db
    .select(noticeColumns(scope))
    .from(sickNotices)
    .innerJoin(users, eq(users.id, sickNotices.userId))
    .where(and(eq(sickNotices.schoolId, schoolId), eq(sickNotices.id, id), visible(scope)))
    .limit(1);
  return row ?? null;
}

/** The notices of one subject the scope sees, newest first. */
export async function findNoticesOf(db: Db, schoolId: number, scope: SickScope, userId: number) {
  return db
    .select(noticeColumns(scope))
    .from(sickNotices)
    .innerJoin(users, eq(users.id, sickNotices.userId))
    .where(and(eq(sickNotices.schoolId, schoolId), eq(sickNotices.userId, userId), visible(scope)))
    .orderBy(desc(sickNotices.createdAt), desc(sickNotices.id));
}

/** A user of the school a notice may be about: their type and groups. */
export async function findSubject(db: Db, schoolId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      type: users.type,
      roles: users.roles,
      groupIds: sql<
        number[]
      >`coalesce((select json_agg(gm.group_id) from ${groupMembers} gm where gm.user_id = ${userIdCol}), '[]'::json)`,
    })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertNotice(
  db: Db,
  values: {
    schoolId: number;
    userId: number;
    reportedBy: number;
    begins: string;
    ends: string;
    message: string;
    photoFileId: number | null;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(sickNotices).values(values).returning({ id: sickNotices.id });
  return row!.id;
}

export async function setProcessed(
  db: Db,
  schoolId: number,
  id: number,
  processed: { at: Date; by: number } | null,
): Promise<void> {
  await db
    .update(sickNotices)
    .set({ processedAt: processed?.at ?? null, processedBy: processed?.by ?? null })
    .where(and(eq(sickNotices.schoolId, schoolId), eq(sickNotices.id, id)));
}

/** The notices whose last day lies before `endedBefore` (YYYY-MM-DD): the retention job's catch. */
export async function findExpired(db: Db, schoolId: number, endedBefore: string) {
  return db
    .select({ id: sickNotices.id, photoFileId: sickNotices.photoFileId })
    .from(sickNotices)
    .where(and(eq(sickNotices.schoolId, schoolId), lt(sickNotices.ends, endedBefore)));
}

export async function deleteNotices(db: Db, schoolId: number, noticeIds: number[]): Promise<void> {
  if (noticeIds.length === 0) return;
  await db
    .delete(sickNotices)
    .where(and(eq(sickNotices.schoolId, schoolId), inArray(sickNotices.id, noticeIds)));
}

/** Every notice a user is the subject or the reporter of (the data export), with its photo's id. */
export async function findNoticesInvolving(db: Db, schoolId: number, userId: number) {
  return db
    .select({
      id: sickNotices.id,
      userId: sickNotices.userId,
      reportedBy: sickNotices.reportedBy,
      begins: sickNotices.begins,
      ends: sickNotices.ends,
      message: sickNotices.message,
      photoFileId: sickNotices.photoFileId,
      processedAt: sickNotices.processedAt,
      processedBy: sickNotices.processedBy,
      createdAt: sickNotices.createdAt,
    })
    .from(sickNotices)
    .where(
      and(
        eq(sickNotices.schoolId, schoolId),
        sql`(${sickNotices.userId} = ${userId} or ${sickNotices.reportedBy} = ${userId})`,
      ),
    )
    .orderBy(sickNotices.id);
}

/** The school ids that have notices (the retention job visits only these). */
export async function schoolsWithNotices(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ schoolId: sickNotices.schoolId }).from(sickNotices);
  return rows.map((r) => r.schoolId);
}

/** Pupils a scope may report for and look up: admins all pupils, teachers their groups' pupils. */
export async function findStudents(
  db: Db,
  schoolId: number,
  opts: { groupIds: readonly number[] | null; q?: string; page: number; perPage: number; userId?: number },
) {
  const where: SQL[] = [eq(users.schoolId, schoolId), sql`${users.type} = 'S'`];
  if (opts.groupIds)
    where.push(
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${userIdCol} and ${inArray(groupMembers.groupId, ids(opts.groupIds))})`,
    );
  if (opts.userId !== undefined) where.push(eq(users.id, opts.userId));
  if (opts.q) {
    const p = likePattern(opts.q);
    where.push(nameMatches(p));
  }
  const rows = await db
    .select({
      id: users.id,
      laraId: users.laraId,
      name: sql<string>`${displayNameSql('"users"')}`,
      groups: sql<
        { id: number; name: string }[]
      >`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
        from ${groupMembers} gm join ${groups} g on g.id = gm.group_id where gm.user_id = ${userIdCol}), '[]'::json)`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .where(and(...where))
    .orderBy(users.lastName, users.firstName, users.id)
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}
