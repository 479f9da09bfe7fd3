import { describe, expect, it } from 'vitest';
import { permissionsFor, type UserInfo } from '@aula/contracts';
import { DEFAULT_CONFIG, toAppConfig } from '@/lib/config';
import { userInfo } from '@/test/user-info';
import { initials, showsChatPopover, topBarDialogs, type TopBarContext } from './top-bar-entries';

function user(type: 'L' | 'S', roles: UserInfo['roles'] = []): UserInfo {
  return userInfo({ type, roles });
}

const student = user('S');
const teacher = user('L');
const admin = user('L', ['admin']);
const superadmin = user('L', ['superadmin']);

function ctx(self: UserInfo, extra: Partial<TopBarContext> = {}): TopBarContext {
  return {
    self,
    config: DEFAULT_CONFIG,
    permissions: permissionsFor(self),
    features: [],
    notificationsSupported: true,
    ...extra,
  };
}

describe('top-bar entries (spec 2.6)', () => {
  it('offers user management to teachers and above, impersonation to superadmins', () => {
    expect(topBarDialogs(ctx(student))).not.toContain('user-manager');
    expect(topBarDialogs(ctx(teacher))).toContain('user-manager');
    expect(topBarDialogs(ctx(admin))).toContain('user-manager');
    for (const self of [student, teacher, admin])
      expect(topBarDialogs(ctx(self))).not.toContain('impersonate');
    expect(topBarDialogs(ctx(superadmin))).toContain('impersonate');
  });

  it('offers nothing that needs permissions before they have arrived', () => {
    const entries = topBarDialogs(ctx(superadmin, { permissions: undefined }));
    expect(entries).not.toContain('user-manager');
    expect(entries).not.toContain('impersonate');
    expect(entries).toContain('settings');
  });

  it('offers impersonate to whoever is impersonating (to stop), and no account changes meanwhile', () => {
    const impersonated: UserInfo = {
      ...student,
      impersonator: { id: 9, username: 'admin', first_name: 'A', last_name: 'B' },
      impersonation_expiration: Date.now() + 60_000,
    };
    const entries = topBarDialogs(ctx(impersonated));
    expect(entries).toContain('impersonate');
    // SECURITY.md: no password, e-mail or 2FA change while impersonating
    expect(entries).not.toContain('change-password');
    expect(entries).not.toContain('secondary-email');
    expect(entries).not.toContain('totp-setup');
    expect(entries).toContain('settings');
    // without impersonation, the same student has them and no impersonate entry
    expect(topBarDialogs(ctx(student))).toEqual(
      expect.arrayContaining(['change-password', 'secondary-email', 'totp-setup']),
    );
  });

  it('hides the data inquiry when hide_data_inquiry is set', () => {
    expect(topBarDialogs(ctx(student))).toContain('data-export');
    const config = toAppConfig({ hide_data_inquiry: 'true' });
    expect(topBarDialogs(ctx(student, { config }))).not.toContain('data-export');
  });

  it('hides two-factor setup from students only when hide_2fa_students is set', () => {
    const config = toAppConfig({ hide_2fa_students: 'true' });
    expect(topBarDialogs(ctx(student))).toContain('totp-setup');
    expect(topBarDialogs(ctx(student, { config }))).not.toContain('totp-setup');
    expect(topBarDialogs(ctx(teacher, { config }))).toContain('totp-setup');
    expect(topBarDialogs(ctx(admin, { config }))).toContain('totp-setup');
  });

  it('offers the push request only with the push feature on and a browser that can notify', () => {
    expect(topBarDialogs(ctx(student))).not.toContain('request-push');
    expect(topBarDialogs(ctx(student, { features: ['push'] }))).toContain('request-push');
    expect(topBarDialogs(ctx(student, { features: ['push'], notificationsSupported: false }))).not.toContain(
      'request-push',
    );
  });

  it('shows the chat popover to superadmins when Chat is on', () => {
    expect(showsChatPopover({ self: superadmin, features: ['chat'] })).toBe(true);
    expect(showsChatPopover({ self: superadmin, features: [] })).toBe(false);
    expect(showsChatPopover({ self: admin, features: ['chat'] })).toBe(false);
  });
});

describe('the account button initials (issue 19)', () => {
  const name = (first_name: string, last_name: string, username = 'user1') => ({
    first_name,
    last_name,
    username,
  });
  it('are the first letters of the first and last name, upper case', () => {
    expect(initials(name('Sara', 'Schmidt'))).toBe('SS');
    expect(initials(name('ali', 'yilmaz'))).toBe('AY');
    expect(initials(name('  Özlem ', ''))).toBe('Ö');
    expect(initials(name('سارا', 'احمدی'))).toBe('سا');
  });
  it('fall back to the user name, and keep characters outside the BMP whole', () => {
    expect(initials(name('', '', 'mueller'))).toBe('MU');
    expect(initials(name(' ', '', '𝒜lex'))).toBe('𝒜L');
    // canary: cutting by UTF-16 units would leave a lone high surrogate
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(initials(name('𝒜lex', 'B')))).toBe(false);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test('𝒜'.slice(0, 1))).toBe(true);
    expect(initials(name('𝒜lex', 'B'))).toBe('𝒜B');
  });
});
