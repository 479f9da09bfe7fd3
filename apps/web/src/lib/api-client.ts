import {
  CSRF_HEADER,
  FORCED_STEP_CODES,
  SHARED_REFRESH_MS,
  isErrorBody,
  type ErrorBody,
  type SessionResult,
} from '@aula/contracts';

/** spec 8: any non-success raises an error carrying url, status, status text and body. */
export class ApiError extends Error {
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(url: string, status: number, statusText: string, body: unknown) {
    super(`${status} ${statusText}: ${url}`);
    this.name = 'ApiError';
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }

  get errorBody(): ErrorBody | undefined {
    return isErrorBody(this.body) ? this.body : undefined;
  }
}

/**
 * The spec 4.1 and 8 outcomes that affect the whole app rather than one call:
 * `logged-out` (401 on a login-only call), `forced-logout` (418 on any call), `session-ended`
 * (the refresh token expired: root), `refresh-failed` (the refresh was refused: login).
 */
export type GlobalApiEvent =
  | 'logged-out'
  | 'forced-logout'
  | 'session-ended'
  | 'refresh-failed'
  | 'api-down'
  | 'unavailable'
  | 'step-required';
type Listener = (event: GlobalApiEvent, error?: ApiError) => void;
const listeners = new Set<Listener>();

export function onGlobalApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitGlobalApiEvent(event: GlobalApiEvent, error?: ApiError): void {
  for (const listener of listeners) listener(event, error);
}

const FORCED_STEPS: ReadonlySet<string> = new Set(FORCED_STEP_CODES);

/**
 * A 502 or 503 that Aula did not write: a proxy in front of it answers because Aula does not (decision 078).
 * With Aula's error body the answer is about that one call (an identity provider or a file store that
 * failed), and the screen that made the call shows it, with a retry, where the user is.
 */
export function isProxyOutage(status: number, body: unknown): boolean {
  return (status === 502 || status === 503) && !isErrorBody(body);
}

/**
 * What an answer means for the whole app (spec 4.4, 8; decision 078). The api-down page only for a 502 and the
 * offline page only for a 503, each without Aula's error body; a 503 of the online ping is offline whatever its
 * body, which the ping itself sees to (lib/online-ping.ts).
 */
export function globalEventFor(
  status: number,
  requiresLogin: boolean,
  body: unknown,
): GlobalApiEvent | undefined {
  if (status === 418) return 'forced-logout';
  // the server refuses everything until a forced step is done (spec 4.2): the user info says which
  if (status === 403 && isErrorBody(body) && FORCED_STEPS.has(body.code)) return 'step-required';
  // a 401 that asks to prove it is you again (impersonation, two-factor changes) is about this call only
  if (status === 401 && requiresLogin && !(isErrorBody(body) && body.code === 'auth.reauth_required'))
    return 'logged-out';
  if (status === 502 && isProxyOutage(status, body)) return 'api-down';
  if (status === 503 && isProxyOutage(status, body)) return 'unavailable';
  return undefined;
}

/** What reads an answer: a contract's zod schema (`parse`), or `trusted<T>()`. */
export interface AnswerParser<T> {
  parse(value: unknown): T;
}

/**
 * The answers the start page needs are not checked a second time in the browser (decision 049): the server
 * already holds every answer to the route's contract schema before it sends it (its serializer parses it
 * and answers 500 otherwise; the fuzzer checks every answer against the document). Checking them here put
 * all of zod in front of the first paint. Screens that load later keep the contract's schema.
 */
