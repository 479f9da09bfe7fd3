import { splitHosts, SETTINGS_META, type SettingsKey } from '@aula/contracts';

/** The stored raw value as the editor shows it: hosts one per line, the rest unchanged. */
export function toEditorValue(key: SettingsKey, raw: string): string {
  return SETTINGS_META[key].type === 'hosts' ? splitHosts(raw).join('\n') : raw;
}

/** The editor value as the raw string the server stores. */
export function fromEditorValue(key: SettingsKey, value: string): string {
  return SETTINGS_META[key].type === 'hosts' ? splitHosts(value).join(',') : value;
}
