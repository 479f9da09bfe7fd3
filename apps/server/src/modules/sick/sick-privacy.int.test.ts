import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { auditLog, groups, sickNotices, users } from '../../db/schema.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';
import type { z } from 'zod';
import {
  DataExportSchema,
  LogPageSchema,
  SickListSchema,
  SickNoticeSchema,
  StudentDetailSchema,
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

// Issue 32 items 5 and 6, decision 076: every list read of sick notices is audited (one row per request,
// with the filter and the count), and a notice ends at most sick_max_days (default 90) after it begins,
// so retention always deletes it.

// Tuesday 24 November 2026, 09:00 in Berlin
const t = setUpTestApp({ now: '2026-11-24T08:00:00Z' });
const TODAY = '2026-11-24';
const cookies = new Map<string, string>();
const userId = new Map<string, number>();
const group = new Map<string, number>();

beforeAll(async () => {
  const schoolId = await demoSchoolId(t);
  const db = t.database.db;
  for (const row of await db.select().from(groups).where(eq(groups.schoolId, schoolId)))
    group.set(row.name, row.id);
  for (const row of await db.select().from(users).where(eq(users.schoolId, schoolId)))
    userId.set(row.username, row.id);
  for (const name of ['student', 'student2', 'student3', 'teacher', 'admin'])
    cookies.set(name, await loginAs(t.base, name));
});

afterEach(() => makeSetting(t, 'sick_max_days', null));

const as = (actor: string, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: cookies.get(actor), ...opts });
/** a 2xx answer of the actor's, checked against the contract's schema */
const asA = <S extends z.ZodType>(schema: S, actor: string, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie: cookies.get(actor), ...opts });

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const reportOpts = (actor: string, fields: Record<string, string>) => ({
  cookie: cookies.get(actor),
  form: form({ begin: TODAY, end: TODAY, ...fields }),
});
const report = (actor: string, fields: Record<string, string>) =>
  call(t.base, '/api/sick', reportOpts(actor, fields));
/** a notice that is stored, answered with the contract's body */
const reportAs = (actor: string, fields: Record<string, string>) =>
  callAs(SickNoticeSchema, t.base, '/api/sick', reportOpts(actor, fields));
/** a report that is refused */
const reportRefused = (actor: string, fields: Record<string, string>) =>
  callError(t.base, '/api/sick', reportOpts(actor, fields));

async function noticeCount(): Promise<number> {
  const [n] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sickNotices);
  return n!.n;
}

/** The highest audit id now: the rows a request writes are those after it. */
async function auditMark(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id ?? 0;
}

async function auditSince(mark: number) {
  return t.database.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);
}

