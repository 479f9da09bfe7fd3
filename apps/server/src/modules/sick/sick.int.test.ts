import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, files, groups, sickNotices, users } from '../../db/schema.ts';
import { makeSickNotice } from '../../test/area-factories.ts';
import { makeSchool, makeSetting, makeUser } from '../../test/factories.ts';
import { carriesNoMetadata, phonePhoto } from '../../test/photos.ts';
import type { z } from 'zod';
import {
  DataExportSchema,
  SickCountSchema,
  SickListSchema,
  SickNoticeSchema,
  StudentDetailSchema,
  StudentListSchema,
} from '@aula/contracts';
import {
  call,
  callAs,
  callError,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  type CallOptions,
} from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';

// Tuesday 24 November 2026, 09:00 in Berlin
const t = setUpTestApp({ now: '2026-11-24T08:00:00Z' });
const TODAY = '2026-11-24';
const cookies = new Map<string, string>();
const userId = new Map<string, number>();
const group = new Map<string, number>();
let schoolId = 0;
let foreignNoticeId = 0;

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  const db = t.database.db;
  for (const row of await db.select().from(groups).where(eq(groups.schoolId, schoolId)))
    group.set(row.name, row.id);
  for (const row of await db.select().from(users).where(eq(users.schoolId, schoolId)))
    userId.set(row.username, row.id);
  const other = await makeSchool(t, { slug: 'other', name: 'Andere', host: 'other.test' });
  const stranger = await makeUser(t, { schoolId: other.id, username: 'fremd', laraId: 'fremd' });
  const [row] = await db
    .insert(sickNotices)
    .values({ schoolId: other.id, userId: stranger.id, begins: TODAY, ends: TODAY, message: 'Fremd' })
    .returning({ id: sickNotices.id });
  foreignNoticeId = row!.id;
  for (const name of ['student', 'student2', 'student3', 'teacher', 'teacher2', 'admin'])
    cookies.set(name, await loginAs(t.base, name));
});

const as = (actor: string, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: cookies.get(actor), ...opts });
/** a 2xx answer of the actor's, checked against the contract's schema */
const asA = <S extends z.ZodType>(schema: S, actor: string, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie: cookies.get(actor), ...opts });
/** an error answer of the actor's, checked against the one error body */
const asError = (actor: string, path: string, opts: CallOptions = {}) =>
  callError(t.base, path, { cookie: cookies.get(actor), ...opts });

function form(fields: Record<string, string>, photo?: Buffer): FormData {
  return multipart(fields, photo ? { photo: { data: photo, name: 'IMG_0001.jpg', type: 'image/jpeg' } } : {});
}

const reportOpts = (actor: string, fields: Record<string, string>, photo?: Buffer) => ({
  cookie: cookies.get(actor),
  form: form({ begin: TODAY, end: TODAY, ...fields }, photo),
});
const report = (actor: string, fields: Record<string, string>, photo?: Buffer) =>
  call(t.base, '/api/sick', reportOpts(actor, fields, photo));
/** a notice that is stored, answered with the contract's body */
const reportAs = (actor: string, fields: Record<string, string>, photo?: Buffer) =>
  callAs(SickNoticeSchema, t.base, '/api/sick', reportOpts(actor, fields, photo));
/** a report that is refused */
const reportRefused = (actor: string, fields: Record<string, string>, photo?: Buffer) =>
  callError(t.base, '/api/sick', reportOpts(actor, fields, photo));

/** A notice of the test's own: no test reads what another one wrote. */
async function noticeBy(actor: string, fields: Record<string, string> = {}, photo?: Buffer): Promise<number> {
  return (await makeSickNotice(t, cookies.get(actor)!, { begin: TODAY, end: TODAY, ...fields }, photo)).id;
}

async function counts() {
  const db = t.database.db;
  const [n] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sickNotices);
  const [f] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(files);
  return { notices: n!.n, files: f!.n };
}

const ids = (body: { items: { id: number }[] }) => body.items.map((n) => n.id);

