import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, groups } from '../../db/schema.ts';
import { makeSetting } from '../../test/factories.ts';
import { GroupDetailSchema, RoleGroupsSchema } from '@aula/contracts';
import { call, callAs, errorOf, loginAs, setUpTestApp } from '../../test/test-app.ts';

const cookies = new Map<string, string>();
const groupId = new Map<string, number>();
const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'teacher', 'teacher2', 'admin', 'superadmin'])
    cookies.set(name, await loginAs(t.base, name));
  for (const g of await t.database.db.select().from(groups)) groupId.set(g.name, g.id);
});

const as = (who: string) => cookies.get(who);
const auditOf = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

describe('GET /api/groups/:group', () => {
  it('a teacher sees a group they belong to, with its members', async () => {
    const res = await callAs(GroupDetailSchema, t.base, `/api/groups/${groupId.get('5a')}`, {
      cookie: as('teacher'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: groupId.get('5a'), name: '5a', type: 'class' });
    const names = res.body.members.map((m) => `${m.type} ${m.name}`);
    expect(names).toEqual(expect.arrayContaining(['L Tina Lehmann', 'S Sara Schmidt', 'S Ali Yilmaz']));
    expect(names).not.toContain('S Mia Wagner');
  });

  it('a teacher gets 403 on a group they do not belong to; an admin sees any', async () => {
    expect((await call(t.base, `/api/groups/${groupId.get('6b')}`, { cookie: as('teacher') })).status).toBe(
      403,
    );
    expect((await call(t.base, `/api/groups/${groupId.get('6b')}`, { cookie: as('teacher2') })).status).toBe(
      200,
    );
    expect((await call(t.base, `/api/groups/${groupId.get('6b')}`, { cookie: as('admin') })).status).toBe(
      200,
    );
  });

  it('students get 403, unknown groups 404, bad ids 400', async () => {
    expect((await call(t.base, `/api/groups/${groupId.get('5a')}`, { cookie: as('student') })).status).toBe(
      403,
    );
    expect((await call(t.base, '/api/groups/999999', { cookie: as('admin') })).status).toBe(404);
    expect((await call(t.base, '/api/groups/abc', { cookie: as('admin') })).status).toBe(400);
  });
});

describe('POST /api/groups', () => {
  it('an admin creates a group; the name is unique per school without case', async () => {
    const res = await call(t.base, '/api/groups', {
      cookie: as('admin'),
      body: { name: ' AG Robotik ', type: 'course' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'AG Robotik', type: 'course' });
    const again = await call(t.base, '/api/groups', {
      cookie: as('admin'),
      body: { name: 'ag robotik', type: 'other' },
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'groups.name_taken' });
    expect((await auditOf('group.create')).at(-1)?.details).toMatchObject({
      name: 'AG Robotik',
      type: 'course',
    });
  });

  it('teachers and students get 403; bad input 400 and nothing is created', async () => {
    const before = (await t.database.db.select().from(groups)).length;
    for (const who of ['student', 'teacher'])
      expect(
        (await call(t.base, '/api/groups', { cookie: as(who), body: { name: 'X', type: 'class' } })).status,
      ).toBe(403);
    for (const body of [
      { name: '', type: 'class' },
      { name: 'Y', type: 'club' },
      { name: 'x'.repeat(101), type: 'class' },
      { name: 'Z' },
    ])
      expect((await call(t.base, '/api/groups', { cookie: as('admin'), body })).status).toBe(400);
    expect((await t.database.db.select().from(groups)).length).toBe(before);
  });
});

describe('role groups (GET/POST /api/config/roleGroups)', () => {
  const save = (who: string, body: unknown) =>
    call(t.base, '/api/config/roleGroups', { cookie: as(who), body });

  it('starts empty; an admin maps groups to teacher, also groups that do not exist yet', async () => {
    await makeSetting(t, 'role_groups', null); // none mapped yet, whatever other tests saved
    expect((await call(t.base, '/api/config/roleGroups', { cookie: as('admin') })).body).toEqual([]);
    const rows = [
      { group: 'Kollegium', role: 'teacher' },
      { group: 'Referendare', role: 'teacher' },
    ];
    const res = await save('admin', rows);
    expect(res.status).toBe(200);
    expect((await call(t.base, '/api/config/roleGroups', { cookie: as('admin') })).body).toEqual(rows);
    expect((await auditOf('role_groups.change')).at(-1)?.details).toEqual({ old: [], new: rows });
  });

  it('an admin who maps a group to admin gets 403 and nothing changes; a superadmin may', async () => {
    await makeSetting(t, 'role_groups', JSON.stringify([{ group: 'Kollegium', role: 'teacher' }]));
    const before = (await callAs(RoleGroupsSchema, t.base, '/api/config/roleGroups', { cookie: as('admin') }))
      .body;
    const withAdmin = [...before, { group: 'Schulleitung', role: 'admin' }];
    const refused = errorOf(await save('admin', withAdmin));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('users.role_not_allowed');
    expect((await call(t.base, '/api/config/roleGroups', { cookie: as('admin') })).body).toEqual(before);

    expect((await save('superadmin', withAdmin)).status).toBe(200);
    // the admin keeps the superadmin's admin row as it is, and may change the others
    const edited = [
      { group: 'Schulleitung', role: 'admin' },
      { group: 'Kollegium', role: 'teacher' },
    ];
    expect((await save('admin', edited)).status).toBe(200);
    expect((await save('admin', [{ group: 'Kollegium', role: 'teacher' }])).status).toBe(403);
    expect((await save('admin', [{ group: 'Schulleitung', role: 'teacher' }])).status).toBe(403);
  });

  it('teachers and students get 403; duplicates and bad roles 400', async () => {
    for (const who of ['student', 'teacher']) {
      expect((await call(t.base, '/api/config/roleGroups', { cookie: as(who) })).status).toBe(403);
      expect((await save(who, [])).status).toBe(403);
    }
    for (const body of [
      [
        { group: 'A', role: 'teacher' },
        { group: 'a', role: 'admin' },
      ],
      [{ group: 'A', role: 'superadmin' }],
      [{ group: '', role: 'teacher' }],
      { group: 'A', role: 'teacher' },
    ])
      expect((await save('superadmin', body)).status).toBe(400);
  });
});
