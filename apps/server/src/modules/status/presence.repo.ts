import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { deviceDays, sessions, users } from '../../db/schema.ts';

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
