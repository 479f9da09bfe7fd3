import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hasRole, TotpSetupSchema, UserInfoSchema, type Role } from '@aula/contracts';
import { users } from '../../db/schema.ts';
import { DURING_FORCED_STEP, POLICY } from '../../policy.ts';
import {
  call,
  callAs,
  callError,
  DEMO_PASSWORD,
  errorOf,
  loginAs,
  setUpTestApp,
} from '../../test/test-app.ts';
import { totpCodeAt } from '../../lib/totp-codes.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';

// Issue 16 item 7: the forced steps of spec 4.2 hold for any HTTP client, not only in the web app. Until
// the step is done, every call but those needed to do it answers 403 with the step's code.

const now = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
const t = setUpTestApp({ now });
let admin = '';
beforeAll(async () => {
  admin = await loginAs(t.base, 'admin');
});

const idOf = async (username: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const setSetting = async (key: string, value: string) =>
  expect((await call(t.base, `/api/config/key/${key}`, { cookie: admin, body: { value } })).status).toBe(200);
const fill = (url: string) =>
  url.replace(':key/:lang', 'terms/de').replace(/:\w+/g, '1').replace('*', 'index.html');

/**
 * Every route the caller's role may call and the forced step does not need, called plainly: each must
 * answer 403 with the step's code. Routes that sign out or rotate the session are left to the end.
 */
async function expectEverythingElseRefused(cookie: string, role: Role, code: string): Promise<number> {
  let refused = 0;
  for (const route of t.app.apiRoutes) {
    const key = `${route.method} ${route.url}`;
    if (route.method === 'HEAD' || DURING_FORCED_STEP.has(key) || route.policy.objects === 'none') continue;
    if (
      route.policy.access !== 'public' &&
      !hasRole({ roles: [role], type: role === 'student' ? 'S' : 'L' }, route.policy.access)
    )
      continue;
    const res = await call(t.base, fill(route.url), {
      method: route.method,
      cookie,
      ...(route.method === 'GET' ? {} : { body: {} }),
      // a GET that may start something (a room join) needs the custom header like any change (decision 067)
      ...(route.policy.csrfOnGet ? { headers: { 'x-aula-csrf': '1' } } : {}),
    });
    expect(res.status, `${key} -> ${res.status} ${res.text.slice(0, 80)}`).toBe(403);
    expect(errorOf(res, key).body.code, key).toBe(code);
    refused++;
  }
  return refused;
}

describe('a password someone else gave must be changed first, with any HTTP client', () => {
  it("a pupil whose teacher set the password (change at next sign-in) can only change it, whatever the school's setting", async () => {
    await setSettingDirectly('force_2fa_teachers', 'false'); // whatever another test left
    const teacher = await loginAs(t.base, 'teacher');
    const given = 'Klassenfahrt-Nordsee-26';
    const set = await call(t.base, '/api/v2/accounts', {
      cookie: teacher,
      body: { userId: await idOf('student2'), password: given, mustChange: true },
    });
    expect(set.status).toBe(200);
    // force_password_change is off by default: the teacher's tick alone is honoured
    const pupil = await loginAs(t.base, 'student2', given);
    expect(
      (await callAs(UserInfoSchema, t.base, '/api/self', { cookie: pupil })).body.must_change_password,
    ).toBe(true);

    const refused = await expectEverythingElseRefused(pupil, 'student', 'auth.password_change_required');
    expect(refused).toBeGreaterThan(20);
    // what the step needs still answers: the user info, the page's texts, the ping
    expect((await call(t.base, '/api/self', { cookie: pupil })).status).toBe(200);
    expect((await call(t.base, '/api/config/key/imprint/de', { cookie: pupil })).status).toBe(200);
    expect((await call(t.base, '/api/users/alive', { cookie: pupil, body: {} })).status).toBeLessThan(300);

    const changed = await call(t.base, '/api/v2/password_changes', {
      cookie: pupil,
      body: { old_password: given, password: 'Mein eigenes Passwort 2026' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.base, '/api/layout', { cookie: pupil })).status).toBe(200);
    expect((await call(t.base, '/api/messages/admin', { cookie: pupil })).status).toBe(200);
  });

  it('a password set without "change at next sign-in" restricts nothing', async () => {
    await setSettingDirectly('force_2fa_teachers', 'false'); // whatever another test left
    const given = 'Wandertag-im-Oktober-9';
    const set = await call(t.base, '/api/v2/accounts', {
      cookie: admin,
      body: { userId: await idOf('student3'), password: given, mustChange: false },
    });
    expect(set.status).toBe(200);
    const pupil = await loginAs(t.base, 'student3', given);
    expect((await call(t.base, '/api/layout', { cookie: pupil })).status).toBe(200);
  });
});

describe('force_2fa_teachers: teachers and above set up two-factor first', () => {
  it('a teacher without two-factor can only set it up; a pupil is not held back', async () => {
    await setSettingDirectly('force_2fa_teachers', 'false'); // so the admin may set it, whatever came before
    await setSetting('force_2fa_teachers', 'true');
    // a teacher of its own: the two-factor set up here stays with them
    const teacher = await (await makeUser(t, { role: 'teacher', sitePolicyAccepted: true })).login();
    const refused = await expectEverythingElseRefused(teacher, 'teacher', 'auth.totp_required');
    expect(refused).toBeGreaterThan(25);
    const student = await loginAs(t.base, 'student');
    expect((await call(t.base, '/api/layout', { cookie: student })).status).toBe(200);

    const setup = await callAs(TotpSetupSchema, t.base, '/api/totp/code', { cookie: teacher });
    expect(setup.status).toBe(200);
    const code = await totpCodeAt(setup.body.secret, new Date(now));
    const verify = await call(t.base, '/api/totp/code/verify', {
      cookie: teacher,
      body: { code, password: DEMO_PASSWORD },
    });
    expect(verify.status).toBe(200);
    // turning two-factor on ends the other sessions, not this one
    expect((await call(t.base, '/api/v2/users', { cookie: teacher })).status).toBe(200);
  });

  it('an admin is held back too, until two-factor is set up', async () => {
    await setSettingDirectly('force_2fa_teachers', 'true');
    const res = await callError(t.base, '/api/config/settings', { cookie: await loginAs(t.base, 'admin') });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.totp_required');
    // the admin's own earlier session was signed in before: it is held back as well
    expect((await callError(t.base, '/api/config/settings', { cookie: admin })).body.code).toBe(
      'auth.totp_required',
    );
  });
});

describe('force_accept_policy: the terms come first', () => {
  it('a pupil who has not accepted the terms can read and accept them, nothing else', async () => {
    await t.database.db
      .update(users)
      .set({ sitePolicyAccepted: false })
      .where(eq(users.username, 'student4'));
    // the school's admins have no two-factor: the setting is written as an operator would
    await setSettingDirectly('force_2fa_teachers', 'false');
    await setSettingDirectly('force_accept_policy', 'true');
    const pupil = await loginAs(t.base, 'student4');
    const refused = await expectEverythingElseRefused(pupil, 'student', 'auth.policy_required');
    expect(refused).toBeGreaterThan(20);
    expect((await call(t.base, '/api/config/key/terms/de', { cookie: pupil })).status).toBe(200);
    const accept = await call(t.base, '/api/self/site-policy', { method: 'POST', cookie: pupil });
    expect(accept.status).toBe(200);
    expect((await call(t.base, '/api/layout', { cookie: pupil })).status).toBe(200);
  });
});

const setSettingDirectly = (key: string, value: string) => makeSetting(t, key, value);

describe('the list of calls allowed during a forced step', () => {
  it('names only routes of the policy table', () => {
    for (const key of DURING_FORCED_STEP) expect(POLICY[key], key).toBeDefined();
  });

  it("reaches only the caller's own data or what a visitor may see, besides the permissions", () => {
    // GET /api/perms answers the caller's own permissions and the school's feature list (no one's data)
    const schoolWide = new Set(['GET /api/perms']);
    for (const key of DURING_FORCED_STEP) {
      const row = POLICY[key]!;
      // public rows that reach tiles answer a signed-in user more than a visitor: none of them
      const visitorData = row.access === 'public' && row.objects !== 'visible-tile';
      const allowed = visitorData || row.objects === 'self' || schoolWide.has(key);
      expect(allowed, `${key} is ${row.access}/${row.objects}`).toBe(true);
    }
    // a canary: the online list (objects 'school', signed in) would be refused by this rule
    const online = POLICY['GET /api/users/online']!;
    expect(online.access === 'public' || online.objects === 'self').toBe(false);
    expect(POLICY['GET /api/layout']!.objects).toBe('visible-tile');
  });
});
