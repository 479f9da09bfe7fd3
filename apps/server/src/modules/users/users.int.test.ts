import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_UI_PREFERENCES,
  ErrorBodySchema,
  PermsResponseSchema,
  SessionResultSchema,
  UserInfoSchema,
} from '@aula/contracts';
import { config, users } from '../../db/schema.ts';
import { makeSetting } from '../../test/factories.ts';
import {
  answerAs,
  call,
  callAs,
  DEMO_PASSWORD,
  demoSchoolId,
  errorOf,
  loginAs,
  setUpTestApp,
} from '../../test/test-app.ts';

let schoolId = 0;
const t = setUpTestApp();
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});

const self = async (cookie: string) => (await callAs(UserInfoSchema, t.base, '/api/self', { cookie })).body;
const patch = (cookie: string | undefined, body: unknown, opts: { csrf?: boolean } = {}) =>
  call(t.base, '/api/self/settings', { method: 'PATCH', cookie, body, ...opts });
const storedPreferences = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.preferences;
const resetSettings = (username: string) =>
  t.database.db
    .update(users)
    .set({ selectedTheme: 'auto', selectedLang: 'auto', preferences: {} })
    .where(eq(users.username, username));

describe('GET /api/perms', () => {
  afterEach(() =>
    t.database.db
      .delete(config)
      .where(and(eq(config.schoolId, schoolId), eq(config.key, 'enabled_features'))),
  );

  const perms = async (username: string) => {
    const res = await call(t.base, '/api/perms', { cookie: await loginAs(t.base, username) });
    expect(res.status).toBe(200);
    return PermsResponseSchema.strict().parse(res.body);
  };

  it('a student may create private tiles and see their own sick notices, nothing more', async () => {
    expect((await perms('student')).permissions).toEqual({
      createApps: 'private',
      editBanner: false,
      editSchoolLayouts: false,
      lockApps: false,
      previewGroups: false,
      sickNotices: 'own',
      createRooms: false,
      manageUsers: false,
      impersonate: false,
      dashboard: false,
    });
  });

  it("a teacher creates tiles and rooms for their groups, sees their groups' sick notices and manages users", async () => {
    expect((await perms('teacher')).permissions).toEqual({
      createApps: 'groups',
      editBanner: false,
      editSchoolLayouts: false,
      lockApps: false,
      previewGroups: true,
      sickNotices: 'groups',
      createRooms: true,
      manageUsers: true,
      impersonate: false,
      dashboard: false,
    });
  });

  it('an admin reaches the whole school and the dashboard but cannot impersonate', async () => {
    expect((await perms('admin')).permissions).toEqual({
      createApps: 'everyone',
      editBanner: true,
      editSchoolLayouts: true,
      lockApps: true,
      previewGroups: true,
      sickNotices: 'all',
      createRooms: true,
      manageUsers: true,
      impersonate: false,
      dashboard: true,
    });
  });

  it('a superadmin has every permission, impersonation included', async () => {
    expect((await perms('superadmin')).permissions).toEqual({
      createApps: 'everyone',
      editBanner: true,
      editSchoolLayouts: true,
      lockApps: true,
      previewGroups: true,
      sickNotices: 'all',
      createRooms: true,
      manageUsers: true,
      impersonate: true,
      dashboard: true,
    });
  });

  it('a visitor gets 401 with the standard error body', async () => {
    const res = await call(t.base, '/api/perms');
    expect(res.status).toBe(401);
    expect(ErrorBodySchema.strict().parse(res.body)).toEqual({
      code: 'common.unauthorized',
      message: 'Unauthorized',
    });
  });

  it('without enabled_features the school has the default features: chat, video rooms, sick notices, camera', async () => {
    expect((await perms('student')).features).toEqual([
      { name: 'chat' },
      { name: 'bbb' },
      { name: 'sick' },
      { name: 'camera' },
    ]);
  });

  it('enabled_features is read as comma-separated names; unknown names are ignored', async () => {
    await makeSetting(t, 'enabled_features', ' push, Chat,matrix,,chat');
    expect((await perms('teacher')).features).toEqual([{ name: 'chat' }, { name: 'push' }]);
  });

  it('an empty enabled_features switches every feature off', async () => {
    await makeSetting(t, 'enabled_features', '');
    expect((await perms('admin')).features).toEqual([]);
  });
});

