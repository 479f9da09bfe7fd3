import { beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { auditLog, files, sickNotices } from '../../db/schema.ts';
import { registerJobs } from '../../plugins/jobs.ts';
import { makeSickNotice } from '../../test/area-factories.ts';
import { makeSetting } from '../../test/factories.ts';
import { demoSchoolId, loginAs, setUpTestApp } from '../../test/test-app.ts';

// The notices are reported on Tuesday 24 November 2026; a year and a day later a second server starts on the
// same database, and its retention job (run at start) deletes what is older than 365 days after its end.
const before = setUpTestApp({ now: '2026-11-24T08:00:00Z' });
let expired = { id: 0, fileId: 0 };
let kept = { id: 0, fileId: 0 };

async function reportWithPhoto(cookie: string, end: string) {
  const notice = await makeSickNotice(before, cookie, { begin: '2026-11-24', end }, true);
  const [row] = await before.database.db.select().from(sickNotices).where(eq(sickNotices.id, notice.id));
  return { id: row!.id, fileId: row!.photoFileId! };
}

beforeAll(async () => {
  await makeSetting(before, 'enable_sick_photo', 'true');
  const cookie = await loginAs(before.base, 'student');
  // 2027-11-25 is 366 days after 2026-11-24 and 364 days after 2026-11-26
  expired = await reportWithPhoto(cookie, '2026-11-24');
  kept = await reportWithPhoto(cookie, '2026-11-26');
});

const after = setUpTestApp(() => ({ databaseOf: before, now: '2027-11-25T08:00:00Z' }));

// what the second server's start left, read before any test runs: a later test runs the job again with a
// shorter setting, and the tests run in any order (decision 056)
let atStart = { notices: [] as number[], photos: [] as number[] };
beforeAll(async () => {
  const db = after.database.db;
  const notices = await db
    .select({ id: sickNotices.id })
    .from(sickNotices)
    .where(inArray(sickNotices.id, [expired.id, kept.id]));
  const photos = await db
    .select({ id: files.id })
    .from(files)
    .where(inArray(files.id, [expired.fileId, kept.fileId]));
  atStart = { notices: notices.map((n) => n.id), photos: photos.map((f) => f.id) };
});

describe('the retention job (sick_retention_days, default 365)', () => {
  it('ran at start: a notice 366 days past its end is gone with its photo, one 364 days past stays', async () => {
    const db = after.database.db;
    expect(atStart.notices).toEqual([kept.id]);
    expect(atStart.photos).toEqual([kept.fileId]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'sick.retention_delete'));
    expect(entry).toMatchObject({ actorId: null, details: { retentionDays: 365 } });
    expect((entry!.details as { count: number }).count).toBeGreaterThanOrEqual(1);
    // the job's context is the school's, without a user
    expect(entry!.schoolId).toBe(await demoSchoolId(after));
  });

  it("follows the school's setting, on the next run", async () => {
    await makeSetting(after, 'sick_retention_days', '30');
    const [row] = await after.database.db
      .insert(sickNotices)
      .values({
        schoolId: await demoSchoolId(after),
        userId: (await after.database.db.select().from(sickNotices).where(eq(sickNotices.id, kept.id)))[0]!
          .userId,
        begins: '2027-10-20',
        // 31 days before 2027-11-25
        ends: '2027-10-25',
      })
      .returning({ id: sickNotices.id });
    await after.app.jobs.run('sick-retention');
    const left = await after.database.db
      .select({ id: sickNotices.id })
      .from(sickNotices)
      .where(inArray(sickNotices.id, [row!.id, kept.id]));
    expect(left).toEqual([]);
    await makeSetting(after, 'sick_retention_days', null);
  });

  it('a failing job is logged and the server goes on; its timer stops at close', async () => {
    const lines: { level: number; msg: string; job?: string }[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
    app.decorate('db', after.database.db);
    let calls = 0;
    registerJobs(app, [
      {
        name: 'broken',
        intervalMs: 60_000,
        run: async () => {
          calls++;
          throw new Error('boom');
        },
      },
    ]);
    await app.ready();
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(lines.some((l) => l.level === 50 && l.msg === 'job failed' && l.job === 'broken')).toBe(true);
    await app.jobs.run('broken');
    await app.close();
    const afterClose = calls;
    await app.jobs.run('broken');
    expect(calls).toBe(afterClose);
  });
});
