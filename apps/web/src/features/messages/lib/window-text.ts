import type { TFunction } from 'i18next';
import type { AdminMessageDetail } from '@aula/contracts';
import { formatDateTime } from '@/lib/format';

/** When a message shows: between two times, from one, until one, or always. */
export function windowText(t: TFunction, m: AdminMessageDetail): string {
  const fmt = (iso: string) => formatDateTime(new Date(iso));
  if (m.startsAt && m.endsAt)
    return t('messages.window.between', { start: fmt(m.startsAt), end: fmt(m.endsAt) });
  if (m.startsAt) return t('messages.window.from', { start: fmt(m.startsAt) });
  if (m.endsAt) return t('messages.window.until', { end: fmt(m.endsAt) });
  return t('messages.window.always');
}
