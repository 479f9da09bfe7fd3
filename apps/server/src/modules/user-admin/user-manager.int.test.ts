import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, config, loginLocks, sessions, users } from '../../db/schema.ts';
import type { z } from 'zod';
import { ManagedUserSchema, NameInfoSchema, SessionResultSchema, UserListSchema } from '@aula/contracts';
import {
  call,
  callAs,
  callError,
  DEMO_PASSWORD,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  userIds,
  type CallOptions,
} from '../../test/test-app.ts';
import { makeGroup, makeSchool, makeSetting, makeUser, uniqueName } from '../../test/factories.ts';

let schoolId = 0;
let ids = new Map<string, number>();
const cookies = new Map<string, string>();
let otherSchoolUserId = 0;

const t = setUpTestApp();
beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  const other = await makeSchool(t, { slug: 'other', name: 'Andere Schule', host: 'other-school.test' });
  otherSchoolUserId = (
    await makeUser(t, { schoolId: other.id, username: 'fremd', firstName: 'Fremd', password: null })
  ).id;
  ids = await userIds(t);
  for (const name of ['student', 'teacher', 'admin', 'superadmin'])
    cookies.set(name, await loginAs(t.base, name));
});

const id = (username: string) => ids.get(username)!;
const as = (actor: string, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: cookies.get(actor), ...opts });
/** a 2xx answer of the actor's, checked against the contract's schema */
const asA = <S extends z.ZodType>(schema: S, actor: string, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie: cookies.get(actor), ...opts });
/** an error answer of the actor's, checked against the one error body */
const asError = (actor: string, path: string, opts: CallOptions = {}) =>
  callError(t.base, path, { cookie: cookies.get(actor), ...opts });
const usernames = (body: { items: { username: string }[] }) => body.items.map((u) => u.username).sort();
/** The audit entries of this action about one user (other tests write entries of their own). */
const auditCount = async (action: string, targetId: number) =>
  (
    await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, action), eq(auditLog.targetId, targetId)),
      )
  ).length;
const withCookie = (cookie: string, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie, ...opts });
const withCookieAs = <S extends z.ZodType>(schema: S, cookie: string, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie, ...opts });
const sorted = (...names: string[]) => [...names].sort();

/**
 * Two classes of a test's own, as the demo school has 5a and 6b: `teacher` teaches class a, `teacher2` both;
 * students[0..1] are in a, students[2..3] in b; both teachers are in a staff room. Tests that read or change
 * these users never meet another test's changes to the demo users.
 */
async function classes() {
  const a = await makeGroup(t);
  const b = await makeGroup(t);
  const teacher = await makeUser(t, { role: 'teacher', groups: [a.id] });
  const teacher2 = await makeUser(t, { role: 'teacher', groups: [a.id, b.id] });
  await makeGroup(t, { type: 'staff', members: [teacher.id, teacher2.id] });
  const students = [
    await makeUser(t, { groups: [a.id] }),
    await makeUser(t, { groups: [a.id] }),
    await makeUser(t, { groups: [b.id] }),
    await makeUser(t, { groups: [b.id] }),
  ];
  return { a, b, teacher, teacher2, students };
}

