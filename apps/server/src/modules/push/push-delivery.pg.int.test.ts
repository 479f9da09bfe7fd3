import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUSH_LEASE_MS } from '@aula/contracts';
import { transaction } from '../../db/index.ts';
import { pushQueue, pushSubscriptions } from '../../db/schema.ts';
import { startPushService, type PushServiceStandIn } from '../../test/push-service.ts';
import { makePushDevice } from '../../test/area-factories.ts';
import { makeSetting, makeUser } from '../../test/factories.ts';
import { setUpTestApp } from '../../test/test-app.ts';
import { claimDue } from './push-queue.repo.ts';

// PostgreSQL server only (vitest.config.ts runs *.pg.int.test.ts with DATABASE_URL): the queue's claim under
// overlapping transactions (decision 073), which needs a second connection; PGlite has one, so its
// transactions cannot overlap. The rest of delivery is in push-delivery.int.test.ts, on both databases.

const NOW = Date.parse('2026-05-04T09:30:00Z');
let svc: PushServiceStandIn;
const t = setUpTestApp(async () => {
  svc = await startPushService();
  return { now: NOW, push: svc.appOptions };
});
afterAll(() => svc?.close());

beforeAll(async () => {
  await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera,push');
});

const queueOf = (endpoint: string) =>
  t.database.db
    .select({ id: pushQueue.id })
    .from(pushQueue)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushQueue.subscriptionId))
    .where(eq(pushSubscriptions.endpoint, endpoint));

/** A push waiting for the device, written as an enqueue in another change's transaction would: no wake-up. */
async function enqueueQuietly(endpoint: string) {
  const [sub] = await t.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  const now = t.clock();
  const payload = { kind: 'test' as const, title: 'Aula: Test', body: '', url: '/', tag: 'test' };
  await t.database.db.insert(pushQueue).values({
    schoolId: sub!.schoolId,
    subscriptionId: sub!.id,
    userId: sub!.userId,
    kind: 'test',
    tag: payload.tag,
    payload,
    notBefore: now,
    nextAttemptAt: now,
    createdAt: now,
  });
}

describe('several processes (PostgreSQL)', () => {
  it('runs on a PostgreSQL server', () => {
    expect(t.database.kind).toBe('postgres');
  });

  it('two claims in overlapping transactions take disjoint rows', async () => {
    const user = await makeUser(t);
    const cookie = await user.login();
    const endpoints: string[] = [];
    for (let i = 0; i < 10; i++) endpoints.push((await makePushDevice(t, cookie, svc)).endpoint);
    for (const endpoint of endpoints) await enqueueQuietly(endpoint);
    const mine = new Set<number>();
    for (const endpoint of endpoints) for (const r of await queueOf(endpoint)) mine.add(r.id);
    const now = new Date(t.clock.now());
    const lease = new Date(t.clock.now() + PUSH_LEASE_MS);
    let a: number[] = [];
    let b: number[] = [];
    await transaction(t.database.db, async (tx) => {
      a = (await claimDue(tx, now, lease, 3)).map((r) => r.id);
      // the first claim's transaction is still open: its rows are locked, not yet committed
      b = (await claimDue(t.database.db, now, lease, 50)).map((r) => r.id);
    });
    expect(a).toHaveLength(3);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    // the first claim also holds the candidates it looked at but did not take; the rest go to the second
    expect(b.filter((id) => mine.has(id)).length).toBeGreaterThan(0);
    t.clock.advance(PUSH_LEASE_MS + 1);
    await t.app.push.drain();
    for (const endpoint of endpoints) expect(svc.received(endpoint)).toHaveLength(1);
  });
});
