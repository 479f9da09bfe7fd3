import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, toAppConfig } from '@/lib/config';
import { userInfo } from '@/test/user-info';
import { requiredDialog } from './required-dialog';

const forceAll = toAppConfig({
  force_password_change: 'true',
  force_2fa_teachers: 'true',
  force_accept_policy: 'true',
});

describe('forced dialogs (spec 4.2, issue 5)', () => {
  it('forces nothing on a visitor or with the school defaults', () => {
    expect(requiredDialog(null, forceAll)).toBeNull();
    expect(requiredDialog(userInfo({ type: 'L' }), DEFAULT_CONFIG)).toBeNull();
  });

  it('forces change-password whenever someone else set the password, whatever the school setting (issue 16)', () => {
    expect(requiredDialog(userInfo({ must_change_password: true }), forceAll)).toBe('change-password');
    expect(requiredDialog(userInfo({ must_change_password: false }), forceAll)).toBeNull();
    expect(requiredDialog(userInfo({ must_change_password: true }), DEFAULT_CONFIG)).toBe('change-password');
    const onlyPolicy = toAppConfig({ force_accept_policy: 'true' });
    expect(requiredDialog(userInfo({ must_change_password: true }), onlyPolicy)).toBe('change-password');
  });

  it('sends the site policy first: no dialog until the terms are accepted', () => {
    const pending = userInfo({ must_change_password: true, sitePolicyAccepted: false });
    expect(requiredDialog(pending, forceAll)).toBeNull();
    // without force_accept_policy an unaccepted policy does not hold the dialog back
    const noPolicy = toAppConfig({ force_password_change: 'true' });
    expect(requiredDialog(pending, noPolicy)).toBe('change-password');
  });

  it('forces 2FA on teachers and above without it, never on students, after the password', () => {
    expect(requiredDialog(userInfo({ type: 'L' }), forceAll)).toBe('totp-setup');
    expect(requiredDialog(userInfo({ type: 'S', roles: ['admin'] }), forceAll)).toBe('totp-setup');
    expect(requiredDialog(userInfo({ type: 'S' }), forceAll)).toBeNull();
    expect(requiredDialog(userInfo({ type: 'L', totp_enabled: true }), forceAll)).toBeNull();
    expect(requiredDialog(userInfo({ type: 'L', must_change_password: true }), forceAll)).toBe(
      'change-password',
    );
  });

  it('forces nothing while impersonating: the real user may not change the other’s password or 2FA', () => {
    const impersonated = userInfo({
      type: 'L',
      must_change_password: true,
      impersonator: { id: 2, username: 'sa', first_name: 'S', last_name: 'A' },
      impersonation_expiration: 1,
    });
    expect(requiredDialog(impersonated, forceAll)).toBeNull();
  });
});
