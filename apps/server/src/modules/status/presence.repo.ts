import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { deviceDays, sessions, users } from '../../db/schema.ts';

const CHUNK = 5_000;

/** Writes many sessions' last-seen times in one statement per chunk. */
export async function writeLastSeen(db: Db, entries: { sessionId: number; at: Date }[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    const values = sql.join(
      entries
        .slice(i, i + CHUNK)
        .map((e) => sql`(${e.sessionId}::bigint, ${e.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${sessions} set last_seen_at = v.at from (values ${values}) as v(id, at) where ${sessions.id} = v.id`,
    );
  }
}

export async function findOnlineLaraIds(db: Db, schoolId: number, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ laraId: users.laraId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.schoolId, schoolId), gt(sessions.lastSeenAt, since), isNull(sessions.revokedAt)))
    .orderBy(asc(users.laraId));
  return rows.map((r) => r.laraId);
}

export async function recordDeviceDay(
  db: Db,
  values: { schoolId: number; deviceId: string; day: string; role: string },
): Promise<void> {
  await db
    .insert(deviceDays)
    .values(values)
    .onConflictDoUpdate({
      target: [deviceDays.schoolId, deviceDays.day, deviceDays.deviceId],
      set: { role: values.role },
    });
}
