import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_HIDDEN_CLOSE_MS, EVENT_RETRY_MS, type ChatMessage } from '@aula/contracts';
import { ApiError, onGlobalApiEvent, type GlobalApiEvent } from '@/lib/api-client';
import {
  BACKGROUND_LOCK,
  dispatchEvent,
  startEventStream,
  subscribe,
  type EventSourceLike,
  type StreamEnv,
} from './events';

// A stand-in for the browser's EventSource (the e2e test proves the real one): it records the URL and lets the
// test open it, deliver events, drop the line (the browser reconnects by itself) or give up (an HTTP error).
class FakeSource implements EventSourceLike {
  static all: FakeSource[] = [];
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.readyState = 2;
  }
  get closed(): boolean {
    return this.readyState === 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: unknown, id: number): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** the line dropped: the browser reconnects by itself */
  drop(): void {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }
  /** an HTTP error: the browser gives up */
  fail(): void {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

const latest = () => FakeSource.all.at(-1)!;
const openSources = () => FakeSource.all.filter((s) => !s.closed);

/** A tab's document: only the visibility the stream reads. */
class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** Web Locks of one browser, shared by its tabs: exclusive locks, ifAvailable, queued waiters, abort. */
class FakeLocks {
  private readonly held = new Set<string>();
  private readonly waiting: { name: string; grant: () => void }[] = [];
  isHeld(name: string): boolean {
    return this.held.has(name);
  }
  request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    if (!this.held.has(name)) return this.grant(name, callback);
    if (options.ifAvailable) return Promise.resolve().then(() => callback(null));
    return new Promise((resolve, reject) => {
      const waiter = { name, grant: () => void this.grant(name, callback).then(resolve, reject) };
      options.signal?.addEventListener('abort', () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.waiting.push(waiter);
    });
  }
  private grant(name: string, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    this.held.add(name);
    const done = Promise.resolve().then(() => callback({ name, mode: 'exclusive' } as Lock));
    void done.finally(() => {
      this.held.delete(name);
      const next = this.waiting.findIndex((w) => w.name === name);
      if (next >= 0) this.waiting.splice(next, 1)[0]!.grant();
    });
    return done;
  }
}

function tab(locks: FakeLocks | undefined, probe = () => Promise.resolve()) {
  const document = new FakeDocument();
  const env: Partial<StreamEnv> = {
    EventSource: FakeSource,
    document: document as unknown as StreamEnv['document'],
    locks: locks as unknown as StreamEnv['locks'],
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (id) => window.clearTimeout(id),
  };
  const stop = startEventStream({ env, probe });
  return { document, stop };
}

const message = (id: number): ChatMessage => ({
  id,
  roomId: 1,
  sender: null,
  body: `m${id}`,
  file: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  clientId: null,
});

/** Lets promise callbacks (the Web Lock grants) run under the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('lib/events: subscribe', () => {
  it('hands an event to the handlers of its type, with the id, until they unsubscribe', () => {
    const seen: unknown[] = [];
    const off = subscribe('chat.room', (data, id) => seen.push([data.roomId, id]));
    const other = vi.fn();
    const offOther = subscribe('presence', other);
    dispatchEvent('chat.room', '{"roomId":7}', 41);
    expect(seen).toEqual([[7, 41]]);
    expect(other).not.toHaveBeenCalled();
    off();
    dispatchEvent('chat.room', '{"roomId":8}', 42);
    expect(seen).toEqual([[7, 41]]);
    offOther();
  });

  it('counts the same function subscribed twice as two subscriptions', () => {
    const handler = vi.fn();
    const a = subscribe('presence', handler);
    const b = subscribe('presence', handler);
    dispatchEvent('presence', '{}', 1);
    expect(handler).toHaveBeenCalledTimes(2);
    a();
    dispatchEvent('presence', '{}', 2);
    expect(handler).toHaveBeenCalledTimes(3);
    b();
  });

  it('ignores an unknown type and data that does not match the contract', () => {
    const handler = vi.fn();
    const off = subscribe('chat.room', handler);
    dispatchEvent('chat.typing', '{"roomId":1}', 1);
    dispatchEvent('chat.room', '{"roomId":"x"}', 2);
    dispatchEvent('chat.room', 'not json', 3);
    expect(handler).not.toHaveBeenCalled();
    // canary: the same call with valid data arrives
    dispatchEvent('chat.room', '{"roomId":1}', 4);
    expect(handler).toHaveBeenCalledOnce();
    off();
  });

  it('runs the other handlers when one throws', () => {
    // jsdom has no reportError; browsers do
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const after = vi.fn();
    const offs = [
      subscribe('presence', () => {
        throw new Error('broken consumer');
      }),
      subscribe('presence', after),
    ];
    dispatchEvent('presence', '{}', 1);
    expect(after).toHaveBeenCalledOnce();
    expect(reported).toHaveBeenCalledOnce();
    offs.forEach((off) => off());
    vi.unstubAllGlobals();
  });
});

describe('lib/events: the stream', () => {
  const offs: (() => void)[] = [];
  beforeEach(() => {
    FakeSource.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    offs.splice(0).forEach((off) => off());
    vi.useRealTimers();
  });

  it('opens one EventSource with credentials and delivers its events to subscribers', () => {
    const got: number[] = [];
    offs.push(subscribe('chat.message', (data, id) => got.push(data.message.id * 1000 + id)));
    const { stop } = tab(new FakeLocks());
    expect(FakeSource.all).toHaveLength(1);
    expect(latest().url).toBe('/api/events');
    expect(latest().init).toEqual({ withCredentials: true });
    latest().open();
    latest().emit('chat.message', { roomId: 1, message: message(5) }, 17);
    expect(got).toEqual([5017]);
    stop();
    expect(latest().closed).toBe(true);
    latest().emit('chat.message', { roomId: 1, message: message(6) }, 18);
    expect(got).toEqual([5017]);
  });

  it('leaves a dropped line to the browser (Last-Event-ID), and reopens with ?lastEventId= after it gave up', async () => {
    const probe = vi.fn(() => Promise.resolve());
    const { stop } = tab(new FakeLocks(), probe);
    latest().open();
    latest().emit('presence', {}, 30);
    latest().drop();
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS * 2);
    expect(FakeSource.all).toHaveLength(1);
    expect(probe).not.toHaveBeenCalled();

    latest().fail();
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS - 1);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledOnce();
    expect(FakeSource.all).toHaveLength(2);
    expect(latest().url).toBe('/api/events?lastEventId=30');
    stop();
  });

  it('a line dropped before any event came tells the consumers to refetch once the browser is back', () => {
    const reset = vi.fn();
    offs.push(subscribe('reset', reset));
    const { stop } = tab(new FakeLocks());
    latest().open();
    expect(reset).not.toHaveBeenCalled();
    latest().drop();
    latest().open();
    expect(reset).toHaveBeenCalledOnce();
    // once an event came, the browser's Last-Event-ID covers the gap
    latest().emit('presence', {}, 3);
    latest().drop();
    latest().open();
    expect(reset).toHaveBeenCalledOnce();
    expect(FakeSource.all).toHaveLength(1);
    stop();
  });

  it('waits longer after each refused probe, and does not open a stream while it is refused', async () => {
    let refuse = true;
    const probe = vi.fn(() => (refuse ? Promise.reject(new TypeError('offline')) : Promise.resolve()));
    const { stop } = tab(new FakeLocks(), probe);
    latest().fail();
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS * 2 - 1);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(FakeSource.all).toHaveLength(1);
    refuse = false;
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS * 4);
    expect(FakeSource.all).toHaveLength(2);
    // no event was received: the fresh stream cannot replay, so its consumers are told to refetch
    const reset = vi.fn();
    offs.push(subscribe('reset', reset));
    expect(latest().url).toBe('/api/events');
    latest().open();
    expect(reset).toHaveBeenCalledOnce();
    stop();
  });

  it('session.end signs out through the 418 path at once, with the reason, and closes the stream', () => {
    const events: [GlobalApiEvent, ApiError | undefined][] = [];
    offs.push(onGlobalApiEvent((event, error) => events.push([event, error])));
    const other = vi.fn();
    offs.push(subscribe('presence', other));
    tab(new FakeLocks());
    const source = latest();
    source.open();
    source.emit('session.end', { reason: 'blocked' }, 9);
    expect(events.map(([event]) => event)).toEqual(['forced-logout']);
    const error = events[0]![1];
    expect(error).toBeInstanceOf(ApiError);
    expect(error!.status).toBe(418);
    expect(error!.body).toMatchObject({ code: 'auth.session_revoked', reason: 'blocked' });
    expect(source.closed).toBe(true);
    // nothing after it is handled, and nothing reopens
    source.emit('presence', {}, 10);
    expect(other).not.toHaveBeenCalled();
    vi.advanceTimersByTime(EVENT_HIDDEN_CLOSE_MS * 2);
    expect(FakeSource.all).toHaveLength(1);
  });

  it('a hidden tab closes its stream after EVENT_HIDDEN_CLOSE_MS when another tab keeps the lock, and catches up when visible', async () => {
    const locks = new FakeLocks();
    const keeper = tab(locks);
    const first = latest();
    first.open();
    keeper.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS);
    // the first hidden tab took the lock and keeps listening
    expect(locks.isHeld(BACKGROUND_LOCK)).toBe(true);
    expect(first.closed).toBe(false);

    const other = tab(locks);
    const second = latest();
    second.open();
    second.emit('chat.room', { roomId: 3 }, 120);
    other.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS - 1);
    expect(second.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(second.closed).toBe(true);
    expect(first.closed).toBe(false);
    expect(openSources()).toEqual([first]);

    // back in front: a fresh stream from the last id it saw
    other.document.set('visible');
    expect(latest().url).toBe('/api/events?lastEventId=120');
    expect(openSources()).toHaveLength(2);
    keeper.stop();
    other.stop();
    await settle();
    expect(locks.isHeld(BACKGROUND_LOCK)).toBe(false);
  });

  it('a tab visible again before EVENT_HIDDEN_CLOSE_MS keeps its stream', async () => {
    const locks = new FakeLocks();
    const busy = tab(locks);
    busy.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS);
    const t = tab(locks);
    const source = latest();
    t.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS - 1);
    t.document.set('visible');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS * 2);
    expect(source.closed).toBe(false);
    expect(FakeSource.all).toHaveLength(2);
    busy.stop();
    t.stop();
  });

  it('when the tab keeping the lock signs out or closes, a waiting hidden tab takes over and catches up', async () => {
    const locks = new FakeLocks();
    const keeper = tab(locks);
    keeper.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS);
    const waiting = tab(locks);
    latest().emit('presence', {}, 200);
    waiting.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS);
    expect(openSources()).toHaveLength(1);
    keeper.stop();
    await settle();
    expect(openSources()).toHaveLength(1);
    expect(latest().url).toBe('/api/events?lastEventId=200');
    expect(locks.isHeld(BACKGROUND_LOCK)).toBe(true);
    waiting.stop();
    await settle();
    expect(locks.isHeld(BACKGROUND_LOCK)).toBe(false);
  });

  it('where Web Locks do not exist, a hidden tab keeps its stream', async () => {
    const t = tab(undefined);
    t.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS * 3);
    expect(FakeSource.all).toHaveLength(1);
    expect(latest().closed).toBe(false);
    t.stop();
  });

  it('a tab that did not get the lock stops waiting for it once visible', async () => {
    const locks = new FakeLocks();
    const keeper = tab(locks);
    keeper.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS);
    const t = tab(locks);
    t.document.set('hidden');
    await vi.advanceTimersByTimeAsync(EVENT_HIDDEN_CLOSE_MS);
    t.document.set('visible');
    expect(openSources()).toHaveLength(2);
    // the keeper leaving now does not hand the lock to the visible tab
    keeper.stop();
    await settle();
    expect(locks.isHeld(BACKGROUND_LOCK)).toBe(false);
    expect(openSources()).toHaveLength(1);
    t.stop();
  });
});
