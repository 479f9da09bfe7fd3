// SQL of a user's push settings (decision 073): the kinds switched off and their own quiet hours, and how many
// devices they have. Writes only push_settings.
import { and, count, eq } from 'drizzle-orm';
import type { PushKind, QuietHours } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { pushSettings, pushSubscriptions, sessions } from '../../db/schema.ts';
import { deviceSessionOpen } from './push-enqueue.repo.ts';

export async function findPushSettings(db: Db, userId: number) {
  const [row] = await db
    .select({ off: pushSettings.off, quiet: pushSettings.quiet })
    .from(pushSettings)
    .where(eq(pushSettings.userId, userId));
  return row ? { off: row.off, quiet: row.quiet ?? null } : null;
}

export async function upsertPushSettings(
  db: Db,
  s: { userId: number; schoolId: number; off: PushKind[]; quiet: QuietHours | null; at: Date },
): Promise<void> {
  await db
    .insert(pushSettings)
    .values({ userId: s.userId, schoolId: s.schoolId, off: s.off, quiet: s.quiet, updatedAt: s.at })
    .onConflictDoUpdate({
      target: pushSettings.userId,
      set: { off: s.off, quiet: s.quiet, updatedAt: s.at },
    });
}

/** The user's subscribed devices whose session is live (the others get nothing more). */
export async function countLiveDevices(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), deviceSessionOpen()));
  return Number(row?.n ?? 0);
}
