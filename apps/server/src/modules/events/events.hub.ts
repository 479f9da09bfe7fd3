// The live half of the event stream (decision 071): the open streams of this process, and the fan-out of
// the events every process hears through LISTEN aula_events. One hub per app (tests run several apps in one
// process, as several processes would); it keeps nothing another process would need.
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  EVENT_HEARTBEAT_MS,
  EVENT_REPLAY_MAX,
  EVENT_STREAMS_PER_SESSION,
  type EventData,
} from '@aula/contracts';
import type { Database, Listener } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  EVENTS_CHANNEL,
  findEventsAfter,
  findEventsByIds,
  newestEventId,
  type EventRow,
} from './events.repo.ts';

/**
 * An event whose id is above one not heard of yet waits this long for the lower one to commit (ids are
 * taken before commit, so they can commit out of order), then the lower id is given up: rolled back, or
 * committing so late that only open streams still get it (decision 071).
 */
export const COMMIT_SLACK_MS = 2_000;
/** How often the one timer of the hub looks at the streams (heartbeats, ended sessions, held events). */
export const TICK_MS = 1_000;
/** A stream whose client reads slower than events come is closed beyond this much unsent data: it reconnects and replays. */
export const MAX_UNSENT_BYTES = 256 * 1024;
/** A catch-up after a lost listener connection larger than this sends `reset` to every stream instead. */
export const CATCH_UP_MAX = 5 * EVENT_REPLAY_MAX;

/** How many delivered ids the hub remembers to send a late one only once. */
const RECENT_IDS = 4_096;

/** One open stream: the minimum (no timer, no closure of its own beyond the close listener). */
export interface Stream {
  res: ServerResponse;
  schoolId: number;
  userId: number;
  sessionId: number;
  /** the session's absolute end (ms): the stream ends with it */
  sessionEndsAt: number;
  /** the client has every event up to this id already (its Last-Event-ID): live events up to it are not sent */
  after: number;
  lastWriteAt: number;
  /**
   * while the replay is being read: live events wait here (with their id, null for none), so the client gets
   * everything in id order; those the client turns out to have already are dropped at the release
   */
  queued: Queued[] | null;
}

export interface Queued {
  id: number | null;
  chunk: string;
  /** a session.end: the stream ends after it */
  ends: boolean;
}

export type SessionEndReason = EventData<'session.end'>['reason'];

