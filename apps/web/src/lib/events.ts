// The live event stream of this tab (DESIGN.md Realtime; decision 071). Consumers subscribe to event types;
// the stream itself is started after the first paint by app/live-events.ts and stopped at sign-out.
import { ApiError, apiRequest, emitGlobalApiEvent, trusted } from '@/lib/api-client';
import { isOwnSignOut, markOwnSignOut } from '@/lib/own-sign-out';
import {
  EVENT_DATA,
  EVENT_HIDDEN_CLOSE_MS,
  EVENT_RETRY_MS,
  type EventData,
  type EventType,
} from '@aula/contracts';

export type EventHandler<T extends EventType> = (data: EventData<T>, id: number) => void;

const handlers = new Map<EventType, Set<EventHandler<EventType>>>();

/**
 * Calls `handler` for every event of `type` this tab's stream receives, with its data and id; returns the
 * unsubscribe function. Consumers that show server state subscribe to `reset` too and refetch.
 */
export function subscribe<T extends EventType>(type: T, handler: EventHandler<T>): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  // one function may be subscribed twice (two components); each subscription is its own entry
  const entry: EventHandler<EventType> = (data, id) => handler(data as EventData<T>, id);
  set.add(entry);
  return () => {
    set.delete(entry);
    if (set.size === 0 && handlers.get(type) === set) handlers.delete(type);
  };
}

function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_DATA, type);
}

/**
 * Hands one received event to its handlers. An unknown type (a newer server) or data that does not match the
 * contract is ignored; a handler that throws does not keep the others from running. Exported for tests.
 */
export function dispatchEvent(type: string, rawData: string, id: number): void {
  if (!isEventType(type)) return;
  const set = handlers.get(type);
  if (!set || set.size === 0) return;
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    return;
  }
  const parsed = EVENT_DATA[type].safeParse(json);
  if (!parsed.success) return;
  for (const handler of [...set]) {
    try {
      handler(parsed.data as EventData<EventType>, id);
    } catch (error) {
      // reported like an uncaught error, without stopping the loop (reportError: every current browser)
      if (typeof reportError === 'function') reportError(error);
    }
  }
}

// ---- the stream ----------------------------------------------------------------------------------------

/** The Web Lock held by the one hidden tab of this browser that keeps its stream open. */
export const BACKGROUND_LOCK = 'aula-events-background';
/** The longest wait between attempts to reopen a stream the browser gave up on. */
const MAX_REOPEN_MS = 60_000;

