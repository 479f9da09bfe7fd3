import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, eq, gt } from 'drizzle-orm';
import { generate } from 'otplib';
import {
  LOGIN_LOCK_MS,
  LOGIN_LOCK_WINDOW_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TotpSetupSchema,
} from '@aula/contracts';
import { auditLog, loginFailures } from '../../db/schema.ts';
import {
  call,
  callAs,
  cookiesFrom,
  DEMO_PASSWORD,
  demoSchoolId,
  postFrom,
  setUpTestApp,
  type AddressedAnswer,
} from '../../test/test-app.ts';
import { makeUser, uniqueName, type UserOptions } from '../../test/factories.ts';
import { verifyCount } from './passwords.ts';

const MIN = 60_000;
const t = setUpTestApp({ now: '2026-11-23T08:00:00Z' });
const clock = t.clock;
let schoolId: number;
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});

type Answer = AddressedAnswer;

/** A sign-in from a given loopback address (postFrom: req.ip is the socket's source address). */
function loginFrom(ip: string, username: string, password: string, totp?: string): Promise<Answer> {
  return postFrom(t.base, '/api/login', { ip, body: { username, password, ...(totp ? { totp } : {}) } });
}

// in the order they were written (PostgreSQL promises no order without one)
const auditRows = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const audits = async (action: string) => (await auditRows(action)).length;
const failuresOf = async (accountKey: string) =>
  (
    await t.database.db
      .select()
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.schoolId, schoolId),
          eq(loginFailures.accountKey, accountKey),
          gt(loginFailures.at, new Date(clock.now() - LOGIN_LOCK_WINDOW_MS)),
        ),
      )
  ).length;
/**
 * The file's clock goes back to where it stands now when the test finishes. Every test signs in as users
 * of its own, and the flood test from an address no other test uses, so no test meets another's failures
 * or locks, whatever order they run in.
 */
function restoreClockAfterTest() {
  const at = clock.now();
  onTestFinished(() => clock.set(at));
}

/** A user of the test's own, signing in with DEMO_PASSWORD: their name is their account key. */
async function ownUser(options: UserOptions = {}): Promise<string> {
  return (await makeUser(t, options)).username;
}

/** The headers a client can tell apart; date and request id differ on every answer. */
const headerNames = (a: Answer) =>
  Object.keys(a.headers)
    .filter((h) => !['date', 'x-request-id', 'content-length', 'etag'].includes(h))
    .sort();

describe('a class behind one address', () => {
  // seventy password checks one after another: on a busy machine longer than the default 30 s
  it(
    '35 pupils signing in from one address within a minute all succeed, even after a typo each',
    { timeout: 180_000 },
    async () => {
      await Promise.all(
        Array.from({ length: 35 }, (_, i) =>
          makeUser(t, {
            schoolId,
            username: `pupil${i}`,
            firstName: 'Kind',
            lastName: String(i),
            password: 'Klasse-7b-Passwort',
          }),
        ),
      );
      restoreClockAfterTest();
      const start = clock.now();
      for (let i = 0; i < 35; i++) {
        clock.set(start + i * 1_500); // all within one minute
        expect((await loginFrom('127.0.0.10', `pupil${i}`, 'Klasse-7b-Pass')).status).toBe(401);
        const ok = await loginFrom('127.0.0.10', `pupil${i}`, 'Klasse-7b-Passwort');
        expect(ok.status).toBe(200);
      }
      expect(clock.now() - start).toBeLessThan(MIN);
    },
  );
});

