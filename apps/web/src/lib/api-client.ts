import {
  CSRF_HEADER,
  SHARED_REFRESH_MS,
  SessionResultSchema,
  isErrorBody,
  type ErrorBody,
} from '@aula/contracts';
import type { z } from 'zod';

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

/** The spec 8 responses that affect the whole app rather than one call. */
export type GlobalApiEvent = 'logged-out' | 'forced-logout' | 'api-down' | 'unavailable';
type Listener = (event: GlobalApiEvent, error: ApiError) => void;
const listeners = new Set<Listener>();

export function onGlobalApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function globalEventFor(status: number, requiresLogin: boolean): GlobalApiEvent | undefined {
  if (status === 418) return 'forced-logout';
  if (status === 401 && requiresLogin) return 'logged-out';
  if (status === 502) return 'api-down';
  if (status === 503) return 'unavailable';
  return undefined;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A multipart body (file uploads); sent as is, the browser sets the boundary. */
  formData?: FormData;
  headers?: Record<string, string>;
  /** spec 8: a 304 is an empty result; the caller says what it stands for (the data it already has). */
  notModified?: () => T;
  schema: z.ZodType<T>;
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

const SESSION_HINT_KEY = 'aula.session';
const NO_REFRESH_URLS = new Set(['/api/login', '/api/login/refresh', '/api/logout']);

/**
 * Remembers until when the refresh cookie is valid (a time, never a token), so a visitor's 401
 * does not trigger a pointless refresh call.
 */
export function rememberSession(refreshTokenExpiration: number): void {
  try {
    localStorage.setItem(SESSION_HINT_KEY, String(refreshTokenExpiration));
  } catch {
    // Without storage the session simply ends when the access token does.
  }
}

export function forgetSession(): void {
  try {
    localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Nothing was stored.
  }
}

function mayRefresh(): boolean {
  try {
    return Number(localStorage.getItem(SESSION_HINT_KEY)) > Date.now();
  } catch {
    return false;
  }
}

let sharedRefresh: Promise<boolean> | null = null;

/** spec 4.1: POST /api/login/refresh rotates the cookies; concurrent callers share one call for 5 s. */
export function refreshSession(): Promise<boolean> {
  sharedRefresh ??= (async () => {
    try {
      const response = await fetch('/api/login/refresh', {
        method: 'POST',
        headers: { accept: 'application/json', [CSRF_HEADER]: '1' },
        credentials: 'same-origin',
      });
      if (!response.ok) {
        forgetSession();
        return false;
      }
      rememberSession(SessionResultSchema.parse(await response.json()).refresh_token_expiration);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => {
        sharedRefresh = null;
      }, SHARED_REFRESH_MS);
    }
  })();
  return sharedRefresh;
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
  // An expired access token: refresh once with the refresh cookie, then repeat the call.
  if (response.status === 401 && !NO_REFRESH_URLS.has(url) && mayRefresh() && (await refreshSession())) {
    response = await send();
  }
  if (response.status === 304 && options.notModified) return options.notModified();
  const body = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(url, response.status, response.statusText, body);
    const event = globalEventFor(response.status, options.requiresLogin ?? false);
    if (event) for (const listener of listeners) listener(event, error);
    throw error;
  }
  return options.schema.parse(body);
}

/** A fetch that never reached the server (network down, DNS, CORS) rather than an HTTP error. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
