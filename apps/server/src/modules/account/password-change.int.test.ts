import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LOGIN_PAIR_FAILURES, MAX_PASSWORD_LENGTH, UserInfoSchema } from '@aula/contracts';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';
import { answerAs, call, DEMO_PASSWORD, errorOf, loginAs, setUpTestApp } from '../../test/test-app.ts';

const now = Date.parse('2026-03-02T08:00:00Z');
// the current password of each demo user, as the tests change them
const current = new Map<string, string>();

const t = setUpTestApp({ now });

const setConfig = (key: string, value: string) => makeSetting(t, key, value);

const passwordOf = (username: string) => current.get(username) ?? DEMO_PASSWORD;

async function change(username: string, password: string, cookie?: string) {
  const session = cookie ?? (await loginAs(t.base, username, passwordOf(username)));
  const res = await call(t.base, '/api/v2/password_changes', {
    body: { old_password: passwordOf(username), password },
    cookie: session,
  });
  if (res.status === 200) current.set(username, password);
  return res;
}

/** The rules a password breaks for this user, as the server names them (empty when it was accepted). */
async function broken(username: string, password: string): Promise<string[]> {
  const res = await change(username, password);
  if (res.status === 200) return [];
  expect(res.status).toBe(400);
  const { body } = errorOf(res);
  expect(body.code).toBe('password.rules');
  const rules = String(body.params?.rules).split(',');
  expect(body.issues?.map((i) => i.code)).toEqual(rules.map((r) => `password.${r}`));
  expect(body.issues?.every((i) => i.path === 'password')).toBe(true);
  return rules;
}

