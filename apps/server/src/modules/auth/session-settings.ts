import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { getConfigValues } from '../config/config.service.ts';

// The session check runs on every request: the school's settings are read at most this often per instance.
export const SESSION_SETTINGS_CACHE_MS = 30_000;

export interface SessionSettings {
  /** logout_on_idle_time in ms; 0: no idle timeout */
  idleMs: number;
  /** logout_on_browser_close: cookies without an expiry */
  browserSession: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the school's session settings (spec 3.5), cached so the ping stays one query */
    sessionSettings: (schoolId: number) => Promise<SessionSettings>;
  }
}

export function parseSessionSettings(
  idle: string | undefined,
  browserClose: string | undefined,
): SessionSettings {
  const minutes = Number(idle);
  return {
    idleMs: Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes * 60_000) : 0,
    browserSession: browserClose?.trim().toLowerCase() === 'true',
  };
}

/** One cache per app instance; a changed setting takes effect within SESSION_SETTINGS_CACHE_MS. */
export function createSessionSettings(db: Db, clock: Clock) {
  const cache = new Map<number, { settings: SessionSettings; until: number }>();
  return async function sessionSettings(schoolId: number): Promise<SessionSettings> {
    const now = clock().getTime();
    const hit = cache.get(schoolId);
    if (hit && hit.until > now && hit.until - SESSION_SETTINGS_CACHE_MS <= now) return hit.settings;
    const values = await getConfigValues(db, schoolId, ['logout_on_idle_time', 'logout_on_browser_close']);
    const settings = parseSessionSettings(values.logout_on_idle_time, values.logout_on_browser_close);
    if (cache.size > 1_000) cache.clear();
    cache.set(schoolId, { settings, until: now + SESSION_SETTINGS_CACHE_MS });
    return settings;
  };
}