describe('reporting: the date rules of spec 5 (the school day in its time zone)', () => {
  it.each([
    [{ begin: '', end: '' }, 'sick.dates_missing'],
    [{ begin: '', end: TODAY }, 'sick.begin_missing'],
    [{ begin: TODAY, end: '' }, 'sick.end_missing'],
    [{ begin: '2026-11-26', end: '2026-11-25' }, 'sick.end_before_start'],
    [{ begin: '2026-11-20', end: '2026-11-23' }, 'sick.end_in_past'],
  ])('%j -> 422 %s, nothing stored', async (dates, code) => {
    const before = await counts();
    const res = await reportRefused('student', dates);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(await counts()).toEqual(before);
  });

  it('an end today and a begin in the past are fine; the notice comes back as stored', async () => {
    const res = await report('student', { begin: '2026-11-20', end: TODAY, message: '  Fieber  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user: { id: userId.get('student'), name: 'Sara Schmidt', type: 'S' },
      reportedBy: { id: userId.get('student') },
      groups: [{ name: '5a' }],
      begin: '2026-11-20',
      end: TODAY,
      message: 'Fieber',
      hasPhoto: false,
      processed: false,
      processedBy: null,
      createdAt: new Date(t.clock.now()).toISOString(),
    });
  });

  it('a malformed day or an unknown field is 400', async () => {
    expect((await report('student', { begin: '24.11.2026' })).status).toBe(400);
    expect((await report('student', { sneaky: 'x' })).status).toBe(400);
  });

  it('23:30 UTC is already the next day in Berlin: yesterday (UTC) is then in the past', async () => {
    t.clock.set('2026-11-24T23:30:00Z');
    try {
      const cookie = await loginAs(t.base, 'student');
      const lateOpts = (end: string) => ({ cookie, form: form({ begin: '2026-11-24', end }) });
      const late = (end: string) => call(t.base, '/api/sick', lateOpts(end));
      const lateRefused = (end: string) => callError(t.base, '/api/sick', lateOpts(end));
      const utcToday = await lateRefused('2026-11-24');
      expect(utcToday.status).toBe(422);
      expect(utcToday.body.code).toBe('sick.end_in_past');
      expect((await late('2026-11-25')).status).toBe(201);
    } finally {
      t.clock.set('2026-11-24T08:00:00Z');
    }
  });
});

describe('who reports for whom', () => {
  it('a pupil only for themself; a teacher for a pupil of their groups; an admin for anyone', async () => {
    const before = await counts();
    const forOther = await reportRefused('student', { userId: String(userId.get('student2')) });
    expect(forOther.status).toBe(403);
    expect(forOther.body.code).toBe('sick.not_your_student');
    // student3 is in 6b, the teacher teaches 5a only; teacher2 is a colleague, not a pupil
    for (const target of ['student3', 'teacher2', 'admin'])
      expect((await reportRefused('teacher', { userId: String(userId.get(target)) })).body.code).toBe(
        'sick.not_your_student',
      );
    expect(await counts()).toEqual(before);

    const byTeacher = await report('teacher', {
      userId: String(userId.get('student2')),
      message: 'Mutter rief an',
    });
    expect(byTeacher.status).toBe(201);
    expect(byTeacher.body).toMatchObject({
      user: { id: userId.get('student2') },
      reportedBy: { id: userId.get('teacher'), name: 'Tina Lehmann', type: 'L' },
    });
    const byAdmin = await reportAs('admin', { userId: String(userId.get('teacher2')) });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.user.id).toBe(userId.get('teacher2'));
    // a user of another school is nobody's
    const [stranger] = await t.database.db.select().from(users).where(eq(users.username, 'fremd'));
    expect((await report('admin', { userId: String(stranger!.id) })).status).toBe(403);
  });

  it('a visitor is 401', async () => {
    expect((await call(t.base, '/api/sick')).status).toBe(401);
    expect((await call(t.base, '/api/sick', { form: form({ begin: TODAY, end: TODAY }) })).status).toBe(401);
  });
});

