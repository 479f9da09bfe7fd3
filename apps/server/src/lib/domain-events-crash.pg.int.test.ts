import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_FEATURES, SickNoticeSchema, dayIn, DEFAULT_TIME_ZONE } from '@aula/contracts';
import type { Database } from '../db/index.ts';
import { auditLog, pushLog, pushQueue, sickNotices } from '../db/schema.ts';
import { seedDemoSchoolIfEmpty } from '../demo/seed.ts';
import { makePushDevice } from '../test/area-factories.ts';
import { makeGroup, makeSetting, makeUser } from '../test/factories.ts';
import { startPushService, type PushServiceStandIn } from '../test/push-service.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { call, callAs, DEMO_PASSWORD, TEST_SECRET_KEY } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';

// A real crash between a commit and its after-commit handlers (issue 33, decision 084), on a PostgreSQL server:
// the real app runs as a process of its own (test/server-process.ts) and is killed with SIGKILL while it stands
// between the commit of a sick notice and the event's after-commit handlers; another process then starts on the
// same database. What the change wrote in its transaction (the notice, its audit entry, and the push that push's
// in-transaction handler queued) is all there and the push is delivered once; what only an after-commit
// handler would have done is lost (at most once), and nothing is half-done.

let database: Database & { url?: string };
let svc: PushServiceStandIn;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  svc = await startPushService();
  database = await createTestDatabase();
  await seedDemoSchoolIfEmpty(database.db, { password: DEMO_PASSWORD });
});
// every process is gone before its database is dropped
afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  await svc?.close();
  await database?.close();
});

type Hold = NonNullable<Parameters<typeof startServerProcess>[0]['hold']>;

async function start(opts: { hold?: Hold; pushWorker?: boolean }) {
  const server = await startServerProcess({
    databaseUrl: database.url!,
    secretKey: TEST_SECRET_KEY.toString('hex'),
    push: svc.appOptions,
    ...opts,
  });
  servers.push(server);
  return server;
}

/**
 * On `server`: a pupil and their class teacher, whose one device gets a push for each of the pupil's notices,
 * and the pupil's report (POST /api/sick) for tomorrow, sent and not awaited: it says whether it was answered.
 */
async function reportOn(server: ServerProcess) {
  const t = { database, base: server.base };
  await makeSetting(t, 'enabled_features', [...DEFAULT_FEATURES, 'push'].join(','));
  const pupil = await makeUser(t, { role: 'student' });
  const teacher = await makeUser(t, { role: 'teacher' });
  await makeGroup(t, { members: [pupil.id, teacher.id] });
  const pupilCookie = await pupil.login();
  const teacherCookie = await teacher.login();
  const { endpoint } = await makePushDevice(t, teacherCookie, svc);
  // tomorrow in the school's zone: a valid day however long the run takes
  const day = dayIn(new Date(Date.now() + 86_400_000), DEFAULT_TIME_ZONE);
  const form = new FormData();
  form.append('begin', day);
  form.append('end', day);
  const answer = call(server.base, '/api/sick', { cookie: pupilCookie, form }).then(
    (res) => `answered ${res.status}`,
    () => 'no answer',
  );
  return { pupil, teacher, teacherCookie, endpoint, day, answer };
}

const queuedFor = (userId: number) =>
  database.db
    .select({ refId: pushQueue.refId, attempts: pushQueue.attempts, lockedUntil: pushQueue.lockedUntil })
    .from(pushQueue)
    .where(eq(pushQueue.userId, userId));
const noticeRow = async (id: number) =>
  (await database.db.select().from(sickNotices).where(eq(sickNotices.id, id)))[0];
const reportAudits = (pupilId: number) =>
  database.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'sick.report'), eq(auditLog.targetId, pupilId)));