describe('password rules over HTTP (spec 5, SECURITY.md "Sign-in")', () => {
  it('minimum length follows password_length (default 10), never below 8', async () => {
    expect(await broken('student', 'kurz-9ab')).toEqual(['min_length']);
    await setConfig('password_length', '14');
    expect(await broken('student', 'dreizehn-zei1')).toEqual(['min_length']);
    expect(await broken('student', 'vierzehn-zeich')).toEqual([]);
    await setConfig('password_length', '4');
    expect(await broken('student2', 'zu-kurz')).toEqual(['min_length']);
    expect(await broken('student2', 'acht-zei')).toEqual([]);
    await setConfig('password_length', '10');
  });

  it('character classes are off by default and required when password_char_classes is true', async () => {
    expect(await broken('student3', 'nur-kleine-buchstaben')).toEqual([]);
    await setConfig('password_char_classes', 'true');
    expect(await broken('student3', 'nurkleinebuchstaben')).toEqual(['uppercase', 'digit', 'special']);
    expect(await broken('student3', 'NURGROSSE-9BUCHSTABEN')).toEqual(['lowercase']);
    expect(await broken('student3', 'Alle-Klassen-da-7')).toEqual([]);
    await setConfig('password_char_classes', 'false');
  });

  it('the password must not contain the first name, last name or user name (any case)', async () => {
    // student4 is Noah Fischer
    expect(await broken('student4', 'mein-NOAH-passwort')).toEqual(['no_names']);
    expect(await broken('student4', 'fischers-fritz-fischt')).toEqual(['no_names']);
    expect(await broken('student4', 'ich-bin-student4!')).toEqual(['no_names']);
  });

  it('the new password must not be the old one', async () => {
    expect(await broken('teacher', DEMO_PASSWORD)).toEqual(['not_old']);
  });

  it('common passwords are refused while check_top_passwords is on (the default)', async () => {
    expect(await broken('teacher2', 'passwort123')).toEqual(['common']);
    expect(await broken('teacher2', 'Passwort123')).toEqual(['common']);
    expect(await broken('teacher2', 'dragon')).toEqual(['min_length', 'common']);
    expect(await broken('teacher2', 'qwertyuiop')).toEqual(['common']);
    // the same check as the form's (contracts): trailing digits and symbols do not make a common word rare
    expect(await broken('teacher2', 'password123')).toEqual(['common']);
    expect(await broken('teacher2', 'Sommer2024!')).toEqual(['common']);
    await setConfig('check_top_passwords', 'false');
    expect(await broken('teacher2', 'passwort123')).toEqual([]);
    await setConfig('check_top_passwords', 'true');
  });

  it('a long passphrase is accepted whole and never truncated', async () => {
    const passphrase = 'der Igel sitzt im Garten unter dem Apfelbaum und zählt die Sterne';
    expect(passphrase.length).toBeGreaterThan(64);
    expect((await change('admin', passphrase)).status).toBe(200);
    const prefix = await call(t.base, '/api/login', {
      body: { username: 'admin', password: passphrase.slice(0, 63) },
    });
    expect(prefix.status).toBe(401);
    const whole = await call(t.base, '/api/login', { body: { username: 'admin', password: passphrase } });
    expect(whole.status).toBe(200);

    const longest = 'x7-'.repeat(MAX_PASSWORD_LENGTH / 3) + 'x';
    expect(longest.length).toBe(MAX_PASSWORD_LENGTH);
    expect((await change('admin', longest)).status).toBe(200);
    expect((await change('admin', longest + 'y')).status).toBe(400);
    expect(
      (await call(t.base, '/api/login', { body: { username: 'admin', password: longest.slice(0, -1) } }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/v2/password_changes', () => {
  it('stores a new argon2id hash, clears must_change_password, and is audited', async () => {
    await t.database.db
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.username, 'superadmin'));
    const res = answerAs(UserInfoSchema, await change('superadmin', 'Neues-Passwort-fuer-alle'));
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('superadmin');
    expect(res.body.must_change_password).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'superadmin'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordChangedAt?.getTime()).toBe(now);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.change'), eq(auditLog.targetId, row!.id)));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('Neues-Passwort-fuer-alle');
    expect(JSON.stringify(audits)).not.toContain(DEMO_PASSWORD);
  });

  it('a wrong old password answers 403 "wrong password" (never 401) and changes nothing', async () => {
    const cookie = await loginAs(t.base, 'student', passwordOf('student'));
    const res = errorOf(
      await call(t.base, '/api/v2/password_changes', {
        body: { old_password: 'not-my-password', password: 'ein-anderes-Passwort-1' },
        cookie,
      }),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.wrong_password');
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(200);
    expect(
      (await call(t.base, '/api/login', { body: { username: 'student', password: passwordOf('student') } }))
        .status,
    ).toBe(200);
  });

  it('ends every other session of the user at once; the current one goes on', async () => {
    const other = await loginAs(t.base, 'student2', passwordOf('student2'));
    const mine = await loginAs(t.base, 'student2', passwordOf('student2'));
    expect((await change('student2', 'ganz-frisches-Passwort-2', mine)).status).toBe(200);
    expect((await call(t.base, '/api/self', { cookie: other })).status).toBe(418);
    expect((await call(t.base, '/api/self', { cookie: mine })).status).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'student2'));
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    const live = rows.filter((s) => s.revokedAt === null);
    expect(live).toHaveLength(1);
    expect(rows.filter((s) => s.revokeReason === 'password').length).toBeGreaterThanOrEqual(1);
  });

  it('is refused while impersonating (403), and the password stays', async () => {
    const cookie = await loginAs(t.base, 'teacher', passwordOf('teacher'));
    const [target] = await t.database.db.select().from(users).where(eq(users.username, 'teacher'));
    const [superadmin] = await t.database.db.select().from(users).where(eq(users.username, 'superadmin'));
    // the session the impersonation dialog would create: the target's, carrying the real user
    const [latest] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, target!.id))
      .orderBy(sessions.id)
      .then((r) => r.slice(-1));
    await t.database.db
      .update(sessions)
      .set({ impersonatorId: superadmin!.id, impersonationReason: 'support' })
      .where(eq(sessions.id, latest!.id));
    const res = errorOf(
      await call(t.base, '/api/v2/password_changes', {
        body: { old_password: passwordOf('teacher'), password: 'vom-Superadmin-gesetzt-1' },
        cookie,
      }),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.not_while_impersonating');
    expect(
      (await call(t.base, '/api/login', { body: { username: 'teacher', password: passwordOf('teacher') } }))
        .status,
    ).toBe(200);
  });

  it('wrong old passwords count like failed sign-ins: after five from one address, 423 with Retry-After', async () => {
    // a user of its own, so no other test's wrong tries count here
    const cookie = await (await makeUser(t)).login();
    const statuses = [];
    for (let i = 0; i < LOGIN_PAIR_FAILURES + 1; i++) {
      const res = await call(t.base, '/api/v2/password_changes', {
        body: { old_password: `falsch-${i}`, password: 'ein-anderes-Passwort-1' },
        cookie,
      });
      statuses.push(res.status);
      if (res.status === 423) {
        expect(errorOf(res).body.code).toBe('auth.login_locked');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 423]);
  });

  it('needs a session', async () => {
    const res = await call(t.base, '/api/v2/password_changes', {
      body: { old_password: DEMO_PASSWORD, password: 'ohne-Sitzung-geht-nichts' },
    });
    expect(res.status).toBe(401);
  });
});
