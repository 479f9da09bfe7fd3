import { z } from './zod.ts';
import { CONFIG_KEYS } from './plain/config.ts';

export * from './plain/config.ts';

export const ConfigKeySchema = z.enum(CONFIG_KEYS);

/** POST /api/config/key: a list of key names (spec 7.4). */
export const ConfigKeyRequestSchema = z.array(ConfigKeySchema).min(1).max(CONFIG_KEYS.length);
/** Response: a map of key to its raw string value (spec 7.4). */
export const ConfigMapSchema = z.record(z.string(), z.string());
