import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ChatRoomDetailsSchema, DEFAULT_FEATURES, type FeatureName } from '@aula/contracts';
import type { Database } from './db/index.ts';
import { configReadLog, countingTestDatabase, readsConfig, type ConfigReadLog } from './test/config-reads.ts';
import { phonePhoto } from './test/photos.ts';
import { makeDeviceRow, makeGroup, makeSetting, makeUser, type TestUser } from './test/factories.ts';
import { DEMO_PASSWORD, setUpTestApp } from './test/test-app.ts';
import { readConfigSnapshot } from './modules/config/config.service.ts';
import { settleBackgroundTasks } from './modules/mail/mail.service.ts';

// Decided once per request (issue 33 item 4, decision 085): a request reads the school's configuration at
// most once, the feature switch included, counted as statements on the real database. A second read added
// anywhere on these walks fails here.

let database: Database | undefined;
let log: ConfigReadLog = configReadLog();
// Tuesday 24 November 2026, 09:00 in Berlin; the clock stands, so the cached session settings stay cached
const t = setUpTestApp(async () => {
  ({ database, log } = await countingTestDatabase());
  return { now: '2026-11-24T08:00:00Z', database };
});
afterAll(() => database?.close());

const TODAY = '2026-11-24';
let pupil: TestUser & { cookie: string };
let teacher: TestUser & { cookie: string };
let admin: TestUser & { cookie: string };

/** A device of the user's last session, so a push is queued for them (and quiet hours are looked at). */
async function device(u: TestUser): Promise<void> {
  await makeDeviceRow(t, u, `https://push.example.org/send/${u.username}`);
}

beforeAll(async () => {
  // push on, so the walks go through the push triggers as far as they go
  await makeSetting(t, 'enabled_features', [...DEFAULT_FEATURES, 'push'].join(','));
  await makeSetting(t, 'enable_sick_photo', 'true');
  // what the account walks look at: a new account's first password, and mail to both addresses
  await makeSetting(t, 'force_password_change', 'true');
  await makeSetting(t, 'forward_emails', 'true');
  // the school's OpenID sign-in switched on (its provider not set up yet): the login page asks for both
  await makeSetting(t, 'enable_moin_auth', 'true');
  const group = await makeGroup(t, { name: 'Klasse 9z' });
  const signedIn = async (u: TestUser) => ({ ...u, cookie: await u.login() });
  pupil = await signedIn(await makeUser(t, { role: 'student', groups: [group.id] }));
  teacher = await signedIn(await makeUser(t, { role: 'teacher', groups: [group.id] }));
  admin = await signedIn(await makeUser(t, { role: 'admin' }));
  await device(teacher);
  await device(pupil);
});

function sickForm(photo?: Buffer): FormData {
  const f = new FormData();
  f.append('begin', TODAY);
  f.append('end', TODAY);
  f.append('message', 'Fieber');
  if (photo) f.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return f;
}

/**
 * The configuration reads of one request. The session settings have their own 30-second cache, which the
 * guard reads on every signed-in request: a walk counts with it filled just before (whatever the tests before
 * it left, in whatever order they ran, and however long they took), unless it says `sessionSettings: 'empty'`.
 */
async function readsOf(
  cookie: string,
  path: string,
  opts: Parameters<typeof t.call>[1] = {},
  { sessionSettings = 'cached' }: { sessionSettings?: 'cached' | 'empty' } = {},
) {
  if (sessionSettings === 'cached') await t.app.sessionSettings(admin.schoolId);
  else t.app.sessionSettings.forget(admin.schoolId);
  // the work a route leaves for after its answer (a reset code's mail) is part of its walk
  const { reads, statements, result } = await log.during(async () => {
    const res = await t.call(path, { cookie, ...opts });
    await settleBackgroundTasks(t.app);
    return res;
  });
  expect(result.status, result.text).toBeLessThan(300);
  return { reads, statements };
}

describe('the counter', () => {
  it('counts selects of config and config_texts, not writes nor other tables', () => {
    expect(readsConfig('select "key", "value" from "config" where "config"."school_id" = $1')).toBe(true);
    expect(readsConfig('select "lang", "text" from "config_texts" where x')).toBe(true);
    expect(readsConfig('insert into "config" ("school_id") values ($1)')).toBe(false);
    expect(readsConfig('select "id" from "configurations"')).toBe(false);
    expect(readsConfig('select "id" from "users" where "users"."school_id" = $1')).toBe(false);
  });
});

