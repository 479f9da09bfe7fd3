import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_SCHOOL_QUIET_HOURS,
  PUSH_KINDS,
  PushSettingsResponseSchema,
  SettingsValuesSchema,
} from '@aula/contracts';
import { pushSettings, sessions, users } from '../../db/schema.ts';
import { makeSetting, makeUser, type TestRole } from '../../test/factories.ts';
import { setUpTestApp } from '../../test/test-app.ts';

// GET/PUT /api/users/firebase/settings (decision 073) over real HTTP on the real database: each role reads and
// changes only its own settings; unknown kinds, invalid times and other people's ids are refused; a pupil's own
// quiet hours never replace the school's; the school's quiet hours are settings an admin sets.

const t = setUpTestApp({ now: '2026-01-15T10:00:00Z' });
const ROLES: TestRole[] = ['student', 'teacher', 'admin', 'superadmin'];

afterEach(async () => {
  await makeSetting(t, 'push_quiet_start', null);
  await makeSetting(t, 'push_quiet_end', null);
});

async function signedIn(role: TestRole, extra: Parameters<typeof makeUser>[1] = {}) {
  const u = await makeUser(t, { role, ...extra });
  return { ...u, cookie: await u.login() };
}

const get = (cookie: string) =>
  t.callAs(PushSettingsResponseSchema, '/api/users/firebase/settings', { cookie });
const put = (cookie: string, body: unknown) =>
  t.call('/api/users/firebase/settings', { method: 'PUT', cookie, body });
/** a change that is stored, answered with the contract's body */
const putAs = (cookie: string, body: unknown) =>
  t.callAs(PushSettingsResponseSchema, '/api/users/firebase/settings', { method: 'PUT', cookie, body });

describe('reading one’s own settings', () => {
  it('a pupil: every kind on, sick not available, the school’s quiet hours 19:00–07:00, no devices', async () => {
    const pupil = await signedIn('student');
    const res = await get(pupil.cookie);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      kinds: { chat: true, message: true, sick: true, video: true },
      available: ['chat', 'message', 'video'],
      quiet: null,
      schoolQuiet: DEFAULT_SCHOOL_QUIET_HOURS,
      timeZone: 'Europe/Berlin',
      devices: 0,
    });
  });

  it.each(['teacher', 'admin', 'superadmin'] as const)(
    'a %s: sick notices available, no school quiet hours',
    async (role) => {
      const u = await signedIn(role);
      const res = await get(u.cookie);
      expect(res.status).toBe(200);
      expect(res.body.available).toEqual([...PUSH_KINDS]);
      expect(res.body.schoolQuiet).toBeNull();
    },
  );

  it('signed out: 401', async () => {
    expect((await t.call('/api/users/firebase/settings')).status).toBe(401);
    expect((await put('', { kinds: {}, quiet: null })).status).toBe(401);
  });
});