/** One SSE event: `id:`, `event:`, `data:` (JSON on one line) and the blank line that ends it. */
export function formatEvent(id: number | null, type: string, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type EventHub = ReturnType<typeof createEventHub>;

export function createEventHub(deps: { database: Database; clock: Clock; log: FastifyBaseLogger }) {
  const { database, clock, log } = deps;
  const db = database.db;
  const byUser = new Map<number, Set<Stream>>();
  let open = 0;
  /** every id up to here has been delivered or given up */
  let watermark = 0;
  /** ids heard above the watermark, with their row (null: gone meanwhile) and when they were heard */
  const pending = new Map<number, { row: EventRow | null; at: number }>();
  /** the ids delivered last, newest last: a late id heard twice (notification and catch-up) goes out once */
  const recent = new Set<number>();
  let incoming: number[] = [];
  let draining = false;
  let needCatchUp = false;
  /** one thing at a time touches the watermark: batches, catch-ups, ticks */
  let chain: Promise<void> = Promise.resolve();
  let listener: Listener | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const serial = (work: () => Promise<void> | void) => {
    chain = chain.then(work).catch((err: unknown) => log.error({ err }, 'event stream fan-out failed'));
    return chain;
  };

  function write(s: Stream, chunk: string, id: number | null = null, ends = false): void {
    if (s.queued) {
      s.queued.push({ id, chunk, ends });
      return;
    }
    if (s.res.writableEnded || s.res.destroyed) return;
    s.res.write(chunk);
    s.lastWriteAt = clock().getTime();
    // a client that stopped reading (or reads slower than events come) must not grow this process's memory
    if (s.res.writableLength > MAX_UNSENT_BYTES) s.res.destroy();
  }

  function end(s: Stream): void {
    remove(s);
    if (!s.res.writableEnded) s.res.end();
  }

  function remove(s: Stream): void {
    const set = byUser.get(s.userId);
    if (!set?.delete(s)) return;
    open--;
    if (set.size === 0) byUser.delete(s.userId);
  }

  /**
   * A session holds at most EVENT_STREAMS_PER_SESSION live streams on this process: a stream going live beyond
   * that ends the oldest, without an event (that tab reconnects if it still wants to), so one account cannot
   * hold thousands of connections. Replaying streams do not count yet: they have sent nothing to end.
   */
  function capSession(s: Stream): void {
    const live = [...(byUser.get(s.userId) ?? [])].filter((o) => o.sessionId === s.sessionId && !o.queued);
    for (const oldest of live.slice(0, Math.max(0, live.length - EVENT_STREAMS_PER_SESSION))) end(oldest);
  }

  function* streamsOf(row: EventRow): Generator<Stream> {
    if (row.userIds) {
      for (const userId of row.userIds) {
        const set = byUser.get(userId);
        if (set) for (const s of set) if (s.schoolId === row.schoolId) yield s;
      }
      return;
    }
    for (const set of byUser.values()) for (const s of set) if (s.schoolId === row.schoolId) yield s;
  }

  function deliver(row: EventRow): void {
    if (recent.has(row.id)) return;
    recent.add(row.id);
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
    let chunk: string | undefined;
    const ending = row.type === 'session.end';
    for (const s of [...streamsOf(row)]) {
      if (row.id <= s.after) continue;
      if (row.sessionIds && !row.sessionIds.includes(s.sessionId)) continue;
      chunk ??= formatEvent(row.id, row.type, row.data);
      write(s, chunk, row.id, ending);
      // the session has ended: nothing more goes to this stream (a replaying one ends at its release)
      if (ending && !s.queued) end(s);
    }
  }

  /** Delivers what is pending in id order; a gap holds later ids back until COMMIT_SLACK_MS has passed. */
  function advance(): void {
    const now = clock().getTime();
    while (pending.size > 0) {
      const next = pending.get(watermark + 1);
      if (next) {
        pending.delete(watermark + 1);
        watermark++;
        if (next.row) deliver(next.row);
        continue;
      }
      const lowest = Math.min(...pending.keys());
      if (now - pending.get(lowest)!.at < COMMIT_SLACK_MS) break;
      // the ids below it were rolled back (or are very late): give them up
      watermark = lowest - 1;
    }
  }

  /** Rows heard of (by notification or catch-up): late ones go out at once, the others in id order. */
  function take(ids: readonly number[], rows: readonly EventRow[]): void {
    const now = clock().getTime();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = byId.get(id) ?? null;
      if (id <= watermark) {
        // committed after its wait was given up: streams open now still get it
        if (row) deliver(row);
      } else if (!pending.has(id)) pending.set(id, { row, at: now });
    }
    advance();
  }

  /** Reads what was missed while not listening; on failure `needCatchUp` stays and the next tick tries again. */
  async function catchUp(): Promise<void> {
    const rows = await findEventsAfter(db, watermark, CATCH_UP_MAX);
    needCatchUp = false;
    if (rows.length === CATCH_UP_MAX) {
      // too much was missed to send it all: every stream starts over from now
      pending.clear();
      watermark = await newestEventId(db);
      const chunk = formatEvent(watermark, 'reset', {});
      for (const set of byUser.values()) for (const s of set) write(s, chunk);
      return;
    }
    take(
      rows.map((r) => r.id),
      rows,
    );
  }

  function drain(): void {
    draining = false;
    const ids = incoming;
    incoming = [];
    void serial(async () => {
      let rows: EventRow[];
      try {
        rows = await findEventsByIds(db, ids);
      } catch (err) {
        // the database is away: the next tick catches up from the watermark instead
        log.warn({ err }, 'could not read events; catching up later');
        needCatchUp = true;
        return;
      }
      take(ids, rows);
    });
  }

  function notify(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    incoming.push(id);
    // ids arriving together (one commit, or a burst) are read in one query
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  }

  /**
   * What the one timer does (tests call it after moving the clock): releases held events, closes streams
   * whose session reached its absolute end, and writes a heartbeat comment to streams silent for
   * EVENT_HEARTBEAT_MS.
   */
  function tick(): Promise<void> {
    return serial(async () => {
      if (needCatchUp) await catchUp();
      advance();
      const now = clock().getTime();
      for (const set of [...byUser.values()]) {
        for (const s of [...set]) {
          if (s.queued) continue;
          if (now >= s.sessionEndsAt) {
            write(s, formatEvent(null, 'session.end', { reason: 'expired' }));
            end(s);
          } else if (now - s.lastWriteAt >= EVENT_HEARTBEAT_MS) write(s, ':\n');
        }
      }
    });
  }

  return {
    /** LISTENs and learns where "now" is; every stream opened later starts from there. */
    async start(): Promise<void> {
      listener = await database.listen(EVENTS_CHANNEL, {
        notify,
        reconnected: () => {
          needCatchUp = true;
          void serial(catchUp);
        },
      });
      // after LISTEN: whatever commits from here on is heard
      watermark = Math.max(watermark, await newestEventId(db));
      timer = setInterval(() => void tick(), TICK_MS);
      timer.unref();
    },
    /** Ends every stream (shutdown is not held up by them) and stops listening. */
    async stop(): Promise<void> {
      closed = true;
      clearInterval(timer);
      for (const set of [...byUser.values()]) for (const s of [...set]) end(s);
      await listener?.stop();
      listener = null;
      await chain;
    },
    get closed() {
      return closed;
    },
    /** Every id up to this has been delivered to the streams open at the time (or given up). */
    watermark: () => watermark,
    /** How many heard events wait for a lower id (tests). */
    held: () => pending.size,
    /** The streams of this process now. */
    size: () => open,
    /** The schools with open streams here. */
    schoolIds(): number[] {
      const ids = new Set<number>();
      for (const set of byUser.values()) for (const s of set) ids.add(s.schoolId);
      return [...ids];
    },
    /** Registers a stream; its close listener removes it. */
    add(s: Stream): void {
      let set = byUser.get(s.userId);
      if (!set) byUser.set(s.userId, (set = new Set()));
      set.add(s);
      open++;
    },
    remove,
    end,
    write,
    /**
     * Ends the replay: what it found first, then the live events that came meanwhile, but none the client has
     * already (up to `after`, its Last-Event-ID when it is ahead of this process). `ended`: the session ended
     * (the replay says so); the stream ends after it, as after a session.end that came while replaying.
     */
    release(s: Stream, start: { replay: string; after: number; ended: boolean }): void {
      const queued = s.queued ?? [];
      s.queued = null;
      s.after = start.after;
      let chunk = start.replay;
      let ends = start.ended;
      for (const q of queued) {
        if (ends) break;
        if (q.id === null || q.id > start.after) chunk += q.chunk;
        // the session ended (also when the client has that session.end already): nothing more goes out
        ends = q.ends;
      }
      if (chunk) write(s, chunk);
      if (ends) end(s);
      else capSession(s);
    },
    tick,
  };
}
