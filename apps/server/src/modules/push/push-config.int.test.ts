import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createECDH } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { pushKeys, pushSubscriptions, sessions, users } from '../../db/schema.ts';
import { openSecret, purposeKey } from '../../lib/secret-box.ts';
import { loadPushKeys } from './push-keys.service.ts';
import { startPushService, type PushServiceStandIn } from '../../test/push-service.ts';
import { makePushDevice } from '../../test/area-factories.ts';
import { makeSchool, makeSetting, makeUser, type TestRole } from '../../test/factories.ts';
import { PushStatusResponseSchema, ServerStatusSchema } from '@aula/contracts';
import {
  answerAs,
  call,
  demoSchoolId,
  errorOf,
  lastAudit,
  setUpTestApp,
  startTestApp,
  TEST_SECRET_KEY,
  type CallOptions,
} from '../../test/test-app.ts';

// Push configuration (decision 073, spec 3.6, 7.4) over real HTTP on the real database: the keys made at start and
// sealed, the browser's part for everyone signed in, the contact for admins, the key pair for superadmins only,
// the dashboard's status, and what a new pair does to the devices. Pushes go to a stand-in push service that
// checks the token against the key each device subscribed with.

const NOW = '2026-05-04T09:30:00Z';
const ROLES: TestRole[] = ['student', 'teacher', 'admin', 'superadmin'];
let svc: PushServiceStandIn;
const t = setUpTestApp(async () => {
  svc = await startPushService();
  return { now: NOW, push: svc.appOptions };
});
afterAll(() => svc?.close());
let schoolId = 0;
const cookies = new Map<TestRole, string>();

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera,push');
  for (const role of ROLES) cookies.set(role, await (await makeUser(t, { role })).login());
});

const as = (role: TestRole, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: cookies.get(role), ...opts });
const keysRow = async (id = schoolId) =>
  (await t.database.db.select().from(pushKeys).where(eq(pushKeys.schoolId, id)))[0];

/** A device of a new user of this role, subscribed with the school's current key. */
async function device(role: TestRole = 'student') {
  const cookie = await (await makeUser(t, { role })).login();
  const token = await makePushDevice(t, cookie, svc);
  const test = () => call(t.base, '/api/users/firebase/test', { cookie, method: 'POST' });
  return { cookie, endpoint: token.endpoint, test };
}

describe('keys', () => {
  it('every school has a pair from the start, the private key sealed to its school', async () => {
    const other = await makeSchool(t);
    // a second process starting on the database makes the new school's pair and keeps the first one's
    const before = await keysRow();
    const second = await startTestApp({ database: t.database, demo: false, clock: t.clock });
    await second.close();
    expect(await keysRow()).toEqual(before);
    const row = (await keysRow(other.id))!;
    const privateKey = openSecret(
      purposeKey(TEST_SECRET_KEY, 'push-vapid'),
      row.privateKeySealed,
      `push-vapid:${other.id}`,
    );
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(ecdh.getPublicKey('base64url')).toBe(row.publicKey);
    expect(row.privateKeySealed).not.toContain(privateKey);
    // sealed to its school: under another school's context it does not open
    expect(() =>
      openSecret(purposeKey(TEST_SECRET_KEY, 'push-vapid'), row.privateKeySealed, `push-vapid:${schoolId}`),
    ).toThrow();
  });
});

describe('GET /api/config/firebase: the browser part', () => {
  it.each(ROLES)('a %s gets the public key while push is on', async (role) => {
    const res = await as(role, '/api/config/firebase');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ enabled: true, vapidKey: (await keysRow())!.publicKey });
  });

  it('push off: not enabled and no key', async () => {
    await makeSetting(t, 'enabled_features', 'chat');
    try {
      const res = await as('student', '/api/config/firebase');
      expect(res.body).toEqual({ enabled: false, vapidKey: null });
      const status = answerAs(ServerStatusSchema, await as('admin', '/api/status'));
      expect(status.body.integrations.push).toBe('not_configured');
    } finally {
      await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera,push');
    }
    const status = answerAs(ServerStatusSchema, await as('admin', '/api/status'));
    expect(status.body.integrations.push).toBe('configured');
  });
});