describe('changing one’s own settings', () => {
  it.each(ROLES)('a %s switches kinds off and on and sets own quiet hours', async (role) => {
    const u = await signedIn(role);
    const off = await putAs(u.cookie, {
      kinds: { chat: false, video: false },
      quiet: { start: '21:30', end: '06:00' },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body.kinds).toEqual({ chat: false, message: true, sick: true, video: false });
    expect(off.body.quiet).toEqual({ start: '21:30', end: '06:00' });
    // kinds not named stay as they were
    const on = await putAs(u.cookie, { kinds: { chat: true }, quiet: null });
    expect(on.body.kinds).toEqual({ chat: true, message: true, sick: true, video: false });
    expect(on.body.quiet).toBeNull();
    expect((await get(u.cookie)).body).toEqual(on.body);
  });

  it('equal start and end are no own quiet hours', async () => {
    const u = await signedIn('teacher');
    const res = await putAs(u.cookie, { kinds: {}, quiet: { start: '08:00', end: '08:00' } });
    expect(res.status).toBe(200);
    expect(res.body.quiet).toBeNull();
  });

  it('canary: an unknown kind is refused (400) and nothing changes', async () => {
    const u = await signedIn('student');
    const res = await put(u.cookie, { kinds: { chat: false, marketing: false }, quiet: null });
    expect(res.status).toBe(400);
    expect((await get(u.cookie)).body.kinds.chat).toBe(true);
  });

  it.each(['7:00', '07:15', '24:00', '19:00:00', '', 'abends'])(
    'canary: the time %j is refused (400)',
    async (time) => {
      const u = await signedIn('student');
      const res = await put(u.cookie, { kinds: {}, quiet: { start: time, end: '07:00' } });
      expect(res.status).toBe(400);
      expect((await get(u.cookie)).body.quiet).toBeNull();
    },
  );

  it('canary: one user cannot change another’s settings (no id is taken; naming one is refused)', async () => {
    const a = await signedIn('student');
    const b = await signedIn('teacher');
    const named = await put(b.cookie, { userId: a.id, kinds: { chat: false }, quiet: null });
    expect(named.status).toBe(400);
    await put(b.cookie, { kinds: { message: false }, quiet: { start: '20:00', end: '06:00' } });
    // a's settings are a's own: b's change is not theirs, and b reads only b's
    const mine = (await get(a.cookie)).body;
    expect(mine.kinds.message).toBe(true);
    expect(mine.quiet).toBeNull();
    const rows = await t.database.db.select().from(pushSettings).where(eq(pushSettings.userId, a.id));
    expect(rows).toEqual([]);
    expect((await get(b.cookie)).body.kinds.message).toBe(false);
  });

  it('canary: a pupil’s own quiet hours never replace the school’s: both are kept, and shown', async () => {
    const pupil = await signedIn('student');
    const res = await putAs(pupil.cookie, { kinds: {}, quiet: { start: '23:00', end: '05:00' } });
    expect(res.status).toBe(200);
    expect(res.body.quiet).toEqual({ start: '23:00', end: '05:00' });
    expect(res.body.schoolQuiet).toEqual(DEFAULT_SCHOOL_QUIET_HOURS);
  });

  it('canary: while a superadmin acts as the pupil, changing is refused (403 push.impersonating); reading is fine', async () => {
    const pupil = await signedIn('student');
    const [superadmin] = await t.database.db.select().from(users).where(eq(users.username, 'superadmin'));
    await t.database.db
      .update(sessions)
      .set({ impersonatorId: superadmin!.id, impersonationReason: 'support' })
      .where(eq(sessions.userId, pupil.id));
    const res = await put(pupil.cookie, { kinds: { chat: false }, quiet: null });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'push.impersonating' });
    expect((await get(pupil.cookie)).body.kinds.chat).toBe(true);
  });
});

describe('the school’s quiet hours (settings push_quiet_start, push_quiet_end)', () => {
  it('an admin sets them on the half hour; pupils see them; other times are refused (422)', async () => {
    const admin = await signedIn('admin');
    const pupil = await signedIn('student');
    const set = (key: string, value: string) =>
      t.call(`/api/config/key/${key}`, { cookie: admin.cookie, body: { value } });
    expect((await set('push_quiet_start', '20:30')).status).toBe(200);
    expect((await set('push_quiet_end', '06:30')).status).toBe(200);
    expect((await get(pupil.cookie)).body.schoolQuiet).toEqual({ start: '20:30', end: '06:30' });
    for (const bad of ['20:15', '25:00', 'abends']) {
      const res = await set('push_quiet_start', bad);
      expect(res.status).toBe(422);
    }
    const settings = await t.callAs(SettingsValuesSchema, '/api/config/settings', { cookie: admin.cookie });
    expect(settings.body).toMatchObject({ push_quiet_start: '20:30', push_quiet_end: '06:30' });
  });

  it('equal times switch the school’s quiet hours off', async () => {
    await makeSetting(t, 'push_quiet_start', '07:00');
    await makeSetting(t, 'push_quiet_end', '07:00');
    const pupil = await signedIn('student');
    expect((await get(pupil.cookie)).body.schoolQuiet).toBeNull();
  });

  it.each(['student', 'teacher'] as const)('canary: a %s may not set them (403)', async (role) => {
    const u = await signedIn(role);
    const res = await t.call('/api/config/key/push_quiet_start', {
      cookie: u.cookie,
      body: { value: '12:00' },
    });
    expect(res.status).toBe(403);
  });
});
