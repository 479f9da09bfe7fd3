// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../config.ts.

// spec 3.5: the configuration keys the client fetches
export const CONFIG_KEYS = [
  'force_password_change',
  'force_accept_policy',
  'forward_emails',
  'force_2fa_teachers',
  'hide_2fa_students',
  'logout_on_idle_time',
  'logout_on_browser_close',
  'password_length',
  'check_top_passwords',
  'enable_sick_photo',
  'chat_show_seen_indicator',
  'enable_moin_auth',
  'logo_replacement',
  'login_bg',
  'login_bg_strat',
  'logout_to_login',
  'hide_data_inquiry',
  'allow_no_login',
  'show_lara_logo',
  'forget_cached_pw_time',
  'login_msg',
  // not in spec 3.5: the character-class password rules, off by default (docs/decisions/025-passwords.md)
  'password_char_classes',
  // not in spec 3.5: upload quotas in MB per student, per teacher and for the whole school (decision 045)
  'upload_quota_student_mb',
  'upload_quota_teacher_mb',
  'upload_quota_school_mb',
  // not in spec 3.5: the school's name and accent colour (issue 19, docs/decisions/059-school-identity.md)
  'school_name',
  'accent_color',
  // not in spec 3.5: how many days after its last day a sick notice and its photo are kept (decision 062)
  'sick_retention_days',
  // not in spec 3.5: how many days after its first day a sick notice may end (decision 076)
  'sick_max_days',
  // not in spec 3.5: how many days chat messages are kept, 0 keeps them (decision 072)
  'chat_retention_days',
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** The value a school gets before anyone changes a setting (docs/decisions/005-config-defaults.md). */
export const CONFIG_DEFAULTS: Record<ConfigKey, string> = {
  force_password_change: 'false',
  force_accept_policy: 'false',
  forward_emails: 'false',
  force_2fa_teachers: 'false',
  hide_2fa_students: 'false',
  logout_on_idle_time: '0',
  logout_on_browser_close: 'false',
  password_length: '10',
  check_top_passwords: 'true',
  enable_sick_photo: 'false',
  chat_show_seen_indicator: 'true',
  enable_moin_auth: 'false',
  logo_replacement: '',
  login_bg: '',
  login_bg_strat: 'none',
  logout_to_login: 'false',
  hide_data_inquiry: 'false',
  allow_no_login: 'true',
  show_lara_logo: 'true',
  forget_cached_pw_time: '0',
  login_msg: '',
  password_char_classes: 'false',
  upload_quota_student_mb: '50',
  upload_quota_teacher_mb: '200',
  upload_quota_school_mb: '2048',
  school_name: '',
  accent_color: '',
  sick_retention_days: '365',
  sick_max_days: '90',
  chat_retention_days: '365',
};

/** Response of POST /api/config/key: a map of key to its raw string value (spec 7.4). */
export type ConfigMap = Record<string, string>;

export type ConfigValue = string | number | boolean;

/** spec 3.5: "true"/"false" become booleans, numeric strings numbers, the rest stays a string. */
export function parseConfigValue(raw: string): ConfigValue {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const trimmed = raw.trim();
  if (trimmed !== '' && trimmed === raw && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return raw;
}

export function parseConfig(map: ConfigMap): Record<string, ConfigValue> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, parseConfigValue(v)]));
}
