import { SESSION_REFRESH_MARGIN_MS } from '@aula/contracts';
import {
  SESSION_HINT_KEY,
  adoptSessionHint,
  emitGlobalApiEvent,
  forgetSession,
  onSessionTimes,
  readSessionHint,
  refreshSession,
  sessionTimes,
  type SessionTimes,
} from '@/lib/api-client';

/** When this browser last saw real user activity (a time, shared by the tabs; nothing personal). */
export const ACTIVITY_KEY = 'aula.lastActivity';
/** Activity is written to storage at most this often: pointer moves come many times a second. */
export const ACTIVITY_THROTTLE_MS = 5_000;
/** A refresh that could not reach the server is tried again after this long. */
const NETWORK_RETRY_MS = 5_000;
/** setTimeout holds at most a signed 32-bit delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** What counts as real user activity (spec 4.1 idle logout); pings and other calls do not. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'touchstart',
  'wheel',
  'scroll',
  'focusin',
] as const;

export interface SessionTimerOptions {
  /** config logout_on_idle_time in minutes; 0 turns idle logout off. Read whenever a timer is set. */
  idleMinutes: () => number;
  /** The real logout flow (endpoint, frames, cleanup, navigation). */
  onIdle: () => void;
  /** Another tab of this browser signed in. */
  onSignedInElsewhere?: () => void;
}

export interface SessionTimers {
  stop: () => void;
  /** Sets the idle timer again, e.g. after the config changed. */
  reschedule: () => void;
}

function readActivity(): number {
  try {
    const value = Number(localStorage.getItem(ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeActivity(at: number): void {
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // This tab's own activity still counts.
  }
}

function later(callback: () => void, delay: number): ReturnType<typeof setTimeout> {
  return setTimeout(callback, Math.min(Math.max(0, delay), MAX_DELAY_MS));
}

/**
 * spec 4.1: the session's two timers.
 * - Refresh: shortly before the access token expires (5 s) the tokens are rotated, when the refresh
 *   token is still valid; without one the user goes to root, a refused refresh goes to login.
 * - Idle: with logout_on_idle_time above 0, no real activity in any tab for that long runs the
 *   logout flow (the server enforces the same limit and answers 418 afterwards).
 */
export function startSessionTimers(options: SessionTimerOptions): SessionTimers {
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let lastActivity = 0;
  let lastWritten = 0;
  let stopped = false;

  const scheduleRefresh = (times: SessionTimes | null) => {
    clearTimeout(refreshTimer);
    refreshTimer = undefined;
    if (!times || stopped) return;
    refreshTimer = later(() => void runRefresh(), times.access - SESSION_REFRESH_MARGIN_MS - Date.now());
  };

  const runRefresh = async () => {
    refreshTimer = undefined;
    const times = sessionTimes();
    if (!times) return;
    // Another tab may have rotated the tokens already: its times are in the shared hint.
    const hint = readSessionHint();
    if (hint && hint.access > times.access) {
      adoptSessionHint(); // reschedules through onSessionTimes
      return;
    }
    if (times.access - SESSION_REFRESH_MARGIN_MS > Date.now()) {
      scheduleRefresh(times);
      return;
    }
    if (times.refresh <= Date.now()) {
      forgetSession();
      emitGlobalApiEvent('session-ended');
      return;
    }
    const outcome = await refreshSession();
    if (stopped || outcome.ok) return; // the new times reschedule through onSessionTimes
    if (outcome.status === 'network') {
      refreshTimer = later(() => void runRefresh(), NETWORK_RETRY_MS);
      return;
    }
    if (outcome.status !== 418) {
      forgetSession();
      emitGlobalApiEvent('refresh-failed');
    }
  };

  const idleMs = () => Math.max(0, options.idleMinutes()) * 60_000;

  const scheduleIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    const limit = idleMs();
    if (stopped || limit === 0 || sessionTimes() === null) return;
    const last = Math.max(lastActivity, readActivity());
    idleTimer = later(checkIdle, last + limit - Date.now());
  };

  const checkIdle = () => {
    idleTimer = undefined;
    const limit = idleMs();
    if (limit === 0 || sessionTimes() === null) return;
    // The other tabs' activity counts too.
    const last = Math.max(lastActivity, readActivity());
    if (Date.now() - last >= limit) options.onIdle();
    else scheduleIdle();
  };

  const markActivity = () => {
    if (sessionTimes() === null) return;
    const now = Date.now();
    lastActivity = now;
    if (now - lastWritten >= ACTIVITY_THROTTLE_MS) {
      lastWritten = now;
      writeActivity(now);
    }
  };

  const onSessionChange = (times: SessionTimes | null) => {
    scheduleRefresh(times);
    scheduleIdle();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_HINT_KEY && event.key !== null) return;
    const before = sessionTimes();
    const after = adoptSessionHint();
    if (before && !after) emitGlobalApiEvent('logged-out');
    else if (!before && after) options.onSignedInElsewhere?.();
  };

  // A sleeping laptop may hold timers back: check again when the page is shown.
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    const times = sessionTimes();
    if (times && times.access - SESSION_REFRESH_MARGIN_MS <= Date.now()) void runRefresh();
    scheduleIdle();
  };

  let signedIn = sessionTimes() !== null;
  const unsubscribe = onSessionTimes((times) => {
    // A new sign-in counts as activity, so an old time stamp cannot end it at once.
    if (times && !signedIn) {
      lastWritten = 0;
      markActivity();
    }
    signedIn = times !== null;
    onSessionChange(times);
  });

  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, markActivity, { capture: true, passive: true });
  }
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);

  // After a reload the times come from the hint; a last activity older than the limit ends the session.
  lastActivity = readActivity() || Date.now();
  onSessionChange(sessionTimes());

  return {
    stop: () => {
      stopped = true;
      clearTimeout(refreshTimer);
      clearTimeout(idleTimer);
      unsubscribe();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActivity, { capture: true });
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    },
    reschedule: scheduleIdle,
  };
}
