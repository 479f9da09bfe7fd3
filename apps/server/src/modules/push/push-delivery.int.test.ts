import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  PUSH_LEASE_MS,
  PUSH_LOG_DAYS,
  PUSH_MAX_ATTEMPTS,
  PUSH_MAX_FAILURES,
  PUSH_RETRY_BASE_MS,
  PUSH_SEND_TIMEOUT_MS,
  PUSH_TTL_S,
  PushConfigResponseSchema,
  PushStatusResponseSchema,
} from '@aula/contracts';
import { pushLog, pushQueue, pushSubscriptions, sessions, users } from '../../db/schema.ts';
import { startPushService, type PushServiceStandIn } from '../../test/push-service.ts';
import { makePushDevice } from '../../test/area-factories.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';
import { call, callAs, demoSchoolId, setUpTestApp, startTestApp } from '../../test/test-app.ts';
import { createPushWorker } from './push-worker.ts';

// Delivery (decision 073) through the real queue on the real database to a stand-in push service that checks
// each VAPID token and decrypts each payload: what arrives, what the push service's answers do (404/410 remove
// the device, 429/5xx retry with backoff honouring Retry-After, then give up), a restart mid-send, two
// processes sharing one queue, and devices whose session ended. The claim under overlapping transactions needs
// a second connection: push-delivery.pg.int.test.ts. The clock is the app's, moved by the test.

const NOW = Date.parse('2026-05-04T09:30:00Z');
let svc: PushServiceStandIn;
const t = setUpTestApp(async () => {
  svc = await startPushService();
  return { now: NOW, push: svc.appOptions };
});
afterAll(() => svc?.close());
let schoolId = 0;

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera,push');
});

/** A signed-in user with `devices` subscriptions at the stand-in. */
async function userWithDevices(devices = 1, base = t.base) {
  const user = await makeUser(t);
  const cookie = await user.login();
  const endpoints: string[] = [];
  for (let i = 0; i < devices; i++) endpoints.push((await makePushDevice({ base }, cookie, svc)).endpoint);
  const test = async () => {
    const res = await call(base, '/api/users/firebase/test', { cookie, method: 'POST' });
    expect(res.status, res.text).toBe(202);
  };
  return { user, cookie, endpoints, endpoint: endpoints[0]!, test };
}

const queueOf = (endpoint: string) =>
  t.database.db
    .select({ id: pushQueue.id, attempts: pushQueue.attempts, nextAttemptAt: pushQueue.nextAttemptAt })
    .from(pushQueue)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushQueue.subscriptionId))
    .where(eq(pushSubscriptions.endpoint, endpoint));
