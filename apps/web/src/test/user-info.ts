import { DEFAULT_UI_PREFERENCES, type UserInfo } from '@aula/contracts';

/** A signed-in student with nothing set up (no e-mail, no 2FA, not impersonated), for tests. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
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
    ...overrides,
  };
}
