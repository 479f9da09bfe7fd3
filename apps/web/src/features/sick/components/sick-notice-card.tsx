import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Check, Image, UserRound } from 'lucide-react';
import type { SickNotice } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatSickDay } from '../lib/sick-days';

function when(iso: string, locale: string): string {
  return formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }, locale);
}

export interface SickNoticeCardProps {
  notice: SickNotice;
  today: string;
  locale: string;
  /** the viewer may mark it processed (teachers, admins); a pupil sees the state only */
  canProcess: boolean;
  /** marks or unmarks it; settles once the server has answered (and the list holds the answer) */
  onProcess: (processed: boolean) => Promise<unknown>;
  onPhoto: (opener: HTMLElement) => void;
  /** "only this person": sets the people filter (absent for pupils, or when it is already the only one) */
  onOnlyPerson?: () => void;
}

/**
 * One notice as a card (decision 066): who, class, first and last day, the message, who reported it and when,
 * the photo button, and the processed checkbox with who processed it and when.
 */
export function SickNoticeCard({
  notice,
  today,
  locale,
  canProcess,
  onProcess,
  onPhoto,
  onOnlyPerson,
}: SickNoticeCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const stateId = useId();
  // the state just chosen, shown at once (in the same event, so the box never flips back) until the answer is in
  const [chosen, setChosen] = useState<boolean | null>(null);
  const busy = chosen !== null;
  const begin = formatSickDay(notice.begin, today, locale);
  const end = formatSickDay(notice.end, today, locale);
  const days = notice.begin === notice.end ? begin : t('sickList.range', { begin, end });
  const reported =
    notice.reportedBy && notice.reportedBy.id !== notice.user.id
      ? t('sickList.reportedBy', { name: notice.reportedBy.name, when: when(notice.createdAt, locale) })
      : t('sickList.reportedSelf', { when: when(notice.createdAt, locale) });
  const processedText = notice.processed
    ? notice.processedBy && notice.processedAt
      ? t('sickList.processedBy', { name: notice.processedBy.name, when: when(notice.processedAt, locale) })
      : notice.processedAt
        ? t('sickList.processedAt', { when: when(notice.processedAt, locale) })
        : t('sickList.processed')
    : t('sickList.notProcessed');
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs',
        notice.processed ? 'border-border' : 'border-s-4 border-s-primary',
      )}
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words" dir="auto">
          {notice.user.name}
        </h2>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
          {notice.user.type === 'L' ? t('sickList.teacher') : t('sickList.student')}
        </span>
        {notice.groups.length > 0 && (
          <span className="text-sm text-muted-foreground" dir="auto">
            {notice.groups.map((g) => g.name).join(', ')}
          </span>
        )}
      </header>
      <p className="flex items-center gap-2 font-medium">
        <CalendarDays className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">{t('sickList.days')}: </span>
        {days}
      </p>
      {notice.message ? (
        <p className="text-sm break-words whitespace-pre-line" dir="auto">
          <span className="sr-only">{t('sickList.message')}: </span>
          {notice.message}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground italic">{t('sickList.noMessage')}</p>
      )}
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <UserRound className="size-4 shrink-0" aria-hidden="true" />
        <span>{reported}</span>
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t pt-3">
        {canProcess ? (
          <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen ?? notice.processed}
              // not disabled while the server answers: a disabled box would drop the keyboard's focus
              aria-busy={busy || undefined}
              aria-describedby={`${headingId} ${stateId}`}
              onChange={(event) => {
                if (busy) return;
                const processed = event.target.checked;
                setChosen(processed);
                void onProcess(processed).finally(() => setChosen(null));
              }}
            />
            {t('sickList.markProcessed')}
          </label>
        ) : null}
        <p
          id={stateId}
          className={cn(
            'flex items-center gap-1 text-sm',
            notice.processed ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {notice.processed && <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />}
          {processedText}
        </p>
        <div className="ms-auto flex flex-wrap gap-2">
          {onOnlyPerson && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={t('sickList.onlyPersonNamed', { name: notice.user.name })}
              onClick={onOnlyPerson}
            >
              {t('sickList.onlyPerson')}
            </Button>
          )}
          {notice.hasPhoto && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-describedby={headingId}
              onClick={(event) => onPhoto(event.currentTarget)}
            >
              <Image aria-hidden="true" />
              {t('sickList.photo')}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
