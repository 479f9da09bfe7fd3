import { CONFIG_DEFAULTS, type ConfigKey, type ConfigMap } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { findConfigValues } from './config.repo.ts';

/** POST /api/config/key: the raw string of each key, the school's value or the default (spec 3.5, 7.4). */
export async function getConfigValues(
  db: Db,
  schoolId: number,
  keys: readonly ConfigKey[],
): Promise<ConfigMap> {
  const stored = new Map((await findConfigValues(db, schoolId, keys)).map((r) => [r.key, r.value]));
  return Object.fromEntries(keys.map((k) => [k, stored.get(k) ?? CONFIG_DEFAULTS[k]]));
}
