import {
  DEFAULT_SCHOOL_QUIET_HOURS,
  DEFAULT_TIME_ZONE,
  CONFIG_DEFAULTS,
  DEFAULT_FEATURES,
  FEATURE_NAMES,
  type ConfigKey,
  type ConfigMap,
  type FeatureName,
} from '@aula/contracts';
import type { ConfigSnapshot, Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { findAllConfigValues, findConfigValues, findTexts, upsertConfigValue } from './config.repo.ts';

/** POST /api/config/key: the raw string of each key, the school's value or the default (spec 3.5, 7.4). */
export async function getConfigValues(
  db: Db,
  schoolId: number,
  keys: readonly ConfigKey[],
): Promise<ConfigMap> {
  const stored = new Map((await findConfigValues(db, schoolId, keys)).map((r) => [r.key, r.value]));
  if (keys.includes('login_msg')) {
    // spec 3.5: the login message is a translated text; the key answers its German text when set
    const german = (await findTexts(db, schoolId, 'login_msg')).find((r) => r.lang === 'de')?.text;
    if (german) stored.set('login_msg', german);
  }
  return Object.fromEntries(keys.map((k) => [k, stored.get(k) ?? CONFIG_DEFAULTS[k]]));
}

/**
 * Keys the server reads but never serves: they are not in CONFIG_KEYS, which is the allowlist of
 * POST /api/config/key (docs/decisions/005-config-defaults.md, 018-permissions.md).
 */
export const SERVER_CONFIG_KEYS = [
  'enabled_features',
  'embed_allowed_hosts',
  'role_groups',
  'banner',
  'login_bg_file',
  'logo_file',
  'oidc',
  'oidc_client_secret',
  'saml',
  'saml_idp',
  'time_zone',
  'bbb',
  'bbb_secret',
  'students_create_rooms',
  'chat_student_private',
  'push_quiet_start',
  'push_quiet_end',
] as const;
export type ServerConfigKey = (typeof SERVER_CONFIG_KEYS)[number];

export const SERVER_CONFIG_DEFAULTS: Record<ServerConfigKey, string> = {
  enabled_features: DEFAULT_FEATURES.join(','),
  // hosts the embed check may reach although they resolve to private addresses (decision 023)
  embed_allowed_hosts: '',
  // JSON list of { group, role }: directory groups whose members get a role (identity import, sign-in)
  role_groups: '[]',
  // JSON of the banner above the tiles (spec 3.6 banner config); '{}' shows none
  banner: '{}',
  // file ids (files table) of the uploaded login background and logo replacement; '' for none
  login_bg_file: '',
  logo_file: '',
  // JSON of the school's OpenID provider (decision 038) and its client secret, sealed; '' for none
  oidc: '',
  oidc_client_secret: '',
  // JSON of the SAML settings and of what was read from the provider's metadata (decision 040); '' for none
  saml: '',
  saml_idp: '',
  // the school's calendar (decision 062): what "today" is for sick notices, and for quiet hours (073)
  time_zone: DEFAULT_TIME_ZONE,
  // JSON of the school's BigBlueButton server (decision 067) and its shared secret, sealed; '' for none
  bbb: '',
  bbb_secret: '',
  // pupils may create video rooms too (decision 067); teachers and admins always may
  students_create_rooms: 'false',
  // with whom pupils may start private chats (decision 072): classmates, teachers or none
  chat_student_private: 'classmates',
  // the school's quiet hours for pupils (decision 073), in time_zone: no push from start to end
  push_quiet_start: DEFAULT_SCHOOL_QUIET_HOURS.start,
  push_quiet_end: DEFAULT_SCHOOL_QUIET_HOURS.end,
};

/** Writes one key, public (spec 3.5) or server-only; callers validate the value and audit the change. */
export async function setConfigValue(
  db: Db,
  schoolId: number,
  key: ConfigKey | ServerConfigKey,
  value: string,
): Promise<void> {
  await upsertConfigValue(db, schoolId, key, value);
}

export async function getServerConfigValue(db: Db, schoolId: number, key: ServerConfigKey): Promise<string> {
  const [row] = await findConfigValues(db, schoolId, [key]);
  return row?.value ?? SERVER_CONFIG_DEFAULTS[key];
}

/** enabled_features: comma-separated feature names; unknown names are ignored, order follows FEATURE_NAMES. */
export function parseEnabledFeatures(raw: string): FeatureName[] {
  const names = new Set(raw.split(',').map((n) => n.trim().toLowerCase()));
  return FEATURE_NAMES.filter((name) => names.has(name));
}

/** The features a school has switched on (spec 3.6 feature list). */
export async function getEnabledFeatures(db: Db, schoolId: number): Promise<FeatureName[]> {
  return parseEnabledFeatures(await getServerConfigValue(db, schoolId, 'enabled_features'));
}

/** The school's configuration in one read (decision 085): what `Ctx.config` answers for a request or a job. */
export async function readConfigSnapshot(db: Db, schoolId: number): Promise<ConfigSnapshot> {
  const stored = new Map((await findAllConfigValues(db, schoolId)).map((r) => [r.key, r.value]));
  return {
    stored: (key) => stored.get(key),
    features: parseEnabledFeatures(stored.get('enabled_features') ?? SERVER_CONFIG_DEFAULTS.enabled_features),
  };
}

/**
 * getConfigValues from the request's snapshot: the school's value of each key or its default. Not for
 * login_msg, whose text lives in config_texts (POST /api/config/key reads it fresh).
 */
export async function configValues<K extends Exclude<ConfigKey, 'login_msg'>>(
  ctx: Pick<Ctx, 'config'>,
  keys: readonly K[],
  db?: Db,
): Promise<Record<K, string>> {
  const snapshot = await ctx.config(db);
  return Object.fromEntries(keys.map((k) => [k, snapshot.stored(k) ?? CONFIG_DEFAULTS[k]])) as Record<
    K,
    string
  >;
}

/** getServerConfigValue from the request's snapshot. */
export async function serverConfigValue(
  ctx: Pick<Ctx, 'config'>,
  key: ServerConfigKey,
  db?: Db,
): Promise<string> {
  return (await ctx.config(db)).stored(key) ?? SERVER_CONFIG_DEFAULTS[key];
}

/** Reads server-only keys one by one: from a snapshot, or fresh where a route reads back what it wrote. */
export type ServerConfigRead = (key: ServerConfigKey) => Promise<string>;

/** The request's (or job's) snapshot as a ServerConfigRead (decision 085). */
export function snapshotReads(ctx: Pick<Ctx, 'config'>): ServerConfigRead {
  return (key) => serverConfigValue(ctx, key);
}

/** Each key read from the database as it is now: the settings routes, which write and read back. */
export function freshReads(db: Db, schoolId: number): ServerConfigRead {
  return (key) => getServerConfigValue(db, schoolId, key);
}
