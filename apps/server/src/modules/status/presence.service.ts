import { createHash } from 'node:crypto';
import { highestRole, ONLINE_WINDOW_MS, PRESENCE_FLUSH_MS } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { Presence } from '../../core/app-services.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { writeLastSeen } from '../auth/sessions.service.ts';
import { findOnlineLaraIds, recordDeviceDay } from './presence.repo.ts';

/**
 * The online ping costs no write: last-seen times collect in memory and go to the database in one
 * batched statement every PRESENCE_FLUSH_MS, so every instance sees them (docs/decisions/017-online-ping.md).
 * Presence is not activity: nothing here touches the idle timeout.
 */
export function createPresence(db: Db, clock: Clock, log: Ctx['log']): Presence {
  let pending = new Map<number, Date>();
  let timer: NodeJS.Timeout | undefined;
  const flushed: (() => Promise<void>)[] = [];

  /** After each flush, written or not: the event stream looks whether the online lists changed. */
  async function afterFlush(): Promise<void> {
    for (const listener of flushed) {
      try {
        await listener();
      } catch (err) {
        log.warn({ err }, 'presence listener failed');
      }
    }
  }

  async function flush(): Promise<void> {
    await write();
    await afterFlush();
  }

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await writeLastSeen(
        db,
        [...batch].map(([sessionId, at]) => ({ sessionId, at })),
      );
    } catch (err) {
      // keep the newer of both times and try again at the next flush
      for (const [id, at] of batch) if (!pending.has(id)) pending.set(id, at);
      log.warn({ err }, 'could not write last-seen times');
    }
  }

  return {
    seen(sessionId: number): void {
      pending.set(sessionId, clock());
    },
    flush,
    /** `listener` runs after every flush (the interval's and the last one at stop). */
    onFlushed(listener: () => Promise<void>): void {
      flushed.push(listener);
    },
    start(): void {
      timer ??= setInterval(() => void flush(), PRESENCE_FLUSH_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

export async function onlineList(
  db: Db,
  schoolId: number,
  now: Date,
): Promise<{ ids: string[]; etag: string }> {
  const ids = await findOnlineLaraIds(db, schoolId, new Date(now.getTime() - ONLINE_WINDOW_MS));
  const etag = `"${createHash('sha256').update(ids.join('\n')).digest('base64url').slice(0, 22)}"`;
  return { ids, etag };
}

/** spec 7.4: a device seen today, counted per role, never per person. */
export async function recordDevice(db: Db, schoolId: number, user: SessionUser, deviceId: string, now: Date) {
  await recordDeviceDay(db, {
    schoolId,
    deviceId,
    day: now.toISOString().slice(0, 10),
    role: highestRole(user),
  });
}
