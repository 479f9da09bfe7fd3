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

const SESSION_KEYS = ['logout_on_idle_time', 'logout_on_browser_close'] as const;

const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

declare module 'fastify' {
  interface FastifyInstance {
    /** the school's session settings (spec 3.5), cached so the ping stays one query */
    sessionSettings: ((schoolId: number) => Promise<SessionSettings>) & {
      forget: (schoolId: number) => void;
    };
  }
}

export function parseSessionSettings(
  values: Partial<Record<(typeof SESSION_KEYS)[number], string>>,
): SessionSettings {
  const minutes = Number(values.logout_on_idle_time);
  return {
    idleMs: Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes * 60_000) : 0,
    browserSession: flag(values.logout_on_browser_close),
  };
}

/** One cache per app instance; a changed setting takes effect within SESSION_SETTINGS_CACHE_MS. */
export function createSessionSettings(db: Db, clock: Clock) {
  const cache = new Map<number, { settings: SessionSettings; until: number }>();
  const read = async function sessionSettings(schoolId: number): Promise<SessionSettings> {
    const now = clock().getTime();
    const hit = cache.get(schoolId);
    if (hit && hit.until > now && hit.until - SESSION_SETTINGS_CACHE_MS <= now) return hit.settings;
    const settings = parseSessionSettings(await getConfigValues(db, schoolId, [...SESSION_KEYS]));
    if (cache.size > 1_000) cache.clear();
    cache.set(schoolId, { settings, until: now + SESSION_SETTINGS_CACHE_MS });
    return settings;
  };
  return Object.assign(read, { forget: (schoolId: number) => void cache.delete(schoolId) });
}
