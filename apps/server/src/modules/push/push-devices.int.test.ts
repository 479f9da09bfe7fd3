import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pushQueue, pushSubscriptions, sessions } from '../../db/schema.ts';
import { startPushService, type PushServiceStandIn } from '../../test/push-service.ts';
import { makeSetting, makeUser, type TestRole } from '../../test/factories.ts';
import { PushConfigResponseSchema } from '@aula/contracts';
import { call, callAs, callError, cookiesFrom, demoSchoolId, setUpTestApp } from '../../test/test-app.ts';
import { findUsersWithOpenTab } from './push-enqueue.repo.ts';
import { OPEN_TAB_MS } from './push-relevance.ts';

// A user's devices (decision 073, spec 7.1) over real HTTP on the real database, with a stand-in push service
// on loopback: subscribing across roles, only one's own devices, impersonation, the outbound address guard,
// the feature switch, and a subscription living exactly as long as its session.

const NOW = '2026-05-04T09:30:00Z';
const ROLES: TestRole[] = ['student', 'teacher', 'admin', 'superadmin'];
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

async function vapidKey(cookie: string): Promise<string> {
  const res = await callAs(PushConfigResponseSchema, t.base, '/api/config/firebase', { cookie });
  expect(res.status, res.text).toBe(200);
  if (res.body.vapidKey === null) throw new Error('push is off: no VAPID key');
  return res.body.vapidKey;
}

/** A browser's subscription at the stand-in, stored for the signed-in session. */
async function subscribe(cookie: string) {
  const token = svc.subscribe(await vapidKey(cookie));
  const res = await call(t.base, '/api/users/firebase', { cookie, body: { token } });
  return { token, res };
}

