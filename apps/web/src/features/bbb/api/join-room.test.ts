import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { CSRF_HEADER, ROOM_WAIT_POLL_MS } from '@aula/contracts';
import { onGlobalApiEvent, type GlobalApiEvent } from '@/lib/api-client';
import { joinRoom, useRoomJoin } from './join-room';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const waiting = () => json(200, { status: 'waiting' });
const ready = (url = 'https://bbb.test/bigbluebutton/api/join?checksum=x') =>
  json(200, { status: 'ready', url });
const refused = (status: number, code: string) => json(status, { code, message: code });

function mockFetch(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) {
    if (answer instanceof Error) fetchMock.mockRejectedValueOnce(answer);
    else fetchMock.mockResolvedValueOnce(answer);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const urls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url]) => String(url));

/** Lets the answers already given arrive (promises), without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('joining a room never signs anyone out (decision 067)', () => {
  it.each([
    [403, 'bbb.not_member'],
    [403, 'bbb.guests_not_allowed'],
    [422, 'bbb.guest_name_required'],
    [409, 'bbb.max_users'],
    [409, 'bbb.no_server'],
    [504, 'bbb.server_error'],
    [429, 'auth.too_many_requests'],
  ])('a %i %s is this call’s error: no logout, no other page', async (status, code) => {
    const events: GlobalApiEvent[] = [];
    const stop = onGlobalApiEvent((event) => events.push(event));
    mockFetch(refused(status, code));
    await expect(joinRoom('abc-234-xyz', 'Gast')).rejects.toMatchObject({ status, body: { code } });
    stop();
    expect(events).toEqual([]);
  });

  it('a 401 (no session: a guest) signs nobody out either, unlike a login-only call (canary: 418 does)', async () => {
    const events: GlobalApiEvent[] = [];
    const stop = onGlobalApiEvent((event) => events.push(event));
    mockFetch(refused(401, 'common.unauthorized'), json(418, {}));
    await joinRoom(7).catch(() => undefined);
    expect(events).toEqual([]);
    await joinRoom(7).catch(() => undefined);
    stop();
    expect(events).toEqual(['forced-logout']);
  });

  it('asks with the name for a guest and without one for a member, with the CSRF header (it may start the meeting)', async () => {
    const fetchMock = mockFetch(ready(), ready());
    await joinRoom('abc-234-xyz', 'Frau Özdemir & Co');
    await joinRoom(12);
    expect(urls(fetchMock)).toEqual([
      '/api/bbb/abc-234-xyz/join?name=Frau+%C3%96zdemir+%26+Co',
      '/api/bbb/12/join',
    ]);
    for (const [, init] of fetchMock.mock.calls) expect(init?.headers).toMatchObject({ [CSRF_HEADER]: '1' });
  });
});

describe('the waiting state asks again by itself until a moderator has started the meeting', () => {
  it('waits, asks every ROOM_WAIT_POLL_MS, and goes to the signed address once it is ready', async () => {
    const url = 'https://bbb.test/bigbluebutton/api/join?meetingID=m&checksum=abc';
    const fetchMock = mockFetch(waiting(), waiting(), ready(url));
    const go = vi.fn();
    const { result } = renderHook(() => useRoomJoin('abc-234-xyz', go));

    act(() => result.current.join('Gast'));
    expect(result.current.state.step).toBe('joining');
    await settle();
    expect(result.current.state).toEqual({ step: 'waiting', asks: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // not a moment early
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS - 1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.state).toEqual({ step: 'waiting', asks: 2 });

    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS));
    expect(result.current.state.step).toBe('redirecting');
    expect(go).toHaveBeenCalledWith(url);
    expect(urls(fetchMock).every((u) => u === '/api/bbb/abc-234-xyz/join?name=Gast')).toBe(true);

    // nothing more is asked once it is on its way
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('cancel stops the questions, and an answer still on its way is dropped', async () => {
    const fetchMock = mockFetch(waiting());
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const go = vi.fn();
    const { result } = renderHook(() => useRoomJoin(5, go));
    act(() => result.current.join());
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // the second question is out; the user cancels before its answer comes
    act(() => result.current.cancel());
    answer(ready());
    await settle();
    expect(result.current.state).toEqual({ step: 'idle' });
    expect(go).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a lost connection while waiting keeps waiting; a refusal ends the wait with its error', async () => {
    const fetchMock = mockFetch(waiting(), new TypeError('Failed to fetch'), refused(409, 'bbb.max_users'));
    const { result } = renderHook(() => useRoomJoin(5, vi.fn()));
    act(() => result.current.join());
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS));
    expect(result.current.state).toEqual({ step: 'waiting', asks: 2 });
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS));
    expect(result.current.state).toMatchObject({ step: 'failed', error: { status: 409 } });
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a first join that cannot reach the server fails at once (nothing to wait for yet)', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useRoomJoin(5, vi.fn()));
    act(() => result.current.join());
    await settle();
    expect(result.current.state).toMatchObject({ step: 'failed' });
  });

  it('leaving the page stops the questions', async () => {
    const fetchMock = mockFetch(waiting(), waiting());
    const { result, unmount } = renderHook(() => useRoomJoin(5, vi.fn()));
    act(() => result.current.join());
    await settle();
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(ROOM_WAIT_POLL_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
