import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
  RESET_REQUESTS_PER_HOUR,
  RESET_REQUESTS_PER_IP_HOUR,
  type OkResult,
  type ResetCodeCheck,
  type ResetCodeRequest,
  type ResetCodeReset,
} from '@aula/contracts';
import { type Ctx, callerIp } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { purposeKey } from '../../lib/secret-box.ts';
import { audit } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { accountKeyOf, clearLoginLock } from '../auth/login-throttle.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { recipientsOf, runAfterResponse, sendMail } from '../mail/mail.service.ts';
import { setPassword } from '../users/users.service.ts';
import {
  addResetCodeAttempt,
  consumeResetCode,
  countResetRequests,
  countResetRequestsOfIp,
  deleteResetRequest,
  deleteResetRequestsBefore,
  findAccountsByNameOrEmail,
  findOpenResetCodes,
  insertResetCode,
  insertResetRequest,
  invalidateResetCodes,
} from './account.repo.ts';
import { assertPasswordAllowed } from './password-policy.service.ts';
import { resetCodeMail } from './reset-code-mail.ts';

const HOUR_MS = 60 * 60_000;
// an address shared by siblings (a parent's) gets one mail per account, up to this many
const MAX_ACCOUNTS_PER_ADDRESS = 10;
// 32 symbols without 0/O/1/I; 256 is a multiple of 32, so `byte & 31` picks each with equal chance
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newResetCode(): string {
  return [...randomBytes(RESET_CODE_LENGTH)].map((b) => CODE_ALPHABET[b & 31]).join('');
}

/** Keyed with the server secret: a copy of the table alone does not let anyone try the 2^40 codes offline. */
function codeHash(secretKey: Buffer, userId: number, code: string): string {
  return createHmac('sha256', purposeKey(secretKey, 'reset-code'))
    .update(`reset-code:${userId}:${code}`)
    .digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Names that got no code (unknown, blocked, no address) still behave like a code was sent: five wrong
 * tries within the code's lifetime answer 423, as for a real code (SECURITY.md: same answer for unknown
 * addresses). Kept in memory per server: an approximation across several instances (decision 029).
 */
interface DecoyCode {
  expiresAt: number;
  attempts: number;
}
// per app, by its database handle (made once per app)
const decoys = new WeakMap<object, Map<string, DecoyCode>>();
const MAX_DECOYS = 10_000;

function decoysOf(ctx: Ctx): Map<string, DecoyCode> {
  let map = decoys.get(ctx.db);
  if (!map) {
    map = new Map();
    decoys.set(ctx.db, map);
  }
  return map;
}

function setDecoy(ctx: Ctx, key: string, now: Date): void {
  const map = decoysOf(ctx);
  if (map.size >= MAX_DECOYS) {
    for (const [k, d] of map) if (d.expiresAt <= now.getTime()) map.delete(k);
    if (map.size >= MAX_DECOYS) map.delete(map.keys().next().value!);
  }
  map.set(key, { expiresAt: now.getTime() + RESET_CODE_TTL_MS, attempts: 0 });
}

function wrongCode(): AppError {
  return new AppError(400, 'auth.wrong_code');
}
function tooManyTries(): AppError {
  return new AppError(423, 'auth.too_many_tries');
}

/** POST /api/v2/account/reset-code: the same 200 for every name; the code is made and mailed after answering. */
export async function requestResetCode(ctx: Ctx, input: ResetCodeRequest): Promise<OkResult> {
  const { db } = ctx;
  const now = ctx.clock();
  const key = accountKeyOf(input.username);
  // record first, then count: two concurrent requests cannot both slip under the limit
  const id = await insertResetRequest(db, {
    schoolId: ctx.schoolId,
    accountKey: key,
    ip: callerIp(ctx),
    at: now,
  });
  const since = new Date(now.getTime() - HOUR_MS);
  const [perName, perAddress] = await Promise.all([
    countResetRequests(db, ctx.schoolId, key, since),
    countResetRequestsOfIp(db, callerIp(ctx), since),
  ]);
  // per name, and per address: one device cannot mail codes for (or probe) a whole school's names
  const over =
    perName.n > RESET_REQUESTS_PER_HOUR
      ? perName
      : perAddress.n > RESET_REQUESTS_PER_IP_HOUR
        ? perAddress
        : null;
  if (over) {
    const { oldest } = over;
    // a refused request is not counted, so the window frees up an hour after the oldest accepted one
    await deleteResetRequest(db, id);
    const waitMs = Math.max(
      1_000,
      (oldest ? new Date(oldest).getTime() : now.getTime()) + HOUR_MS - now.getTime(),
    );
    throw new AppError(
      429,
      'auth.too_many_requests',
      { minutes: Math.ceil(waitMs / 60_000) },
      { 'retry-after': String(Math.ceil(waitMs / 1000)) },
    );
  }
  runAfterResponse(ctx, () => issueResetCodes(ctx, key, now));
  return { ok: true };
}

