import { describe, expect, it } from 'vitest';
import { guard, type GuardInput, type RouteMeta } from './guard';

const home: RouteMeta = { name: 'root', access: 'any' };
const login: RouteMeta = { name: 'login', access: 'loggedOut', publicWithoutLogin: true };
const offline: RouteMeta = { name: 'offline', access: 'any', publicWithoutLogin: true };
const terms: RouteMeta = { name: 'terms', access: 'loggedIn' };
const chat: RouteMeta = { name: 'chat', access: 'loggedIn' };
const room: RouteMeta = { name: 'room', access: 'any', publicWithoutLogin: true };
const apiDown: RouteMeta = { name: 'apiDown', access: 'any', publicWithoutLogin: true };

const visitor: GuardInput = {
  online: true,
  loggedIn: false,
  allowNoLogin: true,
  forceAcceptPolicy: false,
  sitePolicyAccepted: false,
  route: home,
  pathname: '/',
};
const member: GuardInput = { ...visitor, loggedIn: true, sitePolicyAccepted: true };

describe('spec 2.4 rule 1: offline', () => {
  it('sends every route to the offline page while offline', () => {
    expect(guard({ ...member, online: false, route: chat, pathname: '/app/chat' })).toEqual({
      to: '/offline',
    });
    expect(guard({ ...visitor, online: false, route: login, pathname: '/login' })).toEqual({
      to: '/offline',
    });
  });

  it('lets the offline page itself through', () => {
    expect(guard({ ...visitor, online: false, route: offline, pathname: '/offline' })).toBeNull();
  });

  it('comes before the login rule', () => {
    expect(
      guard({ ...visitor, online: false, allowNoLogin: false, route: chat, pathname: '/app/chat' }),
    ).toEqual({ to: '/offline' });
  });

  it('comes before the terms rule', () => {
    expect(guard({ ...member, online: false, forceAcceptPolicy: true, sitePolicyAccepted: false })).toEqual({
      to: '/offline',
    });
  });
});

describe('spec 2.4 rule 2: no login allowed', () => {
  const closed = { ...visitor, allowNoLogin: false };

  it('sends a visitor from the home page to login when allow_no_login is off', () => {
    expect(guard(closed)).toEqual({ to: '/login' });
  });

  it('sends a visitor from a logged-in-only route to login, not root', () => {
    expect(guard({ ...closed, route: chat, pathname: '/app/chat' })).toEqual({ to: '/login' });
  });

  it('lets a visitor reach the public routes', () => {
    for (const route of [login, room, apiDown, offline]) {
      expect(guard({ ...closed, route, pathname: `/${route.name}` })).toBeNull();
    }
  });

  it('lets a visitor see the home page when allow_no_login is on', () => {
    expect(guard(visitor)).toBeNull();
  });

  it('does not apply to a signed-in user', () => {
    expect(guard({ ...member, allowNoLogin: false, route: chat, pathname: '/app/chat' })).toBeNull();
  });
});

describe('spec 2.4 rule 3: site policy', () => {
  const unaccepted = { ...member, forceAcceptPolicy: true, sitePolicyAccepted: false };

  it('sends a user who has not accepted the policy to terms', () => {
    expect(guard(unaccepted)).toEqual({ to: '/terms' });
    expect(guard({ ...unaccepted, route: chat, pathname: '/app/chat' })).toEqual({ to: '/terms' });
  });

  it('lets the terms page itself through', () => {
    expect(guard({ ...unaccepted, route: terms, pathname: '/terms' })).toBeNull();
  });

  it('does nothing when force_accept_policy is off or the policy is accepted', () => {
    expect(guard({ ...unaccepted, forceAcceptPolicy: false })).toBeNull();
    expect(guard({ ...unaccepted, sitePolicyAccepted: true })).toBeNull();
  });

  it('does not apply to visitors', () => {
    expect(guard({ ...visitor, forceAcceptPolicy: true })).toBeNull();
  });

  it('comes before the logged-out-only rule', () => {
    expect(guard({ ...unaccepted, route: login, pathname: '/login' })).toEqual({ to: '/terms' });
  });
});

describe('spec 2.4 rule 4: access', () => {
  it('sends a visitor away from a logged-in-only route to root', () => {
    expect(guard({ ...visitor, route: chat, pathname: '/app/chat' })).toEqual({ to: '/' });
  });

  it('sends a signed-in user away from a logged-out-only route to root', () => {
    expect(guard({ ...member, route: login, pathname: '/login' })).toEqual({ to: '/' });
  });

  it('lets matching sessions through', () => {
    expect(guard({ ...member, route: chat, pathname: '/app/chat' })).toBeNull();
    expect(guard({ ...visitor, route: login, pathname: '/login' })).toBeNull();
    expect(guard({ ...member, route: room, pathname: '/b/1' })).toBeNull();
    expect(guard({ ...visitor, route: room, pathname: '/b/1' })).toBeNull();
  });
});

describe('spec 2.1: unknown paths', () => {
  const notFound: RouteMeta = { name: 'notFound', access: 'any', publicWithoutLogin: true };

  it('sends an unknown path to /404, for visitors and members, with allow_no_login off too', () => {
    expect(guard({ ...visitor, route: notFound, pathname: '/nope' })).toEqual({ to: '/404' });
    expect(guard({ ...visitor, allowNoLogin: false, route: notFound, pathname: '/nope' })).toEqual({
      to: '/404',
    });
    expect(guard({ ...member, route: notFound, pathname: '/app/nope' })).toEqual({ to: '/404' });
  });

  it('lets /404 itself through; offline still comes first', () => {
    expect(guard({ ...member, route: notFound, pathname: '/404' })).toBeNull();
    expect(guard({ ...member, online: false, route: notFound, pathname: '/nope' })).toEqual({
      to: '/offline',
    });
  });
});
