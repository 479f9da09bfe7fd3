import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, loginFailures, sessions, usedRefreshTokens, users } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { SessionResultSchema, UserInfoSchema } from '@aula/contracts';
import {
  call,
  callAs,
  callError,
  cookiesFrom,
  DEMO_PASSWORD,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  userIds,
} from '../../test/test-app.ts';
import { makeSetting } from '../../test/factories.ts';
import { SESSION_SETTINGS_CACHE_MS } from './session-settings.ts';

const MIN = 60_000;
const t = setUpTestApp({ now: '2026-11-23T08:00:00Z' });
const clock = t.clock;
let schoolId: number;
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});

const db = () => t.database.db;
const refresh = (cookie: string) => call(t.base, '/api/login/refresh', { method: 'POST', cookie });
const refreshAs = (cookie: string) =>
  callAs(SessionResultSchema, t.base, '/api/login/refresh', { method: 'POST', cookie });
const refreshRefused = (cookie: string) =>
  callError(t.base, '/api/login/refresh', { method: 'POST', cookie });
const self = (cookie: string) => call(t.base, '/api/self', { cookie });
const selfAs = (cookie: string) => callAs(UserInfoSchema, t.base, '/api/self', { cookie });
const ping = (cookie: string) => call(t.base, '/api/users/alive', { method: 'POST', cookie });
const pingRefused = (cookie: string) => callError(t.base, '/api/users/alive', { method: 'POST', cookie });
const tokenOf = (cookie: string, name: 'aula_at' | 'aula_rt') =>
  new RegExp(`${name}=([^;]+)`).exec(cookie)![1]!;
const audits = (action: string) =>
  db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const userId = async (username: string) => (await userIds(t)).get(username)!;
const sessionOf = async (cookie: string) =>
  (
    await db()
      .select()
      .from(sessions)
      .where(eq(sessions.accessTokenHash, hashToken(tokenOf(cookie, 'aula_at'))))
  )[0]!;
const sessionById = async (id: number) => (await db().select().from(sessions).where(eq(sessions.id, id)))[0]!;
const clearsCookies = (res: { headers: Headers }) => {
  const set = res.headers.getSetCookie();
  return set.length === 2 && set.every((c) => /Expires=Thu, 01 Jan 1970/.test(c));
};

async function setConfig(key: string, value: string | null): Promise<void> {
  await makeSetting(t, key, value);
  clock.advance(SESSION_SETTINGS_CACHE_MS + 1); // the session check reads the school's settings through a cache
}