async function issueResetCodes(ctx: Ctx, key: string, now: Date): Promise<void> {
  const { db, secretKey } = ctx;
  const schoolId = ctx.schoolId;
  await deleteResetRequestsBefore(db, schoolId, key, new Date(now.getTime() - HOUR_MS));
  const accounts = (await findAccountsByNameOrEmail(db, schoolId, key))
    .filter((a) => !a.blocked)
    .slice(0, MAX_ACCOUNTS_PER_ADDRESS);
  let issued = 0;
  for (const account of accounts) {
    const to = await recipientsOf(ctx, account);
    if (to.length === 0) continue;
    const code = newResetCode();
    await transaction(db, async (tx) => {
      await invalidateResetCodes(tx, account.id, now);
      await insertResetCode(tx, {
        schoolId,
        userId: account.id,
        codeHash: codeHash(secretKey, account.id, code),
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
        createdAt: now,
      });
    });
    issued += 1;
    await audit(ctx, 'password.reset_requested', { actorId: null, targetId: account.id });
    const mail = resetCodeMail(account.selectedLang, {
      firstName: account.firstName || account.username,
      username: account.username,
      code: `${code.slice(0, 4)}-${code.slice(4)}`,
      minutes: Math.round(RESET_CODE_TTL_MS / 60_000),
    });
    await sendMail(ctx, { schoolId, userId: account.id, to, ...mail });
  }
  if (issued === 0) {
    setDecoy(ctx, `${schoolId}:${key}`, now);
    await audit(ctx, 'password.reset_requested', { actorId: null, details: { username: key.slice(0, 100) } });
  } else {
    decoysOf(ctx).delete(`${schoolId}:${key}`);
  }
}

type Account = Awaited<ReturnType<typeof findAccountsByNameOrEmail>>[number];

/**
 * The checks shared by /check and /reset: the right, live code of one account, or the error. Wrong codes
 * count a try; the fifth burns the code (423). "Expired" is only said to whoever typed the right code, so
 * the answer never shows that a name had a code.
 */
async function verifyResetCode(
  ctx: Ctx,
  input: ResetCodeCheck,
): Promise<{ account: Account; codeId: number }> {
  const { db, secretKey } = ctx;
  const now = ctx.clock();
  const key = accountKeyOf(input.username);
  const accounts = (await findAccountsByNameOrEmail(db, ctx.schoolId, key)).filter((a) => !a.blocked);
  const newest = new Map<number, Awaited<ReturnType<typeof findOpenResetCodes>>[number]>();
  for (const c of await findOpenResetCodes(
    db,
    ctx.schoolId,
    accounts.map((a) => a.id),
  )) {
    if (!newest.has(c.userId)) newest.set(c.userId, c);
  }
  const codes = [...newest.values()];
  const failed = async (reason: string, targetId: number | null) =>
    audit(ctx, 'password.reset_failed', { actorId: null, targetId, details: { reason } });

  if (codes.length === 0) {
    const decoy = decoysOf(ctx).get(`${ctx.schoolId}:${key}`);
    const target = accounts.length === 1 ? accounts[0]!.id : null;
    if (!decoy || decoy.expiresAt <= now.getTime()) {
      await failed('wrong_code', target);
      throw wrongCode();
    }
    decoy.attempts += 1;
    await failed(decoy.attempts >= RESET_CODE_MAX_ATTEMPTS ? 'too_many_tries' : 'wrong_code', target);
    throw decoy.attempts >= RESET_CODE_MAX_ATTEMPTS ? tooManyTries() : wrongCode();
  }

  const match = codes.find((c) => sameHash(c.codeHash, codeHash(secretKey, c.userId, input.code)));
  if (match) {
    if (match.expiresAt <= now) {
      await failed('expired', match.userId);
      throw new AppError(410, 'auth.reset_timeout');
    }
    if (match.attempts >= RESET_CODE_MAX_ATTEMPTS) {
      await failed('too_many_tries', match.userId);
      throw tooManyTries();
    }
    return { account: accounts.find((a) => a.id === match.userId)!, codeId: match.id };
  }
  const live = codes.filter((c) => c.expiresAt > now);
  let burned = live.length > 0;
  for (const c of live) {
    const attempts = c.attempts >= RESET_CODE_MAX_ATTEMPTS ? c.attempts : await addResetCodeAttempt(db, c.id);
    if (attempts < RESET_CODE_MAX_ATTEMPTS) burned = false;
  }
  await failed(burned ? 'too_many_tries' : 'wrong_code', codes.length === 1 ? codes[0]!.userId : null);
  throw burned ? tooManyTries() : wrongCode();
}

/** POST /api/v2/account/reset-code/check: whether the code is right; does not use it up. */
export async function checkResetCode(ctx: Ctx, input: ResetCodeCheck): Promise<OkResult> {
  await verifyResetCode(ctx, input);
  return { ok: true };
}

/** POST /api/v2/account/reset-code/reset: a new password with the code; ends every session and lifts a lock. */
export async function resetPassword(ctx: Ctx, input: ResetCodeReset): Promise<OkResult> {
  const { db } = ctx;
  const { account, codeId } = await verifyResetCode(ctx, input);
  await assertPasswordAllowed(ctx, input.password, account);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock();
  const done = await transaction(db, async (tx) => {
    if (!(await consumeResetCode(tx, codeId, RESET_CODE_MAX_ATTEMPTS, now))) return false;
    await setPassword(tx, account.id, passwordHash, now);
    return true;
  });
  // another request used the code in the meantime
  if (!done) throw wrongCode();
  await revokeUserSessions(ctx, account.id, 'reset');
  await clearLoginLock(ctx, account.username);
  await audit(ctx, 'password.reset', { actorId: account.id, targetId: account.id });
  return { ok: true };
}
