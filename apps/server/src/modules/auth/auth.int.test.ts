import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { SessionResultSchema } from '@aula/contracts';
import {
  call,
  callAs,
  callError,
  cookiesFrom,
  DEMO_PASSWORD,
  loginAs,
  setUpTestApp,
  startTestApp,
} from '../../test/test-app.ts';

const t = setUpTestApp();

const audits = async (action: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

describe('POST /api/login', () => {
  it('a student signs in: httpOnly cookies, expirations and user in the body, never a token', async () => {
    const res = await callAs(SessionResultSchema, t.base, '/api/login', {
      body: { username: 'student', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      username: 'student',
      type: 'S',
      roles: [],
      lara_id: 'demo-student',
    });
    expect(res.body.user.groups.map((g) => g.name)).toEqual(['5a']);
    expect(res.body.access_token_expiration).toBeGreaterThan(Date.now());
    expect(res.body.refresh_token_expiration).toBeGreaterThan(res.body.access_token_expiration);
    const setCookies = res.headers.getSetCookie();
    // the two session cookies, and the device cookie (decision 074), which names nobody and is no session
    expect(setCookies.map((c) => c.split('=')[0])).toEqual(['aula_dev', 'aula_at', 'aula_rt']);
    for (const c of setCookies) {
      expect(c).toMatch(/HttpOnly/);
      expect(c).toMatch(/SameSite=Lax/);
      expect(c).not.toMatch(/Secure/); // plain http public URL: a school can try Aula on its network
      const value = c.split(';')[0]!.split('=')[1]!;
      expect(res.text).not.toContain(value);
    }
    // the keys as sent (the parsed body has only the schema's)
    expect(Object.keys(JSON.parse(res.text) as object)).toEqual([
      'access_token_expiration',
      'refresh_token_expiration',
      'user',
    ]);
  });

  it('user names are matched without regard to case', async () => {
    const res = await call(t.base, '/api/login', { body: { username: 'Student', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
  });

  it('a wrong password and an unknown user get the same 401 "wrong password" answer', async () => {
    const before = await audits('login.failed');
    const wrong = await call(t.base, '/api/login', { body: { username: 'student', password: 'nope-nope' } });
    const unknown = await call(t.base, '/api/login', { body: { username: 'nobody', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'auth.wrong_password', message: expect.any(String) });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(await audits('login.failed')).toBe(before + 2);
  });

  it('a blocked user with the right password gets "account disabled"; with a wrong one, "wrong password"', async () => {
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.username, 'student4'));
    const right = await callError(t.base, '/api/login', {
      body: { username: 'student4', password: DEMO_PASSWORD },
    });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('auth.account_disabled');
    expect(right.headers.getSetCookie()).toEqual([]);
    const wrong = await callError(t.base, '/api/login', {
      body: { username: 'student4', password: 'wrong-one' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('auth.wrong_password');
  });

  it('passwords are stored as argon2id with the SECURITY.md parameters', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'teacher'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('a 64-character passphrase is accepted and never truncated', async () => {
    const long = 'ein sehr langer Satz als Passwort, den sich jede Lehrkraft merkt!!';
    expect(long.length).toBeGreaterThanOrEqual(64);
    const { hashPassword } = await import('./passwords.ts');
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(long) })
      .where(eq(users.username, 'student3'));
    expect(
      (await call(t.base, '/api/login', { body: { username: 'student3', password: long } })).status,
    ).toBe(200);
    const cut = long.slice(0, 63);
    expect((await call(t.base, '/api/login', { body: { username: 'student3', password: cut } })).status).toBe(
      401,
    );
  });

  it.each([
    ['malformed JSON', { rawBody: '{"username": "student", ' }],
    ['wrong types', { body: { username: 42, password: true } }],
    ['an over-long user name', { body: { username: 'x'.repeat(101), password: 'x' } }],
    ['an unknown field', { body: { username: 'student', password: DEMO_PASSWORD, isAdmin: true } }],
    ['a missing field', { body: { username: 'student' } }],
  ])('%s gets 400 with issues and changes nothing', async (_name, opts) => {
    const before = (await t.database.db.select().from(sessions)).length;
    const res = await callError(t.base, '/api/login', { method: 'POST', ...opts });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('common.validation');
    expect(res.body.issues?.length).toBeGreaterThan(0);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await t.database.db.select().from(sessions)).length).toBe(before);
  });
});

describe('session', () => {
  it('GET /api/self answers the signed-in user and 401 without a session', async () => {
    const cookie = await loginAs(t.base, 'teacher');
    const self = await call(t.base, '/api/self', { cookie });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({
      username: 'teacher',
      type: 'L',
      sitePolicyAccepted: true,
      selected_theme: 'auto',
    });
    expect((await call(t.base, '/api/self')).status).toBe(401);
  });

  it('a forged or unknown session cookie is 401 on a login-only route', async () => {
    const forged = await callError(t.base, '/api/self', { cookie: 'aula_at=forged-token-value' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('common.unauthorized');
  });

  it('logout revokes the session: the old cookie answers 418 (session ended) and is cleared', async () => {
    const cookie = await loginAs(t.base, 'student2');
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);
    const out = await call(t.base, '/api/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ urls: [] });
    expect(out.headers.getSetCookie().every((c) => /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    const after = await callError(t.base, '/api/self', { cookie });
    expect(after.status).toBe(418);
    expect(after.body.code).toBe('auth.session_revoked');
  });

  it('refresh rotates both tokens; the old access token stops working and the new one works', async () => {
    const cookie = await loginAs(t.base, 'admin');
    const res = await callAs(SessionResultSchema, t.base, '/api/login/refresh', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    const next = cookiesFrom(res);
    expect(next).not.toEqual(cookie);
    expect((await call(t.base, '/api/self', { cookie: next })).status).toBe(200);
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(401);
    // the rotated-away token within the 5 s grace (another tab): the current state, no new cookies
    const again = await callAs(SessionResultSchema, t.base, '/api/login/refresh', { method: 'POST', cookie });
    expect(again.status).toBe(200);
    expect(again.body.refresh_token_expiration).toBe(res.body.refresh_token_expiration);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('signing in again in the same browser ends the session whose cookies it replaces', async () => {
    const first = await loginAs(t.base, 'teacher');
    const again = await call(t.base, '/api/login', {
      cookie: first,
      body: { username: 'teacher', password: DEMO_PASSWORD },
    });
    expect(again.status).toBe(200);
    expect((await call(t.base, '/api/self', { cookie: first })).status).toBe(418);
    expect((await call(t.base, '/api/self', { cookie: cookiesFrom(again) })).status).toBe(200);
  });

  it('tokens are stored only as hashes', async () => {
    const res = await call(t.base, '/api/login', { body: { username: 'teacher2', password: DEMO_PASSWORD } });
    const token = res.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!;
    const rows = await t.database.db.select().from(sessions);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('session lifetime (injected clock)', () => {
  // a second app on the same database, on a clock of its own
  const timed = setUpTestApp({ databaseOf: t, demo: false, now: Date.now() });
  const clock = timed.clock;

  it('after 15 minutes the access token is no longer accepted; a refresh renews it', async () => {
    const cookie = await loginAs(timed.base, 'student2');
    clock.advance(16 * 60_000);
    expect((await call(timed.base, '/api/self', { cookie })).status).toBe(401);
    const refreshed = await call(timed.base, '/api/login/refresh', { method: 'POST', cookie });
    expect(refreshed.status).toBe(200);
    expect((await call(timed.base, '/api/self', { cookie: cookiesFrom(refreshed) })).status).toBe(200);
  });

  it('signing out after the access token expired still ends the session on the server', async () => {
    const cookie = await loginAs(timed.base, 'student2');
    clock.advance(16 * 60_000);
    expect((await call(timed.base, '/api/logout', { method: 'POST', cookie })).status).toBe(200);
    expect((await call(timed.base, '/api/login/refresh', { method: 'POST', cookie })).status).toBe(418);
  });

  it('the refresh token ends after 12 hours, however often it was rotated', async () => {
    let cookie = await loginAs(timed.base, 'student2');
    for (let i = 0; i < 3; i++) {
      clock.advance(4 * 60 * 60_000 - 1_000);
      const res = await call(timed.base, '/api/login/refresh', { method: 'POST', cookie });
      expect(res.status).toBe(200);
      cookie = cookiesFrom(res);
    }
    clock.advance(10_000);
    expect((await call(timed.base, '/api/login/refresh', { method: 'POST', cookie })).status).toBe(401);
  });

  it('a blocked user can neither use nor refresh an existing session: 418 at once', async () => {
    const cookie = await loginAs(timed.base, 'teacher2');
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.username, 'teacher2'));
    try {
      expect((await call(timed.base, '/api/self', { cookie })).status).toBe(418);
      expect((await call(timed.base, '/api/login/refresh', { method: 'POST', cookie })).status).toBe(418);
    } finally {
      await t.database.db.update(users).set({ blocked: false }).where(eq(users.username, 'teacher2'));
    }
  });
});

describe('cross-site requests', () => {
  it('a state-changing request without the x-aula-csrf header is refused and changes nothing', async () => {
    const cookie = await loginAs(t.base, 'student');
    const res = await callError(t.base, '/api/logout', { method: 'POST', cookie, csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('common.csrf');
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);
  });

  it('a foreign Origin is refused even with the header; our own origin passes', async () => {
    const cookie = await loginAs(t.base, 'student');
    const evil = await call(t.base, '/api/logout', {
      method: 'POST',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    const own = await call(t.base, '/api/logout', { method: 'POST', cookie, headers: { origin: t.base } });
    expect(own.status).toBe(200);
  });
});

describe('secure deployment', () => {
  it('with an https public URL the cookies are Secure and __Host- prefixed', async () => {
    const secure = await startTestApp({
      database: t.database,
      demo: false,
      publicUrl: 'https://aula.schule.example',
    });
    try {
      const res = await call(secure.base, '/api/login', {
        body: { username: 'student', password: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
      for (const c of res.headers.getSetCookie()) {
        expect(c).toMatch(/^__Host-aula_(at|rt|dev)=/);
        expect(c).toMatch(/; Secure/);
        expect(c).toMatch(/Path=\//);
      }
    } finally {
      await secure.close();
    }
  });
});
