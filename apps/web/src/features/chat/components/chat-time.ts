import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/format';
import { dayOf } from '../lib/conversation';

/** The room list's time: the hour today, the date before. */
export function listTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return dayOf(iso) === dayOf(now.toISOString())
    ? formatDateTime(at, { timeStyle: 'short' })
    : formatDateTime(at, { dateStyle: 'short' });
}

/** A day separator: "Heute", "Gestern", or the full date. */
export function dayLabel(t: TFunction, iso: string, now = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  const day = dayOf(iso);
  if (day === dayOf(now.toISOString())) return t('chat.today');
  if (day === dayOf(yesterday.toISOString())) return t('chat.yesterday');
  return formatDateTime(new Date(iso), { dateStyle: 'full' });
}

export function messageTime(iso: string): string {
  return formatDateTime(new Date(iso), { timeStyle: 'short' });
}