describe('GET /api/v2/users (spec 2.6 user manager)', () => {
  it('a student cannot search users (403)', async () => {
    expect((await as('student', '/api/v2/users')).status).toBe(403);
  });

  it('a teacher finds only the students of their own groups', async () => {
    const { teacher, teacher2, students } = await classes();
    const [s1, s2, s3, s4] = students.map((s) => s.username);
    const res = await withCookieAs(UserListSchema, await teacher.login(), '/api/v2/users?perPage=100');
    expect(res.status).toBe(200);
    // teacher is in class a (and the staff room): its two students, not class b's, no staff
    expect(usernames(res.body)).toEqual(sorted(s1!, s2!));
    expect(res.body.items.every((u) => u.manageable)).toBe(true);
    const byTeacher2 = await withCookieAs(
      UserListSchema,
      await teacher2.login(),
      '/api/v2/users?perPage=100',
    );
    expect(usernames(byTeacher2.body)).toEqual(sorted(s1!, s2!, s3!, s4!));
  });

  it('an admin searches everyone by name, group, role and status; superadmins are not manageable', async () => {
    const { a, b, teacher, teacher2, students } = await classes();
    // an admin in class a is no teacher
    await makeUser(t, { role: 'admin', groups: [a.id] });
    const searched = await makeUser(t, { username: `${uniqueName('x.')}.gesucht`, groups: [b.id] });
    const all = await asA(UserListSchema, 'admin', '/api/v2/users?perPage=100');
    expect(all.body.total).toBe(all.body.items.length);
    expect(usernames(all.body)).toEqual(
      expect.arrayContaining([
        'admin',
        'superadmin',
        teacher.username,
        teacher2.username,
        ...students.map((s) => s.username),
      ]),
    );
    const superadmin = all.body.items.find((u) => u.username === 'superadmin');
    expect(superadmin?.manageable).toBe(false);
    const self = all.body.items.find((u) => u.username === 'admin');
    expect(self?.manageable).toBe(false);

    const inB = await asA(UserListSchema, 'admin', `/api/v2/users?group=${b.id}&role=student`);
    expect(usernames(inB.body)).toEqual(
      sorted(students[2]!.username, students[3]!.username, searched.username),
    );
    const teachers = await asA(UserListSchema, 'admin', `/api/v2/users?group=${a.id}&role=teacher`);
    expect(usernames(teachers.body)).toEqual(sorted(teacher.username, teacher2.username));
    const byName = await asA(
      UserListSchema,
      'admin',
      `/api/v2/users?q=${encodeURIComponent(searched.username.toUpperCase())}`,
    );
    expect(usernames(byName.body)).toEqual([searched.username]);
    // LIKE wildcards are searched as text
    expect((await asA(UserListSchema, 'admin', '/api/v2/users?q=%25')).body.total).toBe(0);
    const paged = await asA(UserListSchema, 'admin', '/api/v2/users?perPage=2&page=2');
    expect(paged.body.items).toHaveLength(2);
    expect(paged.body.total).toBe(all.body.total);
  });

  it('finds locked and blocked users by status', async () => {
    const db = t.database.db;
    const pupil = await makeUser(t);
    await db
      .insert(loginLocks)
      .values({ schoolId, accountKey: pupil.username, lockedUntil: new Date(Date.now() + 600_000) });
    onTestFinished(async () => {
      await db
        .delete(loginLocks)
        .where(and(eq(loginLocks.schoolId, schoolId), eq(loginLocks.accountKey, pupil.username)));
    });
    const locked = await asA(UserListSchema, 'admin', '/api/v2/users?status=locked');
    expect(usernames(locked.body)).toEqual([pupil.username]);
    expect(locked.body.items[0]?.lockedUntil).not.toBeNull();
    const active = await asA(UserListSchema, 'admin', '/api/v2/users?status=active&perPage=100');
    expect(usernames(active.body)).not.toContain(pupil.username);
  });

  it('refuses malformed filters with 400', async () => {
    expect((await as('admin', '/api/v2/users?perPage=1000')).status).toBe(400);
    expect((await as('admin', '/api/v2/users?role=king')).status).toBe(400);
  });
});

describe('GET /api/v2/users/:id', () => {
  it('a teacher reads their own student, not a student of another class nor a colleague', async () => {
    const { teacher, teacher2, students } = await classes();
    const cookie = await teacher.login();
    expect(
      (await withCookieAs(ManagedUserSchema, cookie, `/api/v2/users/${students[1]!.id}`)).body.username,
    ).toBe(students[1]!.username);
    expect((await withCookie(cookie, `/api/v2/users/${students[2]!.id}`)).status).toBe(403);
    expect((await withCookie(cookie, `/api/v2/users/${teacher2.id}`)).status).toBe(403);
  });

  it("another school's user is 404 for everyone", async () => {
    expect((await as('superadmin', `/api/v2/users/${otherSchoolUserId}`)).status).toBe(404);
  });
});

