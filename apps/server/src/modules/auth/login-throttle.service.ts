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
import {
  countAccountFailures,
  deleteLoginAttempt,
  deleteLoginFailuresBefore,
  deleteLoginLocksBefore,
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

/**
 * Runs before the password is checked (sign-in and reauth), the same for known and unknown accounts:
 * 429 while the address floods (over LOGIN_IP_FLOOD_PER_MINUTE failures in the last minute), 423 while
 * the account is locked or this address has failed LOGIN_PAIR_FAILURES times for it in the window.
 * Only failures are counted: a class signing in from one address is never slowed down (SECURITY.md).
 */
export async function assertLoginAllowed(ctx: Ctx, accountKey: string): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock().getTime();
  const [flood, lockedUntil, pair] = await Promise.all([
    nthNewestFailureOfIp(db, callerIp(ctx), new Date(now - FLOOD_WINDOW_MS), LOGIN_IP_FLOOD_PER_MINUTE),
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
  if (flood) {
    const until = flood.getTime() + FLOOD_WINDOW_MS;
    await auditThrottle(ctx, until, now);
    throw retryLater(429, until, now);
  }
  if (lockedUntil && lockedUntil.getTime() > now) throw retryLater(423, lockedUntil.getTime(), now);
  if (pair) throw retryLater(423, pair.getTime() + LOGIN_LOCK_WINDOW_MS, now);
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

/**
 * Reserves an attempt before the password is checked (sign-in, reauth, password change, 2FA removal).
 * The reservation counts at once, so a burst of concurrent guesses cannot slip past the limits between
 * the check and the record: only the first LOGIN_PAIR_FAILURES of an (account, address) pair and the
 * first LOGIN_LOCK_FAILURES of an account in the window are checked at all; the rest get 423 unchecked.
 */
export async function beginLoginAttempt(ctx: Ctx, accountKey: string): Promise<LoginAttempt> {
  await assertLoginAllowed(ctx, accountKey);
  const { db } = ctx;
  const now = ctx.clock();
  const id = await insertLoginAttempt(db, { schoolId: ctx.schoolId, accountKey, ip: callerIp(ctx), at: now });
  const since = new Date(now.getTime() - LOGIN_LOCK_WINDOW_MS);
  const counted = await countAccountFailures(db, ctx.schoolId, accountKey, callerIp(ctx), since, id);
  if (counted.pair > LOGIN_PAIR_FAILURES || counted.account > LOGIN_LOCK_FAILURES) {
    await deleteLoginAttempt(db, id);
    throw retryLater(423, now.getTime() + LOGIN_LOCK_MS, now.getTime());
  }
  let settled = false;
  return {
    async fail(targetId) {
      if (settled) return;
      settled = true;
      await settleLoginFailure(db, id);
      await afterFailure(ctx, accountKey, targetId);
    },
    async end() {
      if (settled) return;
      settled = true;
      await deleteLoginAttempt(db, id);
    },
  };
}

/** Starts the account's lock at LOGIN_LOCK_FAILURES failures in the window (audited); the pair's lock needs no row. */
async function afterFailure(ctx: Ctx, accountKey: string, targetId: number | null): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOGIN_LOCK_WINDOW_MS);
  const { account, pair } = await countAccountFailures(db, ctx.schoolId, accountKey, callerIp(ctx), since);
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
}