/** Transactions other connections hold open on the test's database (the dead process's, until rolled back). */
const openTransactions = async () =>
  (
    await database.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and xact_start is not null`,
    )
  ).rows;

describe('a server process killed (SIGKILL) at a domain event', () => {
  it('between the commit and the after-commit handlers: after a restart the change and its queued push are whole, the push goes once, the notification is lost', async () => {
    // the first process's worker stays still: the queued push is left to the restart, not sent before the kill
    const first = await start({ hold: { event: 'sick.reported', at: 'after-commit' } });
    const { pupil, teacher, teacherCookie, endpoint, day, answer } = await reportOn(first);
    const { held } = await first.line('held');
    const { id } = held as { id: number; pupilId: number; reportedBy: number };

    // the premise: committed (another connection sees it) and not past the handlers (the request waits)
    expect(await noticeRow(id)).toMatchObject({ userId: pupil.id, reportedBy: pupil.id });
    expect(await queuedFor(teacher.id)).toEqual([{ refId: id, attempts: 0, lockedUntil: null }]);
    expect(await Promise.race([answer, Promise.resolve('waiting')])).toBe('waiting');

    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await answer).toBe('no answer');
    // the second after-commit handler never ran, and nothing replays it
    expect(first.lines.filter((l) => 'told' in l)).toEqual([]);

    // what the dead process left: the whole transaction, nothing sent
    expect(await reportAudits(pupil.id)).toEqual([{ details: { id, photo: false } }]);
    expect(await queuedFor(teacher.id)).toEqual([{ refId: id, attempts: 0, lockedUntil: null }]);
    expect(svc.received(endpoint)).toEqual([]);

    const second = await start({ pushWorker: true });
    await svc.waitForReceived(1);
    expect(svc.received(endpoint).map((p) => p.payload)).toEqual([
      expect.objectContaining({ kind: 'sick', url: '/app/sick', tag: 'sick' }),
    ]);
    // the worker removes the row once the push service took it
    await expect.poll(() => queuedFor(teacher.id), { timeout: 30_000 }).toEqual([]);
    const sent = await database.db
      .select({ kind: pushLog.kind, status: pushLog.status })
      .from(pushLog)
      .where(eq(pushLog.outcome, 'sent'));
    expect(sent).toEqual([{ kind: 'sick', status: 201 }]);
    expect(svc.received(endpoint)).toHaveLength(1);

    // the restarted server shows the notice to the pupil's teacher, once, with the sessions of before
    const shown = await callAs(SickNoticeSchema, second.base, `/api/sick/${id}`, { cookie: teacherCookie });
    expect(shown.body).toMatchObject({ id, begin: day, end: day, processed: false });
    const notices = await database.db.select().from(sickNotices).where(eq(sickNotices.userId, pupil.id));
    expect(notices.map((n) => n.id)).toEqual([id]);
    expect(second.lines.filter((l) => 'held' in l || 'told' in l)).toEqual([]);
    expect(await second.kill('SIGTERM')).toMatchObject({ code: 0 });
  }, 180_000);

  it('canary: a process killed inside the transaction, after push queued, leaves nothing at all', async () => {
    const first = await start({ hold: { event: 'sick.reported', at: 'in-transaction' } });
    const { pupil, teacher, answer } = await reportOn(first);
    const { held, queued } = await first.line('held');
    const { id } = held as { id: number };
    // push's handler ran first and queued the teacher's push in the transaction; another connection sees
    // neither that nor the notice, as nothing has committed
    expect(queued).toBe(1);
    expect(await noticeRow(id)).toBeUndefined();
    expect(await queuedFor(teacher.id)).toEqual([]);
    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await answer).toBe('no answer');
    // PostgreSQL rolls the dead client's transaction back when it notices the closed connection
    await expect.poll(() => openTransactions(), { timeout: 30_000 }).toEqual([]);
    expect(await noticeRow(id)).toBeUndefined();
    expect(await reportAudits(pupil.id)).toEqual([]);
    expect(await queuedFor(teacher.id)).toEqual([]);
  }, 120_000);
});
