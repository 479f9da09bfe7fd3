import { describe, expect, it } from 'vitest';
import { GroupListSchema, LayoutResponseSchema, UserInfoSchema } from '@aula/contracts';
import { call, callAs, callError, loginAs, setUpTestApp } from '../../test/test-app.ts';

const t = setUpTestApp();

const titles = (res: { body: { layout: { title: string }[] } }) => res.body.layout.map((b) => b.title);

describe('GET /api/layout', () => {
  it('a visitor gets the logged-out layout', async () => {
    const res = await callAs(LayoutResponseSchema, t.base, '/api/layout');
    expect(res.status).toBe(200);
    expect(res.body.layoutType).toBe('logged-out');
    expect(titles(res)).toEqual(['Schulwebsite', 'Vertretungsplan', 'Speiseplan']);
    expect(res.body.updateId).toBeGreaterThan(0);
  });

  it('a visitor cannot read the logged-in or a personal layout', async () => {
    expect((await call(t.base, '/api/layout?layoutType=logged-in')).status).toBe(401);
    expect((await call(t.base, '/api/layout?layoutType=personal')).status).toBe(401);
  });

  it('a student without a personal layout gets the logged-in layout, filtered by their groups', async () => {
    const res = await callAs(LayoutResponseSchema, t.base, '/api/layout', {
      cookie: await loginAs(t.base, 'student'),
    });
    expect(res.body.layoutType).toBe('logged-in');
    expect(titles(res)).toEqual([
      'Klassenbuch',
      'Stundenplan',
      'E-Mail',
      'Lernplattform',
      'Mathe 5a',
      'Bibliothek',
      'Vertretungsplan',
      'Elternbrief',
      'Schulwebsite',
      'Krankmeldung',
      'Kamera',
      'Videokonferenz',
      'Chat',
    ]);
  });

  it("a student of the other class sees that class's tile instead", async () => {
    const res = await callAs(LayoutResponseSchema, t.base, '/api/layout', {
      cookie: await loginAs(t.base, 'student3'),
    });
    expect(titles(res)).toContain('Kunst 6b');
    expect(titles(res)).not.toContain('Mathe 5a');
    expect(titles(res)).not.toContain('Lehrerzimmer');
  });

  it('a teacher with a personal layout gets it, including their private tile', async () => {
    const res = await callAs(LayoutResponseSchema, t.base, '/api/layout', {
      cookie: await loginAs(t.base, 'teacher'),
    });
    expect(res.body.layoutType).toBe('personal');
    expect(titles(res)).toEqual(['Meine Notizen', 'Klassenbuch', 'Mathe 5a', 'Lehrerzimmer', 'E-Mail']);
    const notes = res.body.layout[0];
    expect(notes).toMatchObject({ wantedPerms: 'private', creator: 'demo-teacher', groups: [] });
  });

  it('a teacher of both classes sees both class tiles and the staff room in the logged-in layout', async () => {
    const res = await callAs(LayoutResponseSchema, t.base, '/api/layout?layoutType=logged-in', {
      cookie: await loginAs(t.base, 'teacher2'),
    });
    expect(titles(res)).toEqual(expect.arrayContaining(['Mathe 5a', 'Kunst 6b', 'Lehrerzimmer']));
    expect(titles(res)).not.toContain('Meine Notizen');
  });

  it('tiles carry the fields of spec 3.1 and their title translations', async () => {
    const res = await callAs(LayoutResponseSchema, t.base, '/api/layout');
    expect(res.body.layout[0]).toEqual({
      id: expect.any(Number),
      title: 'Schulwebsite',
      url: 'https://www.example.org/',
      iconName: 'globe',
      iconColor: null,
      color: 'sky-500',
      new: false,
      public: false,
      target: 'link',
      type: null,
      appTypeId: null,
      groups: [],
      locked: false,
      creator: 'demo-admin',
      wantedPerms: 'everyone',
      titleTranslation: { en: 'School website', ar: 'موقع المدرسة', fa: 'وب‌سایت مدرسه' },
      hasFile: false,
      iconUrl: null,
      embeddable: null,
    });
  });

  it('an unknown layout type is a 400 with issues', async () => {
    const res = await callError(t.base, '/api/layout?layoutType=everything');
    expect(res.status).toBe(400);
    expect(res.body.issues?.[0]?.path).toBe('querystring.layoutType');
  });
});