describe('account lock', () => {
  it('10 failures in 15 minutes lock the account: 423 with Retry-After and minutes, audited; the lock ends after its period', async () => {
    restoreClockAfterTest();
    const student = await ownUser();
    // from two addresses, so the (account, address) rule does not answer first
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(i < 5 ? '127.0.0.2' : '127.0.0.3', student, `wrong-${i}`)).status).toBe(401);
    // the first address's own lock after 5, the account's after 10
    const entries = (await auditRows('login.locked')).filter(
      (e) => (e.details as { account?: string }).account === student,
    );
    expect(entries.map((e) => e.details)).toEqual([
      { account: student, scope: 'address' },
      { account: student, scope: 'account', until: new Date(clock.now() + LOGIN_LOCK_MS).toISOString() },
    ]);

    const verifies = verifyCount();
    const res = await loginFrom('127.0.0.4', student, DEMO_PASSWORD);
    expect(res.status).toBe(423);
    expect(res.body).toEqual({
      code: 'auth.login_locked',
      message: expect.any(String),
      params: { minutes: 15 },
    });
    expect(res.headers['retry-after']).toBe(String(LOGIN_LOCK_MS / 1000));
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(verifyCount()).toBe(verifies); // refused before the password is checked
    for (const locale of ['de', 'en', 'fa', 'ar']) {
      const messages = JSON.parse(
        readFileSync(new URL(`../../../../web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
      );
      expect(messages.errors.auth.login_locked).toContain('{{minutes}}');
    }

    clock.advance(5 * MIN);
    const later = await loginFrom('127.0.0.4', student, DEMO_PASSWORD);
    expect(later.status).toBe(423);
    expect(later.headers['retry-after']).toBe(String(10 * 60));
    expect(later.body.params).toEqual({ minutes: 10 });

    clock.advance(10 * MIN);
    expect((await loginFrom('127.0.0.4', student, DEMO_PASSWORD)).status).toBe(200);
    // the old failures aged out with the lock: one more typo does not lock again
    expect((await loginFrom('127.0.0.4', student, 'typo')).status).toBe(401);
    expect((await loginFrom('127.0.0.4', student, DEMO_PASSWORD)).status).toBe(200);
  });

  it('an unknown name is locked exactly like a known one: status, body and headers', async () => {
    const answers: Answer[] = [];
    for (const name of [await ownUser({ role: 'teacher' }), uniqueName('niemand-hier-')]) {
      for (let i = 0; i < 10; i++) await loginFrom(i < 5 ? '127.0.0.2' : '127.0.0.3', name, `wrong-${i}`);
      answers.push(await loginFrom('127.0.0.4', name, DEMO_PASSWORD));
    }
    const [known, unknown] = answers as [Answer, Answer];
    expect(known.status).toBe(423);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
    expect(headerNames(unknown)).toEqual(headerNames(known));
  });
});

describe('(account, address) lock', () => {
  it('5 failures from one address lock that address out of that account only; a success neither resets nor counts', async () => {
    restoreClockAfterTest();
    const [student2, student3] = [await ownUser(), await ownUser()];
    for (let i = 0; i < 5; i++)
      expect((await loginFrom('127.0.0.5', student2, `nope-${i}`)).status).toBe(401);
    const res = await loginFrom('127.0.0.5', student2, DEMO_PASSWORD);
    expect(res.status).toBe(423);
    expect(res.body.code).toBe('auth.login_locked');
    expect(Number(res.headers['retry-after'])).toBe(15 * 60);

    const failures = await failuresOf(student2);
    expect((await loginFrom('127.0.0.6', student2, DEMO_PASSWORD)).status).toBe(200);
    expect(await failuresOf(student2)).toBe(failures);
    // the same address may still sign in to other accounts
    expect((await loginFrom('127.0.0.5', student3, DEMO_PASSWORD)).status).toBe(200);
    expect((await loginFrom('127.0.0.5', student2, DEMO_PASSWORD)).status).toBe(423);
    clock.advance(15 * MIN);
    expect((await loginFrom('127.0.0.5', student2, DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('flood from one address', () => {
  it(
    'over 100 failures a minute from one address: a sign-in from it without a proof of work gets 429 with a challenge, audited once; other addresses sign in',
    { timeout: 180_000 },
    async () => {
      restoreClockAfterTest();
      const teacher = await ownUser({ role: 'teacher' });
      const throttled = await audits('login.throttled');
      for (let i = 0; i < 100; i++) {
        clock.advance(100); // 100 failures within ten seconds, each for another name
        expect((await loginFrom('127.0.0.7', `guess-${i}`, 'hunter2')).status).toBe(401);
      }
      const blocked = await loginFrom('127.0.0.7', teacher, DEMO_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        code: 'auth.challenge_required',
        message: expect.any(String),
        params: { minutes: 1 },
        challenge: expect.objectContaining({ signature: expect.any(String) }),
      });
      const retry = Number(blocked.headers['retry-after']);
      expect(retry).toBeGreaterThan(45);
      expect(retry).toBeLessThanOrEqual(60);
      expect((await loginFrom('127.0.0.7', teacher, DEMO_PASSWORD)).status).toBe(429);
      expect(await audits('login.throttled')).toBe(throttled + 1);

      expect((await loginFrom('127.0.0.8', teacher, DEMO_PASSWORD)).status).toBe(200);
      clock.advance(retry * 1000);
      expect((await loginFrom('127.0.0.7', teacher, DEMO_PASSWORD)).status).toBe(200);
    },
  );
});

describe('concurrent guesses', () => {
  it('a burst of 30 wrong passwords at once checks at most 5 from one address; the rest get 423 unchecked', async () => {
    const teacher2 = await ownUser({ role: 'teacher' });
    const before = verifyCount();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom('127.0.0.20', teacher2, `burst-${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 423)).toBe(true);
    // every answered 401 cost one check; nothing beyond the limit was checked
    expect(verifyCount() - before).toBe(statuses.filter((s) => s === 401).length);
    expect(await failuresOf(teacher2)).toBeLessThanOrEqual(5);
    // another address still signs in with the right password
    expect((await loginFrom('127.0.0.21', teacher2, DEMO_PASSWORD)).status).toBe(200);
  });

  it('a success leaves nothing behind: sign-ins in flight never count as failures', async () => {
    const admin = await ownUser({ role: 'admin' });
    await Promise.all(Array.from({ length: 8 }, () => loginFrom('127.0.0.22', admin, DEMO_PASSWORD)));
    expect(await failuresOf(admin)).toBe(0);
  });
});

describe('timing of unknown accounts', () => {
  it('an unknown user costs exactly one password verification, like a known one', async () => {
    const teacher = await ownUser({ role: 'teacher' });
    const cost = async (username: string) => {
      const before = verifyCount();
      const res = await loginFrom('127.0.0.9', username, 'wrong-password');
      return { verifies: verifyCount() - before, res };
    };
    const known = await cost(teacher);
    const unknown = await cost(uniqueName('gibt-es-nicht-'));
    expect(known.verifies).toBe(1);
    expect(unknown.verifies).toBe(1);
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.body).toEqual(known.res.body);
    expect(headerNames(unknown.res)).toEqual(headerNames(known.res));
  });
});

