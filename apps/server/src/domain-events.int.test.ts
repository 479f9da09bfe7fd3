import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { DEFAULT_FEATURES, SickNoticeSchema } from '@aula/contracts';
import { transaction, type Db } from './db/index.ts';
import { pushQueue, sickNotices } from './db/schema.ts';
import {
  afterCommitHandler,
  inTransactionHandler,
  publishDomainEvent,
  subscribeDomainEvents,
  type PublishOrigin,
} from './lib/domain-events.ts';
import { makeDeviceRow, makeGroup, makeSetting, makeUser, type TestRole } from './test/factories.ts';
import { answerAs, setUpTestApp } from './test/test-app.ts';

// Side effects as domain events (issue 33, decision 084), on the real database over real HTTP: a handler that
// writes (push queues a sick notice's push) runs in the publishing transaction, so its rows commit and roll back
// with the change; one that only notifies runs after the outermost commit, and its failure is logged and never
// undoes the change. A sick notice is the change the tests make: push handles sick.reported.

const NOON = '2026-01-15T11:00:00.000Z';
const lines: string[] = [];
beforeAll(() => {
  // the presence flush and the push worker stay still: the rows the tests look at are not sent under them
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterAll(() => {
  vi.useRealTimers();
});
const t = setUpTestApp({
  now: NOON,
  loggerInstance: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
});
beforeAll(async () => {
  await makeSetting(t, 'enabled_features', [...DEFAULT_FEATURES, 'push'].join(','));
});

interface Person {
  id: number;
  schoolId: number;
  cookie: string;
}

let endpoints = 0;
/** A signed-in user with one subscribed device, bound to that session as the browser's is. */
async function person(role: TestRole): Promise<Person> {
  const u = await makeUser(t, { role });
  const cookie = await u.login();
  await makeDeviceRow(t, u, `https://push.example.org/send/${++endpoints}-events`);
  return { id: u.id, schoolId: u.schoolId, cookie };
}

/** A pupil and their class teacher, who gets a push for each of the pupil's sick notices. */
async function pupilAndTeacher() {
  const pupil = await person('student');
  const teacher = await person('teacher');
  await makeGroup(t, { members: [pupil.id, teacher.id] });
  return { pupil, teacher };
}

const report = (p: Person) => {
  const form = new FormData();
  form.append('begin', '2026-01-15');
  form.append('end', '2026-01-15');
  return t.call('/api/sick', { cookie: p.cookie, form });
};
const noticesOf = (p: Person) => t.database.db.select().from(sickNotices).where(eq(sickNotices.userId, p.id));
const queuedFor = (db: Db, p: Person) =>
  db
    .select()
    .from(pushQueue)
    .where(inArray(pushQueue.userId, [p.id]));
const subscribe = (...list: Parameters<typeof subscribeDomainEvents>[0]) =>
  onTestFinished(subscribeDomainEvents(list));

describe('a handler that writes runs in the publishing transaction', () => {
  it('the push is queued when the change commits', async () => {
    const { pupil, teacher } = await pupilAndTeacher();
    const res = answerAs(SickNoticeSchema, await report(pupil));
    expect(res.status, res.text).toBe(201);
    const rows = await queuedFor(t.database.db, teacher);
    expect(rows.map((r) => [r.kind, r.refId])).toEqual([['sick', res.body.id]]);
  });

  it('and not when it rolls back: a later handler’s failure takes the notice and its queued push with it', async () => {
    const { pupil, teacher } = await pupilAndTeacher();
    let queuedInside = -1;
    // subscribed after push's: push has queued by then, in the same transaction, which this handler sees
    subscribe(
      inTransactionHandler('sick.reported', 'test: refuses', async (tx) => {
        queuedInside = (await queuedFor(tx, teacher)).length;
        throw new Error('refused by the test');
      }),
    );
    const res = await report(pupil);
    expect(res.status).toBe(500);
    expect(queuedInside).toBe(1);
    expect(await noticesOf(pupil)).toEqual([]);
    expect(await queuedFor(t.database.db, teacher)).toEqual([]);
  });

  it('canary: a transaction not opened by transaction() is refused, as its commit cannot be waited for', async () => {
    const origin: PublishOrigin = { schoolId: 1, clock: t.clock };
    await expect(
      t.database.db.transaction((tx) =>
        publishDomainEvent(tx as unknown as Db, origin, 'sick.reported', {
          id: 1,
          pupilId: 1,
          reportedBy: 1,
        }),
      ),
    ).rejects.toThrow(/transaction\(\)/);
  });
});

describe('a handler that only notifies runs after the commit', () => {
  it('after the outermost commit, not at a savepoint; never after a rollback; own transaction outside one', async () => {
    const { pupil } = await pupilAndTeacher();
    const origin: PublishOrigin = { schoolId: pupil.schoolId, clock: t.clock };
    const told: number[] = [];
    subscribe(afterCommitHandler('sick.reported', 'test: notes', (e) => void told.push(e.id)));
    // ids of no notice: push finds the pupil's teacher and queues, which is all the same to these handlers
    const event = (id: number) => ({ id, pupilId: pupil.id, reportedBy: pupil.id });
    const db = t.database.db;
    await transaction(db, async (tx) => {
      await transaction(tx, (sp) => publishDomainEvent(sp, origin, 'sick.reported', event(1)));
      expect(told).toEqual([]);
      await transaction(tx, async (sp) => {
        await publishDomainEvent(sp, origin, 'sick.reported', event(2));
        throw new Error('the savepoint rolls back');
      }).catch(() => undefined);
      expect(told).toEqual([]);
    });
    expect(told).toEqual([1]);
    await transaction(db, async (tx) => {
      await publishDomainEvent(tx, origin, 'sick.reported', event(3));
      throw new Error('the whole rolls back');
    }).catch(() => undefined);
    expect(told).toEqual([1]);
    await publishDomainEvent(db, origin, 'sick.reported', event(4));
    expect(told).toEqual([1, 4]);
  });

  it('one that throws is logged; the change stays with its push, and the next handler still runs', async () => {
    const { pupil, teacher } = await pupilAndTeacher();
    const after: number[] = [];
    subscribe(
      afterCommitHandler('sick.reported', 'test: fails', () => {
        throw new Error('notify failed (test)');
      }),
      afterCommitHandler('sick.reported', 'test: notes', (e) => void after.push(e.id)),
    );
    const from = lines.length;
    const res = answerAs(SickNoticeSchema, await report(pupil));
    expect(res.status, res.text).toBe(201);
    expect(await noticesOf(pupil)).toHaveLength(1);
    expect(await queuedFor(t.database.db, teacher)).toHaveLength(1);
    expect(after).toEqual([res.body.id]);
    const logged = lines
      .slice(from)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'domain event: an after-commit handler failed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, event: 'sick.reported', handler: 'test: fails' });
    expect(JSON.stringify(logged[0])).toContain('notify failed (test)');
  });

  it('a crash between the commit and a handler: the change and its push are committed, the notice is lost', async () => {
    const { pupil, teacher } = await pupilAndTeacher();
    // the process stops in the first after-commit handler: it never returns, so nothing after it runs
    let stopped!: () => void;
    const stoppedThere = new Promise<void>((resolve) => (stopped = resolve));
    let release!: (err: Error) => void;
    const told: number[] = [];
    subscribe(
      afterCommitHandler('sick.reported', 'test: dies', async () => {
        stopped();
        await new Promise<never>((_, reject) => (release = reject));
      }),
      afterCommitHandler('sick.reported', 'test: notes', (e) => void told.push(e.id)),
    );
    const pending = report(pupil);
    await stoppedThere;
    // what a restart finds: the notice and its queued push, whole (the worker sends it at its next poll); the
    // notification never went and nothing replays it (after-commit handlers are at most once)
    const notices = await noticesOf(pupil);
    expect(notices).toHaveLength(1);
    expect((await queuedFor(t.database.db, teacher)).map((r) => r.refId)).toEqual([notices[0]!.id]);
    expect(told).toEqual([]);
    // the test's own clean-up: the handler "dies" (rejects), which is logged, and the request answers
    release(new Error('the process died (test)'));
    expect((await pending).status).toBe(201);
    expect(await noticesOf(pupil)).toHaveLength(1);
  });
});