describe('POST /api/v2/users', () => {
  const newUser = {
    username: 'neu.schueler',
    first_name: 'Nele',
    last_name: 'Neumann',
    email: 'nele@example.org',
    type: 'S',
    groupIds: [] as number[],
  };

  it('is refused to students and teachers (403) and changes nothing', async () => {
    const before = (await t.database.db.select({ id: users.id }).from(users)).length;
    expect((await as('student', '/api/v2/users', { body: newUser })).status).toBe(403);
    expect((await as('teacher', '/api/v2/users', { body: newUser })).status).toBe(403);
    expect((await t.database.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('an admin creates a user in a class without a password; it is audited', async () => {
    const { a, teacher } = await classes();
    const username = uniqueName('neu.schueler');
    const res = await asA(ManagedUserSchema, 'admin', '/api/v2/users', {
      body: { ...newUser, username, groupIds: [a.id] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username,
      first_name: 'Nele',
      type: 'S',
      hasPassword: false,
      groups: [{ name: a.name }],
    });
    // the class teacher sees the new student at once
    const byTeacher = await withCookieAs(UserListSchema, await teacher.login(), '/api/v2/users?q=Nele');
    expect(usernames(byTeacher.body)).toEqual([username]);
    expect(await auditCount('user.create', res.body.id)).toBe(1);
  });

  it('names are normalised (decision 081); a name of invisible characters only is 400 at its field', async () => {
    const username = uniqueName('neu.schueler');
    const res = await asA(ManagedUserSchema, 'admin', '/api/v2/users', {
      body: {
        ...newUser,
        username,
        first_name: '\u202E Nele\u200B ',
        last_name: '\u200Cرضایی\u200Cزاده\u2800',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ first_name: 'Nele', last_name: 'رضایی\u200Cزاده' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.body.id));
    expect([row!.firstName, row!.lastName]).toEqual(['Nele', 'رضایی\u200Cزاده']);
    for (const invisible of ['\u2800', '\u200B\u202E', '\u3164']) {
      const bad = await asError('admin', '/api/v2/users', {
        body: { ...newUser, username: uniqueName('unsichtbar'), first_name: invisible },
      });
      expect(bad.status, JSON.stringify(invisible)).toBe(400);
      expect(bad.body.code).toBe('common.validation');
      expect(bad.body.issues?.map((i) => i.path)).toEqual(['body.first_name']);
    }
    // a rename is normalised too, and refused the same way
    const renamed = await asA(ManagedUserSchema, 'admin', `/api/v2/users/${res.body.id}`, {
      method: 'PUT',
      body: { last_name: '\u2800\u202ENeumann' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.last_name).toBe('Neumann');
    const blank = await as('admin', `/api/v2/users/${res.body.id}`, {
      method: 'PUT',
      body: { last_name: '\u2800' },
    });
    expect(blank.status).toBe(400);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, res.body.id));
    expect(after!.lastName).toBe('Neumann');
  });

  it('a taken username (any case) is 422 users.username_taken', async () => {
    const taken = await makeUser(t, { username: uniqueName('neu.schueler') });
    const res = await asError('admin', '/api/v2/users', {
      body: { ...newUser, username: taken.username.replace('neu.schueler', 'NEU.Schueler') },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('users.username_taken');
  });

  it('malformed payloads are 400 with issues; an unknown group is 422', async () => {
    const bad = await asError('admin', '/api/v2/users', {
      body: { ...newUser, username: 'x y', email: 'not-an-address', type: 'Q' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.map((i) => i.path).sort()).toEqual(
      expect.arrayContaining(['body.email', 'body.type', 'body.username']),
    );
    const unknown = await asError('admin', '/api/v2/users', {
      body: { ...newUser, username: 'gruppenlos', groupIds: [999_999] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('users.unknown_group');
    // roles cannot be smuggled in (mass assignment): unknown keys are refused
    const extra = await as('admin', '/api/v2/users', {
      body: { ...newUser, username: 'extra', schoolId: 99, blocked: true },
    });
    expect(extra.status).toBe(400);
    const rows = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, ['x y', 'gruppenlos', 'extra']));
    expect(rows).toHaveLength(0);
  });

  it('only a superadmin gives the admin role; nobody gives superadmin', async () => {
    const admin = await asError('admin', '/api/v2/users', {
      body: { ...newUser, username: 'neu.admin', type: 'L', roles: ['admin'] },
    });
    expect(admin.status).toBe(422);
    expect(admin.body.code).toBe('users.role_not_allowed');
    const sa = await as('superadmin', '/api/v2/users', {
      body: { ...newUser, username: 'neu.super', type: 'L', roles: ['superadmin'] },
    });
    expect(sa.status).toBe(422);
    const ok = await asA(ManagedUserSchema, 'superadmin', '/api/v2/users', {
      body: { ...newUser, username: 'neu.admin', type: 'L', roles: ['admin'] },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.roles).toEqual(['admin']);
  });

  it('a password given at creation follows the password rules and must be changed at sign-in', async () => {
    // the school's force_password_change is set back as it was when the test finishes
    const [saved] = await t.database.db
      .select({ value: config.value })
      .from(config)
      .where(and(eq(config.schoolId, schoolId), eq(config.key, 'force_password_change')));
    onTestFinished(() => makeSetting(t, 'force_password_change', saved?.value ?? null));
    const weak = await asError('admin', '/api/v2/users', {
      body: { ...newUser, username: 'mit.passwort', password: 'Neumann1234567' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('password.rules');
    // force_password_change (spec 3.5) decides whether a new account's first password must be changed
    for (const [force, username] of [
      ['true', 'mit.passwort'],
      ['false', 'ohne.zwang'],
    ] as const) {
      const set = await as('admin', '/api/config/key/force_password_change', { body: { value: force } });
      expect(set.status).toBe(200);
      const res = await as('admin', '/api/v2/users', {
        body: { ...newUser, username, password: 'Grüne Wiese am Bach 7' },
      });
      expect(res.status).toBe(201);
      const login = await callAs(SessionResultSchema, t.base, '/api/login', {
        body: { username, password: 'Grüne Wiese am Bach 7' },
      });
      expect(login.status).toBe(200);
      expect(login.body.user.must_change_password, username).toBe(force === 'true');
    }
  });
});

describe('PUT /api/v2/users/:id', () => {
  it('a teacher changes the name of their student, but not their groups or roles', async () => {
    const { b, teacher, students } = await classes();
    const cookie = await teacher.login();
    const pupil = students[1]!;
    const ok = await withCookieAs(ManagedUserSchema, cookie, `/api/v2/users/${pupil.id}`, {
      method: 'PUT',
      body: { first_name: 'Stefanie' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.first_name).toBe('Stefanie');
    const groupsChange = await withCookie(cookie, `/api/v2/users/${pupil.id}`, {
      method: 'PUT',
      body: { groupIds: [b.id] },
    });
    expect(groupsChange.status).toBe(403);
    const roles = await withCookie(cookie, `/api/v2/users/${pupil.id}`, {
      method: 'PUT',
      body: { roles: ['admin'] },
    });
    expect(roles.status).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, pupil.id));
    expect(row!.roles).toEqual([]);
  });

  it('a teacher cannot change a student outside their groups (403)', async () => {
    const { teacher, students } = await classes();
    const outside = students[2]!;
    const res = await withCookie(await teacher.login(), `/api/v2/users/${outside.id}`, {
      method: 'PUT',
      body: { first_name: 'Hack' },
    });
    expect(res.status).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, outside.id));
    expect(row!.firstName).not.toBe('Hack');
  });

  it('an admin moves a student to another class; the role change of a teacher needs a superadmin', async () => {
    const { a, teacher2, students } = await classes();
    const moved = await asA(ManagedUserSchema, 'admin', `/api/v2/users/${students[3]!.id}`, {
      method: 'PUT',
      body: { groupIds: [a.id] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.groups.map((g) => g.name)).toEqual([a.name]);
    const promote = await as('admin', `/api/v2/users/${teacher2.id}`, {
      method: 'PUT',
      body: { roles: ['admin'] },
    });
    expect(promote.status).toBe(422);
    const byAdmin = await as('admin', `/api/v2/users/${id('superadmin')}`, {
      method: 'PUT',
      body: { first_name: 'X' },
    });
    expect(byAdmin.status).toBe(403);
  });

  it('a taken username is 422 and changes nothing', async () => {
    const renamed = await makeUser(t);
    const taken = await makeUser(t);
    const res = await asError('admin', `/api/v2/users/${renamed.id}`, {
      method: 'PUT',
      body: { username: taken.username.toUpperCase(), first_name: 'Neu' },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('users.username_taken');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, renamed.id));
    expect(row!.username).toBe(renamed.username);
    expect(row!.firstName).not.toBe('Neu');
  });

  it("another school's user is 404", async () => {
    const res = await as('superadmin', `/api/v2/users/${otherSchoolUserId}`, {
      method: 'PUT',
      body: { first_name: 'X' },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/v2/accounts (user-search password-reset)', () => {
  const password = 'Sonnenblumen im Garten 42';

  it('a teacher cannot reset a student outside their groups', async () => {
    const { teacher, students } = await classes();
    const outside = students[2]!;
    const res = await withCookie(await teacher.login(), '/api/v2/accounts', {
      body: { userId: outside.id, password },
    });
    expect(res.status).toBe(403);
    const wrong = await call(t.base, '/api/login', { body: { username: outside.username, password } });
    expect(wrong.status).toBe(401);
  });

  it("a teacher sets their student's password: the old sessions end and the new password must be changed", async () => {
    const { teacher, students } = await classes();
    const pupil = students[1]!;
    const studentCookie = await pupil.login();
    const res = await withCookie(await teacher.login(), '/api/v2/accounts', {
      body: { userId: pupil.id, password },
    });
    expect(res.status).toBe(200);
    expect((await call(t.base, '/api/self', { cookie: studentCookie })).status).toBe(418);
    expect(
      (await call(t.base, '/api/login', { body: { username: pupil.username, password: DEMO_PASSWORD } }))
        .status,
    ).toBe(401);
    const login = await call(t.base, '/api/login', { body: { username: pupil.username, password } });
    expect(login.status).toBe(200);
    expect(await auditCount('user.password_set', pupil.id)).toBe(1);
    const open = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, pupil.id));
    expect(open.length).toBeGreaterThan(0);
  });

  it('a weak password is refused with the broken rules and changes nothing', async () => {
    const pupil = await makeUser(t);
    const res = await asError('admin', '/api/v2/accounts', { body: { userId: pupil.id, password: 'kurz' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('password.rules');
    expect(
      (await call(t.base, '/api/login', { body: { username: pupil.username, password: DEMO_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('an admin cannot set a superadmin password', async () => {
    const res = await as('admin', '/api/v2/accounts', { body: { userId: id('superadmin'), password } });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/nameinfo', () => {
  it("names the school's users by id, leaves out other schools' and unknown ids", async () => {
    const res = await asA(NameInfoSchema, 'student', '/api/nameinfo', {
      body: { ids: [id('teacher'), otherSchoolUserId, 999_999] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: id('teacher'), type: 'L' });
    expect(res.body[0]?.name).not.toBe('');
  });

  it('the list is bounded (400 beyond 200 ids) and visitors are refused', async () => {
    const ids201 = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await as('student', '/api/nameinfo', { body: { ids: ids201 } })).status).toBe(400);
    expect((await call(t.base, '/api/nameinfo', { body: { ids: [1] } })).status).toBe(401);
  });
});

describe('deactivated users (identity import)', () => {
  it('a deactivated user cannot sign in and their sessions end', async () => {
    const pupil = await makeUser(t);
    const cookie = await pupil.login();
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, pupil.id));
    expect((await call(t.base, '/api/self', { cookie })).status).toBe(418);
    const login = await call(t.base, '/api/login', {
      body: { username: pupil.username, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(403);
    const found = await asA(UserListSchema, 'admin', '/api/v2/users?status=deactivated');
    expect(usernames(found.body)).toEqual([pupil.username]);
  });
});