describe('TOTP at sign-in', () => {
  it('wrong codes count toward the lock; a missing code does not', async () => {
    restoreClockAfterTest();
    const teacher = await ownUser({ role: 'teacher' });
    const login = await call(t.base, '/api/login', {
      body: { username: teacher, password: DEMO_PASSWORD },
    });
    const cookie = cookiesFrom(login);
    const setup = await callAs(TotpSetupSchema, t.base, '/api/totp/code', { cookie });
    expect(setup.status).toBe(200);
    const code = (at: number) =>
      generate({
        secret: setup.body.secret,
        digits: TOTP_DIGITS,
        period: TOTP_PERIOD_S,
        epoch: Math.floor(at / 1000),
      });
    const verified = await call(t.base, '/api/totp/code/verify', {
      cookie,
      body: { code: await code(clock.now()), password: DEMO_PASSWORD },
    });
    expect(verified.status).toBe(200);

    const before = await failuresOf(teacher);
    const missing = await loginFrom('127.0.0.11', teacher, DEMO_PASSWORD);
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('auth.totp_missing');
    expect(await failuresOf(teacher)).toBe(before);

    const right = await code(clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const bad = await loginFrom('127.0.0.11', teacher, DEMO_PASSWORD, wrong);
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('auth.wrong_code');
    expect(await failuresOf(teacher)).toBe(before + 1);

    clock.advance(2 * TOTP_PERIOD_S * 1000);
    expect((await loginFrom('127.0.0.11', teacher, DEMO_PASSWORD, await code(clock.now()))).status).toBe(200);
  });
});
