import {
  LOGIN_IP_FLOOD_PER_MINUTE,
  LOGIN_LOCK_FAILURES,
  LOGIN_LOCK_MS,
  LOGIN_LOCK_WINDOW_MS,
  LOGIN_PAIR_FAILURES,
} from '@aula/contracts';
import { type Ctx, callerIp } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { deleteLoginLock } from './auth.repo.ts';
import { newLoginChallenge, takeLoginChallenge } from './login-challenge.service.ts';
import {
  countAttempts,
  deleteLoginAttempt,
  deleteLoginFailuresBefore,
  deleteLoginLocksBefore,
  deleteSpentChallengesBefore,
  findLoginLock,
  insertLoginAttempt,
  nthNewestFailureOfIp,
  nthNewestFailureOfPair,
  settleLoginFailure,
  startLoginLock,
} from './login-throttle.repo.ts';

const FLOOD_WINDOW_MS = 60_000;

/** Failures and locks are kept per lower-cased sign-in name, so unknown accounts behave like known ones. */
export function accountKeyOf(username: string): string {
  return username.trim().toLowerCase();
}

/** An admin's unlock, or a completed password reset: the account may sign in again at once. */
export async function clearLoginLock(ctx: Ctx, username: string): Promise<void> {
  await deleteLoginLock(ctx.db, ctx.schoolId, accountKeyOf(username));
}

/** 423 or 429 with Retry-After in seconds and the minutes for the translated message. */
function retryLater(status: 423 | 429, until: number, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new AppError(
    status,
    status === 423 ? 'auth.login_locked' : 'auth.too_many_requests',
    { minutes: Math.ceil(seconds / 60) },
    { 'retry-after': String(seconds) },
  );
}

// one audit entry per throttled address and minute, however long the flood goes on
const throttleAudited = new WeakMap<Db, Map<string, number>>();

/** How a password check is gated (decision 074). */
export interface LoginGate {
  /** the browser's device id when its device cookie names this account (device-cookie.ts), else null */
  device: string | null;
  /** the solved proof of work the sign-in carried (ALTCHA's base64 payload) */
  altcha?: string;
  /** a signed-in user proving their password again: no proof of work, the account's limits still hold */
  signedIn?: boolean;
}

/**
 * Runs before the password is checked (sign-in and reauth), the same for known and unknown accounts. A
 * trusted device (its cookie names the account, and it has not failed LOGIN_PAIR_FAILURES times itself) is
 * never challenged or locked by others' failures. Anyone else: while the address floods (over
 * LOGIN_IP_FLOOD_PER_MINUTE failures in the last minute) a sign-in must carry a solved challenge, else 429
 * with a new one; 423 while the account is locked or this address has failed LOGIN_PAIR_FAILURES times for
 * it in the window. An address is never refused outright: a class signing in from one address always gets
 * in (SECURITY.md).
 */
async function assertLoginAllowed(ctx: Ctx, accountKey: string, gate: LoginGate): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock().getTime();
  // a device this account signed in on before: others' failures neither challenge nor lock it
  if (gate.device !== null) return;
  const [flood, lockedUntil, pair] = await Promise.all([
    gate.signedIn
      ? null
      : nthNewestFailureOfIp(db, callerIp(ctx), new Date(now - FLOOD_WINDOW_MS), LOGIN_IP_FLOOD_PER_MINUTE),
    findLoginLock(db, ctx.schoolId, accountKey),
    nthNewestFailureOfPair(
      db,
      ctx.schoolId,
      accountKey,
      callerIp(ctx),
      new Date(now - LOGIN_LOCK_WINDOW_MS),
      LOGIN_PAIR_FAILURES,
    ),
  ]);
  if (lockedUntil && lockedUntil.getTime() > now) throw retryLater(423, lockedUntil.getTime(), now);
  if (pair) throw retryLater(423, pair.getTime() + LOGIN_LOCK_WINDOW_MS, now);
  if (flood && !(await takeLoginChallenge(ctx, gate.altcha))) {
    const until = flood.getTime() + FLOOD_WINDOW_MS;
    await auditThrottle(ctx, until, now);
    const refusal = retryLater(429, until, now);
    throw new AppError(429, 'auth.challenge_required', refusal.params, refusal.headers, undefined, {
      challenge: await newLoginChallenge(ctx),
    });
  }
}

async function auditThrottle(ctx: Ctx, until: number, now: number): Promise<void> {
  let seen = throttleAudited.get(ctx.db);
  if (!seen) throttleAudited.set(ctx.db, (seen = new Map()));
  if ((seen.get(callerIp(ctx)) ?? 0) > now) return;
  if (seen.size > 10_000) seen.clear();
  seen.set(callerIp(ctx), until);
  await audit(ctx, 'login.throttled', { details: { failuresPerMinute: LOGIN_IP_FLOOD_PER_MINUTE } });
}

const lastSweep = new WeakMap<Db, number>();

/** One password check under the limits: reserved before the check, settled after it. */
export interface LoginAttempt {
  /** the password (or code) was wrong: a failure that counts, and may start the account's lock */
  fail(targetId: number | null): Promise<void>;
  /** anything but a wrong password or code: the attempt counts for nothing (idempotent) */
  end(): Promise<void>;
}