describe('who sees what (server-enforced)', () => {
  it("a pupil sees only their own; another pupil's notice and its photo are 404", async () => {
    const own = await noticeBy('student');
    const list = await asA(SickListSchema, 'student', '/api/sick?perPage=100');
    expect(list.status).toBe(200);
    expect(list.body.items.every((n) => n.user.id === userId.get('student'))).toBe(true);
    expect(ids(list.body)).toContain(own);
    expect(list.body.unprocessed).toBe(0);
    expect((await as('student2', `/api/sick/${own}`)).status).toBe(404);
    expect((await as('student2', `/api/sick/${own}/photo`)).status).toBe(404);
    expect(ids((await asA(SickListSchema, 'student2', '/api/sick?perPage=100')).body)).not.toContain(own);
    expect((await as('student', `/api/sick/${own}`)).status).toBe(200);
  });

  it("a teacher sees their groups' pupils' and their own, not another group's; 404 by id", async () => {
    const of5a = await noticeBy('student');
    const of6b = await noticeBy('student3');
    const teachers = await noticeBy('teacher');
    const colleagues = await noticeBy('teacher2');
    const seen = ids((await asA(SickListSchema, 'teacher', '/api/sick?perPage=100')).body);
    expect(seen).toEqual(expect.arrayContaining([of5a, teachers]));
    expect(seen).not.toContain(of6b);
    expect(seen).not.toContain(colleagues);
    expect((await as('teacher', `/api/sick/${of6b}`)).status).toBe(404);
    expect((await as('teacher', `/api/sick/${colleagues}`)).status).toBe(404);
    expect((await as('teacher', `/api/sick/${of5a}`)).status).toBe(200);
    // teacher2 teaches 5a and 6b
    expect((await as('teacher2', `/api/sick/${of6b}`)).status).toBe(200);
  });

  it("an admin sees all, a teacher's own notice included; a pupil never sees a teacher's", async () => {
    const teachers = await noticeBy('teacher');
    const pupils = await noticeBy('student3');
    const all = ids((await asA(SickListSchema, 'admin', '/api/sick?perPage=100')).body);
    expect(all).toEqual(expect.arrayContaining([teachers, pupils]));
    expect((await as('admin', `/api/sick/${teachers}`)).status).toBe(200);
    for (const pupil of ['student', 'student2', 'student3'])
      expect((await as(pupil, `/api/sick/${teachers}`)).status).toBe(404);
    expect(all).not.toContain(foreignNoticeId);
    expect((await as('admin', `/api/sick/${foreignNoticeId}`)).status).toBe(404);
  });

  it('reading a notice by id is audited as access to a sick notice', async () => {
    const id = await noticeBy('student');
    await as('teacher', `/api/sick/${id}`);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sick.read'), eq(auditLog.actorId, userId.get('teacher')!)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ targetId: userId.get('student'), details: { id } });
  });
});

describe('filters and paging (spec 3.6)', () => {
  it('groups (repeated or comma-separated), users, userQ, pupils or teachers, processed or not', async () => {
    const sara = await noticeBy('student');
    const mia = await noticeBy('student3');
    const tina = await noticeBy('teacher');
    const list = async (query: string) =>
      ids((await asA(SickListSchema, 'admin', `/api/sick?perPage=100&${query}`)).body);

    const of5a = await list(`groups=${group.get('5a')}`);
    expect(of5a).toEqual(expect.arrayContaining([sara, tina]));
    expect(of5a).not.toContain(mia);
    for (const both of [
      `groups=${group.get('5a')}&groups=${group.get('6b')}`,
      `groups=${group.get('5a')},${group.get('6b')}`,
    ])
      expect(await list(both)).toEqual(expect.arrayContaining([sara, mia, tina]));
    expect(await list(`users=${userId.get('student3')}`)).toEqual(expect.arrayContaining([mia]));
    expect(await list(`users=${userId.get('student3')}`)).not.toContain(sara);
    const wagner = await list('userQ=WAGN');
    expect(wagner).toContain(mia);
    expect(wagner).not.toContain(sara);
    expect(await list('onlyStudents=true')).not.toContain(tina);
    expect(await list('onlyTeachers=true')).toContain(tina);
    expect(await list('onlyTeachers=true')).not.toContain(sara);

    expect(
      (await as('admin', `/api/sick/${mia}`, { method: 'PATCH', body: { processed: true } })).status,
    ).toBe(200);
    expect(await list('showProcessed=false')).not.toContain(mia);
    expect(await list('showUnprocessed=false')).toContain(mia);
    expect(await list('showUnprocessed=false')).not.toContain(sara);
    expect(await list('showProcessed=false&showUnprocessed=false')).toEqual([]);
    expect((await as('admin', '/api/sick?groups=x')).status).toBe(400);
  });

  it('pages newest first, with the total and the count over the whole scope', async () => {
    // a pupil of 5a of this test's own, so no other notice (the demo school's) is in the list
    const pupil = await makeUser(t, { groups: ['5a'], firstName: 'Paul', lastName: 'Page' });
    cookies.set('paul', await pupil.login());
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      made.push(await noticeBy('paul'));
    }
    const query = `/api/sick?users=${pupil.id}&perPage=2`;
    const first = (await asA(SickListSchema, 'teacher', `${query}&page=1`)).body;
    expect(first.total).toBe(3);
    expect(ids(first)).toEqual([made[2], made[1]]);
    const second = (await asA(SickListSchema, 'teacher', `${query}&page=2`)).body;
    expect(ids(second)).toEqual([made[0]]);
    expect(second.total).toBe(3);
    expect((await as('teacher', `${query}&page=3`)).body).toMatchObject({ items: [], total: 3 });
    const count = (await asA(SickCountSchema, 'teacher', '/api/sick/count')).body.unprocessed;
    expect(first.unprocessed).toBe(count);
    expect(count).toBeGreaterThanOrEqual(3);
  });
});