const rowsOf = (userId: number) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('subscribing', () => {
  it.each(ROLES)('a %s stores a device bound to the session that made it', async (role) => {
    const user = await makeUser(t, { role });
    const cookie = await user.login();
    const { token, res } = await subscribe(cookie);
    expect(res.status, res.text).toBe(204);
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.endpoint)).toEqual([token.endpoint]);
    const [session] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), eq(sessions.schoolId, schoolId)));
    expect(rows[0]!.sessionId).toBe(session!.id);
    expect(rows[0]!.p256dh).toBe(token.keys.p256dh);
  });

  it('subscribing again with the same endpoint keeps one row and takes the new keys', async () => {
    const user = await makeUser(t);
    const cookie = await user.login();
    const { token } = await subscribe(cookie);
    const renewed = { ...token, keys: svc.subscribe().keys };
    const res = await call(t.base, '/api/users/firebase', { cookie, body: { token: renewed } });
    expect(res.status, res.text).toBe(204);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.auth).toBe(renewed.keys.auth);
  });

  it.each(ROLES)(
    "a %s cannot take over another user's device while that session is live: 409 push.device_in_use, it stays",
    async (role) => {
      const first = await makeUser(t);
      const second = await makeUser(t, { role });
      const { token } = await subscribe(await first.login());
      const taken = { ...token, keys: svc.subscribe().keys };
      const res = await callError(t.base, '/api/users/firebase', {
        cookie: await second.login(),
        body: { token: taken },
      });
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe('push.device_in_use');
      const [row] = await rowsOf(first.id);
      expect(row).toMatchObject({
        endpoint: token.endpoint,
        p256dh: token.keys.p256dh,
        auth: token.keys.auth,
      });
      expect(await rowsOf(second.id)).toEqual([]);
    },
  );

  it("a device whose first user's session has ended moves to the next user who signs in on it", async () => {
    const first = await makeUser(t);
    const second = await makeUser(t);
    const { token } = await subscribe(await first.login());
    // ended without the sign-out that would remove the device (an expiry noticed later, a revoke)
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date(t.clock.now()) })
      .where(eq(sessions.userId, first.id));
    const res = await call(t.base, '/api/users/firebase', { cookie: await second.login(), body: { token } });
    expect(res.status, res.text).toBe(204);
    expect(await rowsOf(first.id)).toEqual([]);
    expect((await rowsOf(second.id)).map((r) => r.endpoint)).toEqual([token.endpoint]);
  });

  it('a visitor who is not signed in cannot subscribe, unsubscribe, test or read the config: 401', async () => {
    const token = svc.subscribe();
    for (const [path, method, body] of [
      ['/api/users/firebase', 'POST', { token }],
      ['/api/users/firebase', 'DELETE', { token: { endpoint: token.endpoint } }],
      ['/api/users/firebase/test', 'POST', undefined],
      ['/api/config/firebase', 'GET', undefined],
    ] as const) {
      const res = await call(t.base, path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('refused subscriptions (canaries)', () => {
  it.each(ROLES)('push switched off: a %s is refused with 409 push.not_configured', async (role) => {
    const user = await makeUser(t, { role });
    const cookie = await user.login();
    const key = await vapidKey(cookie);
    await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera');
    try {
      const config = await call(t.base, '/api/config/firebase', { cookie });
      expect(config.body).toEqual({ enabled: false, vapidKey: null });
      const res = await callError(t.base, '/api/users/firebase', {
        cookie,
        body: { token: svc.subscribe(key) },
      });
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe('push.not_configured');
      const test = await callError(t.base, '/api/users/firebase/test', { cookie, method: 'POST' });
      expect(test.body.code).toBe('push.not_configured');
    } finally {
      await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera,push');
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('a superadmin impersonating a pupil cannot subscribe: 403 push.impersonating', async () => {
    const pupil = await makeUser(t);
    const superadmin = await makeUser(t, { role: 'superadmin' });
    const start = await call(t.base, `/api/users/impersonate/${pupil.id}`, {
      cookie: await superadmin.login(),
      body: { reason: 'Hilfe beim Einrichten' },
    });
    expect(start.status, start.text).toBe(200);
    const cookie = cookiesFrom(start);
    const res = await callError(t.base, '/api/users/firebase', { cookie, body: { token: svc.subscribe() } });
    expect(res.status, res.text).toBe(403);
    expect(res.body.code).toBe('push.impersonating');
    const test = await callError(t.base, '/api/users/firebase/test', { cookie, method: 'POST' });
    expect(test.body.code).toBe('push.impersonating');
    expect(await rowsOf(pupil.id)).toEqual([]);
    expect(await rowsOf(superadmin.id)).toEqual([]);
  });

  it('canary: impersonating a pupil cannot remove their device either (403), nor counts as their open tab', async () => {
    const pupil = await makeUser(t);
    const { token, res } = await subscribe(await pupil.login());
    expect(res.status, res.text).toBe(204);
    const superadmin = await makeUser(t, { role: 'superadmin' });
    const start = await call(t.base, `/api/users/impersonate/${pupil.id}`, {
      cookie: await superadmin.login(),
      body: { reason: 'Hilfe beim Einrichten' },
    });
    expect(start.status, start.text).toBe(200);
    const cookie = cookiesFrom(start);
    const body = { token: { endpoint: token.endpoint } };
    const del = await callError(t.base, '/api/users/firebase', { method: 'DELETE', cookie, body });
    expect(del.status, del.text).toBe(403);
    expect(del.body.code).toBe('push.impersonating');
    expect((await rowsOf(pupil.id)).map((r) => r.endpoint)).toEqual([token.endpoint]);

    // the impersonation tab pings; the pupil's own session does not: the pupil has no open tab
    expect((await call(t.base, '/api/users/alive', { method: 'POST', cookie })).status).toBe(200);
    await t.app.presence.flush();
    const since = new Date(t.clock().getTime() - OPEN_TAB_MS);
    expect(await findUsersWithOpenTab(t.database.db, [pupil.id], since)).toEqual(new Set());
  });

  it.each([
    ['a private address', 'https://10.1.2.3/push/a'],
    ['loopback not allowed', 'https://127.0.0.1:9/push/a'],
    ['a name resolving to loopback', 'https://localhost/push/a'],
    ['IPv6 loopback', 'https://[::1]/push/a'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest'],
    ['IPv4-mapped private', 'https://[::ffff:192.168.0.1]/push/a'],
  ])('%s is refused: 400 push.endpoint_refused', async (_name, endpoint) => {
    const user = await makeUser(t, { role: 'admin' });
    const cookie = await user.login();
    const token = { ...svc.subscribe(), endpoint };
    const res = await callError(t.base, '/api/users/firebase', { cookie, body: { token } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('push.endpoint_refused');
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it.each(ROLES)(
    'a %s with a key that is no point on P-256 is refused: 400 push.endpoint_refused',
    async (role) => {
      const user = await makeUser(t, { role });
      const cookie = await user.login();
      const token = svc.subscribe(await vapidKey(cookie));
      // the schema's shape (87 base64url characters of an uncompressed point), but not on the curve
      const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url');
      const res = await callError(t.base, '/api/users/firebase', {
        cookie,
        body: { token: { ...token, keys: { ...token.keys, p256dh: offCurve } } },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('push.endpoint_refused');
      expect(await rowsOf(user.id)).toEqual([]);
    },
  );

  it('a plain http endpoint is refused by the schema', async () => {
    const user = await makeUser(t);
    const token = { ...svc.subscribe(), endpoint: svc.subscribe().endpoint.replace('https:', 'http:') };
    const res = await call(t.base, '/api/users/firebase', { cookie: await user.login(), body: { token } });
    expect(res.status).toBe(400);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it.each(ROLES)('a %s removes their own device; removing it again is a 404', async (role) => {
    const user = await makeUser(t, { role });
    const cookie = await user.login();
    const { token } = await subscribe(cookie);
    const body = { token: { endpoint: token.endpoint } };
    const res = await call(t.base, '/api/users/firebase', { method: 'DELETE', cookie, body });
    expect(res.status, res.text).toBe(204);
    expect(await rowsOf(user.id)).toEqual([]);
    const again = await call(t.base, '/api/users/firebase', { method: 'DELETE', cookie, body });
    expect(again.status).toBe(404);
  });

  it.each(ROLES)("a %s cannot remove another user's device: 404, and it stays", async (role) => {
    const owner = await makeUser(t);
    const { token } = await subscribe(await owner.login());
    const other = await makeUser(t, { role });
    const res = await call(t.base, '/api/users/firebase', {
      method: 'DELETE',
      cookie: await other.login(),
      body: { token: { endpoint: token.endpoint } },
    });
    expect(res.status, res.text).toBe(404);
    expect((await rowsOf(owner.id)).map((r) => r.endpoint)).toEqual([token.endpoint]);
  });

  it('no route reads a device: the status answers counts only', async () => {
    const owner = await makeUser(t);
    const { token } = await subscribe(await owner.login());
    const admin = await makeUser(t, { role: 'admin' });
    const res = await call(t.base, '/api/config/firebase-backend', { cookie: await admin.login() });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(token.endpoint);
    expect(res.text).not.toContain(token.keys.auth);
  });
});

describe('a device lives as long as its session', () => {
  it("signing out removes that session's devices, not the user's other session's", async () => {
    const user = await makeUser(t, { role: 'teacher' });
    const phone = await user.login();
    const laptop = await user.login();
    const onPhone = await subscribe(phone);
    const onLaptop = await subscribe(laptop);
    const out = await call(t.base, '/api/logout', { cookie: phone, method: 'POST' });
    expect(out.status, out.text).toBeLessThan(300);
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([onLaptop.token.endpoint]);
    expect(onPhone.token.endpoint).not.toBe(onLaptop.token.endpoint);
  });

  it('a block ends every session of the pupil and with them their devices', async () => {
    const pupil = await makeUser(t, { groups: [] });
    await subscribe(await pupil.login());
    const admin = await makeUser(t, { role: 'admin' });
    const res = await call(t.base, `/api/users/${pupil.id}/block`, {
      cookie: await admin.login(),
      body: { blocked: true },
    });
    expect(res.status, res.text).toBeLessThan(300);
    expect(await rowsOf(pupil.id)).toEqual([]);
  });
});

describe('the test push', () => {
  it.each(ROLES)('a %s without devices is told so: 409 push.no_devices', async (role) => {
    const user = await makeUser(t, { role });
    const res = await callError(t.base, '/api/users/firebase/test', {
      cookie: await user.login(),
      method: 'POST',
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('push.no_devices');
  });

  it("goes to each of the caller's devices and no one else's", async () => {
    const user = await makeUser(t);
    const cookie = await user.login();
    const a = await subscribe(cookie);
    const b = await subscribe(await user.login());
    const bystander = await subscribe(await (await makeUser(t)).login());
    const res = await call(t.base, '/api/users/firebase/test', { cookie, method: 'POST' });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ devices: 2 });
    await t.app.push.drain();
    expect(svc.received(a.token.endpoint)).toHaveLength(1);
    expect(svc.received(b.token.endpoint)).toHaveLength(1);
    expect(svc.received(bystander.token.endpoint)).toHaveLength(0);
    expect(svc.received(a.token.endpoint)[0]!.payload).toMatchObject({ kind: 'test', url: '/', tag: 'test' });
  });

  it('asking again while one still waits adds nothing: one test push per device at most', async () => {
    const user = await makeUser(t);
    const cookie = await user.login();
    const { token } = await subscribe(cookie);
    svc.hold(token.endpoint);
    const first = await call(t.base, '/api/users/firebase/test', { cookie, method: 'POST' });
    expect(first.status, first.text).toBe(202);
    // the worker sends it, and the push service holds its answer
    const sending = t.app.push.drain();
    await svc.held(token.endpoint);
    for (let i = 0; i < 5; i++) {
      const again = await call(t.base, '/api/users/firebase/test', { cookie, method: 'POST' });
      expect(again.status, again.text).toBe(202);
      expect(again.body).toEqual({ devices: 1 });
    }
    const queued = await t.database.db
      .select({ id: pushQueue.id })
      .from(pushQueue)
      .where(eq(pushQueue.userId, user.id));
    expect(queued).toHaveLength(1);
    svc.release(token.endpoint);
    await sending;
    expect(svc.received(token.endpoint)).toHaveLength(1);
    // sent: the next test push may go
    const later = await call(t.base, '/api/users/firebase/test', { cookie, method: 'POST' });
    expect(later.status, later.text).toBe(202);
    await t.app.push.drain();
    expect(svc.received(token.endpoint)).toHaveLength(2);
  });
});
