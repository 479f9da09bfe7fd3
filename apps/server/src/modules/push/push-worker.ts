// This process's share of the push queue (decision 073): claims due rows with a lease, sends them with bounded
// concurrency, and records each outcome. Woken by a poll, by kick() after an enqueue, and drained by tests.
import { Agent } from 'node:https';
import {
  PUSH_LEASE_MS,
  PUSH_MAX_ATTEMPTS,
  PUSH_MAX_FAILURES,
  PUSH_POLL_MS,
  PUSH_RETRY_BASE_MS,
  PUSH_SEND_TIMEOUT_MS,
  PUSH_TTL_S,
} from '@aula/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { getEnabledFeatures } from '../config/config.service.ts';
import { loadPushKeys, type SchoolPushKeys } from './push-keys.service.ts';
import {
  claimDue,
  deleteClaimed,
  finishSent,
  holdClaimed,
  insertLog,
  scheduleRetry,
  type ClaimedPush,
  type PushOutcome,
} from './push-queue.repo.ts';
import { atSending } from './push-relevance.ts';
import { sendPush, type SendResult } from './push-send.ts';
import { countSubscriptionFailure, deleteSubscriptionById } from './push-subscriptions.repo.ts';

/**
 * Pushes handled at once per process: few enough that the worker holds at most about half of a process's
 * database connections (10 by default), so requests are never starved by it. A claim takes no more rows than
 * that, so no claimed row waits for a lane while its lease runs.
 */
export const PUSH_CONCURRENCY = 6;
export const PUSH_BATCH = PUSH_CONCURRENCY;
/** Time kept between a send's timeout and the lease's end, for the write after it. */
export const PUSH_LEASE_MARGIN_MS = 5_000;

export interface PushWorkerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  secretKey: Buffer;
  publicOrigin: string | null;
  /** push service hosts that may be private (a stand-in, an in-house push service) */
  allowedHosts: readonly string[];
  /** trusted TLS roots instead of the system's (a stand-in's own certificate) */
  ca?: string;
}

export interface PushWorker {
  start(): void;
  /** looks for due pushes now (after an enqueue); never waits */
  kick(): void;
  /** sends until no row is due (tests, the bench) */
  drain(): Promise<void>;
  /**
   * stops claiming, waits up to `graceMs` (default PUSH_SEND_TIMEOUT_MS) for sends in flight, then ends the
   * rest (their rows stay leased for the next process)
   */
  stop(graceMs?: number): Promise<void>;
}

type Verdict =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number; retryAfterMs: number | null }
  | { kind: 'failed'; status: number };

/** What an answer means (decision 073): 201/202 done, 404/410 gone, 429/5xx and no answer again, else failed. */
export function verdictOf(res: SendResult): Verdict {
  const { status } = res;
  if (status === 201 || status === 202) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: res.retryAfterMs };
  // a timeout or a push service out of reach may pass; a refused address or a bad endpoint never will
  if (status === 0 && (res.failure === 'timeout' || res.failure === 'unreachable'))
    return { kind: 'retry', status, retryAfterMs: null };
  return { kind: 'failed', status };
}

/** The wait before the next try: the backoff for this many tries so far, or longer when the service asked. */
export function retryDelayMs(attempts: number, retryAfterMs: number | null): number {
  return Math.max(retryAfterMs ?? 0, PUSH_RETRY_BASE_MS * 2 ** attempts);
}

/** A Retry-After the push could not outlive: past its TTL (or too large to be a time at all). */
export function waitsTooLong(retryAfterMs: number | null): boolean {
  return retryAfterMs !== null && !(Number.isFinite(retryAfterMs) && retryAfterMs <= PUSH_TTL_S * 1000);
}

/** One push's whole handling (relevance, sending, recording) may take this long before its lane moves on. */
const HANDLE_DEADLINE_MS = 3 * PUSH_SEND_TIMEOUT_MS;