describe('processing (spec 4.6)', () => {
  it('the teacher of the pupil processes and unprocesses it, recorded with who and when, audited', async () => {
    const id = await noticeBy('student');
    const before = (await asA(SickCountSchema, 'teacher', '/api/sick/count')).body.unprocessed;
    expect((await asA(SickCountSchema, 'student', '/api/sick/count')).body.unprocessed).toBe(0);
    const done = await as('teacher', `/api/sick/${id}`, { method: 'PATCH', body: { processed: true } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      processed: true,
      processedAt: new Date(t.clock.now()).toISOString(),
      processedBy: { id: userId.get('teacher'), name: 'Tina Lehmann' },
    });
    expect((await asA(SickCountSchema, 'teacher', '/api/sick/count')).body.unprocessed).toBe(before - 1);
    const undone = await as('teacher', `/api/sick/${id}`, { method: 'PATCH', body: { processed: false } });
    expect(undone.body).toMatchObject({ processed: false, processedAt: null, processedBy: null });
    const actions = (
      await t.database.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.actorId, userId.get('teacher')!))
    )
      .filter((e) => (e.details as { id?: number }).id === id)
      .map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['sick.process', 'sick.unprocess']));
  });

  it("another group's teacher gets 404, a pupil 403; a teacher's own notice only an admin", async () => {
    const of6b = await noticeBy('student3');
    expect(
      (await as('teacher', `/api/sick/${of6b}`, { method: 'PATCH', body: { processed: true } })).status,
    ).toBe(404);
    expect(
      (await as('student3', `/api/sick/${of6b}`, { method: 'PATCH', body: { processed: true } })).status,
    ).toBe(403);
    const own = await noticeBy('teacher');
    const self = await as('teacher', `/api/sick/${own}`, { method: 'PATCH', body: { processed: true } });
    expect(self.status).toBe(403);
    const [row] = await t.database.db.select().from(sickNotices).where(eq(sickNotices.id, own));
    expect(row!.processedAt).toBeNull();
    const byAdmin = await as('admin', `/api/sick/${own}`, { method: 'PATCH', body: { processed: true } });
    expect(byAdmin.body).toMatchObject({ processed: true, processedBy: { id: userId.get('admin') } });
  });
});