describe('POST /api/config/firebase: the contact', () => {
  it.each(['student', 'teacher'] as const)('a %s may not set it: 403, nothing changes', async (role) => {
    const before = await keysRow();
    const res = await as(role, '/api/config/firebase', { body: { contact: 'mailto:x@evil.example' } });
    expect(res.status).toBe(403);
    expect(await keysRow()).toEqual(before);
  });

  it('without one, the first admin with an address is the contact, else admin@ the school host', async () => {
    await t.database.db.update(pushKeys).set({ contact: '' }).where(eq(pushKeys.schoolId, schoolId));
    const [first] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.schoolId, schoolId),
          isNotNull(users.email),
          sql`${users.roles} && array['admin', 'superadmin']::text[]`,
        ),
      )
      .orderBy(users.id)
      .limit(1);
    expect(first?.email).toBeTruthy();
    const status = answerAs(PushStatusResponseSchema, await as('admin', '/api/config/firebase-backend'));
    expect(status.body.contact).toBe(`mailto:${first!.email}`);
    const { endpoint, test } = await device();
    await test();
    await t.app.push.drain();
    expect(svc.received(endpoint)[0]?.claims.sub).toBe(`mailto:${first!.email}`);
    // a school without an admin address: its host
    const other = await makeSchool(t);
    await makeUser(t, { role: 'admin', schoolId: other.id, email: null });
    const keys = await loadPushKeys({ ...t.app, publicOrigin: null }, other.id);
    expect(keys?.contact).toBe(`mailto:admin@${other.host}`);
  });

  it.each(['admin', 'superadmin'] as const)(
    'a %s sets it; the next push carries it; audited',
    async (role) => {
      const contact = `mailto:push-${role}@schule.example`;
      const res = answerAs(
        PushStatusResponseSchema,
        await as(role, '/api/config/firebase', { body: { contact } }),
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.contact).toBe(contact);
      expect((await lastAudit(t, 'config.change'))?.details).toMatchObject({ key: 'push_contact', contact });
      const { endpoint, test } = await device();
      expect((await test()).status).toBe(202);
      await t.app.push.drain();
      expect(svc.received(endpoint)[0]?.claims.sub).toBe(contact);
    },
  );

  it.each(['http://schule.example', 'schule@example.org', 'mailto:nobody', 'javascript:alert(1)'])(
    '%s is no contact: 400',
    async (contact) => {
      const res = await as('admin', '/api/config/firebase', { body: { contact } });
      expect(res.status).toBe(400);
    },
  );
});

describe('GET /api/config/firebase-backend: the status', () => {
  it.each(['student', 'teacher'] as const)('a %s may not read it: 403', async (role) => {
    expect((await as(role, '/api/config/firebase-backend')).status).toBe(403);
  });

  it('admins see the figures, never the private key', async () => {
    const { test } = await device();
    await test();
    const res = answerAs(PushStatusResponseSchema, await as('admin', '/api/config/firebase-backend'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, vapidKey: (await keysRow())!.publicKey });
    expect(res.body.devices).toBeGreaterThanOrEqual(1);
    await t.app.push.drain();
    const after = answerAs(PushStatusResponseSchema, await as('admin', '/api/config/firebase-backend'));
    expect(after.body.sent24h).toBeGreaterThanOrEqual(1);
    expect(after.body.queued).toBe(0);
    const row = (await keysRow())!;
    const privateKey = openSecret(
      purposeKey(TEST_SECRET_KEY, 'push-vapid'),
      row.privateKeySealed,
      `push-vapid:${schoolId}`,
    );
    expect(after.text).not.toContain(privateKey);
    expect(after.text).not.toContain(row.privateKeySealed);
  });
});