describe('GET /api/apps/:id', () => {
  const idOf = async (title: string, cookie?: string) => {
    const res = await callAs(LayoutResponseSchema, t.base, '/api/layout?layoutType=logged-in', {
      cookie: cookie ?? (await loginAs(t.base, 'superadmin')),
    });
    return res.body.layout.find((b) => b.title === title)?.id;
  };

  it('a member of the group can open a group tile; a student of another class gets 404', async () => {
    const id = await idOf('Mathe 5a', await loginAs(t.base, 'teacher2'));
    expect((await call(t.base, `/api/apps/${id}`, { cookie: await loginAs(t.base, 'student') })).status).toBe(
      200,
    );
    const other = await call(t.base, `/api/apps/${id}`, { cookie: await loginAs(t.base, 'student3') });
    expect(other.status).toBe(404);
    expect((await call(t.base, `/api/apps/${id}`)).status).toBe(404);
  });

  it('a private tile opens for its creator only', async () => {
    const teacher = await loginAs(t.base, 'teacher');
    const notes = (
      await callAs(LayoutResponseSchema, t.base, '/api/layout', { cookie: teacher })
    ).body.layout.find((b) => b.title === 'Meine Notizen')?.id;
    expect((await call(t.base, `/api/apps/${notes}`, { cookie: teacher })).status).toBe(200);
    expect(
      (await call(t.base, `/api/apps/${notes}`, { cookie: await loginAs(t.base, 'teacher2') })).status,
    ).toBe(404);
    expect(
      (await call(t.base, `/api/apps/${notes}`, { cookie: await loginAs(t.base, 'admin') })).status,
    ).toBe(404);
  });

  it('a visitor cannot open or download a tile that is only on the logged-in layout', async () => {
    const classbook = await idOf('Klassenbuch');
    const letter = await idOf('Elternbrief');
    expect((await call(t.base, `/api/apps/${classbook}`)).status).toBe(404);
    expect((await call(t.base, `/api/apps/${letter}/download`)).status).toBe(404);
    expect(
      (await call(t.base, `/api/apps/${letter}/download`, { cookie: await loginAs(t.base, 'student') }))
        .status,
    ).toBe(200);
  });

  it('the download tile serves its file as an attachment with nosniff and a sandbox CSP', async () => {
    const visitor = await callAs(LayoutResponseSchema, t.base, '/api/layout');
    const id = visitor.body.layout.find((b) => b.target === 'download')?.id;
    const res = await call(t.base, `/api/apps/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Speiseplan.txt");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.text).toContain('Speiseplan der Woche');
  });

  it('a tile without a file has no download', async () => {
    const visitor = await callAs(LayoutResponseSchema, t.base, '/api/layout');
    const id = visitor.body.layout.find((b) => b.target === 'link')?.id;
    expect((await call(t.base, `/api/apps/${id}/download`)).status).toBe(404);
  });
});

describe('GET /api/groups', () => {
  it("lists the school's groups to a signed-in user, and 401 to a visitor", async () => {
    const res = await callAs(GroupListSchema, t.base, '/api/groups', {
      cookie: await loginAs(t.base, 'student'),
    });
    expect(res.status).toBe(200);
    expect(res.body.map((g) => g.name)).toEqual(['5a', '6b', 'Kollegium']);
    expect((await call(t.base, '/api/groups')).status).toBe(401);
  });

  it('filters by type, and by account only for the own account unless a teacher asks', async () => {
    const cookie = await loginAs(t.base, 'student');
    const self = (await callAs(UserInfoSchema, t.base, '/api/self', { cookie })).body;
    const classes = await callAs(GroupListSchema, t.base, '/api/groups?type=class', { cookie });
    expect(classes.body.map((g) => g.name)).toEqual(['5a', '6b']);
    const mine = await callAs(GroupListSchema, t.base, `/api/groups?account=${self.id}`, { cookie });
    expect(mine.body.map((g) => g.name)).toEqual(['5a']);
    expect((await call(t.base, `/api/groups?account=${self.id + 1}`, { cookie })).status).toBe(403);
    const teacher = await loginAs(t.base, 'teacher');
    expect((await call(t.base, `/api/groups?account=${self.id}`, { cookie: teacher })).status).toBe(200);
  });
});

describe('POST /api/config/key', () => {
  it('answers stored values and defaults as strings, to visitors too', async () => {
    const res = await call(t.base, '/api/config/key', {
      body: ['login_msg', 'password_length', 'allow_no_login'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      login_msg: 'Willkommen an der Demo-Schule!',
      password_length: '10',
      allow_no_login: 'true',
    });
  });

  it('refuses unknown keys and empty lists with 400', async () => {
    expect((await call(t.base, '/api/config/key', { body: ['smtp_password'] })).status).toBe(400);
    expect((await call(t.base, '/api/config/key', { body: [] })).status).toBe(400);
  });
});
