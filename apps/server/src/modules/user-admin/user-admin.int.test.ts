import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, loginLocks, sessions, users } from '../../db/schema.ts';
import { TotpSetupSchema } from '@aula/contracts';
import {
  call,
  callAs,
  DEMO_PASSWORD,
  demoSchoolId,
  errorOf,
  loginAs,
  setUpTestApp,
  userIds,
} from '../../test/test-app.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { makeSchool, makeUser } from '../../test/factories.ts';
import { totpCodeAt } from '../../lib/totp-codes.ts';

const now = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
const t = setUpTestApp({ now });
const clock = t.clock;

let schoolId = 0;
let ids = new Map<string, number>();
const cookies = new Map<string, string>();
let otherSchoolUserId = 0;

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  // a second superadmin of the demo school, and a user of another school
  await makeUser(t, { username: 'superadmin2', role: 'superadmin' });
  const other = await makeSchool(t, { slug: 'other', name: 'Andere Schule', host: 'other-school.test' });
  otherSchoolUserId = (await makeUser(t, { schoolId: other.id, username: 'student', password: null })).id;
  ids = await userIds(t);
  for (const name of ['student', 'teacher', 'teacher2', 'admin', 'superadmin'])
    cookies.set(name, await loginAs(t.base, name));
});

const id = (username: string) => ids.get(username)!;
const block = (actor: string, targetId: number, blocked: boolean) =>
  call(t.base, `/api/users/${targetId}/block`, { cookie: cookies.get(actor), body: { blocked } });
const unlock = (actor: string, targetId: number) =>
  call(t.base, `/api/users/${targetId}/unlock`, { method: 'POST', cookie: cookies.get(actor) });
const resetTotp = (actor: string, targetId: number) =>
  call(t.base, `/api/users/${targetId}/totp`, { method: 'DELETE', cookie: cookies.get(actor) });
const audited = async (action: string, actor: string, target: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, action), eq(auditLog.actorId, id(actor)), eq(auditLog.targetId, id(target))),
      )
  ).length;
const signIn = (username: string, totp?: string) =>
  call(t.base, '/api/login', { body: { username, password: DEMO_PASSWORD, ...(totp ? { totp } : {}) } });

describe('POST /api/users/:id/block', () => {
  it('a teacher blocks a student of their group: every session of the student dies at once; unblocking lets them in again', async () => {
    const victim = await loginAs(t.base, 'student2');
    expect((await call(t.base, '/api/self', { cookie: victim })).status).toBe(200);

    const res = await block('teacher', id('student2'), true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: id('student2'), blocked: true });
    expect((await call(t.base, '/api/self', { cookie: victim })).status).not.toBe(200);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id('student2')));
    expect(rows.length).toBeGreaterThan(0);
    for (const s of rows) expect([s.revokedAt, s.revokeReason]).toEqual([expect.any(Date), 'blocked']);
    const refused = errorOf(await signIn('student2'));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.account_disabled');
    expect(await audited('user.block', 'teacher', 'student2')).toBe(1);

    const back = await block('teacher', id('student2'), false);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ id: id('student2'), blocked: false });
    expect((await signIn('student2')).status).toBe(200);
    expect(await audited('user.unblock', 'teacher', 'student2')).toBe(1);
  });

  it('a teacher may not act on a student of another group, another teacher, an admin or a superadmin', async () => {
    for (const target of ['student3', 'teacher2', 'admin', 'superadmin']) {
      for (const res of [
        errorOf(await block('teacher', id(target), true)),
        errorOf(await unlock('teacher', id(target))),
        errorOf(await resetTotp('teacher', id(target))),
      ]) {
        expect(res.status, target).toBe(403);
        expect(res.body.code, target).toBe('users.not_allowed');
      }
    }
    const blocked = await t.database.db.select().from(users).where(eq(users.blocked, true));
    expect(blocked).toEqual([]);
  });

  it('teacher2, who teaches both classes, may act on student3', async () => {
    expect((await unlock('teacher2', id('student3'))).status).toBe(200);
    expect(await audited('user.unlock', 'teacher2', 'student3')).toBe(1);
  });

  it('an admin acts on everyone but superadmins', async () => {
    for (const target of ['superadmin', 'superadmin2']) {
      const res = errorOf(await block('admin', id(target), true));
      expect(res.status, target).toBe(403);
      expect(res.body.code).toBe('users.not_allowed');
      expect((await resetTotp('admin', id(target))).status).toBe(403);
    }
    for (const target of ['teacher', 'teacher2', 'student4']) {
      expect((await block('admin', id(target), true)).status, target).toBe(200);
      expect((await block('admin', id(target), false)).status, target).toBe(200);
    }
    // the teachers were blocked a moment ago: their sessions ended with it; the other tests get new ones
    expect((await call(t.base, '/api/self', { cookie: cookies.get('teacher') })).status).not.toBe(200);
    for (const name of ['teacher', 'teacher2']) cookies.set(name, await loginAs(t.base, name));
  });

  it('a superadmin acts on admins, never on another superadmin; nobody blocks themselves', async () => {
    expect((await unlock('superadmin', id('admin'))).status).toBe(200);
    const other = errorOf(await block('superadmin', id('superadmin2'), true));
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('users.not_allowed');
    for (const name of ['superadmin', 'admin', 'teacher']) {
      const self = errorOf(await block(name, id(name), true));
      expect(self.status, name).toBe(403);
      expect(self.body.code).toBe('users.not_allowed');
    }
  });

  it("another school's user or an unknown id is 404, even for a superadmin", async () => {
    for (const actor of ['admin', 'superadmin']) {
      for (const target of [otherSchoolUserId, 999_999]) {
        expect((await block(actor, target, true)).status).toBe(404);
        expect((await unlock(actor, target)).status).toBe(404);
        expect((await resetTotp(actor, target)).status).toBe(404);
      }
    }
    const [foreign] = await t.database.db.select().from(users).where(eq(users.id, otherSchoolUserId));
    expect(foreign!.blocked).toBe(false);
  });

  it('a student may do none of it (the policy: 403); a visitor 401', async () => {
    for (const res of [
      await block('student', id('student2'), true),
      await unlock('student', id('student2')),
      await resetTotp('student', id('student2')),
    ])
      expect(res.status).toBe(403);
    expect((await call(t.base, `/api/users/${id('student2')}/unlock`, { method: 'POST' })).status).toBe(401);
  });

  it('needs the CSRF header and a boolean', async () => {
    const noCsrf = await call(t.base, `/api/users/${id('student2')}/block`, {
      cookie: cookies.get('teacher'),
      body: { blocked: true },
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
    expect((await block('teacher', id('student2'), 'yes' as unknown as boolean)).status).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, id('student2')));
    expect(row!.blocked).toBe(false);
  });
});

