import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_PREFERENCES, type UserInfo } from '@aula/contracts';
import { mayOpenDialog } from './registry';

const base: UserInfo = {
  id: 1,
  lara_id: 'x',
  username: 'u',
  first_name: 'U',
  last_name: 'V',
  roles: [],
  type: 'S',
  groups: [],
  sitePolicyAccepted: true,
  selected_theme: 'auto',
  selected_lang: 'auto',
  preferences: DEFAULT_UI_PREFERENCES,
  email: null,
  secondary_email: null,
  totp_enabled: false,
  must_change_password: false,
  impersonator: null,
  impersonation_expiration: null,
};

describe('who may open a dialog (spec 6)', () => {
  it('lets superadmins and impersonating users open impersonate, nobody else', () => {
    expect(mayOpenDialog({ ...base, roles: ['superadmin'] }, 'impersonate')).toBe(true);
    expect(mayOpenDialog(base, 'impersonate')).toBe(false);
    expect(mayOpenDialog({ ...base, roles: ['admin'] }, 'impersonate')).toBe(false);
    expect(mayOpenDialog(null, 'impersonate')).toBe(false);
    const impersonated = { ...base, impersonator: { id: 2, username: 's', first_name: 'S', last_name: 'A' } };
    expect(mayOpenDialog(impersonated, 'impersonate')).toBe(true);
    // the exception is for impersonate only
    expect(mayOpenDialog(impersonated, 'user-manager')).toBe(false);
  });
});