describe('the photo', () => {
  it('is refused while enable_sick_photo is off, nothing stored', async () => {
    await makeSetting(t, 'enable_sick_photo', 'false');
    const before = await counts();
    const res = await reportRefused('student', {}, await phonePhoto());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('sick.photo_disabled');
    expect(await counts()).toEqual(before);
  });

  it('comes back from /photo as a JPEG without the GPS position, to those who see the notice only', async () => {
    await makeSetting(t, 'enable_sick_photo', 'true');
    const id = await noticeBy('student', {}, await phonePhoto(1200, 900, { orientation: 6 }));
    const notice = (await asA(SickNoticeSchema, 'student', `/api/sick/${id}`)).body;
    expect(notice.hasPhoto).toBe(true);
    for (const actor of ['student', 'teacher', 'admin']) {
      const photo = await as(actor, `/api/sick/${id}/photo`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(photo.headers.get('content-disposition')).toMatch(/^inline/);
      expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const bytes = Buffer.from(
      await (
        await fetch(`${t.base}/api/sick/${id}/photo`, { headers: { cookie: cookies.get('student')! } })
      ).arrayBuffer(),
    );
    expect(await carriesNoMetadata(bytes)).toBe(true);
    for (const actor of ['student2', 'student3'])
      expect((await as(actor, `/api/sick/${id}/photo`)).status).toBe(404);
    expect((await call(t.base, `/api/sick/${id}/photo`)).status).toBe(401);
    // a notice without a photo has none to show
    const plain = await noticeBy('student');
    expect((await as('student', `/api/sick/${plain}/photo`)).status).toBe(404);
    // the photo is the reporter's file
    const [row] = await t.database.db.select().from(sickNotices).where(eq(sickNotices.id, id));
    const [file] = await t.database.db.select().from(files).where(eq(files.id, row!.photoFileId!));
    expect(file!.ownerId).toBe(userId.get('student'));
    const reads = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sick.photo_read'));
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });

  it('over the quota or over the size limit stores nothing', async () => {
    await makeSetting(t, 'enable_sick_photo', 'true');
    await makeSetting(t, 'upload_quota_student_mb', '0');
    try {
      const before = await counts();
      const quota = await reportRefused('student', {}, await phonePhoto());
      expect(quota.status).toBe(413);
      expect(quota.body.code).toBe('upload.quota_exceeded');
      const huge = await reportRefused('student', {}, Buffer.alloc(26 * 1024 * 1024, 1));
      expect(huge.status).toBe(413);
      expect(huge.body.code).toBe('upload.too_large');
      expect(await counts()).toEqual(before);
    } finally {
      await makeSetting(t, 'upload_quota_student_mb', null);
    }
    const notAPhoto = await report('student', {}, Buffer.from('%PDF-1.4 not a photo'));
    expect(notAPhoto.status).toBe(415);
  });
});

describe('pupils for the reporting form', () => {
  it("teachers list their groups' pupils, admins all; one pupil with the notices the caller sees", async () => {
    const names = async (actor: string, q = '') =>
      (await asA(StudentListSchema, actor, `/api/students${q}`)).body.items.map((s) => s.name);
    const ofTeacher = await names('teacher');
    expect(ofTeacher).toEqual(expect.arrayContaining(['Sara Schmidt', 'Ali Yilmaz']));
    expect(ofTeacher).not.toContain('Mia Wagner');
    expect(ofTeacher).not.toContain('Tom Becker');
    expect(await names('admin')).toEqual(
      expect.arrayContaining(['Sara Schmidt', 'Ali Yilmaz', 'Mia Wagner', 'Noah Fischer']),
    );
    expect(await names('admin', '?q=fisch')).toEqual(['Noah Fischer']);
    expect((await as('student', '/api/students')).status).toBe(403);
    const id = await noticeBy('student3');
    expect((await as('teacher', `/api/student/${userId.get('student3')}`)).status).toBe(404);
    expect((await as('teacher', `/api/student/${userId.get('teacher2')}`)).status).toBe(404);
    const mia = await asA(StudentDetailSchema, 'admin', `/api/student/${userId.get('student3')}`);
    expect(mia.status).toBe(200);
    expect(mia.body).toMatchObject({ name: 'Mia Wagner', groups: [{ name: '6b' }] });
    expect(mia.body.notices.map((n) => n.id)).toContain(id);
  });
});

describe('the feature switch', () => {
  it('with sick off every sick route answers 404 common.not_found', async () => {
    const id = await noticeBy('student');
    await makeSetting(t, 'enabled_features', 'bbb,camera');
    try {
      const calls = [
        asError('student', '/api/sick'),
        asError('student', '/api/sick/count'),
        asError('student', `/api/sick/${id}`),
        asError('student', `/api/sick/${id}/photo`),
        reportRefused('student', {}),
        asError('admin', `/api/sick/${id}`, { method: 'PATCH', body: { processed: true } }),
        asError('teacher', '/api/students'),
        asError('admin', `/api/student/${userId.get('student')}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('common.not_found');
      }
    } finally {
      await makeSetting(t, 'enabled_features', null);
    }
    expect((await as('student', `/api/sick/${id}`)).status).toBe(200);
  });
});

describe('the data export (GET /api/users/data)', () => {
  it('holds the notices about the user and those they reported, with the photo', async () => {
    await makeSetting(t, 'enable_sick_photo', 'true');
    const pupil = await makeUser(t, { groups: ['5a'], firstName: 'Emil', lastName: 'Export' });
    const res = await reportAs(
      'teacher',
      { userId: String(pupil.id), message: 'Vater rief an' },
      await phonePhoto(),
    );
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(sickNotices).where(eq(sickNotices.id, res.body.id));
    const [file] = await t.database.db.select().from(files).where(eq(files.id, row!.photoFileId!));
    for (const cookie of [await pupil.login(), cookies.get('teacher')!]) {
      const exported = await callAs(DataExportSchema, t.base, '/api/users/data', { cookie });
      expect(exported.status).toBe(200);
      const tables = exported.body.tables;
      expect(tables.sick_notices).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: row!.id, message: 'Vater rief an' })]),
      );
      expect(tables.files).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: file!.id,
            mime: 'image/jpeg',
            data: Buffer.from(file!.data).toString('base64'),
          }),
        ]),
      );
    }
  });
});
