import { SETTINGS_KEYS, SETTINGS_META, BUILT_FEATURES, type SettingsKey } from '@aula/contracts';

/**
 * The keys the settings tab shows: its own, without those of features not built yet (decision 060); the feature
 * list itself only once there is a built feature to switch.
 */
export function shownSettings(built: readonly string[] = BUILT_FEATURES): SettingsKey[] {
  return SETTINGS_KEYS.filter((key) => {
    const meta = SETTINGS_META[key];
    if (meta.tab !== 'settings') return false;
    if (meta.type === 'features') return built.length > 0;
    return meta.feature === undefined || built.includes(meta.feature);
  });
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Whether every word of the query occurs in the text, ignoring case and accents ("passwort länge" finds "Passwortlänge"). */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = fold(text);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