/** A stuck push must not stop the worker: past the deadline its row keeps its lease and goes again after it. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`push handling took over ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function createPushWorker(opts: PushWorkerOptions): PushWorker {
  const { db, clock, log } = opts;
  // keep-alive to each push service: a new TLS handshake per push would cost more than the encryption
  const agent = new Agent({ keepAlive: true, maxSockets: PUSH_CONCURRENCY });
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function record(row: ClaimedPush, outcome: PushOutcome, status: number): Promise<void> {
    await insertLog(db, { schoolId: row.schoolId, kind: row.kind, outcome, status, at: clock() });
  }

  async function handle(row: ClaimedPush, keysOf: (schoolId: number) => Promise<SchoolPushKeys | null>) {
    // a device whose session ended gets nothing more: sign-out, expiry, block (decision 073)
    if (!row.sessionLive) {
      await deleteSubscriptionById(db, row.subscriptionId);
      await record(row, 'dropped', 0);
      return;
    }
    const keys = await keysOf(row.schoolId);
    const decision = keys ? await atSending(db, row, clock()) : ({ action: 'drop' } as const);
    if (decision.action === 'hold') {
      // quiet hours now (a retry's backoff or a backlog carried it there, or the hours changed): not an attempt
      await holdClaimed(db, row, decision.until);
      return;
    }
    if (!keys || decision.action === 'drop') {
      if (await deleteClaimed(db, row)) await record(row, 'dropped', 0);
      return;
    }
    // the lease must outlast the send and the write after it, or another process may send the row as well
    if (clock().getTime() > row.lease.getTime() - PUSH_SEND_TIMEOUT_MS - PUSH_LEASE_MARGIN_MS) return;
    try {
      await deliver(row, keys);
    } catch (err) {
      // a push that throws (a key not on the curve, a write refused) is a try like any other: it ends
      log.error({ err, pushId: row.id }, 'push delivery failed');
      await countAttempt(row, 0, null);
    }
  }

  /** A try that did not get through: again after the backoff, or given up after PUSH_MAX_ATTEMPTS. */
  async function countAttempt(row: ClaimedPush, status: number, retryAfterMs: number | null): Promise<void> {
    const attempts = row.attempts + 1;
    if (attempts >= PUSH_MAX_ATTEMPTS || waitsTooLong(retryAfterMs)) {
      if (await deleteClaimed(db, row)) await record(row, 'failed', status);
      return;
    }
    const at = new Date(clock().getTime() + retryDelayMs(row.attempts, retryAfterMs));
    await scheduleRetry(db, row, attempts, at);
  }

  async function deliver(row: ClaimedPush, keys: SchoolPushKeys): Promise<void> {
    const res = await sendPush(row, row.payload, keys, {
      allowedHosts: opts.allowedHosts,
      ca: opts.ca,
      agent,
      signal: stopping.signal,
    });
    // closing: the row keeps its lease and goes to the next process after it
    if (res.failure === 'aborted') return;
    const verdict = verdictOf(res);
    const now = clock();
    switch (verdict.kind) {
      case 'sent':
        await finishSent(db, row, verdict.status, now);
        return;
      case 'gone':
        // the subscription's other queued pushes go with it (cascade)
        await deleteSubscriptionById(db, row.subscriptionId);
        await record(row, 'gone', verdict.status);
        return;
      case 'retry':
        await countAttempt(row, verdict.status, verdict.retryAfterMs);
        return;
      case 'failed':
        log.warn({ status: verdict.status, failure: res.failure, kind: row.kind }, 'push refused');
        if (!(await deleteClaimed(db, row))) return;
        await record(row, 'failed', verdict.status);
        // a subscription the push service refuses every time (a key changed elsewhere) goes after a few
        if ((await countSubscriptionFailure(db, row.subscriptionId)) >= PUSH_MAX_FAILURES)
          await deleteSubscriptionById(db, row.subscriptionId);
        return;
    }
  }

  /** One batch: claim, then send with at most PUSH_CONCURRENCY at once. Answers how many were claimed. */
  async function batch(): Promise<number> {
    const now = clock();
    const rows = await claimDue(db, now, new Date(now.getTime() + PUSH_LEASE_MS), PUSH_BATCH);
    if (rows.length === 0) return 0;
    const keys = new Map<number, Promise<SchoolPushKeys | null>>();
    const keysOf = (schoolId: number) => {
      let k = keys.get(schoolId);
      if (!k) {
        k = (async () => {
          // a school that switched push off sends nothing more; its queued pushes are dropped
          if (!(await getEnabledFeatures(db, schoolId)).includes('push')) return null;
          return loadPushKeys(opts, schoolId);
        })();
        keys.set(schoolId, k);
      }
      return k;
    };
    let next = 0;
    const lane = async () => {
      while (next < rows.length && !stopped) {
        const row = rows[next++]!;
        try {
          await withDeadline(handle(row, keysOf), HANDLE_DEADLINE_MS);
        } catch (err) {
          // a failure before sending (the database): the row keeps its lease and is tried again after it
          log.error({ err, pushId: row.id }, 'push delivery failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, rows.length) }, lane));
    return rows.length;
  }

  async function runUntilEmpty(): Promise<void> {
    while (!stopped && (await batch()) > 0);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runUntilEmpty();
        } catch (err) {
          log.error({ err }, 'push queue run failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void run(), PUSH_POLL_MS);
      timer.unref();
      void run();
    },
    kick() {
      if (!stopped) void run();
    },
    async drain() {
      // a run already going may have claimed before the caller's rows were due: run once more after it
      if (running) await running;
      if (!stopped) await run();
    },
    async stop(graceMs = PUSH_SEND_TIMEOUT_MS) {
      stopped = true;
      if (timer) clearInterval(timer);
      // sends in flight may finish (a push the service accepted is not sent again by the next process)
      if (running && graceMs > 0) {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((r) => (grace = setTimeout(r, graceMs)))]);
        clearTimeout(grace);
      }
      stopping.abort();
      if (running) await running;
      agent.destroy();
    },
  };
}