export function trusted<T>(): AnswerParser<T> {
  return { parse: (value) => value as T };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A multipart body (file uploads); sent as is, the browser sets the boundary. */
  formData?: FormData;
  headers?: Record<string, string>;
  /** spec 8: a 304 is an empty result; the caller says what it stands for (the data it already has). */
  notModified?: () => T;
  /** checks and types the answer: the contract's schema, or `trusted<T>()` on the start path */
  schema: AnswerParser<T>;
  /** A 401 on a call that needs a session logs the user out (spec 4.1, 8). */
  requiresLogin?: boolean;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** spec 4.1: the session as the browser knows it: two expiry times (epoch ms), never a token. */
export interface SessionTimes {
  access: number;
  refresh: number;
}

export const SESSION_HINT_KEY = 'aula.session';
const NO_REFRESH_URLS = new Set(['/api/login', '/api/login/refresh', '/api/logout']);

/** The times as the last tab to sign in or refresh stored them. */
export function readSessionHint(): SessionTimes | null {
  try {
    const raw = localStorage.getItem(SESSION_HINT_KEY);
    if (raw === null) return null;
    const [access, refresh] = raw.split(',').map(Number);
    if (!Number.isFinite(access) || !Number.isFinite(refresh)) return null;
    return { access: access!, refresh: refresh! };
  } catch {
    return null;
  }
}

// Read once at start: after a reload the times come from the hint, so no extra call is needed.
let times: SessionTimes | null = typeof window === 'undefined' ? null : readSessionHint();
const sessionListeners = new Set<(times: SessionTimes | null) => void>();

/** The current session times, or null when this browser holds no session. */
export function sessionTimes(): SessionTimes | null {
  return times;
}

/** Called with the new times after sign-in and every refresh, and with null when the session ends. */
export function onSessionTimes(listener: (times: SessionTimes | null) => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function setTimes(next: SessionTimes | null): void {
  times = next;
  for (const listener of sessionListeners) listener(next);
}

/**
 * Registers a new login or refresh (spec 4.1). The times are also kept in localStorage (times,
 * nothing personal), so a reload and the other tabs know them without another call.
 */
export function rememberSession(session: {
  access_token_expiration: number;
  refresh_token_expiration: number;
}): void {
  try {
    localStorage.setItem(
      SESSION_HINT_KEY,
      `${session.access_token_expiration},${session.refresh_token_expiration}`,
    );
  } catch {
    // Without storage the times stay in memory for this tab.
  }
  setTimes({ access: session.access_token_expiration, refresh: session.refresh_token_expiration });
}

export function forgetSession(): void {
  try {
    localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Nothing was stored.
  }
  if (times !== null) setTimes(null);
}

/**
 * Another tab signed in, refreshed or signed out: take over its times (so this tab does not
 * rotate the tokens again), or null when it signed out.
 */
export function adoptSessionHint(): SessionTimes | null {
  const hint = readSessionHint();
  if (hint?.access !== times?.access || hint?.refresh !== times?.refresh) setTimes(hint);
  return hint;
}

function mayRefresh(): boolean {
  return (times?.refresh ?? 0) > Date.now();
}

export type RefreshOutcome =
  { ok: true; session: SessionResult } | { ok: false; status: number } | { ok: false; status: 'network' };

let sharedRefresh: Promise<RefreshOutcome> | null = null;

/**
 * spec 4.1: POST /api/login/refresh rotates the cookies and registers the new times; concurrent
 * callers share one call for 5 s. A 418 (revoked) is reported like on any other call.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  sharedRefresh ??= (async (): Promise<RefreshOutcome> => {
    try {
      let response: Response;
      try {
        response = await fetch('/api/login/refresh', {
          method: 'POST',
          headers: { accept: 'application/json', [CSRF_HEADER]: '1' },
          credentials: 'same-origin',
        });
      } catch {
        return { ok: false, status: 'network' };
      }
      if (!response.ok) {
        const body = await readBody(response).catch(() => undefined);
        if (response.status === 401 || response.status === 418) forgetSession();
        if (response.status === 418) {
          emitGlobalApiEvent(
            'forced-logout',
            new ApiError('/api/login/refresh', 418, response.statusText, body),
          );
        }
        return { ok: false, status: response.status };
      }
      const session = (await response.json()) as SessionResult;
      rememberSession(session);
      return { ok: true, session };
    } finally {
      setTimeout(() => {
        sharedRefresh = null;
      }, SHARED_REFRESH_MS);
    }
  })();
  return sharedRefresh;
}

async function asksForPassword(response: Response): Promise<boolean> {
  const body = await readBody(response.clone()).catch(() => undefined);
  return isErrorBody(body) && body.code === 'auth.reauth_required';
}

export async function apiRequest<T>(url: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const send = () =>
    fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.formData ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });

  let response = await send();
  // An expired access token: refresh once with the refresh cookie, then repeat the call. A 401 that
  // asks for the password again (impersonation) is about this call, not the session.
  if (
    response.status === 401 &&
    !NO_REFRESH_URLS.has(url) &&
    mayRefresh() &&
    !(await asksForPassword(response))
  ) {
    const refreshed = await refreshSession();
    if (refreshed.ok) response = await send();
    // A refused refresh already reported its 418; the original 401 is reported below.
    else if (refreshed.status === 418) throw new ApiError(url, 418, "I'm a teapot", undefined);
  }
  if (response.status === 304 && options.notModified) return options.notModified();
  const body = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(url, response.status, response.statusText, body);
    const event = globalEventFor(response.status, options.requiresLogin ?? false, body);
    if (event) emitGlobalApiEvent(event, error);
    throw error;
  }
  return options.schema.parse(body);
}

/** A fetch that never reached the server (network down, DNS, CORS) rather than an HTTP error. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