describe('PATCH /api/self/settings', () => {
  afterEach(async () => {
    for (const username of ['student', 'teacher', 'admin', 'superadmin']) await resetSettings(username);
  });

  it.each(['student', 'teacher', 'admin', 'superadmin'])(
    'a %s changes their own theme, language and preferences, and GET /api/self shows them',
    async (username) => {
      const cookie = await loginAs(t.base, username);
      const res = await patch(cookie, {
        selected_theme: 'dark',
        selected_lang: 'fa',
        preferences: { fontSize: 18, lineHeight: 1.35, leftNavWidth: 400, hideAppTitles: true },
      });
      expect(res.status).toBe(200);
      const info = UserInfoSchema.strict().parse(res.body);
      expect(info).toMatchObject({
        username,
        selected_theme: 'dark',
        selected_lang: 'fa',
        preferences: {
          fontSize: 18,
          lineHeight: 1.35,
          leftNavWidth: 400,
          hideAppTitles: true,
          chatNotificationAlert: DEFAULT_UI_PREFERENCES.chatNotificationAlert,
        },
      });
      expect(await self(cookie)).toEqual(res.body);
      // another account is untouched
      const other = await self(await loginAs(t.base, username === 'student' ? 'student2' : 'student'));
      expect(other).toMatchObject({
        selected_theme: 'auto',
        selected_lang: 'auto',
        preferences: DEFAULT_UI_PREFERENCES,
      });
    },
  );

  it('the settings follow the account to a new sign-in on another device', async () => {
    await patch(await loginAs(t.base, 'teacher'), { selected_theme: 'light', preferences: { fontSize: 20 } });
    const login = answerAs(
      SessionResultSchema,
      await call(t.base, '/api/login', {
        body: { username: 'teacher', password: DEMO_PASSWORD },
      }),
    );
    expect(login.body.user).toMatchObject({ selected_theme: 'light', preferences: { fontSize: 20 } });
  });

  it('only the given fields change; preferences merge key by key', async () => {
    const cookie = await loginAs(t.base, 'student');
    await patch(cookie, { selected_theme: 'dark', preferences: { fontSize: 20, hideAppTitles: true } });
    const lang = await patch(cookie, { selected_lang: 'ar' });
    expect(lang.body).toMatchObject({
      selected_theme: 'dark',
      selected_lang: 'ar',
      preferences: { fontSize: 20, hideAppTitles: true },
    });
    const res = answerAs(UserInfoSchema, await patch(cookie, { preferences: { lineHeight: 1.5 } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ selected_theme: 'dark', selected_lang: 'ar' });
    expect(res.body.preferences).toEqual({
      ...DEFAULT_UI_PREFERENCES,
      fontSize: 20,
      hideAppTitles: true,
      lineHeight: 1.5,
    });
    // only the changed keys are stored, so a later default change still reaches everyone else
    expect(await storedPreferences('student')).toEqual({
      fontSize: 20,
      hideAppTitles: true,
      lineHeight: 1.5,
    });
  });

  it('two tabs saving different preferences at once both keep their change', async () => {
    const cookie = await loginAs(t.base, 'student');
    const [a, b] = await Promise.all([
      patch(cookie, { preferences: { fontSize: 14 } }),
      patch(cookie, { preferences: { chatNotificationAlert: false } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await self(cookie)).preferences).toMatchObject({ fontSize: 14, chatNotificationAlert: false });
  });

  it('an empty body changes nothing and answers the user info', async () => {
    const cookie = await loginAs(t.base, 'teacher');
    const before = await self(cookie);
    const res = await patch(cookie, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
  });

  it.each([
    ['a font size out of bounds', { preferences: { fontSize: 99 } }],
    ['a line height off the 0.05 steps', { preferences: { lineHeight: 1.03 } }],
    ['a left-nav width below the minimum', { preferences: { leftNavWidth: 100 } }],
    ['an unknown preference', { preferences: { fontSize: 18, colour: 'red' } }],
    ['an unknown field', { selected_theme: 'dark', nickname: 'x' }],
    ['a role (mass assignment)', { selected_theme: 'dark', roles: ['superadmin'] }],
    ['a theme that does not exist', { selected_theme: 'blue' }],
    ['a language that is not supported', { selected_lang: 'fr' }],
    ['preferences that are not an object', { preferences: 'big' }],
    ['a body that is not an object', [{ selected_theme: 'dark' }]],
  ])('%s is refused with 400 and nothing changes', async (_label, body) => {
    const cookie = await loginAs(t.base, 'student');
    await patch(cookie, { selected_theme: 'light', preferences: { fontSize: 15 } });
    const before = await self(cookie);
    const res = await patch(cookie, body);
    expect(res.status).toBe(400);
    const error = ErrorBodySchema.strict().parse(res.body);
    expect(error.code).toBe('common.validation');
    expect(error.issues?.length).toBeGreaterThan(0);
    expect(await self(cookie)).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'student'));
    expect(row!.roles).toEqual([]);
  });

  it('a visitor gets 401 with the standard error body', async () => {
    const res = await patch(undefined, { selected_theme: 'dark' });
    expect(res.status).toBe(401);
    expect(ErrorBodySchema.strict().parse(res.body).code).toBe('common.unauthorized');
  });

  it('without the x-aula-csrf header the change is refused and nothing changes', async () => {
    const cookie = await loginAs(t.base, 'student');
    const before = await self(cookie);
    const res = errorOf(await patch(cookie, { selected_theme: 'dark' }, { csrf: false }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('common.csrf');
    expect(await self(cookie)).toEqual(before);
  });

  it('from a foreign origin the change is refused even with the header', async () => {
    const cookie = await loginAs(t.base, 'student');
    const res = await call(t.base, '/api/self/settings', {
      method: 'PATCH',
      cookie,
      body: { selected_theme: 'dark' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await self(cookie)).selected_theme).toBe('auto');
  });
});

describe('stored preferences', () => {
  afterEach(() => resetSettings('student2'));

  it('a stored value that no longer parses falls back to its default; unknown stored keys are dropped', async () => {
    await t.database.db
      .update(users)
      .set({ preferences: { fontSize: 99, lineHeight: 1.5, hideAppTitles: 'yes', retired: 1 } })
      .where(eq(users.username, 'student2'));
    const info = await self(await loginAs(t.base, 'student2'));
    expect(info.preferences).toEqual({ ...DEFAULT_UI_PREFERENCES, lineHeight: 1.5 });
  });

  it('stored preferences that are not an object read as the defaults and can be saved over', async () => {
    await t.database.db
      .update(users)
      .set({ preferences: sql`'[1, 2]'::jsonb` })
      .where(eq(users.username, 'student2'));
    const cookie = await loginAs(t.base, 'student2');
    expect((await self(cookie)).preferences).toEqual(DEFAULT_UI_PREFERENCES);
    const res = answerAs(UserInfoSchema, await patch(cookie, { preferences: { fontSize: 13 } }));
    expect(res.status).toBe(200);
    expect(res.body.preferences).toEqual({ ...DEFAULT_UI_PREFERENCES, fontSize: 13 });
  });
});
