import { useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type LogEntry, type LogsExportQuery } from '@aula/contracts';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { DashboardTabProps } from '@/lib/dashboard';
import { formatDateTime, formatNumber } from '@/lib/format';
import { logsCsvUrl, useLogs } from '../api/get-logs';
import { PagedDataTable } from '@/components/data-table';

const PER_PAGE = 25;
const EMPTY: LogsExportQuery = { action: '', actor: '', from: '', to: '' };

/** An action's name in the interface language, or the raw name for one this version does not know. */
function useActionName() {
  const { t } = useTranslation();
  return (action: string) => t(`diagnostics.actions.${action}`, { defaultValue: action });
}

function Person({ person }: { person: LogEntry['actor'] }) {
  if (!person) return <span className="text-muted-foreground">–</span>;
  return (
    <>
      {person.name || person.username}
      {person.name && (
        <span className="block text-xs text-muted-foreground">
          <span dir="ltr">{person.username}</span>
        </span>
      )}
    </>
  );
}

/** spec 2.3 logs tab: the audit log with filters, paged, and the same filters as a CSV download. */
export default function LogsTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const actionName = useActionName();
  const [draft, setDraft] = useState<LogsExportQuery>(EMPTY);
  const [applied, setApplied] = useState<LogsExportQuery>(EMPTY);
  const [page, setPage] = useState(1);
  const query = useLogs({ ...applied, page, perPage: PER_PAGE });
  const data = query.data;
  const set = (key: keyof LogsExportQuery) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied({ ...draft, actor: draft.actor?.trim() });
    setPage(1);
  };
  const reset = () => {
    setDraft(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  };

  return (
    <div className="grid gap-6">
      <form
        onSubmit={submit}
        aria-label={t('diagnostics.logs.filters')}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="grid w-44 gap-1">
          <label htmlFor="logs-action" className="text-sm font-medium">
            {t('diagnostics.logs.action')}
          </label>
          <select
            id="logs-action"
            value={draft.action ?? ''}
            onChange={(e) => set('action')(e.target.value)}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-card-foreground"
          >
            <option value="">{t('diagnostics.logs.allActions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionName(a)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid w-44 gap-1">
          <label htmlFor="logs-actor" className="text-sm font-medium">
            {t('diagnostics.logs.actor')}
          </label>
          <Input
            id="logs-actor"
            value={draft.actor ?? ''}
            maxLength={100}
            onChange={(e) => set('actor')(e.target.value)}
          />
        </div>
        <div className="grid w-44 gap-1">
          <label htmlFor="logs-from" className="text-sm font-medium">
            {t('diagnostics.logs.from')}
          </label>
          <Input
            id="logs-from"
            type="date"
            value={draft.from ?? ''}
            max={draft.to || undefined}
            onChange={(e) => set('from')(e.target.value)}
          />
        </div>
        <div className="grid w-44 gap-1">
          <label htmlFor="logs-to" className="text-sm font-medium">
            {t('diagnostics.logs.to')}
          </label>
          <Input
            id="logs-to"
            type="date"
            value={draft.to ?? ''}
            min={draft.from || undefined}
            onChange={(e) => set('to')(e.target.value)}
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit">{t('diagnostics.logs.apply')}</Button>
          <Button type="button" variant="outline" onClick={reset}>
            {t('diagnostics.logs.reset')}
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {data ? t('diagnostics.logs.found', { count: data.total, total: formatNumber(data.total) }) : ''}
        </p>
        <a href={logsCsvUrl(applied)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" />
          {t('diagnostics.logs.download')}
        </a>
      </div>
      <PagedDataTable
        query={query}
        loading={t('diagnostics.loading')}
        pagesLabel={t('diagnostics.logs.pages')}
        page={page}
        perPage={PER_PAGE}
        onPage={setPage}
        caption={t('diagnostics.logs.title')}
        busy={query.isFetching}
        rowKey={(e) => e.id}
        columns={[
          {
            heading: t('diagnostics.logs.at'),
            cell: (e) => formatDateTime(new Date(e.at), { dateStyle: 'medium', timeStyle: 'medium' }),
          },
          { heading: t('diagnostics.logs.action'), cell: (e) => actionName(e.action) },
          { heading: t('diagnostics.logs.actor'), cell: (e) => <Person person={e.actor} /> },
          { heading: t('diagnostics.logs.target'), cell: (e) => <Person person={e.target} /> },
          { heading: t('diagnostics.logs.ip'), cell: (e) => <span dir="ltr">{e.ip}</span> },
          {
            heading: t('diagnostics.logs.details'),
            cell: (e) =>
              Object.keys(e.details).length > 0 && (
                <code className="text-xs break-all" dir="ltr">
                  {JSON.stringify(e.details)}
                </code>
              ),
          },
        ]}
      />
    </div>
  );
}
