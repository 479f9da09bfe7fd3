import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  CONFIG_DEFAULTS,
  CONFIG_KEYS,
  parseConfig,
  type ConfigKey,
  type ConfigMap,
  type ConfigValue,
} from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { readCachedConfig, writeCachedConfig } from '@/lib/config-cache';

export type AppConfig = Readonly<Record<ConfigKey, ConfigValue>>;

/** Missing keys keep the school defaults, so a partial answer never leaves a setting undefined. */
export function toAppConfig(map: Record<string, string>): AppConfig {
  return parseConfig({ ...CONFIG_DEFAULTS, ...map }) as AppConfig;
}

export const DEFAULT_CONFIG: AppConfig = toAppConfig({});

export function configFlag(config: AppConfig, key: ConfigKey): boolean {
  return config[key] === true;
}

export function configText(config: AppConfig, key: ConfigKey): string {
  return String(config[key]);
}

/** POST /api/config/key with every key the client uses (spec 3.5, 7.4); visitors may call it. */
export function configQueryOptions() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: async () => {
      const values = await apiRequest('/api/config/key', {
        method: 'POST',
        body: CONFIG_KEYS,
        schema: trusted<ConfigMap>(),
      });
      void writeCachedConfig(values);
      return toAppConfig(values);
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** The config the start page carried (decision 051): in use at once, and cached for the next visit. */
export function seedConfig(queryClient: QueryClient, values: ConfigMap): void {
  queryClient.setQueryData(configQueryOptions().queryKey, toAppConfig(values));
  void writeCachedConfig(values);
}

/**
 * spec 3.6: the config cached in configDB lets the shell render at once on the next visit;
 * the fresh answer is fetched in the background and replaces it when it arrives.
 */
export async function primeConfigFromCache(queryClient: QueryClient): Promise<void> {
  const cached = await readCachedConfig();
  if (!cached) return;
  const options = configQueryOptions();
  queryClient.setQueryData(options.queryKey, toAppConfig(cached), { updatedAt: 0 });
  void queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => undefined);
}

export function useConfig(): AppConfig {
  return useQuery(configQueryOptions()).data ?? DEFAULT_CONFIG;
}
