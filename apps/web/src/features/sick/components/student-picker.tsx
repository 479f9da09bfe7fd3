import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { Student } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { studentQueryOptions } from '../api/student';
import { studentsQueryOptions } from '../api/students';
import { formatDay } from '../lib/sick-form';

/** The pupil's notices that still run (their last day today or later), under the choice. */
function OpenNotices({ student, today }: { student: Student; today: string }) {
  const { t } = useTranslation();
  const detail = useQuery(studentQueryOptions(student.id));
  if (!detail.data) return null;
  const open = detail.data.notices.filter((notice) => notice.end >= today);
  const locale = currentLocale();
  return (
    <div className="rounded-md border bg-muted/50 px-3 py-2 text-sm" role="status">
      {open.length === 0 ? (
        t('sickReport.student.noOpen', { name: student.name })
      ) : (
        <>
          <p>{t('sickReport.student.open', { name: student.name, count: open.length })}</p>
          <ul className="mt-1 list-disc ps-5">
            {open.map((notice) => (
              <li key={notice.id}>
                {notice.begin === notice.end
                  ? formatDay(notice.begin, locale)
                  : t('sickReport.range', {
                      begin: formatDay(notice.begin, locale),
                      end: formatDay(notice.end, locale),
                    })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The pupil a teacher (their groups') or an admin (all) reports for: a search field and the matching pupils as
 * a radio group, so arrows, Space and a screen reader work as with any choice (GET /api/students?q=).
 */
export function StudentPicker({
  chosen,
  onChoose,
  error,
  errorId,
  today,
}: {
  chosen: Student | null;
  onChoose: (student: Student) => void;
  error: string | null;
  errorId: string;
  today: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const students = useQuery(studentsQueryOptions(q));
  const items = students.data?.items ?? [];
  // the chosen pupil stays in the list while another search shows others, so the choice is never hidden
  const shown = chosen && !items.some((s) => s.id === chosen.id) ? [chosen, ...items] : items;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('sickReport.student.legend')}</legend>
      <Label htmlFor={`${id}-q`} className="sr-only">
        {t('sickReport.student.search')}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={`${id}-q`}
          type="search"
          dir="auto"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          className="ps-9"
          placeholder={t('sickReport.student.search')}
          value={q}
          aria-invalid={error !== null || undefined}
          aria-controls={`${id}-list`}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div
        id={`${id}-list`}
        role="radiogroup"
        aria-label={t('sickReport.student.results')}
        aria-busy={students.isFetching || undefined}
        className="grid max-h-52 gap-1 overflow-y-auto rounded-md border p-1 empty:hidden"
      >
        {shown.map((student) => (
          <label
            key={student.id}
            className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 py-1 hover:bg-muted has-checked:bg-primary/10 coarse:min-h-11"
          >
            <input
              type="radio"
              name={`${id}-student`}
              value={student.id}
              checked={chosen?.id === student.id}
              onChange={() => onChoose(student)}
              className="size-4 accent-primary"
            />
            <span className="min-w-0">
              <bdi className="block truncate font-medium">{student.name}</bdi>
              {student.groups.length > 0 && (
                <bdi className="block truncate text-xs text-muted-foreground">
                  {student.groups.map((g) => g.name).join(', ')}
                </bdi>
              )}
            </span>
          </label>
        ))}
        {students.isPending && <Spinner />}
        {students.data && shown.length === 0 && (
          <p className="px-2 py-1 text-sm text-muted-foreground">
            {q.trim() ? t('sickReport.student.none', { q: q.trim() }) : t('sickReport.student.empty')}
          </p>
        )}
      </div>
      {students.data && students.data.total > items.length && (
        <p className="text-xs text-muted-foreground">
          {t('sickReport.student.more', { shown: items.length, total: students.data.total })}
        </p>
      )}
      <ErrorAlert message={students.error ? errorMessage(t, students.error) : null} />
      <ErrorAlert id={errorId} message={error} />
      {chosen && <OpenNotices student={chosen} today={today} />}
    </fieldset>
  );
}