describe('while impersonating', () => {
  it("a superadmin impersonating a teacher cannot act in the teacher's name", async () => {
    const token = newToken();
    await t.database.db.insert(sessions).values({
      schoolId,
      userId: id('teacher'),
      familyId: newToken(),
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(now + 10 * 60_000),
      refreshTokenHash: hashToken(newToken()),
      refreshExpiresAt: new Date(now + 20 * 60_000),
      lastActivityAt: clock(),
      authAt: clock(),
      impersonatorId: id('superadmin'),
      impersonationReason: 'Support call',
    });
    const cookie = `${t.app.cookieNames.access}=${token}`;
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);
    const res = errorOf(
      await call(t.base, `/api/users/${id('student2')}/block`, { cookie, body: { blocked: true } }),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.not_while_impersonating');
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, id('student2')));
    expect(row!.blocked).toBe(false);
  });
});

describe('POST /api/users/:id/unlock', () => {
  it('lifts a sign-in lock at once', async () => {
    await t.database.db
      .insert(loginLocks)
      .values({ schoolId, accountKey: 'student', lockedUntil: new Date(now + 15 * 60_000) });
    const locked = await signIn('student');
    expect(locked.status).toBe(423);

    const res = await unlock('teacher', id('student'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await t.database.db.select().from(loginLocks)).toEqual([]);
    expect((await signIn('student')).status).toBe(200);
    expect(await audited('user.unlock', 'teacher', 'student')).toBe(1);
  });
});

describe('DELETE /api/users/:id/totp', () => {
  it("resets a user's 2FA: seeds cleared, sessions ended, password alone signs in again", async () => {
    // the reset ends the student's sessions, the one the other tests act with too
    onTestFinished(async () => {
      cookies.set('student', await loginAs(t.base, 'student'));
    });
    const cookie = await loginAs(t.base, 'student');
    const { secret } = (await callAs(TotpSetupSchema, t.base, '/api/totp/code', { cookie })).body;
    const verified = await call(t.base, '/api/totp/code/verify', {
      cookie,
      body: { code: await totpCodeAt(secret, clock()), password: DEMO_PASSWORD },
    });
    expect(verified.status).toBe(200);
    expect(errorOf(await signIn('student')).body.code).toBe('auth.totp_missing');

    const res = await resetTotp('teacher', id('student'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, id('student')));
    expect([row!.totpSecret, row!.totpPendingSecret, row!.totpLastStep]).toEqual([null, null, null]);
    expect((await call(t.base, '/api/self', { cookie })).status).not.toBe(200);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id('student')));
    expect(live.filter((s) => s.revokedAt === null)).toEqual([]);
    expect((await signIn('student')).status).toBe(200);
    expect(await audited('totp.reset', 'teacher', 'student')).toBe(1);
  });
});
