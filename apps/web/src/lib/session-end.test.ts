import { afterEach, describe, expect, it } from 'vitest';
import { rememberSignOut } from '@/lib/session';
import { signedOutEnded } from './session-end';

describe('why the server ended the session (after-logout dialog)', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the reason of a forced sign-out, and forgets it at the next ordinary one', () => {
    rememberSignOut({ idle: false, providerSignedIn: false, ended: 'password' });
    expect(signedOutEnded()).toBe('password');
    rememberSignOut({ idle: true, providerSignedIn: false });
    expect(signedOutEnded()).toBeUndefined();
  });

  it('shows no reason it does not know (a newer server, a tampered value)', () => {
    rememberSignOut({ idle: false, providerSignedIn: false, ended: '<b>hacked</b>' });
    expect(signedOutEnded()).toBeUndefined();
    // canary: a known one passes the same check
    rememberSignOut({ idle: false, providerSignedIn: false, ended: 'blocked' });
    expect(signedOutEnded()).toBe('blocked');
  });
});
