import {
  DEFAULT_SCHOOL_QUIET_HOURS,
  QuietTimeSchema,
  SETTINGS_META,
  type QuietHours,
  type SettingMeta,
} from '@aula/contracts';

/** A public key short enough for a phone: its start and end, which is what people compare by eye. */
export function shortKey(key: string, keep = 8): string {
  return key.length <= keep * 2 + 1 ? key : `${key.slice(0, keep)}…${key.slice(-keep)}`;
}

/** What a push service's answer to a failed push means, in the words the tab uses (decision 073). */
export type FailureKind = 'gone' | 'busy' | 'server' | 'noAnswer' | 'refused';

export function failureKind(status: number): FailureKind {
  if (status === 404 || status === 410) return 'gone';
  if (status === 429) return 'busy';
  if (status >= 500 && status <= 599) return 'server';
  // 0: no answer at all (timeout, connection refused), as the server records it
  if (status === 0) return 'noAnswer';
  return 'refused';
}

/**
 * The school's quiet hours for pupils from its settings (push_quiet_start, push_quiet_end), the default while
 * a value is missing or not a quiet time; null when both are equal, which switches them off (decision 073).
 */
export function schoolQuietHours(values: Readonly<Record<string, string>>): QuietHours | null {
  const pick = (value: string | undefined, fallback: string) =>
    QuietTimeSchema.safeParse(value).success ? (value as string) : fallback;
  const start = pick(values.push_quiet_start, DEFAULT_SCHOOL_QUIET_HOURS.start);
  const end = pick(values.push_quiet_end, DEFAULT_SCHOOL_QUIET_HOURS.end);
  return start === end ? null : { start, end };
}

/**
 * The dashboard tab that edits the quiet hours: wherever the settings framework puts push_quiet_start, the
 * school tab (where the time zone is) while the key is not there yet.
 */
export function quietHoursTab(
  meta: Readonly<Record<string, SettingMeta | undefined>> = SETTINGS_META,
): SettingMeta['tab'] {
  return meta.push_quiet_start?.tab ?? 'school';
}

/** "19:00" as a moment that Intl can write in the interface's digits and clock (the date is irrelevant). */
export function quietTimeInstant(time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, hours, minutes));
}