// A reservation older than this is a crashed process's: it no longer holds others back.
const STALE_ATTEMPT_MS = 60_000;
// How long an attempt waits for those ahead of it to settle before it gives up: a password check takes tens
// of milliseconds and thirty children with one class account wait six rounds of five, but a correct password
// must not be refused because the server is slow for a while, so only a stuck check makes anyone give up.
const WAIT_FOR_AHEAD_MS = 120_000;
// Attempts of another process settle without telling this one: look again this often.
const RECHECK_MS = 250;

// this process's attempts waiting for an attempt of the same account to settle
const waiting = new Map<string, Set<() => void>>();
const waitKey = (schoolId: number, accountKey: string) => `${schoolId}\u0000${accountKey}`;

function settled(schoolId: number, accountKey: string): void {
  const key = waitKey(schoolId, accountKey);
  const set = waiting.get(key);
  if (!set) return;
  waiting.delete(key);
  for (const wake of set) wake();
}

function nextSettle(schoolId: number, accountKey: string): Promise<void> {
  const key = waitKey(schoolId, accountKey);
  let set = waiting.get(key);
  if (!set) waiting.set(key, (set = new Set()));
  const waiters = set;
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, RECHECK_MS);
    waiters.add(wake);
  });
}

/**
 * Reserves an attempt before the password is checked (sign-in, reauth, password change, 2FA removal).
 * The reservation counts at once, so a burst of concurrent guesses cannot slip past the limits between the
 * check and the record: at most what is left of the budget (LOGIN_PAIR_FAILURES for an address or a trusted
 * device, LOGIN_LOCK_FAILURES for the account) is checked at once. An attempt beyond it waits for those
 * ahead of it to settle instead of being refused: a success frees its place, so thirty children signing in
 * with one class account all get in, while failures use the budget up and the attempts still waiting get 423
 * unchecked (decision 074).
 */
export async function beginLoginAttempt(
  ctx: Ctx,
  accountKey: string,
  gate: LoginGate = { device: null },
): Promise<LoginAttempt> {
  const { db, schoolId } = ctx;
  const ip = callerIp(ctx);
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOGIN_LOCK_WINDOW_MS);
  // a trusted device that failed LOGIN_PAIR_FAILURES times itself is trusted no more (OWASP device cookies)
  const device =
    gate.device !== null &&
    (await countAttempts(db, { schoolId, accountKey, ip, device: gate.device }, since)).device <
      LOGIN_PAIR_FAILURES
      ? gate.device
      : null;
  await assertLoginAllowed(ctx, accountKey, { ...gate, device });
  const scope = { schoolId, accountKey, ip, device };
  const id = await insertLoginAttempt(db, { ...scope, at: now });
  const upTo = { id, staleBefore: new Date(now.getTime() - STALE_ATTEMPT_MS) };
  const giveUpAt = performance.now() + WAIT_FOR_AHEAD_MS;
  for (;;) {
    const c = await countAttempts(db, scope, since, upTo);
    // each budget left after the settled failures must have room for the attempts ahead and this one
    const budgets: [left: number, ahead: number][] =
      scope.device !== null
        ? [[LOGIN_PAIR_FAILURES - c.device, c.deviceAhead]]
        : [
            [LOGIN_PAIR_FAILURES - c.pair, c.pairAhead],
            [LOGIN_LOCK_FAILURES - c.account, c.accountAhead],
          ];
    if (budgets.every(([left, ahead]) => ahead < left)) break;
    if (budgets.some(([left]) => left <= 0) || performance.now() > giveUpAt) {
      await deleteLoginAttempt(db, id);
      throw retryLater(423, now.getTime() + LOGIN_LOCK_MS, now.getTime());
    }
    await nextSettle(schoolId, accountKey);
  }
  let done = false;
  return {
    async fail(targetId) {
      if (done) return;
      done = true;
      await settleLoginFailure(db, id);
      settled(schoolId, accountKey);
      await afterFailure(ctx, accountKey, targetId);
    },
    async end() {
      if (done) return;
      done = true;
      await deleteLoginAttempt(db, id);
      settled(schoolId, accountKey);
    },
  };
}

/** Starts the account's lock at LOGIN_LOCK_FAILURES failures in the window (audited); the pair's lock needs no row. */
async function afterFailure(ctx: Ctx, accountKey: string, targetId: number | null): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOGIN_LOCK_WINDOW_MS);
  const { account, pair } = await countAttempts(
    db,
    { schoolId: ctx.schoolId, accountKey, ip: callerIp(ctx), device: null },
    since,
  );
  if (account >= LOGIN_LOCK_FAILURES) {
    const lockedUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
    if (await startLoginLock(db, ctx.schoolId, accountKey, lockedUntil, now))
      await audit(ctx, 'login.locked', {
        actorId: null,
        targetId,
        details: { account: accountKey, scope: 'account', until: lockedUntil.toISOString() },
      });
  } else if (pair === LOGIN_PAIR_FAILURES) {
    await audit(ctx, 'login.locked', {
      actorId: null,
      targetId,
      details: { account: accountKey, scope: 'address' },
    });
  }
  await sweep(db, now);
}

/** Rows older than every window count for nothing: dropped at most once per window per database. */
async function sweep(db: Db, now: Date): Promise<void> {
  const last = lastSweep.get(db);
  if (last !== undefined && now.getTime() - last < LOGIN_LOCK_WINDOW_MS && now.getTime() >= last) return;
  lastSweep.set(db, now.getTime());
  await deleteLoginFailuresBefore(db, new Date(now.getTime() - LOGIN_LOCK_WINDOW_MS));
  await deleteLoginLocksBefore(db, now);
  await deleteSpentChallengesBefore(db, now);
}