describe('refresh rotation and reuse detection', () => {
  it('rotation keeps the predecessor and records it as used; the absolute end never moves', async () => {
    const first = await callAs(SessionResultSchema, t.base, '/api/login', {
      body: { username: 'student', password: DEMO_PASSWORD },
    });
    const c0 = cookiesFrom(first);
    clock.advance(MIN);
    const res = await refreshAs(c0);
    expect(res.status).toBe(200);
    expect(res.body.refresh_token_expiration).toBe(first.body.refresh_token_expiration);
    const row = await sessionOf(cookiesFrom(res));
    expect(row.previousRefreshHash).toBe(hashToken(tokenOf(c0, 'aula_rt')));
    expect(row.rotatedAt?.getTime()).toBe(clock.now());
    const used = await db()
      .select()
      .from(usedRefreshTokens)
      .where(eq(usedRefreshTokens.tokenHash, hashToken(tokenOf(c0, 'aula_rt'))));
    expect(used).toEqual([expect.objectContaining({ sessionId: row.id })]);
  });

  it('the immediate predecessor within 5 s answers the current state without cookies; after 5 s it ends the session', async () => {
    const c0 = await loginAs(t.base, 'student2');
    const winner = await refresh(c0);
    const c1 = cookiesFrom(winner);
    clock.advance(4_000);
    const late = await refresh(c0);
    expect(late.status).toBe(200);
    expect(late.headers.getSetCookie()).toEqual([]);
    expect(late.body).toEqual(winner.body);
    expect((await self(c1)).status).toBe(200);

    const before = (await audits('session.refresh_reuse')).length;
    clock.advance(2_000);
    const reused = await refreshRefused(c0);
    expect(reused.status).toBe(418);
    expect(reused.body.code).toBe('auth.session_revoked');
    expect(clearsCookies(reused)).toBe(true);
    const entries = await audits('session.refresh_reuse');
    expect(entries).toHaveLength(before + 1);
    const row = await sessionOf(c1);
    expect(entries.at(-1)!.details).toEqual({ sessionId: row.id });
    expect(row.revokeReason).toBe('reuse');
    // the holder of the current tokens is signed out too: the family is gone
    expect((await self(c1)).status).toBe(418);
    expect((await refresh(c1)).status).toBe(418);
  });

  it('an older used token ends the family at once, even within the grace of the last rotation', async () => {
    const c0 = await loginAs(t.base, 'student3');
    const c1 = cookiesFrom(await refresh(c0));
    const c2res = await refresh(c1);
    expect(c2res.status).toBe(200);
    const c2 = cookiesFrom(c2res);
    const res = await refresh(c0);
    expect(res.status).toBe(418);
    expect((await self(c2)).status).toBe(418);
  });

  it('two refreshes racing with one token: both answer 200, one of them sets the cookies', async () => {
    const c0 = await loginAs(t.base, 'teacher2');
    const [a, b] = await Promise.all([refresh(c0), refresh(c0)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const withCookies = [a, b].filter((r) => r.headers.getSetCookie().length === 2);
    expect(withCookies).toHaveLength(1);
    expect((await self(cookiesFrom(withCookies[0]!))).status).toBe(200);
  });

  it('an unknown refresh token is 401 (not 418) and clears the cookies', async () => {
    const res = await refresh(`aula_rt=${newToken()}`);
    expect(res.status).toBe(401);
    expect(clearsCookies(res)).toBe(true);
  });
});

describe('418 for sessions the server ended', () => {
  it('a revoked session answers 418 on a public route and on /api/self, and the cookies are cleared', async () => {
    const cookie = await loginAs(t.base, 'teacher');
    const id = (await sessionOf(cookie)).id;
    // what a password change elsewhere does (revokeUserSessions)
    await db()
      .update(sessions)
      .set({ revokedAt: clock(), revokeReason: 'password' })
      .where(eq(sessions.id, id));
    const layout = await call(t.base, '/api/layout', { cookie });
    expect(layout.status).toBe(418);
    expect(layout.body).toEqual({ code: 'auth.session_revoked', message: expect.any(String) });
    expect(clearsCookies(layout)).toBe(true);
    expect((await self(cookie)).status).toBe(418);
    // the refresh cookie alone names it too
    expect((await refresh(`aula_rt=${tokenOf(cookie, 'aula_rt')}`)).status).toBe(418);
    // signing in again is never stood in the way by a stale cookie
    const again = await call(t.base, '/api/login', {
      cookie,
      body: { username: 'teacher', password: DEMO_PASSWORD },
    });
    expect(again.status).toBe(200);
  });

  it('a forged or merely expired access token stays anonymous on a public route', async () => {
    expect((await call(t.base, '/api/layout', { cookie: `aula_at=${newToken()}` })).status).toBe(200);
    const cookie = await loginAs(t.base, 'student4');
    clock.advance(16 * MIN);
    expect((await call(t.base, '/api/layout', { cookie })).status).toBe(200);
    expect((await self(cookie)).status).toBe(401);
  });

  it('a blocked user is signed out at once on every route, and the session is revoked', async () => {
    const cookie = await loginAs(t.base, 'student4');
    await db().update(users).set({ blocked: true }).where(eq(users.username, 'student4'));
    try {
      expect((await call(t.base, '/api/layout', { cookie })).status).toBe(418);
      expect((await sessionOf(cookie)).revokeReason).toBe('blocked');
    } finally {
      await db().update(users).set({ blocked: false }).where(eq(users.username, 'student4'));
    }
    expect((await self(cookie)).status).toBe(418);
  });
});

describe('the online ping reads the session alone (decision 052) and ends sessions like every route', () => {
  it('revoked: 418 with the cookies cleared; blocked: 418 and revoked; visitor, forged or expired: 401', async () => {
    const revoked = await loginAs(t.base, 'student4');
    await db()
      .update(sessions)
      .set({ revokedAt: clock(), revokeReason: 'password' })
      .where(eq(sessions.id, (await sessionOf(revoked)).id));
    const pingRevoked = await ping(revoked);
    expect(pingRevoked.status).toBe(418);
    expect(clearsCookies(pingRevoked)).toBe(true);

    const blocked = await loginAs(t.base, 'student4');
    expect((await ping(blocked)).status).toBe(200);
    await db().update(users).set({ blocked: true }).where(eq(users.username, 'student4'));
    try {
      expect((await ping(blocked)).status).toBe(418);
      expect((await sessionOf(blocked)).revokeReason).toBe('blocked');
    } finally {
      await db().update(users).set({ blocked: false }).where(eq(users.username, 'student4'));
    }

    expect((await ping('')).status).toBe(401);
    expect((await ping(`aula_at=${newToken()}`)).status).toBe(401);
    const expired = await loginAs(t.base, 'student4');
    clock.advance(16 * MIN);
    expect((await ping(expired)).status).toBe(401);
  });
});

describe('absolute lifetime', () => {
  it('after 12 hours a refresh is 401 and the session is not marked revoked', async () => {
    let cookie = await loginAs(t.base, 'student');
    const id = (await sessionOf(cookie)).id;
    for (let i = 0; i < 3; i++) {
      clock.advance(4 * 60 * MIN - 1_000);
      const res = await refresh(cookie);
      expect(res.status).toBe(200);
      cookie = cookiesFrom(res);
    }
    clock.advance(10_000);
    expect((await refresh(cookie)).status).toBe(401);
    expect((await sessionById(id)).revokedAt).toBeNull();
  });
});

describe('impersonation ends on refresh (spec 4.3)', () => {
  /** What startImpersonation stores: a session of the target, 30 minutes long, naming its parent. */
  async function impersonate(parentCookie: string, target: string): Promise<{ cookie: string; id: number }> {
    const parent = await sessionOf(parentCookie);
    const access = newToken();
    const refreshToken = newToken();
    const [row] = await db()
      .insert(sessions)
      .values({
        schoolId,
        userId: await userId(target),
        familyId: newToken(),
        accessTokenHash: hashToken(access),
        accessExpiresAt: new Date(clock.now() + 15 * MIN),
        refreshTokenHash: hashToken(refreshToken),
        refreshExpiresAt: new Date(clock.now() + 30 * MIN),
        lastActivityAt: clock(),
        authAt: clock(),
        impersonatorId: parent.userId,
        parentSessionId: parent.id,
        impersonationReason: 'Hilfe beim Stundenplan',
      })
      .returning({ id: sessions.id });
    return { cookie: `aula_at=${access}; aula_rt=${refreshToken}`, id: row!.id };
  }

  it('shows the impersonator on /api/self; after the limit a refresh returns the superadmin, audited', async () => {
    const own = await loginAs(t.base, 'superadmin');
    const imp = await impersonate(own, 'teacher');
    const shown = await selfAs(imp.cookie);
    expect(shown.body.username).toBe('teacher');
    expect(shown.body.impersonator?.username).toBe('superadmin');

    clock.advance(10 * MIN);
    const midway = await refreshAs(imp.cookie);
    expect(midway.status).toBe(200);
    expect(midway.body.user.username).toBe('teacher');
    expect(midway.body.refresh_token_expiration).toBe(clock.now() - 10 * MIN + 30 * MIN);
    const impCookie = cookiesFrom(midway);

    clock.advance(21 * MIN);
    const before = (await audits('impersonation.expired')).length;
    const back = await refreshAs(impCookie);
    expect(back.status).toBe(200);
    expect(back.body.user.username).toBe('superadmin');
    expect(back.body.user.impersonator).toBeNull();
    expect((await selfAs(cookiesFrom(back))).body.username).toBe('superadmin');
    expect((await sessionById(imp.id)).revokeReason).toBe('impersonation-expired');
    const entries = await audits('impersonation.expired');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorId: await userId('superadmin'),
      targetId: await userId('teacher'),
    });
    expect((await self(impCookie)).status).toBe(418);
  });

  it("when the superadmin's own session reached its end meanwhile, the refresh is 401", async () => {
    const own = await loginAs(t.base, 'superadmin');
    const parent = await sessionOf(own);
    const imp = await impersonate(own, 'student');
    // a superadmin who signed in near the end of the school day: their session ends before the impersonation's limit
    await db()
      .update(sessions)
      .set({ refreshExpiresAt: new Date(clock.now() + 20 * MIN) })
      .where(eq(sessions.id, parent.id));
    clock.advance(31 * MIN);
    const res = await refresh(imp.cookie);
    expect(res.status).toBe(401);
    expect(clearsCookies(res)).toBe(true);
    expect((await sessionById(imp.id)).revokeReason).toBe('impersonation-expired');
  });

  it("signing out the superadmin's own session ends the impersonation started from it", async () => {
    const own = await loginAs(t.base, 'superadmin');
    const imp = await impersonate(own, 'student');
    await call(t.base, '/api/logout', { method: 'POST', cookie: own });
    expect((await self(imp.cookie)).status).toBe(418);
  });

  it("signing out while impersonating ends the superadmin's own session too", async () => {
    const own = await loginAs(t.base, 'superadmin');
    const parentId = (await sessionOf(own)).id;
    const imp = await impersonate(own, 'student3');
    expect((await call(t.base, '/api/logout', { method: 'POST', cookie: imp.cookie })).status).toBe(200);
    expect((await sessionById(imp.id)).revokeReason).toBe('logout');
    expect((await sessionById(parentId)).revokeReason).toBe('logout');
  });

  it('reuse of the parent refresh token ends the impersonation started from it too', async () => {
    const c0 = await loginAs(t.base, 'superadmin');
    const c1 = cookiesFrom(await refresh(c0));
    const imp = await impersonate(c1, 'student2');
    clock.advance(6_000);
    expect((await refresh(c0)).status).toBe(418);
    expect((await self(imp.cookie)).status).toBe(418);
    expect((await sessionById(imp.id)).revokeReason).toBe('reuse');
  });
});

