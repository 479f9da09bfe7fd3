import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SHARED_REFRESH_MS } from '@aula/contracts';
import {
  ApiError,
  apiRequest,
  forgetSession,
  onGlobalApiEvent,
  refreshSession,
  rememberSession,
  sessionTimes,
} from './api-client';
import { errorMessage } from './error-message';
import { i18n } from './i18n';
import { userInfo } from '@/test/user-info';

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

const user = userInfo({ type: 'L' });

function mockFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  // a shared refresh is kept for 5 s (spec 4.1): let it end before the next test
  await vi.advanceTimersByTimeAsync(SHARED_REFRESH_MS);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetSession();
  await i18n.changeLanguage('de');
});

describe('api client (spec 8)', () => {
  it('sends the CSRF header and same-origin credentials on state-changing requests only', async () => {
    const fetchMock = mockFetch(json(200, { ok: true }), json(200, { ok: true }));
    await apiRequest('/api/x', { method: 'POST', body: ['a'], schema: z.unknown() });
    await apiRequest('/api/y', { schema: z.unknown() });
    const [, post] = fetchMock.mock.calls[0]!;
    const [, get] = fetchMock.mock.calls[1]!;
    expect(post?.headers).toMatchObject({ 'x-aula-csrf': '1', 'content-type': 'application/json' });
    expect(post?.credentials).toBe('same-origin');
    expect(post?.body).toBe('["a"]');
    expect(get?.headers).not.toHaveProperty('x-aula-csrf');
  });

  it('throws an ApiError with url, status, status text and body', async () => {
    mockFetch(json(401, { code: 'auth.wrong_password', message: 'wrong' }, 'Unauthorized'));
    const error = await apiRequest('/api/login', { method: 'POST', schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ url: '/api/login', status: 401, statusText: 'Unauthorized' });
    expect(errorMessage(i18n.t, error)).toBe('Benutzername oder Passwort ist falsch.');
  });

  it('shows an unknown body as "{status}: {body}"', async () => {
    mockFetch(new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('/api/layout', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(errorMessage(i18n.t, error)).toBe('502: Bad Gateway');
  });

  it('reports 418 as a forced logout and 502 as api down', async () => {
    const events: string[] = [];
    const stop = onGlobalApiEvent((event) => events.push(event));
    mockFetch(json(418, {}), new Response('', { status: 502 }));
    await apiRequest('/api/a', { schema: z.unknown() }).catch(() => undefined);
    await apiRequest('/api/b', { schema: z.unknown() }).catch(() => undefined);
    stop();
    expect(events).toEqual(['forced-logout', 'api-down']);
  });

  it('refreshes an expired session once, registers the new times and repeats the call', async () => {
    rememberSession({
      access_token_expiration: Date.now() - 1,
      refresh_token_expiration: Date.now() + 60_000,
    });
    const renewed = {
      access_token_expiration: Date.now() + 900_000,
      refresh_token_expiration: Date.now() + 60_000,
    };
    const fetchMock = mockFetch(
      json(401, { code: 'common.unauthorized', message: 'expired' }),
      json(200, { ...renewed, user }),
      json(200, { id: 1 }),
    );
    await expect(apiRequest('/api/apps/1', { schema: z.object({ id: z.number() }) })).resolves.toEqual({
      id: 1,
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/apps/1',
      '/api/login/refresh',
      '/api/apps/1',
    ]);
    expect(sessionTimes()).toEqual({
      access: renewed.access_token_expiration,
      refresh: renewed.refresh_token_expiration,
    });
    expect(localStorage.getItem('aula.session')).toBe(
      `${renewed.access_token_expiration},${renewed.refresh_token_expiration}`,
    );
  });

  it('a 401 asking for the password again is passed to the caller without a refresh', async () => {
    rememberSession({
      access_token_expiration: Date.now() + 60_000,
      refresh_token_expiration: Date.now() + 600_000,
    });
    const fetchMock = mockFetch(json(401, { code: 'auth.reauth_required', message: 'again' }));
    const call = apiRequest('/api/users/impersonate/7', {
      method: 'POST',
      body: { reason: 'Hilfe' },
      schema: z.unknown(),
    });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/impersonate/7']);
  });

  it('a 418 on the refresh is a forced logout and forgets the session', async () => {
    rememberSession({
      access_token_expiration: Date.now() - 1,
      refresh_token_expiration: Date.now() + 60_000,
    });
    const events: string[] = [];
    const stop = onGlobalApiEvent((event) => events.push(event));
    mockFetch(
      json(401, { code: 'common.unauthorized', message: 'expired' }),
      json(418, { code: 'auth.session_revoked', message: 'x' }),
    );
    const error = await apiRequest('/api/layout', { schema: z.unknown(), requiresLogin: true }).catch(
      (e: unknown) => e,
    );
    stop();
    expect(error).toMatchObject({ status: 418 });
    expect(events).toEqual(['forced-logout']);
    expect(sessionTimes()).toBeNull();
    expect(localStorage.getItem('aula.session')).toBeNull();
  });

  it('concurrent refreshes share one call', async () => {
    rememberSession({
      access_token_expiration: Date.now() - 1,
      refresh_token_expiration: Date.now() + 60_000,
    });
    const fetchMock = mockFetch(
      json(200, {
        access_token_expiration: Date.now() + 900_000,
        refresh_token_expiration: Date.now() + 60_000,
        user,
      }),
    );
    const [a, b, c] = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect([a.ok, b.ok, c.ok]).toEqual([true, true, true]);
  });

  it('does not try to refresh for a visitor', async () => {
    const fetchMock = mockFetch(json(401, { code: 'common.unauthorized', message: 'no' }));
    await apiRequest('/api/self', { schema: z.unknown() }).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