/** What the stream needs of the browser; tests pass stand-ins. */
export interface StreamEnv {
  EventSource: new (url: string, init?: EventSourceInit) => EventSourceLike;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /** navigator.locks; undefined where Web Locks do not exist (the stream then stays open in the background) */
  locks: Pick<LockManager, 'request'> | undefined;
  setTimeout: (run: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

/** The part of EventSource the stream uses. */
export interface EventSourceLike {
  readonly readyState: number;
  close(): void;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  onopen: ((event: Event) => void) | null;
}

export interface StreamOptions {
  url?: string;
  env?: Partial<StreamEnv>;
  /**
   * After the browser gave up on the stream (an HTTP error, not a dropped line, which it retries itself): one
   * signed-in call that goes through the API client, so an expired access token is refreshed and a 401 or
   * 418 signs out as on any call. Resolves when the stream may be opened again; rejects to wait longer.
   */
  probe: () => Promise<unknown>;
  /** session.end: this session was ended elsewhere; the tab signs out at once (the 418 path). */
  onSessionEnd: (reason: EventData<'session.end'>['reason']) => void;
}

/** GET /api/self as a login-only call: refreshes an expired access token, signs out on 401 and 418. */
function probeSession(): Promise<unknown> {
  return apiRequest('/api/self', { schema: trusted<unknown>(), requiresLogin: true });
}

/**
 * session.end signs out exactly as a 418 answer does (providers.tsx forcedLogout), with the reason for the
 * after-logout dialog (lib/session-end.ts).
 */
function signOutAsForced(reason: EventData<'session.end'>['reason']): void {
  // this tab's own sign-out, heard back through the stream: the sign-out itself finishes it
  if (reason === 'logout' && isOwnSignOut()) return;
  emitGlobalApiEvent(
    'forced-logout',
    new ApiError('/api/events', 418, 'Session ended', {
      code: 'auth.session_revoked',
      message: 'Session ended',
      reason,
    }),
  );
}

function browserEnv(): StreamEnv {
  return {
    EventSource: window.EventSource,
    document,
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (id) => window.clearTimeout(id),
  };
}

const LISTENED_TYPES = Object.keys(EVENT_DATA) as EventType[];

/**
 * Opens this tab's stream and keeps it (decision 071): EventSource reconnects by itself with Last-Event-ID; a
 * stream this code opens anew (after the browser gave up, or after a background close) passes `?lastEventId=`.
 * A tab hidden for EVENT_HIDDEN_CLOSE_MS closes its stream unless it gets the Web Lock BACKGROUND_LOCK; a tab
 * that did not get it waits for it (the keeper may close) and reconnects when it gets it or becomes visible.
 * Returns the stop function (sign-out).
 */
export function startEventStream(streamOptions: Partial<StreamOptions> = {}): () => void {
  // a stream starts for a signed-in user: an earlier sign-out of this tab is over
  markOwnSignOut(false);
  const options: StreamOptions = { probe: probeSession, onSessionEnd: signOutAsForced, ...streamOptions };
  const env: StreamEnv = { ...browserEnv(), ...options.env };
  const url = options.url ?? '/api/events';
  let source: EventSourceLike | null = null;
  let lastId: number | undefined;
  let stopped = false;
  /** a fresh stream without a last id cannot replay what it missed: its consumers refetch */
  let missedUnknown = false;
  let hiddenTimer: number | undefined;
  let reopenTimer: number | undefined;
  let reopenDelay = EVENT_RETRY_MS;
  let releaseLock: (() => void) | undefined;
  let waitForLock: AbortController | undefined;

  const hidden = () => env.document.visibilityState === 'hidden';

  function open(): void {
    if (stopped || source) return;
    const target = lastId === undefined ? url : `${url}?lastEventId=${lastId}`;
    const stream = new env.EventSource(target, { withCredentials: true });
    source = stream;
    for (const type of LISTENED_TYPES) {
      stream.addEventListener(type, (message) => {
        if (source !== stream) return;
        const id = Number(message.lastEventId);
        if (message.lastEventId !== '' && Number.isSafeInteger(id)) lastId = id;
        if (type === 'session.end') return endSession(message.data);
        dispatchEvent(type, message.data, id);
      });
    }
    let openedBefore = false;
    stream.onopen = () => {
      if (source !== stream) return;
      reopenDelay = EVENT_RETRY_MS;
      // the browser's own reconnect sends Last-Event-ID only once an event came; before that, a gap is unknown
      if (openedBefore && lastId === undefined) missedUnknown = true;
      openedBefore = true;
      if (missedUnknown) {
        missedUnknown = false;
        dispatchEvent('reset', '{}', lastId ?? 0);
      }
    };
    stream.onerror = () => {
      // CONNECTING: the browser retries by itself, with Last-Event-ID. CLOSED: it gave up (an HTTP error).
      if (source !== stream || stream.readyState !== 2) return;
      close();
      scheduleReopen();
    };
  }

  function close(): void {
    if (!source) return;
    source.close();
    source = null;
    if (lastId === undefined) missedUnknown = true;
  }

  function scheduleReopen(): void {
    if (stopped || reopenTimer !== undefined) return;
    reopenTimer = env.setTimeout(() => {
      reopenTimer = undefined;
      options.probe().then(
        () => {
          if (!stopped && !closedForBackground()) open();
        },
        () => {
          reopenDelay = Math.min(reopenDelay * 2, MAX_REOPEN_MS);
          scheduleReopen();
        },
      );
    }, reopenDelay);
  }

  function endSession(rawData: string): void {
    let reason: EventData<'session.end'>['reason'] = 'revoked';
    try {
      const parsed = EVENT_DATA['session.end'].safeParse(JSON.parse(rawData));
      if (parsed.success) reason = parsed.data.reason;
    } catch {
      // the session ended all the same
    }
    stop();
    options.onSessionEnd(reason);
  }

  /** True while this tab is one whose stream stays closed in the background. */
  let backgroundClosed = false;
  const closedForBackground = () => backgroundClosed && hidden();

  function onHiddenLong(): void {
    hiddenTimer = undefined;
    if (stopped || !env.locks || releaseLock) return;
    void env.locks
      .request(BACKGROUND_LOCK, { ifAvailable: true }, (lock) => {
        if (lock && !stopped) return keepLock();
        if (!stopped && hidden()) closeInBackground();
        return undefined;
      })
      .catch(() => undefined);
  }

  /** Holds the lock until stop(); the stream stays open while this tab is hidden. */
  function keepLock(): Promise<void> {
    return new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
  }

  function closeInBackground(): void {
    backgroundClosed = true;
    close();
    if (reopenTimer !== undefined) {
      env.clearTimeout(reopenTimer);
      reopenTimer = undefined;
    }
    // the tab keeping the lock may close: then this one takes over
    const controller = new AbortController();
    waitForLock = controller;
    void env
      .locks!.request(BACKGROUND_LOCK, { signal: controller.signal }, () => {
        waitForLock = undefined;
        if (stopped) return undefined;
        backgroundClosed = false;
        open();
        return keepLock();
      })
      .catch(() => undefined);
  }

  function onVisibility(): void {
    if (stopped) return;
    if (hidden()) {
      if (hiddenTimer === undefined) hiddenTimer = env.setTimeout(onHiddenLong, EVENT_HIDDEN_CLOSE_MS);
      return;
    }
    if (hiddenTimer !== undefined) {
      env.clearTimeout(hiddenTimer);
      hiddenTimer = undefined;
    }
    waitForLock?.abort();
    waitForLock = undefined;
    if (backgroundClosed) {
      backgroundClosed = false;
      open();
    }
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    close();
    env.document.removeEventListener('visibilitychange', onVisibility);
    if (hiddenTimer !== undefined) env.clearTimeout(hiddenTimer);
    if (reopenTimer !== undefined) env.clearTimeout(reopenTimer);
    waitForLock?.abort();
    releaseLock?.();
  }

  env.document.addEventListener('visibilitychange', onVisibility);
  open();
  if (hidden()) onVisibility();
  return stop;
}