describe('POST /api/login/reauth', () => {
  it('a wrong password is 403 (never 401) and counts as a failure; the right one sets authAt, audited', async () => {
    const cookie = await loginAs(t.base, 'admin');
    const loginAt = clock.now();
    clock.advance(10 * MIN);
    const failures = async () =>
      (await db().select().from(loginFailures).where(eq(loginFailures.accountKey, 'admin'))).length;
    const before = await failures();
    const wrong = await callError(t.base, '/api/login/reauth', { cookie, body: { password: 'not-it' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('auth.wrong_password');
    expect(await failures()).toBe(before + 1);
    expect((await sessionOf(cookie)).authAt.getTime()).toBe(loginAt);

    const audited = (await audits('login.reauth')).length;
    const right = await call(t.base, '/api/login/reauth', { cookie, body: { password: DEMO_PASSWORD } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ ok: true });
    expect((await sessionOf(cookie)).authAt.getTime()).toBe(clock.now());
    expect(await audits('login.reauth')).toHaveLength(audited + 1);
  });

  it('needs a session and the CSRF header', async () => {
    expect((await call(t.base, '/api/login/reauth', { body: { password: DEMO_PASSWORD } })).status).toBe(401);
    const cookie = await loginAs(t.base, 'admin');
    const res = await callError(t.base, '/api/login/reauth', {
      cookie,
      csrf: false,
      body: { password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('common.csrf');
  });

  it('sign-in stamps authAt', async () => {
    const cookie = await loginAs(t.base, 'teacher');
    expect((await sessionOf(cookie)).authAt.getTime()).toBe(clock.now());
  });
});

describe('browser-close sessions (logout_on_browser_close)', () => {
  it('with the setting on, sign-in and refresh set cookies without an expiry', async () => {
    await setConfig('logout_on_browser_close', 'true');
    try {
      const res = await call(t.base, '/api/login', {
        body: { username: 'student', password: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
      // the session's two cookies; the device cookie (decision 074) is no session and keeps its year
      const session = res.headers.getSetCookie().filter((c) => !c.startsWith('aula_dev='));
      expect(session).toHaveLength(2);
      for (const c of session) expect(c).not.toMatch(/Expires|Max-Age/i);
      const next = await refresh(cookiesFrom(res));
      for (const c of next.headers.getSetCookie()) expect(c).not.toMatch(/Expires|Max-Age/i);
    } finally {
      await setConfig('logout_on_browser_close', null);
    }
    const plain = await call(t.base, '/api/login', {
      body: { username: 'student', password: DEMO_PASSWORD },
    });
    for (const c of plain.headers.getSetCookie()) expect(c).toMatch(/Expires=/);
  });
});

describe('idle timeout (logout_on_idle_time)', () => {
  beforeAll(() => setConfig('logout_on_idle_time', '10'));
  afterAll(() => setConfig('logout_on_idle_time', null));

  it('real requests keep a session alive; pings and refreshes do not; idle too long answers 418, audited', async () => {
    const cookie = await loginAs(t.base, 'student');
    const { id } = await sessionOf(cookie);
    clock.advance(9 * MIN);
    expect((await self(cookie)).status).toBe(200); // activity
    const active = clock.now();
    expect((await sessionById(id)).lastActivityAt.getTime()).toBe(active);
    clock.advance(30_000);
    expect((await self(cookie)).status).toBe(200); // within ACTIVITY_WRITE_MS: no write
    expect((await sessionById(id)).lastActivityAt.getTime()).toBe(active);

    clock.advance(5 * MIN);
    const refreshed = await refresh(cookie);
    expect(refreshed.status).toBe(200);
    const next = cookiesFrom(refreshed);
    clock.advance(4 * MIN);
    expect((await ping(next)).status).toBe(200);
    expect((await call(t.base, '/api/users/online', { cookie: next })).status).toBe(200);
    expect((await sessionById(id)).lastActivityAt.getTime()).toBe(active);

    const before = (await audits('session.idle_timeout')).length;
    clock.set(active + 11 * MIN + 1); // the limit plus the write interval: an active user is never cut off
    const res = await pingRefused(next);
    expect(res.status).toBe(418);
    expect(res.body.code).toBe('auth.session_revoked');
    expect(clearsCookies(res)).toBe(true);
    expect((await sessionById(id)).revokeReason).toBe('idle');
    const entries = await audits('session.idle_timeout');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)!.details).toEqual({ sessionId: id });
  });

  it('an idle session answers 418 on a refresh too', async () => {
    const cookie = await loginAs(t.base, 'student2');
    clock.advance(12 * MIN);
    const res = await refresh(cookie);
    expect(res.status).toBe(418);
    expect((await sessionOf(cookie)).revokeReason).toBe('idle');
  });

  it('just inside the limit the session lives', async () => {
    const cookie = await loginAs(t.base, 'student3');
    clock.advance(11 * MIN);
    expect((await self(cookie)).status).toBe(200);
  });

  it('time spent impersonating keeps the superadmin active: stopping after 12 minutes returns to a live session', async () => {
    const own = await loginAs(t.base, 'superadmin');
    const started = await call(t.base, `/api/users/impersonate/${await userId('student2')}`, {
      cookie: own,
      body: { reason: 'Hilfe beim Stundenplan' },
    });
    expect(started.status).toBe(200);
    const acting = cookiesFrom(started);
    clock.advance(6 * MIN);
    expect((await self(acting)).status).toBe(200);
    clock.advance(6 * MIN);
    const stopped = await call(t.base, '/api/users/impersonate', { method: 'DELETE', cookie: acting });
    expect(stopped.status).toBe(200);
    const back = await selfAs(cookiesFrom(stopped));
    expect(back.status).toBe(200);
    expect(back.body.username).toBe('superadmin');
  });
});

describe('writes while impersonating', () => {
  it('every write is audited with the real and the impersonated user, whatever the route', async () => {
    const own = await loginAs(t.base, 'superadmin');
    const started = await call(t.base, `/api/users/impersonate/${await userId('student4')}`, {
      cookie: own,
      body: { reason: 'Einstellungen prüfen' },
    });
    const acting = cookiesFrom(started);
    const changed = await call(t.base, '/api/self/settings', {
      method: 'PATCH',
      cookie: acting,
      body: { selected_theme: 'dark' },
    });
    expect(changed.status).toBe(200);
    const [entry] = (await audits('impersonation.write')).filter(
      (a) => a.details.route === 'PATCH /api/self/settings',
    );
    expect(entry).toMatchObject({
      actorId: await userId('student4'),
      targetId: await userId('student4'),
      details: { impersonatorId: await userId('superadmin') },
    });
    // reads are not audited
    expect((await audits('impersonation.write')).some((a) => a.details.route === 'GET /api/self')).toBe(
      false,
    );
    // nor the online ping, which writes nothing of the user's (decision 052), and every entry names both users
    expect((await call(t.base, '/api/users/alive', { method: 'POST', cookie: acting })).status).toBe(200);
    const entries = await audits('impersonation.write');
    expect(entries.some((a) => a.details.route === 'POST /api/users/alive')).toBe(false);
    expect(entries.every((a) => a.actorId !== null && a.details.impersonatorId !== undefined)).toBe(true);
  });
});

describe('the cost of the session check', () => {
  // The presence service writes the collected last-seen times every few seconds on a real timer; a flush
  // that fell inside a counted ping was counted as the ping's (a flake on a busy machine). Stopped here, so
  // only the request's own statements are counted.
  beforeAll(async () => {
    await t.app.presence.stop();
  });
  afterAll(() => t.app.presence.start());

  /** Counts the statements the app sends to the database while fn runs (both drivers call client.query). */
  async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
    const client = (db() as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let n = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    try {
      await fn();
    } finally {
      client.query = original;
    }
    return n;
  }

  it.each([
    ['off', null],
    ['on', '10'],
  ])('with the idle timeout %s, the online ping is one query', async (_name, idle) => {
    await setConfig('logout_on_idle_time', idle);
    try {
      const cookie = await loginAs(t.base, 'teacher');
      expect(await queriesDuring(() => ping(cookie))).toBe(1);
      expect(await queriesDuring(() => ping(cookie))).toBe(1);
      // a real request adds one write at most once a minute
      clock.advance(MIN);
      expect(await queriesDuring(() => call(t.base, '/api/groups', { cookie }))).toBeGreaterThan(1);
      expect(await queriesDuring(() => ping(cookie))).toBe(1);
    } finally {
      await setConfig('logout_on_idle_time', null);
    }
  });

  it("the ping's one query reads the session's ends and its user's blocked flag, not the user's roles or groups", async () => {
    const client = (db() as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; sql?: string };
      statements.push(typeof first === 'string' ? first : (first.text ?? first.sql ?? JSON.stringify(first)));
      return original.apply(this, args);
    };
    const cookie = await loginAs(t.base, 'student');
    try {
      statements.length = 0;
      expect((await ping(cookie)).status).toBe(200);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/"sessions"/);
      expect(statements[0]).toMatch(/"blocked"/);
      expect(statements[0]).not.toMatch(/group_members|"roles"|"username"/);
      // nor the session's columns that only a signed-in user's routes use (issue 34, item 5)
      expect(statements[0]).not.toMatch(/"family_id"|"impersonator_id"|"auth_at"|"refresh_expires_at"/);
      // the canary: any other signed-in route reads the user's roles and groups, and the whole session
      statements.length = 0;
      await call(t.base, '/api/self', { cookie });
      expect(statements[0]).toMatch(/group_members/);
      expect(statements[0]).toMatch(/"family_id"/);
      expect(statements[0]).toMatch(/"impersonator_id"/);
    } finally {
      client.query = original;
    }
  });

  it('a request without a cookie costs no session query', async () => {
    // the school's host is looked up once and kept: when this test runs first (shuffled, seed 10075273), the
    // lookup is this request's, which is no session query; the second request shows the cost of the check
    await ping('');
    expect(await queriesDuring(() => ping(''))).toBe(0);
  });
});

describe('session rows', () => {
  it('logout records why the session ended', async () => {
    const cookie = await loginAs(t.base, 'teacher2');
    const { id } = await sessionOf(cookie);
    await call(t.base, '/api/logout', { method: 'POST', cookie });
    const [row] = await db().select().from(sessions).where(eq(sessions.id, id)).orderBy(desc(sessions.id));
    expect(row!.revokeReason).toBe('logout');
  });
});
