import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import {
  IMPERSONATION_MAX_MS,
  REAUTH_MAX_AGE_MS,
  DataExportSchema,
  SessionResultSchema,
  UserInfoSchema,
} from '@aula/contracts';
import { auditLog, sessions } from '../../db/schema.ts';
import { makeSchool, makeUser } from '../../test/factories.ts';
import {
  answerAs,
  call,
  callAs,
  callError,
  cookiesFrom,
  DEMO_PASSWORD,
  errorOf,
  loginAs,
  setUpTestApp,
  userIds,
} from '../../test/test-app.ts';

const t = setUpTestApp({ now: '2026-03-02T08:00:00Z' });
const clock = t.clock;
let ids = new Map<string, number>();
let otherSchoolUserId = 0;

beforeAll(async () => {
  await makeUser(t, { username: 'superadmin2', role: 'superadmin' });
  await makeUser(t, { username: 'blocked', blocked: true });
  const other = await makeSchool(t, { slug: 'other', name: 'Andere Schule', host: 'other.test' });
  otherSchoolUserId = (await makeUser(t, { schoolId: other.id, username: 'student' })).id;
  ids = await userIds(t);
});

const id = (username: string) => ids.get(username)!;
const impersonate = (cookie: string, targetId: number | string, reason = 'Hilfe beim Stundenplan') =>
  call(t.base, `/api/users/impersonate/${targetId}`, { cookie, body: { reason } });
const stop = (cookie: string) => call(t.base, '/api/users/impersonate', { method: 'DELETE', cookie });
const self = (cookie: string) => call(t.base, '/api/self', { cookie });
const selfAs = (cookie: string) => callAs(UserInfoSchema, t.base, '/api/self', { cookie });
const auditsOf = (action: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
/** Moves the clock on for one test; it stands where it stood again when the test finishes. */
const advanceClock = (ms: number) => {
  const at = clock.now();
  onTestFinished(() => clock.set(at));
  clock.advance(ms);
};
/** The superadmin impersonates the pupil with this reason and stops: one start and one stop entry. */
async function impersonateAndStop(pupilId: number, reason: string) {
  const start = await impersonate(await loginAs(t.base, 'superadmin'), pupilId, reason);
  expect(start.status).toBe(200);
  expect((await stop(cookiesFrom(start))).status).toBe(200);
}

describe('who may impersonate', () => {
  it.each(['student', 'teacher', 'admin'])('the role %s cannot impersonate: 403', async (username) => {
    const res = errorOf(await impersonate(await loginAs(t.base, username), id('student2')));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('common.forbidden');
  });

  it('a superadmin cannot impersonate another superadmin: 403', async () => {
    const res = errorOf(await impersonate(await loginAs(t.base, 'superadmin'), id('superadmin2')));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.impersonate_superadmin');
  });

  it("an unknown id and another school's user both answer 404", async () => {
    const cookie = await loginAs(t.base, 'superadmin');
    expect((await impersonate(cookie, 999_999)).status).toBe(404);
    const other = errorOf(await impersonate(cookie, otherSchoolUserId));
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('common.not_found');
  });

  it('a superadmin cannot impersonate themselves (400), nor a blocked user (403)', async () => {
    const cookie = await loginAs(t.base, 'superadmin');
    expect((await impersonate(cookie, id('superadmin'))).status).toBe(400);
    const blocked = errorOf(await impersonate(cookie, id('blocked')));
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('auth.account_disabled');
  });

  it('the reason is required (at least 3 characters)', async () => {
    const cookie = await loginAs(t.base, 'superadmin');
    expect((await impersonate(cookie, id('student'), '  ')).status).toBe(400);
    expect((await call(t.base, `/api/users/impersonate/${id('student')}`, { cookie, body: {} })).status).toBe(
      400,
    );
  });

  it('a password older than 5 minutes needs re-entering: 401 auth.reauth_required, then 200', async () => {
    // a pupil of its own: whether an impersonation of her exists must not depend on the other tests
    const pupil = await makeUser(t, { username: 'reauth-pupil' });
    const cookie = await loginAs(t.base, 'superadmin');
    advanceClock(REAUTH_MAX_AGE_MS + 1_000);
    const stale = errorOf(await impersonate(cookie, pupil.id));
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('auth.reauth_required');
    expect(stale.headers.getSetCookie()).toEqual([]);
    expect(await latestImpersonationOf(pupil.id)).toBeUndefined();

    // the reenter-password dialog: POST /api/login/reauth when it exists, else a fresh sign-in stamps auth_at
    const hasReauth = t.app.apiRoutes.some((r) => r.method === 'POST' && r.url === '/api/login/reauth');
    let fresh = cookie;
    if (hasReauth) {
      const reauth = await call(t.base, '/api/login/reauth', { cookie, body: { password: DEMO_PASSWORD } });
      expect(reauth.status).toBe(200);
      fresh = cookiesFrom(reauth) || cookie;
    } else {
      fresh = await loginAs(t.base, 'superadmin');
    }
    const res = await impersonate(fresh, pupil.id);
    expect(res.status).toBe(200);
    await stop(cookiesFrom(res));
  });
});

/** The newest impersonation of this user. */
const latestImpersonationOf = async (userId: number) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNotNull(sessions.impersonatorId)))
      .orderBy(desc(sessions.id))
      .limit(1)
  )[0];

