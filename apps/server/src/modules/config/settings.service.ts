import {
  CONFIG_DEFAULTS,
  isTextKey,
  normalizeSettingValue,
  SETTINGS_KEYS,
  SETTINGS_SERVER_KEYS,
  type SetSettingRequest,
  type SetSettingResult,
  type SettingsKey,
  type SettingsValues,
  type Texts,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { findConfigValues } from './config.repo.ts';
import { SERVER_CONFIG_DEFAULTS, setConfigValue } from './config.service.ts';
import { setTexts } from './texts.service.ts';

const isServerKey = (key: SettingsKey): key is (typeof SETTINGS_SERVER_KEYS)[number] =>
  (SETTINGS_SERVER_KEYS as readonly string[]).includes(key);
const defaultOf = (key: SettingsKey) =>
  isServerKey(key) ? SERVER_CONFIG_DEFAULTS[key] : CONFIG_DEFAULTS[key];

/** GET /api/config/settings: every editable key with its raw value, defaults filled in. */
export async function getSettings(ctx: Ctx): Promise<SettingsValues> {
  const rows = await findConfigValues(ctx.db, ctx.schoolId, SETTINGS_KEYS);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(SETTINGS_KEYS.map((k) => [k, stored.get(k) ?? defaultOf(k)]));
}

/** POST /api/config/key/:key: validates the value by the key's control, stores and audits it. */
async function setSetting(ctx: Ctx, key: string, value: string): Promise<SetSettingResult> {
  if (!(SETTINGS_KEYS as readonly string[]).includes(key)) throw AppError.notFound();
  const k = key as SettingsKey;
  const normalized = normalizeSettingValue(k, value);
  if (normalized === null) throw new AppError(422, 'config.invalid_value', { key: k });
  const [row] = await findConfigValues(ctx.db, ctx.schoolId, [k]);
  const old = row?.value ?? defaultOf(k);
  await setConfigValue(ctx.db, ctx.schoolId, k, normalized);
  // this instance applies a changed session setting at once; others within SESSION_SETTINGS_CACHE_MS
  ctx.sessionSettings.forget(ctx.schoolId);
  await audit(ctx, 'config.change', { details: { key: k, old, new: normalized } });
  return { key: k, value: normalized };
}

/**
 * POST /api/config/key/:key (spec 7.4): a text key (imprint, terms, login_msg, help.<topic>) takes its
 * languages, any other key one setting value; the wrong shape for the key is a 422 that changes nothing.
 */
export async function setKey(
  ctx: Ctx,
  key: string,
  body: SetSettingRequest | Texts,
): Promise<SetSettingResult | Texts> {
  const isSetting = 'value' in body;
  if (isTextKey(key)) {
    if (isSetting) throw new AppError(422, 'config.invalid_value', { key });
    return setTexts(ctx, key, body);
  }
  if (!isSetting) {
    if (!(SETTINGS_KEYS as readonly string[]).includes(key)) throw AppError.notFound();
    throw new AppError(422, 'config.invalid_value', { key });
  }
  return setSetting(ctx, key, body.value);
}
