import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceDays, sessions } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { OnlineListSchema } from '@aula/contracts';
import { call, callAs, loginAs, setUpTestApp } from '../../test/test-app.ts';

const t = setUpTestApp({ now: '2026-11-23T08:00:00Z' });
const clock = t.clock;
const accessToken = (cookie: string) => /aula_at=([^;]+)/.exec(cookie)![1]!;

describe('online ping (spec 4.4)', () => {
  it('POST /api/users/alive answers under 1 KB and writes nothing until the batch flush', async () => {
    const cookie = await loginAs(t.base, 'student');
    const res = await call(t.base, '/api/users/alive', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ now: clock.now() });
    expect(Buffer.byteLength(res.text)).toBeLessThan(1024);
    // this test's session: other tests' sessions may have been seen already
    const seen = async () =>
      (
        await t.database.db
          .select({ seen: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.accessTokenHash, hashToken(accessToken(cookie))))
      )[0]!.seen;
    expect(await seen()).toBeNull();
    await t.app.presence.flush();
    expect((await seen())?.getTime()).toBe(clock.now());
  });

  it('a visitor cannot ping', async () => {
    expect((await call(t.base, '/api/users/alive', { method: 'POST' })).status).toBe(401);
  });

  it('many pings of many sessions go to the database in one flush', async () => {
    const cookies = await Promise.all(
      ['teacher', 'teacher2', 'student2', 'student3'].map((u) => loginAs(t.base, u)),
    );
    clock.advance(1_000);
    for (const cookie of cookies) {
      for (let i = 0; i < 3; i++)
        expect((await call(t.base, '/api/users/alive', { method: 'POST', cookie })).status).toBe(200);
    }
    await t.app.presence.flush();
    const rows = await t.database.db.select({ seen: sessions.lastSeenAt }).from(sessions);
    expect(rows.filter((s) => s.seen?.getTime() === clock.now())).toHaveLength(4);
  });

  it('the online list travels only when it changes (ETag, 304) and forgets users after three missed pings', async () => {
    // five users ping now: this test's own, whatever other tests did
    for (const username of ['student', 'teacher', 'teacher2', 'student2', 'student3'])
      await call(t.base, '/api/users/alive', { method: 'POST', cookie: await loginAs(t.base, username) });
    await t.app.presence.flush();
    const cookie = await loginAs(t.base, 'admin');
    const first = await callAs(OnlineListSchema, t.base, '/api/users/online', { cookie });
    expect(first.status).toBe(200);
    expect(first.body.ids).toEqual(
      expect.arrayContaining([
        'demo-student',
        'demo-teacher',
        'demo-teacher2',
        'demo-student2',
        'demo-student3',
      ]),
    );
    const etag = first.headers.get('etag')!;
    const same = await call(t.base, '/api/users/online', { cookie, headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');

    clock.advance(46_000); // past the online window: everyone who stopped pinging drops out
    await call(t.base, '/api/users/alive', { method: 'POST', cookie });
    await t.app.presence.flush();
    const changed = await callAs(OnlineListSchema, t.base, '/api/users/online', {
      cookie,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.ids).toEqual(['demo-admin']);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('a signed-out session is not online', async () => {
    const cookie = await loginAs(t.base, 'student4');
    await call(t.base, '/api/users/alive', { method: 'POST', cookie });
    await t.app.presence.flush();
    const admin = await loginAs(t.base, 'admin');
    expect(
      (await callAs(OnlineListSchema, t.base, '/api/users/online', { cookie: admin })).body.ids,
    ).toContain('demo-student4');
    await call(t.base, '/api/logout', { method: 'POST', cookie });
    expect(
      (await callAs(OnlineListSchema, t.base, '/api/users/online', { cookie: admin })).body.ids,
    ).not.toContain('demo-student4');
  });
});

describe('POST /api/statistics', () => {
  it('counts a device once a day with its role only, and refuses ids that are not 9 characters', async () => {
    const cookie = await loginAs(t.base, 'student');
    expect((await call(t.base, '/api/statistics?id=Ab3dE6gH9', { method: 'POST', cookie })).status).toBe(204);
    expect((await call(t.base, '/api/statistics?id=Ab3dE6gH9', { method: 'POST', cookie })).status).toBe(204);
    const rows = await t.database.db.select().from(deviceDays).where(eq(deviceDays.deviceId, 'Ab3dE6gH9'));
    expect(rows).toEqual([
      { schoolId: expect.any(Number), deviceId: 'Ab3dE6gH9', day: '2026-11-23', role: 'student' },
    ]);
    expect((await call(t.base, '/api/statistics?id=short', { method: 'POST', cookie })).status).toBe(400);
    expect((await call(t.base, '/api/statistics?id=Ab3dE6gH9', { method: 'POST' })).status).toBe(401);
  });
});
