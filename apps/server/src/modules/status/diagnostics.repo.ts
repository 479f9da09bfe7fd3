import { aliasedTable, and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { appOpenDays, apps, auditLog, deviceDays, errorLog, sessions, users } from '../../db/schema.ts';
import { likePattern } from '../../db/like-pattern.ts';

/** Start (inclusive) and end (exclusive) of a period of whole UTC days, and its day labels. */
export interface Period {
  start: Date;
  end: Date;
  fromDay: string;
  toDay: string;
}

const day = (column: SQL | typeof auditLog.at) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
// a session counts as active up to the last thing it did: a ping, a request, or its sign-in
const lastUsed = sql`greatest(${sessions.createdAt}, ${sessions.lastActivityAt}, ${sessions.lastSeenAt})`;

export async function countSignInsPerDay(db: Db, schoolId: number, p: Period) {
  const d = day(auditLog.at);
  return db
    .select({ day: d, n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.schoolId, schoolId),
        eq(auditLog.action, 'login.success'),
        gte(auditLog.at, p.start),
        lt(auditLog.at, p.end),
      ),
    )
    .groupBy(d);
}

/**
 * Distinct users per day whose session was in use that day (from sign-in to its last ping or request);
 * sessions a superadmin opened as someone else are not that person's activity.
 */
export async function countActiveUsersPerDay(
  db: Db,
  schoolId: number,
  p: Period,
): Promise<{ day: string; n: number }[]> {
  const result = await db.execute<{ day: string; n: number }>(sql`
    select to_char(d.start at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct ${sessions.userId})::int as n
    from generate_series(${p.start.toISOString()}::timestamptz, ${p.end.toISOString()}::timestamptz - interval '24 hours', interval '24 hours') as d(start)
    join ${sessions} on ${sessions.schoolId} = ${schoolId} and ${sessions.impersonatorId} is null
      and ${sessions.createdAt} < d.start + interval '24 hours' and ${lastUsed} >= d.start
    group by d.start`);
  return result.rows;
}

/** Distinct users active since each of the given times (one number per time). */
export async function countActiveUsersSince(db: Db, schoolId: number, since: Date[]): Promise<number[]> {
  const [row] = await db
    .select({
      n: sql<number[]>`array[${sql.join(
        since.map(
          (s) =>
            sql`count(distinct ${sessions.userId}) filter (where ${lastUsed} >= ${s.toISOString()}::timestamptz)::int`,
        ),
        sql`, `,
      )}]`,
    })
    .from(sessions)
    .where(and(eq(sessions.schoolId, schoolId), isNull(sessions.impersonatorId)));
  return (row?.n ?? []).map(Number);
}

export async function countDevices(db: Db, schoolId: number, p: Period): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${deviceDays.deviceId})::int` })
    .from(deviceDays)
    .where(
      and(
        eq(deviceDays.schoolId, schoolId),
        gte(deviceDays.day, p.fromDay),
        sql`${deviceDays.day} <= ${p.toDay}`,
      ),
    );
  return row?.n ?? 0;
}

export async function countTileOpens(db: Db, schoolId: number, p: Period, limit: number) {
  const total = sql<number>`sum(${appOpenDays.count})::int`;
  return db
    .select({ appId: apps.id, title: apps.title, count: total })
    .from(appOpenDays)
    .innerJoin(apps, eq(apps.id, appOpenDays.appId))
    .where(
      and(
        eq(appOpenDays.schoolId, schoolId),
        gte(appOpenDays.day, p.fromDay),
        sql`${appOpenDays.day} <= ${p.toDay}`,
      ),
    )
    .groupBy(apps.id, apps.title)
    .orderBy(desc(total), apps.title)
    .limit(limit);
}

export async function countUsersAllowedIn(db: Db, schoolId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.blocked, false), isNull(users.deactivatedAt)));
  return row?.n ?? 0;
}

export interface LogFilter {
  action?: string | undefined;
  actor?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
}

const actorUser = aliasedTable(users, 'actor');
const targetUser = aliasedTable(users, 'target');

function logConditions(schoolId: number, f: LogFilter): SQL[] {
  const where: SQL[] = [eq(auditLog.schoolId, schoolId)];
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.start) where.push(gte(auditLog.at, f.start));
  if (f.end) where.push(lt(auditLog.at, f.end));
  if (f.actor) {
    const pattern = likePattern(f.actor);
    where.push(
      sql`(${actorUser.username} ilike ${pattern} or ${actorUser.firstName} || ' ' || ${actorUser.lastName} ilike ${pattern}
        or ${actorUser.lastName} || ' ' || ${actorUser.firstName} ilike ${pattern})`,
    );
  }
  return where;
}

/** Audit rows newest first with the names of who did it and to whom. */
export async function findLogPage(db: Db, schoolId: number, f: LogFilter, limit: number, offset: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      ip: auditLog.ip,
      requestId: auditLog.requestId,
      details: auditLog.details,
      actorId: actorUser.id,
      actorUsername: actorUser.username,
      actorFirstName: actorUser.firstName,
      actorLastName: actorUser.lastName,
      targetId: targetUser.id,
      targetUsername: targetUser.username,
      targetFirstName: targetUser.firstName,
      targetLastName: targetUser.lastName,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
    .leftJoin(targetUser, eq(targetUser.id, auditLog.targetId))
    .where(and(...logConditions(schoolId, f)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}
export type LogRow = Awaited<ReturnType<typeof findLogPage>>[number];

export async function countLogs(db: Db, schoolId: number, f: LogFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
    .where(and(...logConditions(schoolId, f)));
  return row?.n ?? 0;
}

export type ErrorLogEntry = Omit<typeof errorLog.$inferInsert, 'id' | 'at'>;

/** Records an unexpected error and drops what is older than the newest `keep` rows of that school. */
export async function insertErrorLog(db: Db, entry: ErrorLogEntry, keep: number): Promise<void> {
  await db.insert(errorLog).values(entry);
  const school = entry.schoolId == null ? isNull(errorLog.schoolId) : eq(errorLog.schoolId, entry.schoolId);
  // the index (school_id, at) finds the cut-off row after `keep` entries; nothing is deleted below that
  await db.delete(errorLog).where(
    and(
      school,
      sql`${errorLog.at} < (${db
        .select({ at: errorLog.at })
        .from(errorLog)
        .where(school)
        .orderBy(desc(errorLog.at))
        .limit(1)
        .offset(keep - 1)})`,
    ),
  );
}

export async function findErrorPage(db: Db, schoolId: number, limit: number, offset: number) {
  return db
    .select()
    .from(errorLog)
    .where(eq(errorLog.schoolId, schoolId))
    .orderBy(desc(errorLog.at), desc(errorLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countErrors(db: Db, schoolId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(errorLog).where(eq(errorLog.schoolId, schoolId));
  return row?.n ?? 0;
}
