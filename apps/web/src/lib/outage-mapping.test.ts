import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, globalEventFor, isProxyOutage, onGlobalApiEvent } from './api-client';
import { startOnlinePing } from './online-ping';

// Decision 078 (spec 4.4, 8): the offline page only for a 503 of the online ping or a 503 without Aula's error
// body (a proxy's); the api-down page only for a 502 without it. Aula's error body, whatever its status, is the
// answer of that one call, for the screen that made it.

const aula = (code: string) => ({ code, message: code });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bare = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/html' } });

function mockFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The global events one call raises. */
async function eventsOf(response: Response, url = '/api/matrix/room') {
  const events: string[] = [];
  const stop = onGlobalApiEvent((event) => events.push(event));
  mockFetch(response);
  const error = await apiRequest(url, { method: 'POST', body: {}, schema: z.unknown() }).catch(
    (e: unknown) => e,
  );
  stop();
  return { events, error };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('which answers change the whole app (decision 078)', () => {
  it.each([
    [502, undefined, 'api-down'],
    [502, '<html>Bad Gateway</html>', 'api-down'],
    [503, undefined, 'unavailable'],
    [503, 'Service Unavailable', 'unavailable'],
    [502, aula('sso.provider_unreachable'), undefined],
    [503, aula('chat.upload_failed'), undefined],
    [503, aula('common.unavailable'), undefined],
    [504, aula('sso.provider_unreachable'), undefined],
    [504, aula('bbb.server_error'), undefined],
    [507, aula('chat.upload_failed'), undefined],
    [504, undefined, undefined],
    [500, aula('common.internal'), undefined],
  ] as const)('%i with %j: %s', (status, body, event) => {
    expect(globalEventFor(status, true, body)).toBe(event);
  });

  it('keeps the other global answers: 418 forced logout, 401 on a login call, a forced step', () => {
    expect(globalEventFor(418, false, undefined)).toBe('forced-logout');
    expect(globalEventFor(401, true, aula('common.unauthorized'))).toBe('logged-out');
    expect(globalEventFor(401, false, aula('auth.wrong_password'))).toBeUndefined();
    expect(globalEventFor(403, true, aula('auth.totp_required'))).toBe('step-required');
  });

  it('canary: a 503 with Aula’s body from a call that is not the ping does not go offline', async () => {
    const { events, error } = await eventsOf(json(503, aula('chat.upload_failed')));
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorBody?.code).toBe('chat.upload_failed');
  });

  it('canary: a bare 503 from a proxy goes offline, and a bare 502 to the api-down page', async () => {
    expect((await eventsOf(bare(503, 'Service Unavailable'))).events).toEqual(['unavailable']);
    expect((await eventsOf(bare(502, 'Bad Gateway'))).events).toEqual(['api-down']);
    // an answer that only looks like ours (no code) is a proxy's too
    expect((await eventsOf(json(503, { message: 'down' }))).events).toEqual(['unavailable']);
  });

  it('the identity provider down (504 sso.provider_unreachable) raises nothing: the sign-in page shows it', async () => {
    const { events, error } = await eventsOf(json(504, aula('sso.provider_unreachable')), '/api/login/oidc');
    expect(events).toEqual([]);
    expect((error as ApiError).status).toBe(504);
    expect(isProxyOutage(504, undefined)).toBe(false);
  });

  it('a 503 of the online ping is offline whatever its body', async () => {
    vi.useFakeTimers();
    try {
      mockFetch(json(503, aula('common.unavailable')), json(200, {}));
      const offline = vi.fn();
      // the first call is the ping, at the first step of the start plan (lib/idle.ts); statistics follow
      const stop = startOnlinePing(offline);
      await vi.waitFor(() => expect(offline).toHaveBeenCalledTimes(1));
      stop();
      const [error] = offline.mock.calls[0]! as [ApiError];
      expect(error.status).toBe(503);
      expect(error.errorBody?.code).toBe('common.unavailable');
    } finally {
      vi.useRealTimers();
    }
  });
});