const subscriptionOf = async (endpoint: string) =>
  (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
/** A push waiting for the device, written as an enqueue in another change's transaction would: no wake-up. */
async function enqueueQuietly(endpoint: string) {
  const sub = (await subscriptionOf(endpoint))!;
  const now = t.clock();
  // a test push: always relevant, so only what is under test can stop it
  const payload = { kind: 'test' as const, title: 'Aula: Test', body: '', url: '/', tag: 'test' };
  await t.database.db.insert(pushQueue).values({
    schoolId: sub.schoolId,
    subscriptionId: sub.id,
    userId: sub.userId,
    kind: 'test',
    tag: payload.tag,
    payload,
    notBefore: now,
    nextAttemptAt: now,
    createdAt: now,
  });
}
const requestsTo = (endpoint: string) => svc.requests.filter((r) => r.endpoint === endpoint);

describe('what arrives', () => {
  it('the test push arrives decrypted, with a valid token for the push service and the right payload', async () => {
    const { endpoint, test } = await userWithDevices();
    await test();
    await t.app.push.drain();
    const [push] = svc.received(endpoint);
    expect(push?.payload).toEqual({
      kind: 'test',
      title: 'Aula: Test',
      body: 'Push-Benachrichtigungen kommen auf diesem Gerät an.',
      url: '/',
      tag: 'test',
    });
    expect(push!.claims.aud).toBe(svc.origin);
    expect(push!.claims.sub).toMatch(/^mailto:/);
    expect(push!.ttl).toBe(PUSH_TTL_S);
    const config = await callAs(PushConfigResponseSchema, t.base, '/api/config/firebase', {
      cookie: await (await makeUser(t)).login(),
    });
    expect(push!.vapidKey).toBe(config.body.vapidKey);
    expect(requestsTo(endpoint).every((r) => r.error === null)).toBe(true);
    // done: the row is gone, the device remembers when it last got one, the log counts it
    expect(await queueOf(endpoint)).toEqual([]);
    expect((await subscriptionOf(endpoint))?.lastSentAt?.getTime()).toBe(t.clock.now());
  });

  it("in the user's language", async () => {
    const { user, endpoint, test } = await userWithDevices();
    await t.database.db.update(users).set({ selectedLang: 'ar' }).where(eq(users.id, user.id));
    await test();
    await t.app.push.drain();
    expect(svc.received(endpoint)[0]?.payload).toMatchObject({ title: 'Aula: اختبار' });
  });
});

describe("the push service's answers", () => {
  it.each([410, 404] as const)('%i removes the device and what waits for it', async (status) => {
    const { endpoint } = await userWithDevices();
    svc.answer(endpoint, { status });
    await enqueueQuietly(endpoint);
    await enqueueQuietly(endpoint);
    await t.app.push.drain();
    expect(await subscriptionOf(endpoint)).toBeUndefined();
    expect(await queueOf(endpoint)).toEqual([]);
    // the first answer removed the device; its second push went with it, unsent
    expect(requestsTo(endpoint)).toHaveLength(1);
    const logged = await t.database.db.select().from(pushLog).where(eq(pushLog.status, status));
    expect(logged.some((l) => l.outcome === 'gone' && l.schoolId === schoolId)).toBe(true);
  });

  it('429 waits for Retry-After when it is longer than the backoff, then sends', async () => {
    const { endpoint, test } = await userWithDevices();
    const retryAfter = (PUSH_RETRY_BASE_MS * 4) / 1000;
    svc.answer(endpoint, { status: 429, retryAfter });
    await test();
    await t.app.push.drain();
    expect(requestsTo(endpoint).map((r) => r.status)).toEqual([429]);
    expect((await queueOf(endpoint))[0]).toMatchObject({ attempts: 1 });
    svc.answer(endpoint, null);
    t.clock.advance(retryAfter * 1000 - 1);
    await t.app.push.drain();
    expect(requestsTo(endpoint)).toHaveLength(1);
    t.clock.advance(1);
    await t.app.push.drain();
    expect(requestsTo(endpoint).map((r) => r.status)).toEqual([429, 201]);
    expect(svc.received(endpoint)).toHaveLength(1);
    expect(await queueOf(endpoint)).toEqual([]);
  });

  it(`500 is retried with doubling backoff; after ${PUSH_MAX_ATTEMPTS} tries it is given up and logged`, async () => {
    // only this test's log rows count (others give up on their pushes too, in any order)
    const [last] = await t.database.db
      .select({ id: pushLog.id })
      .from(pushLog)
      .orderBy(desc(pushLog.id))
      .limit(1);
    const { endpoint, test } = await userWithDevices();
    svc.answer(endpoint, { status: 500 });
    await test();
    await t.app.push.drain();
    for (let attempt = 1; attempt < PUSH_MAX_ATTEMPTS; attempt++) {
      const backoff = PUSH_RETRY_BASE_MS * 2 ** (attempt - 1);
      const [row] = await queueOf(endpoint);
      expect(row).toMatchObject({ attempts: attempt });
      expect(row!.nextAttemptAt.getTime()).toBe(t.clock.now() + backoff);
      // not a moment early
      t.clock.advance(backoff - 1);
      await t.app.push.drain();
      expect(requestsTo(endpoint)).toHaveLength(attempt);
      t.clock.advance(1);
      await t.app.push.drain();
      expect(requestsTo(endpoint)).toHaveLength(attempt + 1);
    }
    expect(await queueOf(endpoint)).toEqual([]);
    // the device stays: a push service in trouble says nothing about the device
    expect(await subscriptionOf(endpoint)).toBeDefined();
    const [failure] = await t.database.db
      .select()
      .from(pushLog)
      .where(and(eq(pushLog.outcome, 'failed'), gt(pushLog.id, last?.id ?? 0)))
      .orderBy(pushLog.id);
    expect(failure).toMatchObject({ status: 500, kind: 'test' });
    const admin = await makeUser(t, { role: 'admin' });
    const status = await callAs(PushStatusResponseSchema, t.base, '/api/config/firebase-backend', {
      cookie: await admin.login(),
    });
    expect(status.body.failed24h).toBeGreaterThanOrEqual(1);
    expect(status.body.lastFailure).toMatchObject({ status: 500 });
  });

  it('429 five times in a row gives up as well', async () => {
    const { endpoint, test } = await userWithDevices();
    svc.answer(endpoint, { status: 429, retryAfter: 1 });
    await test();
    for (let attempt = 0; attempt < PUSH_MAX_ATTEMPTS; attempt++) {
      await t.app.push.drain();
      t.clock.advance(PUSH_RETRY_BASE_MS * 2 ** attempt);
    }
    await t.app.push.drain();
    expect(requestsTo(endpoint).map((r) => r.status)).toEqual(Array(PUSH_MAX_ATTEMPTS).fill(429));
    expect(await queueOf(endpoint)).toEqual([]);
  });

  it('a key not on P-256 (stored before the check at subscribe) counts as a try each time and is given up', async () => {
    const { endpoint } = await userWithDevices();
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url');
    await t.database.db
      .update(pushSubscriptions)
      .set({ p256dh: offCurve })
      .where(eq(pushSubscriptions.endpoint, endpoint));
    await enqueueQuietly(endpoint);
    for (let attempt = 1; attempt < PUSH_MAX_ATTEMPTS; attempt++) {
      await t.app.push.drain();
      const [row] = await queueOf(endpoint);
      expect(row).toMatchObject({ attempts: attempt });
      expect(row!.nextAttemptAt.getTime()).toBe(t.clock.now() + PUSH_RETRY_BASE_MS * 2 ** (attempt - 1));
      t.clock.advance(PUSH_RETRY_BASE_MS * 2 ** (attempt - 1));
    }
    await t.app.push.drain();
    expect(await queueOf(endpoint)).toEqual([]);
    expect(requestsTo(endpoint)).toEqual([]);
    const [last] = await t.database.db.select().from(pushLog).orderBy(desc(pushLog.id)).limit(1);
    expect(last).toMatchObject({ outcome: 'failed', status: 0, kind: 'test' });
  });

  it.each([
    ['seconds too large for a date', '9'.repeat(400)],
    ['seconds past the TTL', String(PUSH_TTL_S + 1)],
    ['an HTTP date past the TTL', () => new Date(Date.now() + (PUSH_TTL_S + 3600) * 1000).toUTCString()],
  ])('a Retry-After of %s gives the push up at once, logged as failed', async (_name, value) => {
    const { endpoint } = await userWithDevices();
    svc.answer(endpoint, { status: 429, retryAfter: typeof value === 'function' ? value() : value });
    await enqueueQuietly(endpoint);
    await t.app.push.drain();
    expect(requestsTo(endpoint).map((r) => r.status)).toEqual([429]);
    expect(await queueOf(endpoint)).toEqual([]);
    const [last] = await t.database.db.select().from(pushLog).orderBy(desc(pushLog.id)).limit(1);
    expect(last).toMatchObject({ outcome: 'failed', status: 429 });
  });

  it('a Retry-After as an HTTP date within the TTL is honoured', async () => {
    const { endpoint } = await userWithDevices();
    // the push service's clock is real time: an hour from now, to the second
    svc.answer(endpoint, { status: 503, retryAfter: new Date(Date.now() + 3600_000).toUTCString() });
    await enqueueQuietly(endpoint);
    await t.app.push.drain();
    const [row] = await queueOf(endpoint);
    expect(row).toMatchObject({ attempts: 1 });
    const wait = row!.nextAttemptAt.getTime() - t.clock.now();
    expect(wait).toBeGreaterThan(3600_000 - 5_000);
    expect(wait).toBeLessThanOrEqual(3600_000);
  });

  it(`a device the push service refuses ${PUSH_MAX_FAILURES} times in a row is removed; a push that arrives resets the count`, async () => {
    const { endpoint } = await userWithDevices();
    svc.answer(endpoint, { status: 403 });
    for (let i = 0; i < PUSH_MAX_FAILURES - 1; i++) {
      await enqueueQuietly(endpoint);
      await t.app.push.drain();
    }
    svc.answer(endpoint, null);
    await enqueueQuietly(endpoint);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
    svc.answer(endpoint, { status: 403 });
    for (let i = 0; i < PUSH_MAX_FAILURES - 1; i++) {
      await enqueueQuietly(endpoint);
      await t.app.push.drain();
    }
    expect(await subscriptionOf(endpoint)).toBeDefined();
    await enqueueQuietly(endpoint);
    await t.app.push.drain();
    expect(await subscriptionOf(endpoint)).toBeUndefined();
    expect(requestsTo(endpoint).map((r) => r.status)).toEqual([
      ...Array(PUSH_MAX_FAILURES - 1).fill(403),
      201,
      ...Array(PUSH_MAX_FAILURES).fill(403),
    ]);
  });

  it("the dashboard's last failure includes a device gone (410); the failed count does not", async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const cookie = await admin.login();
    const before = await callAs(PushStatusResponseSchema, t.base, '/api/config/firebase-backend', { cookie });
    const { endpoint } = await userWithDevices();
    svc.answer(endpoint, { status: 410 });
    t.clock.advance(1000);
    await enqueueQuietly(endpoint);
    await t.app.push.drain();
    const after = await callAs(PushStatusResponseSchema, t.base, '/api/config/firebase-backend', { cookie });
    expect(after.body.lastFailure).toEqual({ at: new Date(t.clock.now()).toISOString(), status: 410 });
    expect(after.body.failed24h).toBe(before.body.failed24h);
  });

  it('a row whose lease would end before its send could is left to the lease, not sent', async () => {
    const { endpoint } = await userWithDevices();
    await enqueueQuietly(endpoint);
    // claimed now; every later look at the clock is as late as a slow lane would reach the row
    const claimedAt = t.clock.now();
    let first = true;
    const late = createPushWorker({
      db: t.database.db,
      clock: () => {
        const at = first ? claimedAt : claimedAt + PUSH_LEASE_MS - PUSH_SEND_TIMEOUT_MS;
        first = false;
        return new Date(at);
      },
      log: t.app.log,
      secretKey: t.app.secretKey,
      publicOrigin: t.app.publicOrigin,
      allowedHosts: svc.appOptions.allowedHosts,
      ca: svc.appOptions.ca,
    });
    try {
      await late.drain();
    } finally {
      await late.stop();
    }
    expect(requestsTo(endpoint)).toEqual([]);
    const [row] = await queueOf(endpoint);
    expect(row).toMatchObject({ attempts: 0 });
    // after the lease another process sends it, once
    t.clock.advance(PUSH_LEASE_MS + 1);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
  });

  it('a device whose session ran out still gets its push; one whose session was ended gets nothing and goes', async () => {
    const { endpoint } = await userWithDevices();
    await enqueueQuietly(endpoint);
    // past the session's absolute end (one school day at most): the device stays the user's (decision 073)
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    await t.app.push.drain();
    expect(requestsTo(endpoint)).toHaveLength(1);
    // canary: a session ended without passing the place that removes its devices (a block noticed at a request)
    const sub = (await subscriptionOf(endpoint))!;
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date(t.clock()), revokeReason: 'blocked' })
      .where(eq(sessions.id, sub.sessionId!));
    await enqueueQuietly(endpoint);
    await t.app.push.drain();
    expect(requestsTo(endpoint)).toHaveLength(1);
    expect(await subscriptionOf(endpoint)).toBeUndefined();
  });

  it('a school that switches push off sends nothing more of what waits', async () => {
    const { endpoint } = await userWithDevices();
    await enqueueQuietly(endpoint);
    await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera');
    try {
      await t.app.push.drain();
    } finally {
      await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera,push');
    }
    expect(requestsTo(endpoint)).toEqual([]);
    expect(await queueOf(endpoint)).toEqual([]);
  });

  it(`the log keeps ${PUSH_LOG_DAYS} days`, async () => {
    const old = new Date(t.clock.now() - (PUSH_LOG_DAYS + 1) * 24 * 60 * 60 * 1000);
    const recent = new Date(t.clock.now() - (PUSH_LOG_DAYS - 1) * 24 * 60 * 60 * 1000);
    const rows = await t.database.db
      .insert(pushLog)
      .values([
        { schoolId, kind: 'chat', outcome: 'sent', status: 201, at: old },
        { schoolId, kind: 'chat', outcome: 'sent', status: 201, at: recent },
      ])
      .returning({ id: pushLog.id });
    await t.app.jobs.run('push-log-cleanup');
    const left = await t.database.db.select({ id: pushLog.id }).from(pushLog);
    expect(left.map((r) => r.id)).not.toContain(rows[0]!.id);
    expect(left.map((r) => r.id)).toContain(rows[1]!.id);
  });
});

