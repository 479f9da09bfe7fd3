import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { auditLog, groupMembers, groups, users } from '../../db/schema.ts';
import { makeGroup, makeSchool, makeUser } from '../../test/factories.ts';
import { CimImportResultSchema, type CimImportResult } from '@aula/contracts';
import {
  call,
  callAs,
  callError,
  cookiesFrom,
  DEMO_PASSWORD,
  loginAs,
  setUpTestApp,
} from '../../test/test-app.ts';
import { hashPassword } from '../auth/passwords.ts';

const cookies = new Map<string, string>();
const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'teacher', 'admin', 'superadmin'])
    cookies.set(name, await loginAs(t.base, name));
});

const db = () => t.database.db;
type UploadOptions = { dryRun?: boolean; who?: string; type?: string };
const uploadOpts = (csv: string | Buffer, opts: UploadOptions) => ({
  cookie: cookies.get(opts.who ?? 'superadmin'),
  rawBody: csv as string,
  headers: { 'content-type': opts.type ?? 'text/csv; charset=utf-8' },
});
const upload = (csv: string | Buffer, opts: UploadOptions = {}) =>
  call(t.base, `/api/cim/import?dryRun=${opts.dryRun ?? true}`, uploadOpts(csv, opts));
/** an import that is refused */
const uploadRefused = (csv: string | Buffer, opts: UploadOptions = {}) =>
  callError(t.base, `/api/cim/import?dryRun=${opts.dryRun ?? true}`, uploadOpts(csv, opts));

async function snapshot() {
  const [u] = await db().select({ n: count() }).from(users);
  const [g] = await db().select({ n: count() }).from(groups);
  const [m] = await db().select({ n: count() }).from(groupMembers);
  const rows = await db()
    .select({
      id: users.id,
      firstName: users.firstName,
      type: users.type,
      deactivatedAt: users.deactivatedAt,
      roles: users.roles,
    })
    .from(users)
    .orderBy(users.id);
  return { users: u!.n, groups: g!.n, members: m!.n, rows };
}

/** The imported users of a school, with their classes. */
async function imported(schoolId: number) {
  const rows = await db()
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      type: users.type,
      roles: users.roles,
      externalId: users.externalId,
      passwordHash: users.passwordHash,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), isNotNull(users.externalId)))
    .orderBy(users.id);
  const members = await db()
    .select({ userId: groupMembers.userId, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId));
  return rows.map((r) => ({
    ...r,
    classes: members
      .filter((m) => m.userId === r.id)
      .map((m) => m.name)
      .sort(),
  }));
}

const FILE = [
  'Nachname;Vorname;Klasse;Rolle;E-Mail;ID',
  'Müller;Max;5a;Schüler;;1001',
  'Müller;Max;7c;S;max.m@example.org;1002',
  'Özdemir;Elif;"7c, 8a";student;;1003',
  'Krause;Karin;5a|7c;Lehrer;k.krause@example.org;2001',
  '',
].join('\r\n');

