// The factories make what the app itself would accept: each made row is checked through HTTP, as a user sees it.
import { describe, expect, it } from 'vitest';
import { makeGroup, makeSchool, makeSetting, makeTile, makeUser } from './factories.ts';
import { LayoutResponseSchema, UserInfoSchema } from '@aula/contracts';
import { setUpTestApp } from './test-app.ts';

const t = setUpTestApp({ now: '2026-11-24T08:00:00Z' });

const titles = (res: { body: { layout: { title: string }[] } }) => res.body.layout.map((b) => b.title);

describe('test factories', () => {
  it('a user signs in with its role, and is a member of the groups given', async () => {
    const admin = await makeUser(t, { role: 'admin', groups: ['5a', 'Kollegium'] });
    const self = await t.callAs(UserInfoSchema, '/api/self', { cookie: await admin.login() });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id: admin.id, username: admin.username, type: 'L', roles: ['admin'] });
    expect(self.body.groups.map((g) => g.name).sort()).toEqual(['5a', 'Kollegium']);
  });

  it('a user without a password cannot sign in; one of another school signs in there only', async () => {
    const none = await makeUser(t, { password: null });
    expect((await t.call('/api/login', { body: { username: none.username, password: 'x' } })).status).toBe(
      401,
    );
    const other = await makeSchool(t);
    const stranger = await makeUser(t, { schoolId: other.id, password: 'Fremdes-Passwort-2026' });
    expect(
      (
        await t.call('/api/login', {
          body: { username: stranger.username, password: 'Fremdes-Passwort-2026' },
        })
      ).status,
    ).toBe(401);
    const there = await t.call('/api/login', {
      body: { username: stranger.username, password: 'Fremdes-Passwort-2026' },
      headers: { host: other.host! },
    });
    expect(there.status).toBe(200);
  });

  it('a group has its members; a tile shared with it is on the layout of its members only', async () => {
    const member = await makeUser(t);
    const outsider = await makeUser(t);
    const group = await makeGroup(t, { members: [member.username] });
    const self = await t.callAs(UserInfoSchema, '/api/self', { cookie: await member.login() });
    expect(self.body.groups).toEqual([{ id: group.id, name: group.name }]);
    const tile = await makeTile(t, { wantedPerms: 'groups', groups: [group.id], layouts: ['logged-in'] });
    expect(
      titles(await t.callAs(LayoutResponseSchema, '/api/layout', { cookie: await member.login() })),
    ).toContain(tile.title);
    expect(
      titles(await t.callAs(LayoutResponseSchema, '/api/layout', { cookie: await outsider.login() })),
    ).not.toContain(tile.title);
  });

  it('a tile on the logged-out layout is seen by visitors; a setting is served at once, and removed', async () => {
    const tile = await makeTile(t, { layouts: ['logged-out'] });
    expect(titles(await t.callAs(LayoutResponseSchema, '/api/layout'))).toContain(tile.title);
    await makeSetting(t, 'password_length', '13');
    expect((await t.call('/api/config/key', { body: ['password_length'] })).body).toEqual({
      password_length: '13',
    });
    await makeSetting(t, 'password_length', null);
    expect((await t.call('/api/config/key', { body: ['password_length'] })).body).toEqual({
      password_length: '10',
    });
  });

  it('the clock the app runs on is the test clock', async () => {
    expect(
      (await t.call('/api/users/alive', { method: 'POST', cookie: await t.loginAs('student') })).body,
    ).toEqual({
      now: t.clock.now(),
    });
    t.clock.advance(60_000);
    expect(t.clock.now()).toBe(Date.parse('2026-11-24T08:01:00Z'));
    expect(
      (await t.call('/api/users/alive', { method: 'POST', cookie: await t.loginAs('student') })).body,
    ).toEqual({
      now: t.clock.now(),
    });
  });
});