describe('several processes, restarts', () => {
  it('a test app sends only when its test drains: a due push stays through its start, its wake-up and its close', async () => {
    // what a test seeds or looks at in the queue must not be sent under it, however slow the machine
    const quiet = await startTestApp({
      database: t.database,
      demo: false,
      clock: t.clock,
      push: svc.appOptions,
    });
    const { endpoint, test } = await userWithDevices(1, quiet.base);
    // the enqueue wakes the worker of a server, and close waits for a run in progress
    await test();
    await quiet.close();
    expect(requestsTo(endpoint)).toEqual([]);
    expect(await queueOf(endpoint)).toMatchObject([{ attempts: 0 }]);
    // it was due all along: the first drain sends it
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
  });

  it('a process stopped mid-send loses nothing: the next one sends it exactly once after the lease', async () => {
    const first = await startTestApp({
      database: t.database,
      demo: false,
      clock: t.clock,
      push: svc.appOptions,
      pushWorker: true,
    });
    // the test push is asked of the first process, which wakes its worker at once
    const { endpoint, test } = await userWithDevices(1, first.base);
    svc.hold(endpoint);
    await test();
    await svc.held(endpoint);
    // the process is killed while the push service has not answered: no time for the send to finish
    await first.app.push.stop(0);
    await first.close();
    await svc.abandoned(endpoint);
    svc.release(endpoint);
    expect(requestsTo(endpoint).map((r) => r.status)).toEqual([0]);
    expect(svc.received(endpoint)).toEqual([]);
    // this test's app (another process) leaves the leased row alone until the lease ends
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    t.clock.advance(PUSH_LEASE_MS + 1);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
    expect(await queueOf(endpoint)).toEqual([]);
  });

  it('a process closing lets a send in flight finish: sent once, not again by the next process', async () => {
    const first = await startTestApp({
      database: t.database,
      demo: false,
      clock: t.clock,
      push: svc.appOptions,
      pushWorker: true,
    });
    const { endpoint, test } = await userWithDevices(1, first.base);
    svc.hold(endpoint);
    await test();
    await svc.held(endpoint);
    const closing = first.close();
    svc.release(endpoint);
    await closing;
    expect(requestsTo(endpoint).map((r) => r.status)).toEqual([201]);
    expect(await queueOf(endpoint)).toEqual([]);
    t.clock.advance(PUSH_LEASE_MS + 1);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
  });

  it('two processes on one database share the queue and send each push once', async () => {
    // the second process's clock is 1 ms ahead: a device's last_sent_at tells which process sent to it
    const second = await startTestApp({
      database: t.database,
      demo: false,
      clock: Object.assign(() => new Date(t.clock.now() + 1), t.clock),
      push: svc.appOptions,
    });
    try {
      const { endpoints, test } = await userWithDevices(40);
      await test();
      await Promise.all([t.app.push.drain(), second.app.push.drain()]);
      for (const endpoint of endpoints) expect(svc.received(endpoint), endpoint).toHaveLength(1);
      for (const endpoint of endpoints) expect(requestsTo(endpoint)).toHaveLength(1);
      const senders = new Set<number>();
      for (const endpoint of endpoints) senders.add((await subscriptionOf(endpoint))!.lastSentAt!.getTime());
      expect([...senders].sort()).toEqual([t.clock.now(), t.clock.now() + 1]);
    } finally {
      await second.close();
    }
  });
});