/** The day `days` after TODAY. */
function plus(days: number, from = TODAY): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('the end date has a bound the school sets (sick_max_days, default 90)', () => {
  it('an end of 2999-12-31 is refused 422 sick.end_too_far with the bound, and nothing is stored', async () => {
    const before = await noticeCount();
    const res = await report('student', { end: '2999-12-31' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'sick.end_too_far', params: { max: 90 } });
    expect(await noticeCount()).toBe(before);
  });

  it('a notice filed far ahead (2999-12-01 to 2999-12-31) is refused at its first day', async () => {
    const before = await noticeCount();
    const res = await report('student', { begin: '2999-12-01', end: '2999-12-31' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'sick.begin_too_far', params: { max: 90 } });
    expect(await noticeCount()).toBe(before);
  });

  it('exactly 90 days after the first day is accepted, 91 refused; also a begin in the past', async () => {
    expect((await report('student', { end: plus(90) })).status).toBe(201);
    const over = await reportRefused('student', { end: plus(91) });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('sick.end_too_far');
    // a notice that began a while ago: counted from its first day, not from today
    expect((await report('student', { begin: plus(-85), end: plus(5) })).status).toBe(201);
    expect((await reportRefused('student', { begin: plus(-85), end: plus(6) })).body.code).toBe(
      'sick.end_too_far',
    );
    // the first day at most 90 days ahead
    expect((await report('student', { begin: plus(90), end: plus(90) })).status).toBe(201);
    expect((await reportRefused('student', { begin: plus(91), end: plus(91) })).body.code).toBe(
      'sick.begin_too_far',
    );
  });

  it('a bound the school changed in the settings is honoured, for a teacher reporting for a pupil too', async () => {
    const admin = cookies.get('admin');
    for (const bad of ['0', '366', '-1', '3.5'])
      expect(
        (await call(t.base, '/api/config/key/sick_max_days', { cookie: admin, body: { value: bad } })).status,
        bad,
      ).not.toBe(200);
    const set = await call(t.base, '/api/config/key/sick_max_days', { cookie: admin, body: { value: '3' } });
    expect(set.status, set.text).toBe(200);
    const before = await noticeCount();
    const pupil = String(userId.get('student2'));
    const four = await report('teacher', { userId: pupil, end: plus(4) });
    expect(four.status).toBe(422);
    expect(four.body).toMatchObject({ code: 'sick.end_too_far', params: { max: 3 } });
    expect((await reportRefused('student', { end: plus(4) })).body.code).toBe('sick.end_too_far');
    expect(await noticeCount()).toBe(before);
    expect((await report('teacher', { userId: pupil, end: plus(3) })).status).toBe(201);
    // the settings tab shows the value
    const values = await call(t.base, '/api/config/key', { cookie: admin, body: ['sick_max_days'] });
    expect(values.body).toEqual({ sick_max_days: '3' });
  });

  it("ahead is counted from the school's today in its time zone: 23:30 UTC is already tomorrow in Berlin", async () => {
    t.clock.set('2026-11-24T23:30:00Z');
    try {
      const cookie = await loginAs(t.base, 'student');
      const sendOpts = (begin: string) => ({ cookie, form: form({ begin, end: begin }) });
      const send = (begin: string) => call(t.base, '/api/sick', sendOpts(begin));
      const sendRefused = (begin: string) => callError(t.base, '/api/sick', sendOpts(begin));
      // Berlin's today is 25 November: 90 days ahead is 23 February, not 22 February
      expect((await send('2027-02-23')).status).toBe(201);
      expect((await sendRefused('2027-02-24')).body.code).toBe('sick.begin_too_far');
    } finally {
      t.clock.set('2026-11-24T08:00:00Z');
    }
  });
});