describe('impersonating and stopping', () => {
  it('shows the target with the real user, for at most 30 minutes, and stopping restores the superadmin', async () => {
    const pupil = await makeUser(t);
    const adminCookie = await loginAs(t.base, 'superadmin');
    const start = await impersonate(adminCookie, pupil.id, 'Eltern fragen nach dem Stundenplan');
    expect(start.status).toBe(200);
    const result = SessionResultSchema.strict().parse(start.body);
    expect(result.user.username).toBe(pupil.username);
    expect(result.user.impersonator).toMatchObject({ id: id('superadmin'), username: 'superadmin' });
    expect(result.refresh_token_expiration).toBeLessThanOrEqual(clock.now() + IMPERSONATION_MAX_MS);
    expect(result.user.impersonation_expiration).toBe(result.refresh_token_expiration);
    expect(start.text).not.toMatch(/refresh_token"/);
    const asStudent = cookiesFrom(start);
    expect(asStudent).not.toBe(adminCookie);

    const stored = (await latestImpersonationOf(pupil.id))!;
    expect(stored).toMatchObject({
      userId: pupil.id,
      impersonatorId: id('superadmin'),
      impersonationReason: 'Eltern fragen nach dem Stundenplan',
    });
    expect(stored.refreshExpiresAt.getTime()).toBeLessThanOrEqual(clock.now() + IMPERSONATION_MAX_MS);
    const [parent] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, stored.parentSessionId!));
    expect(parent).toMatchObject({ userId: id('superadmin'), revokedAt: null });

    const shown = await self(asStudent);
    expect(shown.status).toBe(200);
    const info = UserInfoSchema.strict().parse(shown.body);
    expect(info.username).toBe(pupil.username);
    expect(info.impersonator?.username).toBe('superadmin');
    expect(info.impersonation_expiration).toBe(result.refresh_token_expiration);

    // while impersonating a student, the student's rights apply: no nested impersonation, no export
    expect((await impersonate(asStudent, id('student2'))).status).toBe(403);
    const exported = await callError(t.base, '/api/users/data', { cookie: asStudent });
    expect(exported.status).toBe(403);
    expect(exported.body.code).toBe('auth.not_while_impersonating');

    const stopped = await stop(asStudent);
    expect(stopped.status).toBe(200);
    const back = SessionResultSchema.strict().parse(stopped.body);
    expect(back.user).toMatchObject({
      username: 'superadmin',
      impersonator: null,
      impersonation_expiration: null,
    });
    expect(back.refresh_token_expiration).toBe(parent!.refreshExpiresAt.getTime());
    const asAdmin = cookiesFrom(stopped);
    expect((await selfAs(asAdmin)).body.username).toBe('superadmin');
    expect((await selfAs(asAdmin)).body.impersonator).toBeNull();
    // the impersonation cookies are dead, and so are the superadmin's tokens from before (rotated)
    expect((await self(asStudent)).status).not.toBe(200);
    expect((await self(adminCookie)).status).not.toBe(200);
    const [ended] = await t.database.db.select().from(sessions).where(eq(sessions.id, stored.id));
    expect(ended!.revokeReason).toBe('impersonation-end');
    expect(ended!.revokedAt).not.toBeNull();
  });

  it('start and stop are audited with the real user as actor and the reason', async () => {
    const pupil = await makeUser(t);
    await impersonateAndStop(pupil.id, 'Eltern fragen nach dem Stundenplan');
    const [started] = await auditsOf('impersonation.start', pupil.id);
    expect(started).toMatchObject({
      actorId: id('superadmin'),
      details: { reason: 'Eltern fragen nach dem Stundenplan' },
    });
    const [stopped] = await auditsOf('impersonation.stop', pupil.id);
    expect(stopped).toMatchObject({
      actorId: id('superadmin'),
      details: { impersonatorId: id('superadmin') },
    });
  });

  it("start and stop appear in the impersonated user's own data export, with the reason", async () => {
    const pupil = await makeUser(t);
    await impersonateAndStop(pupil.id, 'Eltern fragen nach dem Stundenplan');
    const res = await callAs(DataExportSchema, t.base, '/api/users/data', { cookie: await pupil.login() });
    expect(res.status).toBe(200);
    const entries = res.body.tables.audit_log as { action: string; actor_id: number; details: object }[];
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'impersonation.start',
        actor_id: id('superadmin'),
        details: { reason: 'Eltern fragen nach dem Stundenplan' },
      }),
    );
    expect(entries.map((e) => e.action)).toContain('impersonation.stop');
  });

  it('writes while impersonating are audited with both users', async () => {
    const pupil = await makeUser(t);
    const start = await impersonate(await loginAs(t.base, 'superadmin'), pupil.id);
    const asStudent = cookiesFrom(start);
    expect((await call(t.base, '/api/logout', { cookie: asStudent, body: {} })).status).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'logout'), eq(auditLog.targetId, pupil.id)));
    expect(entry).toMatchObject({ actorId: pupil.id, details: { impersonatorId: id('superadmin') } });
  });

  it('DELETE when not impersonating answers 400 auth.not_impersonating', async () => {
    for (const username of ['superadmin', 'student']) {
      const res = errorOf(await stop(await loginAs(t.base, username)));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('auth.not_impersonating');
    }
    expect((await stop('')).status).toBe(401);
  });

  it("stopping after the superadmin's own session ended answers 404 and clears the cookies", async () => {
    const pupil = await makeUser(t);
    const adminCookie = await loginAs(t.base, 'superadmin');
    const start = await impersonate(adminCookie, pupil.id);
    expect(start.status).toBe(200);
    // the superadmin's own session ends in the same moment (a race: ending a parent also ends its impersonations)
    const imp = (await latestImpersonationOf(pupil.id))!;
    await t.database.db
      .update(sessions)
      .set({ revokedAt: clock(), revokeReason: 'logout' })
      .where(eq(sessions.id, imp.parentSessionId!));
    const res = await stop(cookiesFrom(start));
    expect(res.status).toBe(404);
    const cleared = res.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    for (const c of cleared) expect(c).toMatch(/=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await self(cookiesFrom(start))).status).not.toBe(200);
  });

  it("an impersonation never outlives the superadmin's own session", async () => {
    const adminCookie = await loginAs(t.base, 'superadmin');
    const [parent] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id('superadmin')))
      .orderBy(desc(sessions.id))
      .limit(1);
    const parentEnd = new Date(clock.now() + 10 * 60_000);
    await t.database.db
      .update(sessions)
      .set({ refreshExpiresAt: parentEnd })
      .where(eq(sessions.id, parent!.id));
    const colleague = await makeUser(t, { role: 'teacher' });
    const start = answerAs(SessionResultSchema, await impersonate(adminCookie, colleague.id));
    expect(start.status).toBe(200);
    expect(start.body.refresh_token_expiration).toBe(parentEnd.getTime());
    expect((await latestImpersonationOf(colleague.id))!.refreshExpiresAt.getTime()).toBe(parentEnd.getTime());
  });

  it('ends by itself after 30 minutes: the next refresh returns the superadmin, audited', async () => {
    const pupil = await makeUser(t);
    const start = await impersonate(await loginAs(t.base, 'superadmin'), pupil.id, 'Passwort vergessen');
    expect(start.status).toBe(200);
    const asStudent = cookiesFrom(start);
    advanceClock(IMPERSONATION_MAX_MS + 1_000);
    expect((await self(asStudent)).status).not.toBe(200);
    const back = await callAs(SessionResultSchema, t.base, '/api/login/refresh', {
      cookie: asStudent,
      body: {},
    });
    expect(back.status).toBe(200);
    expect(back.body.user).toMatchObject({ username: 'superadmin', impersonator: null });
    expect((await selfAs(cookiesFrom(back))).body.username).toBe('superadmin');
    expect((await auditsOf('impersonation.expired', pupil.id)).at(-1)).toMatchObject({
      actorId: id('superadmin'),
    });
  });
});

describe('ending the superadmin ends their impersonations', () => {
  it("a superadmin's password change signs out the impersonation they started", async () => {
    // a superadmin and a pupil of its own: the password it changes is no other test's
    const superadmin = await makeUser(t, { role: 'superadmin' });
    const pupil = await makeUser(t);
    const own = await superadmin.login();
    const started = await impersonate(own, pupil.id);
    expect(started.status).toBe(200);
    const acting = cookiesFrom(started);
    expect((await selfAs(acting)).body.username).toBe(pupil.username);
    const changed = await call(t.base, '/api/v2/password_changes', {
      cookie: own,
      body: { old_password: DEMO_PASSWORD, password: 'Ein-neues-Passwort-fuer-Admins' },
    });
    expect(changed.status).toBe(200);
    expect((await self(acting)).status).toBe(418);
    expect((await self(own)).status).toBe(200);
  });
});
