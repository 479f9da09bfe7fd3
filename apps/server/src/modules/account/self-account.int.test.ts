import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { UserInfoSchema } from '@aula/contracts';
import { call, callAs, callError, DEMO_PASSWORD, loginAs, setUpTestApp } from '../../test/test-app.ts';

const now = Date.parse('2026-03-02T08:00:00Z');
const t = setUpTestApp({ now });

const putEmailOpts = (cookie: string, email: string | null, password: string) => ({
  method: 'PUT',
  body: { email, password },
  cookie,
});
const putEmail = (cookie: string, email: string | null, password = DEMO_PASSWORD) =>
  call(t.base, '/api/self/secondary-email', putEmailOpts(cookie, email, password));
const putEmailAs = (cookie: string, email: string | null, password = DEMO_PASSWORD) =>
  callAs(UserInfoSchema, t.base, '/api/self/secondary-email', putEmailOpts(cookie, email, password));
const putEmailRefused = (cookie: string, email: string | null, password = DEMO_PASSWORD) =>
  callError(t.base, '/api/self/secondary-email', putEmailOpts(cookie, email, password));

async function impersonated(username: string): Promise<string> {
  const cookie = await loginAs(t.base, username);
  const [target] = await t.database.db.select().from(users).where(eq(users.username, username));
  const [superadmin] = await t.database.db.select().from(users).where(eq(users.username, 'superadmin'));
  await t.database.db
    .update(sessions)
    .set({ impersonatorId: superadmin!.id, impersonationReason: 'support' })
    .where(eq(sessions.userId, target!.id));
  return cookie;
}

describe('PUT /api/self/secondary-email', () => {
  it('an empty address is "mail missing", a malformed one "invalid mail"', async () => {
    const cookie = await loginAs(t.base, 'student');
    const empty = await putEmailRefused(cookie, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('mail.missing');
    for (const bad of ['kein-at-zeichen', 'zwei@@example.org', 'mit leer@example.org', 'ohne@punkt']) {
      const res = await putEmailRefused(cookie, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('mail.invalid');
    }
    expect((await callAs(UserInfoSchema, t.base, '/api/self', { cookie })).body.secondary_email).toBeNull();
  });

  it('needs the password: a wrong one is 403 and changes nothing (a taken-over session cannot redirect reset codes)', async () => {
    const cookie = await loginAs(t.base, 'student3');
    const res = await putEmailRefused(cookie, 'dieb@example.org', 'falsches-passwort');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.wrong_password');
    expect((await callAs(UserInfoSchema, t.base, '/api/self', { cookie })).body.secondary_email).toBeNull();
  });

  it('stores a valid address, returns the user info, and null removes it; audited without the address', async () => {
    const cookie = await loginAs(t.base, 'student2');
    const set = await putEmailAs(cookie, ' ali.privat@example.org ');
    expect(set.status).toBe(200);
    expect(set.body.username).toBe('student2');
    expect(set.body.secondary_email).toBe('ali.privat@example.org');
    expect((await callAs(UserInfoSchema, t.base, '/api/self', { cookie })).body.secondary_email).toBe(
      'ali.privat@example.org',
    );
    const removed = await putEmailAs(cookie, null);
    expect(removed.status).toBe(200);
    expect(removed.body.secondary_email).toBeNull();
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'student2'));
    expect(user!.secondaryEmail).toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.change'), eq(auditLog.targetId, user!.id)));
    expect(audits.map((a) => a.details)).toEqual([
      { field: 'secondary', removed: false },
      { field: 'secondary', removed: true },
    ]);
  });

  it('is refused while impersonating', async () => {
    const cookie = await impersonated('student3');
    const res = await putEmailRefused(cookie, 'superadmin-war-hier@example.org');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.not_while_impersonating');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'student3'));
    expect(user!.secondaryEmail).toBeNull();
  });

  it('needs a session and the CSRF header', async () => {
    expect((await putEmail('', 'x@example.org')).status).toBe(401);
    const cookie = await loginAs(t.base, 'student');
    const res = await call(t.base, '/api/self/secondary-email', {
      method: 'PUT',
      body: { email: 'x@example.org', password: DEMO_PASSWORD },
      cookie,
      csrf: false,
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/self/site-policy', () => {
  beforeAll(async () => {
    // the demo school's users have accepted already
    await t.database.db.update(users).set({ sitePolicyAccepted: false, sitePolicyAcceptedAt: null });
  });

  it('records the acceptance with its time and returns the user info', async () => {
    const cookie = await loginAs(t.base, 'teacher');
    expect((await callAs(UserInfoSchema, t.base, '/api/self', { cookie })).body.sitePolicyAccepted).toBe(
      false,
    );
    const res = await callAs(UserInfoSchema, t.base, '/api/self/site-policy', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(res.body.sitePolicyAccepted).toBe(true);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'teacher'));
    expect(user!.sitePolicyAccepted).toBe(true);
    expect(user!.sitePolicyAcceptedAt?.getTime()).toBe(now);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site_policy.accept'), eq(auditLog.targetId, user!.id)));
    expect(audits).toHaveLength(1);
  });

  it('only the user accepts: refused while impersonating', async () => {
    const cookie = await impersonated('student4');
    const res = await callError(t.base, '/api/self/site-policy', { method: 'POST', cookie });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.not_while_impersonating');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'student4'));
    expect(user!.sitePolicyAccepted).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(t.base, '/api/self/site-policy', { method: 'POST' })).status).toBe(401);
  });
});