describe('list reads are audited: one row per request with the filter and the count', () => {
  it('GET /api/sick writes one sick.list row: the reader, no target, the filter, the count and the ids', async () => {
    const mine = (await reportAs('student', { message: 'Bauchweh' })).body.id;
    const mark = await auditMark();
    const query = `/api/sick?perPage=100&groups=${group.get('5a')}&userQ=Schmidt&showProcessed=false`;
    const list = await asA(SickListSchema, 'teacher', query);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((n) => n.id);
    expect(ids).toContain(mine);
    const rows = await auditSince(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'sick.list',
      actorId: userId.get('teacher'),
      targetId: null,
      details: {
        filter: { groups: [group.get('5a')], userQ: 'Schmidt', showProcessed: false, page: 1, perPage: 100 },
        count: ids.length,
        total: list.body.total,
        ids,
      },
    });
    // the messages themselves never reach the log
    expect(JSON.stringify(rows[0]!.details)).not.toContain('Bauchweh');
  });

  it('every page is its own row with the count of that page; a pupil reading their own list too', async () => {
    const pupil = await makeUser(t, { groups: ['5a'], firstName: 'Lisa', lastName: 'Liste' });
    const cookie = await pupil.login();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      expect(
        (await call(t.base, '/api/sick', { cookie, form: form({ begin: TODAY, end: TODAY }) })).status,
      ).toBe(201);
    }
    const mark = await auditMark();
    await as('teacher', `/api/sick?users=${pupil.id}&perPage=2&page=1`);
    await as('teacher', `/api/sick?users=${pupil.id}&perPage=2&page=2`);
    await call(t.base, '/api/sick', { cookie });
    const rows = await auditSince(mark);
    expect(rows.map((r) => [r.action, r.actorId, (r.details as { count: number }).count])).toEqual([
      ['sick.list', userId.get('teacher'), 2],
      ['sick.list', userId.get('teacher'), 1],
      ['sick.list', pupil.id, 3],
    ]);
    expect(rows[1]!.details).toMatchObject({ filter: { users: [pupil.id], page: 2, perPage: 2 }, total: 3 });
    expect(rows[2]!.details).toMatchObject({ filter: { page: 1, perPage: 20 } });
  });

  it('GET /api/student/{id} writes one sick.student_read row naming the pupil; GET /api/students (names only) none', async () => {
    const id = (await reportAs('student3', {})).body.id;
    const mark = await auditMark();
    const mia = await asA(StudentDetailSchema, 'admin', `/api/student/${userId.get('student3')}`);
    expect(mia.status).toBe(200);
    const rows = await auditSince(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'sick.student_read',
      actorId: userId.get('admin'),
      targetId: userId.get('student3'),
      details: { count: mia.body.notices.length, ids: mia.body.notices.map((n) => n.id) },
    });
    expect((rows[0]!.details as { ids: number[] }).ids).toContain(id);
    const after = await auditMark();
    expect((await as('teacher', '/api/students?q=Schmidt')).status).toBe(200);
    expect(await auditSince(after)).toEqual([]);
  });

  it('canary: who may not read gets the refusal of today and leaves no row', async () => {
    const mark = await auditMark();
    // a pupil may not look up another pupil, a teacher not a pupil of another class
    expect((await as('student', `/api/student/${userId.get('student2')}`)).status).toBe(403);
    expect((await as('teacher', `/api/student/${userId.get('student3')}`)).status).toBe(404);
    // a visitor, a bad filter
    expect((await call(t.base, '/api/sick')).status).toBe(401);
    expect((await call(t.base, `/api/student/${userId.get('student')}`)).status).toBe(401);
    expect((await as('admin', '/api/sick?groups=x')).status).toBe(400);
    // the feature switched off
    await makeSetting(t, 'enabled_features', 'bbb,camera');
    try {
      expect((await as('admin', '/api/sick')).status).toBe(404);
      expect((await as('admin', `/api/student/${userId.get('student')}`)).status).toBe(404);
    } finally {
      await makeSetting(t, 'enabled_features', null);
    }
    expect((await auditSince(mark)).filter((r) => r.action.startsWith('sick.'))).toEqual([]);
  });

  it("the logs tab names the reader and the pupil; only the reader's export holds a list row, the pupil's the read of them", async () => {
    await report('student', {});
    await report('student2', {});
    const mark = await auditMark();
    const list = await asA(SickListSchema, 'teacher', '/api/sick?perPage=100');
    const seen = list.body.items.map((n: { user: { id: number } }) => n.user.id);
    expect(seen).toEqual(expect.arrayContaining([userId.get('student'), userId.get('student2')]));
    await as('teacher', `/api/student/${userId.get('student')}`);
    const [listRow, studentRow] = await auditSince(mark);

    const logs = await asA(LogPageSchema, 'admin', '/api/logs?action=sick.list&perPage=5');
    expect(logs.status).toBe(200);
    expect(logs.body.items[0]).toMatchObject({
      id: listRow!.id,
      action: 'sick.list',
      actor: { username: 'teacher', name: 'Tina Lehmann' },
      target: null,
    });
    const reads = await asA(LogPageSchema, 'admin', '/api/logs?action=sick.student_read&perPage=5');
    expect(reads.body.items[0]).toMatchObject({
      id: studentRow!.id,
      actor: { username: 'teacher' },
      target: { username: 'student', name: 'Sara Schmidt' },
    });
    expect((await as('teacher', '/api/logs?action=sick.list')).status).toBe(403);

    const auditOf = async (actor: string) =>
      (
        (await asA(DataExportSchema, actor, '/api/users/data')).body.tables.audit_log as {
          id: number;
          ip?: string;
        }[]
      ).filter((r) => r.id === listRow!.id || r.id === studentRow!.id);
    expect((await auditOf('teacher')).map((r) => r.id).sort()).toEqual([listRow!.id, studentRow!.id].sort());
    // the pupil sees that the teacher looked at their notices, not the teacher's address, not the list
    const pupil = await auditOf('student');
    expect(pupil.map((r) => r.id)).toEqual([studentRow!.id]);
    expect(pupil[0]).not.toHaveProperty('ip');
    expect(await auditOf('student2')).toEqual([]);
  });
});
