import { z } from './zod.ts';
import { HELP_TOPICS } from './plain/settings.ts';

export * from './plain/settings.ts';
import { multilineText } from './text.ts';
import { CONFIG_KEYS } from './config.ts';
import { FEATURE_NAMES, type FeatureName } from './perms.ts';
import { LOCALES } from './locales.ts';
import { ACCENT_COLOR_RE, accentContrast, MAX_SCHOOL_NAME, MIN_ACCENT_CONTRAST } from './school.ts';
import { CHAT_STUDENT_PRIVATE } from './chat.ts';
import { MAX_SICK_MAX_DAYS, MIN_SICK_MAX_DAYS } from './sick.ts';
import { QUIET_TIMES } from './push.ts';

/** login_bg_strat: how the login background image fills the page (shared with the login-bg tab). */
/**
 * The time zones a school may choose (decision 062): where Aula's four languages are spoken, and UTC.
 * The default is the one German schools have.
 */
export const TIME_ZONES = [
  'Europe/Berlin',
  'Europe/Vienna',
  'Europe/Zurich',
  'Europe/Luxembourg',
  'Europe/Brussels',
  'Europe/Amsterdam',
  'Europe/Paris',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Istanbul',
  'Asia/Tehran',
  'Asia/Kabul',
  'Asia/Dubai',
  'Asia/Riyadh',
  'Asia/Baghdad',
  'Asia/Amman',
  'Asia/Beirut',
  'Africa/Cairo',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'UTC',
] as const;
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** The calendar day YYYY-MM-DD at `now` in a time zone (an unknown zone counts as the default). */
export function dayIn(now: Date, timeZone: string): string {
  const zone = (TIME_ZONES as readonly string[]).includes(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const LOGIN_BG_STRATEGIES = ['none', 'cover', 'contain', 'repeat'] as const;
export type LoginBgStrategy = (typeof LOGIN_BG_STRATEGIES)[number];

/** Server keys an admin edits in the settings tab; never sent by POST /api/config/key. */
export const SETTINGS_SERVER_KEYS = [
  'enabled_features',
  'embed_allowed_hosts',
  'time_zone',
  'students_create_rooms',
  'chat_student_private',
  'push_quiet_start',
  'push_quiet_end',
] as const;
export const SETTINGS_KEYS = [...CONFIG_KEYS, ...SETTINGS_SERVER_KEYS] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];
export const SettingsKeySchema = z.enum(SETTINGS_KEYS);

export const SETTINGS_SECTIONS = [
  'signin',
  'sessions',
  'privacy',
  'storage',
  'features',
  'embedding',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export type SettingControl =
  | { type: 'boolean' }
  | { type: 'integer'; min: number; max: number; unit?: 'minutes' | 'characters' | 'megabytes' | 'days' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'text'; maxLength: number }
  | { type: 'color' }
  | { type: 'features' }
  | { type: 'hosts' };

export type SettingMeta = SettingControl & {
  /** the dashboard tab that edits the key: the settings tab, or the login background tab */
  tab: 'settings' | 'login-bg' | 'school';
  section?: SettingsSection;
  /** the feature the setting belongs to: shown only once that feature is built (BUILT_FEATURES, decision 060) */
  feature?: FeatureName;
};

const bool = (section: SettingsSection): SettingMeta => ({ type: 'boolean', tab: 'settings', section });
// 0 allows no uploads at all (decision 045)
const megabytes = (max: number): SettingMeta => ({
  type: 'integer',
  min: 0,
  max,
  unit: 'megabytes',
  tab: 'settings',
  section: 'storage',
});

/**
 * Every editable key with its control (spec 3.5). Help and label texts live in the web strings
 * under adminSettings.keys.<key>.
 */
export const SETTINGS_META: Record<SettingsKey, SettingMeta> = {
  allow_no_login: bool('signin'),
  force_password_change: bool('signin'),
  force_accept_policy: bool('signin'),
  password_length: {
    type: 'integer',
    min: 8,
    max: 128,
    unit: 'characters',
    tab: 'settings',
    section: 'signin',
  },
  check_top_passwords: bool('signin'),
  password_char_classes: bool('signin'),
  force_2fa_teachers: bool('signin'),
  hide_2fa_students: bool('signin'),
  enable_moin_auth: bool('signin'),
  logout_on_idle_time: {
    type: 'integer',
    min: 0,
    max: 1440,
    unit: 'minutes',
    tab: 'settings',
    section: 'sessions',
  },
  logout_on_browser_close: bool('sessions'),
  logout_to_login: bool('sessions'),
  forget_cached_pw_time: {
    type: 'integer',
    min: 0,
    max: 10080,
    unit: 'minutes',
    tab: 'settings',
    section: 'sessions',
  },
  hide_data_inquiry: bool('privacy'),
  forward_emails: bool('privacy'),
  enable_sick_photo: { ...bool('privacy'), feature: 'sick' },
  chat_show_seen_indicator: { ...bool('privacy'), feature: 'chat' },
  // decision 062: at least a month (a notice must outlive the week it covers), at most ten years
  sick_retention_days: {
    type: 'integer',
    min: 30,
    max: 3650,
    unit: 'days',
    tab: 'settings',
    section: 'privacy',
    feature: 'sick',
  },
  // decision 076: how many days after its first day a notice may end (and how far ahead it may begin)
  sick_max_days: {
    type: 'integer',
    min: MIN_SICK_MAX_DAYS,
    max: MAX_SICK_MAX_DAYS,
    unit: 'days',
    tab: 'settings',
    section: 'privacy',
    feature: 'sick',
  },
  upload_quota_student_mb: megabytes(100_000),
  upload_quota_teacher_mb: megabytes(100_000),
  upload_quota_school_mb: megabytes(10_000_000),
  enabled_features: { type: 'features', tab: 'settings', section: 'features' },
  // decision 072: how long chat messages are kept; 0 keeps them, at most ten years
  chat_retention_days: {
    type: 'integer',
    min: 0,
    max: 3650,
    unit: 'days',
    tab: 'settings',
    section: 'privacy',
    feature: 'chat',
  },
  // decision 072: with whom pupils may start private chats
  chat_student_private: {
    type: 'enum',
    values: CHAT_STUDENT_PRIVATE,
    tab: 'settings',
    section: 'features',
    feature: 'chat',
  },
  // decision 073: the school's quiet hours for pupils, in its time zone; equal times switch them off
  push_quiet_start: {
    type: 'enum',
    values: QUIET_TIMES,
    tab: 'settings',
    section: 'features',
    feature: 'push',
  },
  push_quiet_end: {
    type: 'enum',
    values: QUIET_TIMES,
    tab: 'settings',
    section: 'features',
    feature: 'push',
  },
  // decision 067: pupils may create video rooms (teachers and admins always may)
  students_create_rooms: { ...bool('features'), feature: 'bbb' },
  embed_allowed_hosts: { type: 'hosts', tab: 'settings', section: 'embedding' },
  // edited in the login background tab
  login_bg: { type: 'text', maxLength: 2000, tab: 'login-bg' },
  login_bg_strat: { type: 'enum', values: LOGIN_BG_STRATEGIES, tab: 'login-bg' },
  logo_replacement: { type: 'text', maxLength: 2000, tab: 'login-bg' },
  show_lara_logo: { type: 'boolean', tab: 'login-bg' },
  login_msg: { type: 'text', maxLength: 20_000, tab: 'login-bg' },
  // edited in the school tab (decision 059)
  school_name: { type: 'text', maxLength: MAX_SCHOOL_NAME, tab: 'school' },
  accent_color: { type: 'color', tab: 'school' },
  // the school's calendar: what "today" is for sick notices (decision 062), and for quiet hours (073)
  time_zone: { type: 'enum', values: TIME_ZONES, tab: 'school' },
};

const HOST_RE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Host names of embed_allowed_hosts: comma-separated on the server, one per line in the editor. */
export function splitHosts(raw: string): string[] {
  return raw
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
}

/**
 * The stored raw string for a key, or null when the value does not fit the key's control.
 * Normalises: booleans "true"/"false", integers without sign or zeros, features and hosts
 * comma-separated.
 */
export function normalizeSettingValue(key: SettingsKey, value: string): string | null {
  const meta = SETTINGS_META[key];
  switch (meta.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? value : null;
    case 'integer': {
      if (!/^\d{1,9}$/.test(value.trim())) return null;
      const n = Number(value.trim());
      return n >= meta.min && n <= meta.max ? String(n) : null;
    }
    case 'enum':
      return meta.values.includes(value) ? value : null;
    case 'color':
      return value === '' || (ACCENT_COLOR_RE.test(value) && accentContrast(value) >= MIN_ACCENT_CONTRAST)
        ? value.toLowerCase()
        : null;
    case 'text':
      return value.length <= meta.maxLength ? value : null;
    case 'features': {
      const names = value
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '');
      if (!names.every((n) => (FEATURE_NAMES as readonly string[]).includes(n))) return null;
      return FEATURE_NAMES.filter((n) => names.includes(n)).join(',');
    }
    case 'hosts': {
      const hosts = splitHosts(value);
      if (hosts.length > 100 || !hosts.every((h) => HOST_RE.test(h))) return null;
      return [...new Set(hosts)].join(',');
    }
  }
}

export const SettingsValuesSchema = z.record(z.string(), z.string());
export type SettingsValues = z.infer<typeof SettingsValuesSchema>;

export const SetSettingRequestSchema = z.strictObject({ value: multilineText().max(20_000) });
export type SetSettingRequest = z.infer<typeof SetSettingRequestSchema>;
export const SetSettingResultSchema = z.strictObject({ key: z.string(), value: z.string() });
export type SetSettingResult = z.infer<typeof SetSettingResultSchema>;

/** Translated texts (spec 3.5 per-key, per-language; 7.2, 7.4). */
export const TEXT_KEYS = [
  'imprint',
  'terms',
  'login_msg',
  ...HELP_TOPICS.map((t) => `help.${t}` as const),
] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
export const TEXT_MAX_LENGTH = 20_000;

const textValue = multilineText().max(TEXT_MAX_LENGTH);
export const TextsSchema = z.strictObject({
  de: textValue.optional(),
  en: textValue.optional(),
  fa: textValue.optional(),
  ar: textValue.optional(),
});
export type Texts = z.infer<typeof TextsSchema>;

export const TextLangSchema = z.enum([...LOCALES, 'all']);

/** GET /api/config/key/:key/:lang with a language. */
export const ConfigTextSchema = z.strictObject({
  key: z.string(),
  lang: z.enum(LOCALES),
  text: z.string(),
  /** true when the text is not in the asked language (German, else any language, else '') */
  fallback: z.boolean(),
});
export type ConfigText = z.infer<typeof ConfigTextSchema>;

/** GET /api/config/key/:key/all (admins): every language for the editor. */
export const ConfigTextAllSchema = z.strictObject({ key: z.string(), texts: TextsSchema });
export type ConfigTextAll = z.infer<typeof ConfigTextAllSchema>;

export const ConfigTextResponseSchema = z.union([ConfigTextSchema, ConfigTextAllSchema]);
export type ConfigTextResponse = z.infer<typeof ConfigTextResponseSchema>;

export function isTextKey(key: string): key is TextKey {
  return (TEXT_KEYS as readonly string[]).includes(key);
}