describe('configuration reads per request', () => {
  it('a sick report reads the configuration once', async () => {
    const { reads, statements } = await readsOf(pupil.cookie, '/api/sick', { form: sickForm() });
    expect(reads, statements.join('\n')).toBe(1);
  });

  it('a sick report with a photo reads the configuration once', async () => {
    const { reads, statements } = await readsOf(pupil.cookie, '/api/sick', {
      form: sickForm(await phonePhoto()),
    });
    expect(reads, statements.join('\n')).toBe(1);
  });

  it('a chat message reads the configuration once', async () => {
    const room = await t.callAs(ChatRoomDetailsSchema, '/api/matrix/room', {
      cookie: teacher.cookie,
      body: { name: 'Raum 9z', groupIds: [], userIds: [pupil.id] },
    });
    expect(room.status, room.text).toBe(201);
    const { reads, statements } = await readsOf(pupil.cookie, `/api/matrix/${room.body.id}/messages`, {
      body: { body: 'Hallo', clientId: 'client-config-reads' },
    });
    expect(reads, statements.join('\n')).toBe(1);
  });

  it.each([
    ['the permissions', 'GET', '/api/perms'],
    ['the chat rooms', 'GET', '/api/matrix/rooms'],
    ['the sick notices', 'GET', '/api/sick'],
    ['the video rooms', 'GET', '/api/bbb'],
    ['the camera', 'GET', '/api/camera'],
    ['the admin messages', 'GET', '/api/messages/admin'],
    ['the push settings', 'GET', '/api/users/firebase/settings'],
  ])('%s (%s %s) read the configuration at most once', async (_name, method, path) => {
    const { reads, statements } = await readsOf(admin.cookie, path, { method });
    expect(reads, statements.join('\n')).toBeLessThanOrEqual(1);
  });
});

describe('configuration reads of the account walks', () => {
  it('a sign-in reads the configuration once, when the session settings are not cached', async () => {
    const u = await makeUser(t, { role: 'student' });
    // the worst case: the session settings' own cache (30 s) has run out; while cached, a sign-in reads none
    const { reads, statements } = await readsOf(
      '',
      '/api/login',
      { body: { username: u.username, password: DEMO_PASSWORD } },
      { sessionSettings: 'empty' },
    );
    expect(reads, statements.join('\n')).toBe(1);
  });

  it('a password change reads the configuration once', async () => {
    const u = await makeUser(t, { role: 'teacher' });
    const { reads, statements } = await readsOf(await u.login(), '/api/v2/password_changes', {
      body: { old_password: DEMO_PASSWORD, password: 'Ein-ganz-neues-Passwort-77' },
    });
    expect(reads, statements.join('\n')).toBe(1);
  });

  it('an admin creating a user with a password reads the configuration once', async () => {
    const { reads, statements } = await readsOf(admin.cookie, '/api/v2/users', {
      body: {
        username: 'neu.config',
        first_name: 'Nele',
        last_name: 'Neumann',
        type: 'S',
        groupIds: [],
        password: 'Ein-ganz-neues-Passwort-78',
      },
    });
    expect(reads, statements.join('\n')).toBe(1);
  });

  it('a reset code for an address two accounts share reads the configuration once', async () => {
    for (const n of [1, 2])
      await makeUser(t, { email: 'familie@example.org', secondaryEmail: `kind${n}@example.org` });
    const { reads, statements } = await readsOf('', '/api/v2/account/reset-code', {
      body: { username: 'familie@example.org' },
    });
    expect(reads, statements.join('\n')).toBe(1);
  });

  it("the login page's sign-in providers (GET /api/apps/moin) read the configuration once", async () => {
    const { reads, statements } = await readsOf('', '/api/apps/moin');
    expect(reads, statements.join('\n')).toBe(1);
  });

  it.each([
    ['the school', '/api/config/school'],
    ['the banner', '/api/config/banner'],
    ['the login background', '/api/config/login-bg'],
    ['the logo', '/api/config/logo'],
  ])("the school's look: %s (GET %s) reads the configuration once", async (_name, path) => {
    const { reads, statements } = await readsOf('', path);
    expect(reads, statements.join('\n')).toBe(1);
  });

  it('canary: a walk that reads the configuration a second time counts 2, which the walks above refuse', async () => {
    const { reads } = await log.during(async () => {
      const res = await t.call('/api/config/school');
      await readConfigSnapshot(t.database.db, admin.schoolId);
      return res;
    });
    expect(reads).toBe(2);
  });
});

describe('a switched-off feature (decision 085)', () => {
  /** Every route of the feature, called by an admin with made-up ids and an empty body: the answers. */
  async function walk(feature: FeatureName) {
    const answers: { route: string; status: number }[] = [];
    for (const { method, url, policy } of t.app.apiRoutes) {
      if (policy.feature !== feature || method === 'HEAD') continue;
      const path = url.replace(/:[A-Za-z]+/g, '1');
      const res = await t.call(path, {
        method,
        cookie: admin.cookie,
        headers: { 'x-aula-csrf': '1' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      answers.push({ route: `${method} ${url}`, status: res.status });
    }
    return answers;
  }

  it.each(['chat', 'bbb', 'sick', 'camera'] as const)(
    'with %s off no route of it answers: 404, or 400 for a body the route would refuse anyway',
    async (feature) => {
      const on = await walk(feature);
      // the same walk with the feature on reaches the handlers: some answer 2xx (the walk can see it)
      expect(on.filter((a) => a.status < 300).length, JSON.stringify(on)).toBeGreaterThan(0);
      await makeSetting(t, 'enabled_features', DEFAULT_FEATURES.filter((f) => f !== feature).join(','));
      onTestFinished(() => makeSetting(t, 'enabled_features', [...DEFAULT_FEATURES, 'push'].join(',')));
      const off = await walk(feature);
      expect(off.length).toBe(on.length);
      expect(off.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([]);
      // the GETs have no body to refuse: every one of them is the 404
      expect(off.filter((a) => a.route.startsWith('GET ') && a.status !== 404)).toEqual([]);
    },
  );
});
