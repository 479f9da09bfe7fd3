import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ErrorBodySchema,
  SessionResultSchema,
  TOTP_PENDING_TTL_MS,
  TotpSetupSchema,
  UserInfoSchema,
} from '@aula/contracts';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { openSecret, purposeKey } from '../../lib/secret-box.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  call,
  callAs,
  callError,
  cookiesFrom,
  DEMO_PASSWORD,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  TEST_SECRET_KEY,
} from '../../test/test-app.ts';
import { timeStepOf, totpCodeAt } from '../../lib/totp-codes.ts';
import { acceptTotpStep } from '../users/users.service.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';

// 10 s into a 30 s step, so ±1 step and "next step" are unambiguous
const t = setUpTestApp({ now: Math.floor(Date.now() / 30_000) * 30_000 + 10_000 });
const clock = t.clock;
/** Moves to a later time step; far enough that one user's failures never add up to a sign-in lock. */
const nextStep = (steps = 1) => clock.advance(steps * 30_000);

let schoolId = 0;
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});

const userRow = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!;
const audits = async (action: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const signInOpts = (username: string, totp?: string) => ({
  body: { username, password: DEMO_PASSWORD, ...(totp ? { totp } : {}) },
});
const signIn = (username: string, totp?: string) => call(t.base, '/api/login', signInOpts(username, totp));
const signInAs = (username: string, totp?: string) =>
  callAs(SessionResultSchema, t.base, '/api/login', signInOpts(username, totp));
const signInRefused = (username: string, totp?: string) =>
  callError(t.base, '/api/login', signInOpts(username, totp));
const setup = (cookie: string) => call(t.base, '/api/totp/code', { cookie });
const setupAs = (cookie: string) => callAs(TotpSetupSchema, t.base, '/api/totp/code', { cookie });
const setupRefused = (cookie: string) => callError(t.base, '/api/totp/code', { cookie });
const verifyOpts = (cookie: string, code: string, password: string) => ({ cookie, body: { code, password } });
const verify = (cookie: string, code: string, password = DEMO_PASSWORD) =>
  call(t.base, '/api/totp/code/verify', verifyOpts(cookie, code, password));
const verifyRefused = (cookie: string, code: string, password = DEMO_PASSWORD) =>
  callError(t.base, '/api/totp/code/verify', verifyOpts(cookie, code, password));
const disableOpts = (cookie: string, password: string) => ({ method: 'DELETE', cookie, body: { password } });
const disable = (cookie: string, password: string) =>
  call(t.base, '/api/totp/code', disableOpts(cookie, password));
const disableRefused = (cookie: string, password: string) =>
  callError(t.base, '/api/totp/code', disableOpts(cookie, password));

/** Sets up 2FA for a user through the API; returns their seed and a signed-in cookie. */
async function enableTotp(username: string): Promise<{ seed: string; cookie: string }> {
  const cookie = await loginAs(t.base, username);
  const res = await setupAs(cookie);
  expect(res.status).toBe(200);
  const seed = res.body.secret;
  expect((await verify(cookie, await totpCodeAt(seed, clock()))).status).toBe(200);
  nextStep(); // the activating code is spent; sign-ins use the next one
  return { seed, cookie };
}

/** A six-digit code that no step of the ±1 window (nor 10 back) gives for this seed. */
async function wrongCode(seed: string): Promise<string> {
  const taken = new Set<string>();
  for (let d = -10; d <= 1; d++) taken.add(await totpCodeAt(seed, new Date(clock.now() + d * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

/** A user of the demo school of its own, so a test's seeds touch no other test's users. */
async function extraUser(username: string, type: 'L' | 'S'): Promise<string> {
  await makeUser(t, { username, type });
  return username;
}

describe('TOTP setup (GET /api/totp/code, POST /api/totp/code/verify)', () => {
  it('shows a new 160-bit seed as base32, otpauth URI and SVG QR code; stored only encrypted, nothing active yet', async () => {
    const cookie = await loginAs(t.base, await extraUser('totp-new', 'S'));
    const res = await setup(cookie);
    expect(res.status).toBe(200);
    const body = TotpSetupSchema.strict().parse(res.body);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.uri).toBe(
      `otpauth://totp/Aula:totp-new?secret=${body.secret}&issuer=Aula&algorithm=SHA1&digits=6&period=30`,
    );
    expect(body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr.split(',')[1]!, 'base64').toString('utf8')).toMatch(
      /^<svg[^>]*>.*<\/svg>\s*$/s,
    );

    const row = await userRow('totp-new');
    expect(row.totpSecret).toBeNull();
    expect(row.totpPendingSecret).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(body.secret);
    expect(
      openSecret(purposeKey(TEST_SECRET_KEY, 'totp-seal'), row.totpPendingSecret!, `totp-pending:${row.id}`),
    ).toBe(body.secret);
    // nothing is active: the password alone still signs in
    expect((await signIn('totp-new')).status).toBe(200);
  });

  it('a second GET shows the same pending seed (a stray or cross-site GET cannot replace it)', async () => {
    const cookie = await loginAs(t.base, await extraUser('totp-twice', 'S'));
    const first = await setupAs(cookie);
    const second = await setupAs(cookie);
    expect(second.body.secret).toBe(first.body.secret);
  });

  it('verify: a wrong code is 400 (not 401), a matching one activates the seed and ends the other sessions', async () => {
    const other = await loginAs(t.base, await extraUser('totp-verify', 'S'));
    const cookie = await loginAs(t.base, 'totp-verify');
    const { secret } = (await setupAs(cookie)).body;

    const wrong = await verifyRefused(cookie, await wrongCode(secret));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('auth.wrong_code');
    expect((await userRow('totp-verify')).totpSecret).toBeNull();

    const ok = await verify(cookie, await totpCodeAt(secret, clock()));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    const row = await userRow('totp-verify');
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpSecret).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(openSecret(purposeKey(TEST_SECRET_KEY, 'totp-seal'), row.totpSecret!, `totp:${row.id}`)).toBe(
      secret,
    );
    expect(row.totpLastStep).toBe(timeStepOf(clock()));
    expect(await audits('totp.enable', row.id)).toHaveLength(1);

    // this session goes on; every other one ended
    const self = await callAs(UserInfoSchema, t.base, '/api/self', { cookie });
    expect(self.status).toBe(200);
    expect(self.body.totp_enabled).toBe(true);
    expect((await call(t.base, '/api/self', { cookie: other })).status).not.toBe(200);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(live.filter((s) => s.revokedAt === null)).toHaveLength(1);
    expect(live.filter((s) => s.revokeReason === 'totp').length).toBeGreaterThanOrEqual(1);
  });

  it('verify needs the password: a right code with a wrong password is 403 and activates nothing', async () => {
    const cookie = await loginAs(t.base, await extraUser('totp-pw', 'S'));
    const { secret } = (await setupAs(cookie)).body;
    const res = await verifyRefused(cookie, await totpCodeAt(secret, clock()), 'falsches-passwort');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.wrong_password');
    expect((await userRow('totp-pw')).totpSecret).toBeNull();
  });

  it('a pending seed lives 10 minutes: then verify is refused and the next GET offers a new seed', async () => {
    const cookie = await loginAs(t.base, await extraUser('totp-late', 'L'));
    const first = (await setupAs(cookie)).body.secret;
    clock.advance(TOTP_PENDING_TTL_MS + 1_000);
    const late = await verifyRefused(cookie, await totpCodeAt(first, clock()));
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('auth.totp_not_pending');
    const second = (await setupAs(cookie)).body.secret;
    expect(second).not.toBe(first);
    expect((await verify(cookie, await totpCodeAt(second, clock()))).status).toBe(200);
  });

  it('verify without a pending seed: 400 totp_not_pending; GET while 2FA is on: 403', async () => {
    const cookie = await loginAs(t.base, await extraUser('totp-none', 'S'));
    const res = await verifyRefused(cookie, '123456');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('auth.totp_not_pending');
    // a user with 2FA on: a second seed needs DELETE with the password first
    const { seed } = await enableTotp(await extraUser('totp-on', 'S'));
    const student = await signIn('totp-on', await totpCodeAt(seed, clock()));
    expect(student.status).toBe(200);
    expect((await setup(cookiesFrom(student))).status).toBe(403);
  });
});

describe('sign-in with TOTP', () => {
  let seed = '';
  beforeAll(async () => {
    ({ seed } = await enableTotp('teacher'));
  });

  it('without a code: 401 totp_missing; with the current code: 200', async () => {
    nextStep(40); // a quarter hour on: past the steps and failures of the other tests of this block
    const missing = await signInRefused('teacher');
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('auth.totp_missing');
    expect(missing.headers.getSetCookie()).toEqual([]);
    const ok = await signInAs('teacher', await totpCodeAt(seed, clock()));
    expect(ok.status).toBe(200);
    expect(ok.body.user.username).toBe('teacher');
  });

  it('replay of the same code: 401 code_used, and the code of the step before is spent too', async () => {
    nextStep(40); // a quarter hour on: past the steps and failures of the other tests of this block
    const code = await totpCodeAt(seed, clock());
    expect((await signIn('teacher', code)).status).toBe(200);
    const replay = await signInRefused('teacher', code);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('auth.code_used');
    const before = await signInRefused('teacher', await totpCodeAt(seed, new Date(clock.now() - 30_000)));
    expect(before.status).toBe(401);
    expect(before.body.code).toBe('auth.code_used');
    // the next step still works, even while the old one lies within the window
    expect((await signIn('teacher', await totpCodeAt(seed, new Date(clock.now() + 30_000)))).status).toBe(
      200,
    );
    const audited = await audits('login.totp_failed', (await userRow('teacher')).id);
    expect(audited.map((a) => a.details)).toContainEqual({ reason: 'used' });
    expect(JSON.stringify(audited)).not.toContain(code);
  });

  it('two concurrent sign-ins with one code: exactly one succeeds', async () => {
    nextStep(40); // a quarter hour on: past the steps and failures of the other tests of this block
    const code = await totpCodeAt(seed, clock());
    const results = await Promise.all([signIn('teacher', code), signIn('teacher', code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(ErrorBodySchema.parse(results.find((r) => r.status === 401)?.body).code).toBe('auth.code_used');
  });

  it('the compare-and-set behind it: of five concurrent acceptances of one step, exactly one wins', async () => {
    const row = await userRow('teacher');
    const step = row.totpLastStep! + 1;
    const won = await Promise.all(
      Array.from({ length: 5 }, () => acceptTotpStep(t.database.db, row.id, row.totpSecret!, step)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    expect((await userRow('teacher')).totpLastStep).toBe(step);
    // an older step never moves it back
    expect(await acceptTotpStep(t.database.db, row.id, row.totpSecret!, step - 1)).toBe(false);
  });

  it('a code from 2 to 10 steps ago: 401 code_expired; an unrelated code: 401 wrong_code', async () => {
    nextStep(40); // a quarter hour on: earlier failures no longer count toward a lock
    const old = await signInRefused('teacher', await totpCodeAt(seed, new Date(clock.now() - 3 * 30_000)));
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('auth.code_expired');
    const wrong = await signInRefused('teacher', await wrongCode(seed));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('auth.wrong_code');
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('a wrong password with a right code is still the wrong password', async () => {
    nextStep(40); // a quarter hour on: past the steps and failures of the other tests of this block
    const res = await callError(t.base, '/api/login', {
      body: { username: 'teacher', password: 'not-the-password', totp: await totpCodeAt(seed, clock()) },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.wrong_password');
  });
});

describe('DELETE /api/totp/code', () => {
  it('needs the password (403 when wrong), then clears the seed and ends the other sessions', async () => {
    nextStep(40);
    const { seed, cookie } = await enableTotp('teacher2');
    const other = cookiesFrom(await signIn('teacher2', await totpCodeAt(seed, clock())));
    const id = (await userRow('teacher2')).id;

    const wrong = await disableRefused(cookie, 'not-the-password');
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('auth.wrong_password');
    expect((await userRow('teacher2')).totpSecret).not.toBeNull();

    const ok = await disable(cookie, DEMO_PASSWORD);
    expect(ok.status).toBe(200);
    const row = await userRow('teacher2');
    expect([row.totpSecret, row.totpPendingSecret, row.totpLastStep]).toEqual([null, null, null]);
    expect(await audits('totp.disable', id)).toHaveLength(1);
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);
    expect((await call(t.base, '/api/self', { cookie: other })).status).not.toBe(200);
    expect((await signIn('teacher2')).status).toBe(200);
  });

  it('needs a body with the password at all', async () => {
    const cookie = await loginAs(t.base, 'teacher2');
    const res = await call(t.base, '/api/totp/code', { method: 'DELETE', cookie, body: {} });
    expect(res.status).toBe(400);
  });
});

describe('while impersonating', () => {
  it('no 2FA setup, verification or removal: 403 not_while_impersonating', async () => {
    const target = await userRow('student3');
    const superadmin = await userRow('superadmin');
    const token = newToken();
    await t.database.db.insert(sessions).values({
      schoolId,
      userId: target.id,
      familyId: newToken(),
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(clock.now() + 10 * 60_000),
      refreshTokenHash: hashToken(newToken()),
      refreshExpiresAt: new Date(clock.now() + 20 * 60_000),
      lastActivityAt: clock(),
      authAt: clock(),
      impersonatorId: superadmin.id,
      impersonationReason: 'Support call',
    });
    const cookie = `${t.app.cookieNames.access}=${token}`;
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);
    for (const res of [
      await setupRefused(cookie),
      await verifyRefused(cookie, '123456'),
      await disableRefused(cookie, DEMO_PASSWORD),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('auth.not_while_impersonating');
    }
    const row = await userRow('student3');
    expect([row.totpSecret, row.totpPendingSecret]).toEqual([null, null]);
  });
});

describe('hide_2fa_students', () => {
  it('hides setup from students (403) but not from teachers; a student who has 2FA may still turn it off', async () => {
    nextStep(40);
    const { cookie: student2 } = await enableTotp('student2');
    const fresh = await loginAs(t.base, 'student4');
    await makeSetting(t, 'hide_2fa_students', 'true');
    try {
      expect((await setup(fresh)).status).toBe(403);
      expect((await verify(fresh, '123456')).status).toBe(403);
      expect((await setup(await loginAs(t.base, 'admin'))).status).toBe(200);
      expect((await disable(student2, DEMO_PASSWORD)).status).toBe(200);
      expect((await userRow('student2')).totpSecret).toBeNull();
    } finally {
      await makeSetting(t, 'hide_2fa_students', null);
    }
    expect((await setup(fresh)).status).toBe(200);
  });
});