describe('POST /api/config/firebase-backend: the key pair', () => {
  it.each(['student', 'teacher', 'admin'] as const)('a %s may not rotate or import: 403', async (role) => {
    const before = await keysRow();
    const pair = webpush.generateVAPIDKeys();
    for (const body of [{ action: 'rotate' }, { action: 'import', ...pair }]) {
      const res = await as(role, '/api/config/firebase-backend', { body });
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    expect(await keysRow()).toEqual(before);
  });

  it('rotate makes a new pair and removes every device of the school, not of another school', async () => {
    const { endpoint } = await device();
    const before = (await keysRow())!;
    const elsewhere = await makeSchool(t);
    const other = await makeUser(t, { schoolId: elsewhere.id });
    const [session] = await t.database.db
      .insert(sessions)
      .values({
        schoolId: elsewhere.id,
        userId: other.id,
        familyId: 'f',
        accessTokenHash: `a-${other.id}`,
        accessExpiresAt: new Date(),
        refreshTokenHash: `r-${other.id}`,
        refreshExpiresAt: new Date(),
      })
      .returning();
    const otherDevice = svc.subscribe();
    await t.database.db.insert(pushSubscriptions).values({
      schoolId: elsewhere.id,
      userId: other.id,
      sessionId: session!.id,
      endpoint: otherDevice.endpoint,
      p256dh: otherDevice.keys.p256dh,
      auth: otherDevice.keys.auth,
    });
    const res = answerAs(
      PushStatusResponseSchema,
      await as('superadmin', '/api/config/firebase-backend', { body: { action: 'rotate' } }),
    );
    expect(res.status, res.text).toBe(200);
    const after = (await keysRow())!;
    expect(after.publicKey).not.toBe(before.publicKey);
    expect(res.body.vapidKey).toBe(after.publicKey);
    expect(res.body.devices).toBe(0);
    const left = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((r) => r.endpoint)).not.toContain(endpoint);
    expect(left.map((r) => r.endpoint)).toContain(otherDevice.endpoint);
    expect((await lastAudit(t, 'config.change'))?.details).toMatchObject({
      key: 'push_keys',
      action: 'rotate',
    });
    // a device subscribing anew with the new key gets its pushes, signed with it
    const fresh = await device();
    await fresh.test();
    await t.app.push.drain();
    expect(svc.received(fresh.endpoint)[0]?.vapidKey).toBe(after.publicKey);
  });

  it('import takes a real pair: pushes are then signed with it', async () => {
    const pair = webpush.generateVAPIDKeys();
    const res = answerAs(
      PushStatusResponseSchema,
      await as('superadmin', '/api/config/firebase-backend', {
        body: { action: 'import', ...pair },
      }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.vapidKey).toBe(pair.publicKey);
    const { endpoint, test } = await device();
    await test();
    await t.app.push.drain();
    expect(svc.received(endpoint)[0]?.vapidKey).toBe(pair.publicKey);
    expect(svc.requests.filter((r) => r.endpoint === endpoint).map((r) => r.error)).toEqual([null]);
  });

  it('importing the pair the school already has keeps its devices', async () => {
    const pair = webpush.generateVAPIDKeys();
    await as('superadmin', '/api/config/firebase-backend', { body: { action: 'import', ...pair } });
    const { endpoint } = await device();
    const res = await as('superadmin', '/api/config/firebase-backend', {
      body: { action: 'import', ...pair },
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toBeDefined();
  });

  it('a public key with another private key is refused: 400 push.keys_invalid, nothing changes (canary)', async () => {
    const before = await keysRow();
    const { endpoint } = await device();
    const a = webpush.generateVAPIDKeys();
    const b = webpush.generateVAPIDKeys();
    const res = errorOf(
      await as('superadmin', '/api/config/firebase-backend', {
        body: { action: 'import', publicKey: a.publicKey, privateKey: b.privateKey },
      }),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('push.keys_invalid');
    // a scalar past the curve's order is no private key at all
    const tooLarge = Buffer.alloc(32, 0xff).toString('base64url');
    const res2 = errorOf(
      await as('superadmin', '/api/config/firebase-backend', {
        body: { action: 'import', publicKey: a.publicKey, privateKey: tooLarge },
      }),
    );
    expect(res2.body.code).toBe('push.keys_invalid');
    expect(await keysRow()).toEqual(before);
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toBeDefined();
  });
});