describe('POST /api/cim/import: who may', () => {
  it('admins, teachers and students get 403 and nothing is read', async () => {
    const before = await snapshot();
    for (const who of ['admin', 'teacher', 'student']) {
      for (const dryRun of [true, false]) expect((await upload(FILE, { who, dryRun })).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/cim/import: the file', () => {
  it('refuses other content types (415), files without the needed columns and empty files (422)', async () => {
    expect((await upload('{"a":1}', { type: 'application/json' })).status).toBe(415);
    const noRole = await upload('Nachname;Vorname;Klasse\nA;B;5a\n');
    expect(noRole.status).toBe(422);
    expect(noRole.body).toMatchObject({ code: 'cim.missing_columns', params: { missing: 'role' } });
    expect((await uploadRefused('Nachname;Vorname;Rolle\n')).body.code).toBe('cim.invalid_file');
    expect((await uploadRefused('')).body.code).toBe('cim.invalid_file');
    expect((await uploadRefused('Nachname;Vorname;Rolle\n"A;B;S\n')).body.code).toBe('cim.invalid_file');
  });

  it('names every missing column (issue 19): a file with only a class column lacks last name, first name and role', async () => {
    const res = await upload('Klasse;E-Mail\n5a;a@example.org\n');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'cim.missing_columns',
      params: { missing: 'lastName,firstName,role' },
    });
    // the aliases count as the column: a file with all three under other names is not refused for them
    const aliases = await upload('Familienname;Rufname;Typ\nA;B;S\n', { dryRun: true });
    expect(aliases.status).toBe(200);
  });

  it('more than 5000 rows: cim.too_many_rows; more than 5 MB: 413', async () => {
    const many = ['lastName,firstName,role', ...Array.from({ length: 5001 }, (_, i) => `N${i},V${i},S`)].join(
      '\n',
    );
    const res = await upload(many);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'cim.too_many_rows', params: { max: 5000 } });
    const huge = 'lastName,firstName,role\n' + `${'x'.repeat(1000)},y,S\n`.repeat(5300);
    const big = await uploadRefused(huge);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('common.payload_too_large');
  });

  it('malformed rows are reported by line with a reason, in a dry run and an apply; nothing is imported', async () => {
    const before = await snapshot();
    const bad = [
      'Nachname;Vorname;Klasse;Rolle;E-Mail;ID',
      'Gut;Gustav;5a;S;;9001',
      ';Ohne;5a;S;;9002',
      'Rolle;Falsch;5a;Hausmeister;;9003',
      'Mail;Kaputt;5a;S;kein-at;9004',
      'Doppelt;Dora;5a;S;;9001',
      'Zu;Viele;5a;S;;9005;extra',
    ].join('\n');
    for (const dryRun of [true, false]) {
      const res = await uploadRefused(bad, { dryRun });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'cim.row_errors', params: { count: 5 } });
      expect(res.body.issues?.map((i) => `${i.path} ${i.code}`)).toEqual([
        'line.3.lastName last_name_missing',
        'line.4.role role_invalid',
        'line.5.email email_invalid',
        'line.6 duplicate',
        'line.7 column_count',
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

// An import plans against every imported user of the school: it deactivates those missing from the file. So
// each of these tests imports into a school of its own (with a class 5a and a manually created superadmin,
// as the demo school has), and what it expects does not depend on what another test imported.
async function schoolOfItsOwn() {
  const school = await makeSchool(t);
  const host = school.host!;
  await makeGroup(t, { schoolId: school.id, name: '5a' });
  const superadmin = await makeUser(t, { schoolId: school.id, role: 'superadmin' });
  const login = await call(t.base, '/api/login', {
    body: { username: superadmin.username, password: DEMO_PASSWORD },
    headers: { host },
  });
  expect(login.status).toBe(200);
  const cookie = cookiesFrom(login);
  return {
    id: school.id,
    host,
    cookie,
    upload: (csv: string, opts: { dryRun?: boolean } = {}) =>
      callAs(CimImportResultSchema, t.base, `/api/cim/import?dryRun=${opts.dryRun ?? true}`, {
        cookie,
        rawBody: csv,
        headers: { host, 'content-type': 'text/csv; charset=utf-8' },
      }),
    imported: () => imported(school.id),
  };
}

/** The plan of a dry run's answer. */
function planOf(res: { body: CimImportResult }) {
  if (!res.body.dryRun) throw new Error('expected the plan of a dry run');
  return res.body.plan;
}

/** The counts of an applied import's answer. */
function countsOf(res: { body: CimImportResult }) {
  if (res.body.dryRun) throw new Error('expected the counts of an applied import');
  return res.body.counts;
}

/** FILE a year on: Max (1001) changes class, Max (1002) his name, Elif (1003) has left. */
const NEXT = [
  'ID,Nachname,Vorname,Klasse,Rolle,E-Mail',
  '1001,Müller,Max,6a,S,',
  '1002,Müller-Lüdenscheidt,Max,7c,S,max.m@example.org',
  '2001,Krause,Karin,5a|7c,L,k.krause@example.org',
].join('\n');

describe('POST /api/cim/import: plan and apply', () => {
  it('a dry run answers the plan and changes nothing', async () => {
    const school = await schoolOfItsOwn();
    const before = await snapshot();
    const res = await school.upload(FILE);
    expect(res.status).toBe(200);
    const preview = planOf(res);
    expect(res.body.dryRun).toBe(true);
    expect(preview.rows).toBe(4);
    expect(preview.create.map((c) => [c.line, c.username, c.type, c.classes])).toEqual([
      [2, 'max.mueller', 'S', ['5a']],
      [3, 'max.mueller2', 'S', ['7c']],
      [4, 'elif.oezdemir', 'S', ['7c', '8a']],
      [5, 'karin.krause', 'L', ['5a', '7c']],
    ]);
    expect(preview.groupsCreate).toEqual(['7c', '8a']);
    expect(preview.update).toEqual([]);
    // manually created users are never deactivated by an import
    expect(preview.deactivate).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('applying creates exactly the previewed users, without passwords, in the file classes; audited with counts', async () => {
    const school = await schoolOfItsOwn();
    const preview = planOf(await school.upload(FILE));
    const res = await school.upload(FILE, { dryRun: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dryRun: false,
      counts: { created: 4, updated: 0, deactivated: 0, groupsCreated: 2, rows: 4 },
    });
    const rows = await school.imported();
    expect(rows.map((r) => [r.username, r.firstName, r.lastName, r.email, r.type, r.classes])).toEqual(
      preview.create.map((c) => [c.username, c.firstName, c.lastName, c.email, c.type, c.classes]),
    );
    expect(rows.every((r) => r.passwordHash === null && r.deactivatedAt === null)).toBe(true);
    expect(rows.map((r) => r.externalId)).toEqual(['1001', '1002', '1003', '2001']);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, school.id), eq(auditLog.action, 'cim.import')))
      .orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toEqual({
      created: 4,
      updated: 0,
      deactivated: 0,
      groupsCreated: 2,
      rows: 4,
    });
  });

  it('importing the same file again plans and changes nothing', async () => {
    const school = await schoolOfItsOwn();
    expect(countsOf(await school.upload(FILE, { dryRun: false })).created).toBe(4);
    const before = await snapshot();
    const plan = planOf(await school.upload(FILE));
    expect(plan).toEqual({ create: [], update: [], deactivate: [], groupsCreate: [], rows: 4 });
    const res = await school.upload(FILE, { dryRun: false });
    expect(countsOf(res)).toEqual({ created: 0, updated: 0, deactivated: 0, groupsCreated: 0, rows: 4 });
    expect(await snapshot()).toEqual(before);
  });

  it('changes names and classes, and deactivates an imported user missing from the file (signed out at once)', async () => {
    const school = await schoolOfItsOwn();
    const manual = await makeUser(t, { schoolId: school.id });
    expect(countsOf(await school.upload(FILE, { dryRun: false })).created).toBe(4);
    const elif = (await school.imported()).find((r) => r.externalId === '1003')!;
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword('Elif-Passwort-2026') })
      .where(eq(users.id, elif.id));
    const login = await call(t.base, '/api/login', {
      body: { username: elif.username, password: 'Elif-Passwort-2026' },
      headers: { host: school.host },
    });
    expect(login.status).toBe(200);
    const elifCookie = cookiesFrom(login);

    const plan = planOf(await school.upload(NEXT));
    expect(plan.create).toEqual([]);
    expect(plan.groupsCreate).toEqual(['6a']);
    expect(plan.update).toEqual([
      {
        line: 2,
        id: expect.any(Number),
        username: 'max.mueller',
        before: { classes: ['5a'] },
        after: { classes: ['6a'] },
      },
      {
        line: 3,
        id: expect.any(Number),
        username: 'max.mueller2',
        before: { lastName: 'Müller' },
        after: { lastName: 'Müller-Lüdenscheidt' },
      },
    ]);
    expect(plan.deactivate).toEqual([
      { id: elif.id, username: elif.username, firstName: 'Elif', lastName: 'Özdemir' },
    ]);

    const res = await school.upload(NEXT, { dryRun: false });
    expect(countsOf(res)).toEqual({ created: 0, updated: 2, deactivated: 1, groupsCreated: 1, rows: 3 });
    const rows = await school.imported();
    expect(rows.find((r) => r.externalId === '1001')!.classes).toEqual(['6a']);
    // the username stays when the name changes
    expect(rows.find((r) => r.externalId === '1002')).toMatchObject({
      username: 'max.mueller2',
      lastName: 'Müller-Lüdenscheidt',
    });
    expect(rows.find((r) => r.externalId === '1003')!.deactivatedAt).not.toBeNull();
    expect(
      (await call(t.base, '/api/self', { cookie: elifCookie, headers: { host: school.host } })).status,
    ).toBe(418);
    const again = await call(t.base, '/api/login', {
      body: { username: elif.username, password: 'Elif-Passwort-2026' },
      headers: { host: school.host },
    });
    expect(again.status).not.toBe(200);
    // the school's manual users are untouched
    expect((await db().select().from(users).where(eq(users.id, manual.id)))[0]!.deactivatedAt).toBeNull();
  });

  it('a user listed again is reactivated', async () => {
    const school = await schoolOfItsOwn();
    await school.upload(FILE, { dryRun: false });
    expect(countsOf(await school.upload(NEXT, { dryRun: false })).deactivated).toBe(1);
    const back = [
      'ID;Nachname;Vorname;Klasse;Rolle',
      '1003;Özdemir;Elif;7c,8a;S',
      '1001;Müller;Max;6a;S',
      '1002;Müller-Lüdenscheidt;Max;7c;S',
      '2001;Krause;Karin;5a|7c;L',
    ].join('\n');
    const plan = planOf(await school.upload(back));
    expect(plan.update.find((u) => u.username === 'elif.oezdemir')).toMatchObject({
      before: { active: false },
      after: { active: true },
    });
    await school.upload(back, { dryRun: false });
    expect((await school.imported()).find((r) => r.externalId === '1003')!.deactivatedAt).toBeNull();
  });

  it('role groups give the teacher type and the admin role at import; admins are never deactivated', async () => {
    const school = await schoolOfItsOwn();
    expect(countsOf(await school.upload(FILE, { dryRun: false })).created).toBe(4);
    const set = await call(t.base, '/api/config/roleGroups', {
      cookie: school.cookie,
      headers: { host: school.host },
      body: [
        { group: 'Schulleitung', role: 'admin' },
        { group: 'referendare', role: 'teacher' },
      ],
    });
    expect(set.status).toBe(200);
    const file = [
      'lastName,firstName,class,role,email',
      'Lang,Lena,Referendare,student,lena@example.org',
      'Boss,Bea,"Schulleitung|Kollegium",teacher,bea@example.org',
    ].join('\n');
    const plan = planOf(await school.upload(file));
    expect(plan.create.map((c) => [c.username, c.type, c.admin])).toEqual([
      ['lena.lang', 'L', false],
      ['bea.boss', 'L', true],
    ]);
    // without an ID column the e-mail address is the identity; the other imported users are missing
    expect(plan.deactivate.map((d) => d.username).sort()).toEqual([
      'elif.oezdemir',
      'karin.krause',
      'max.mueller',
      'max.mueller2',
    ]);
    await school.upload(file, { dryRun: false });
    const bea = (await school.imported()).find((r) => r.username === 'bea.boss')!;
    expect(bea).toMatchObject({ externalId: 'mail:bea@example.org', roles: ['admin'], type: 'L' });
    expect(bea.classes).toEqual(['Kollegium', 'Schulleitung']);
    const next = await school.upload(
      'lastName,firstName,class,role,email\nLang,Lena,Referendare,student,lena@example.org\n',
    );
    expect(planOf(next).deactivate).toEqual([]);
  });

  it('reads a Windows-1252 file with umlauts', async () => {
    const latin1 = Buffer.from(
      'Nachname;Vorname;Rolle;Klasse;E-Mail\nGrößer;Jürgen;Lehrer;;j@example.org\n',
      'latin1',
    );
    const res = await callAs(CimImportResultSchema, t.base, '/api/cim/import', {
      cookie: cookies.get('superadmin'),
      rawBody: latin1 as unknown as string,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(planOf(res).create[0]).toMatchObject({
      lastName: 'Größer',
      firstName: 'Jürgen',
      username: 'juergen.groesser',
    });
  });
});
