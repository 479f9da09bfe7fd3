import { useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type LogEntry, type LogsExportQuery } from '@aula/contracts';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { DashboardTabProps } from '@/lib/dashboard';
import { formatDateTime, formatNumber } from '@/lib/format';
import { logsCsvUrl, useLogs } from '../api/get-logs';
import { PagedDataTable } from '@/components/data-table';
import { logsAddress, logsFilter, validateLogsSearch, type LogsAddress } from '../lib/logs-search';

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

/**
 * The filters: typed into the form, written into the address by "apply" (so a reload, Back and a shared link keep
 * them); a change of the address (Back, Forward) puts its filters back into the form.
 */
function LogsFilters({
  applied,
  onApply,
}: {
  applied: Required<LogsExportQuery>;
  onApply: (filter: LogsExportQuery) => void;
}) {
  const { t } = useTranslation();
  const actionName = useActionName();
  const [draft, setDraft] = useState<LogsExportQuery>(applied);
  // Back or Forward changed the address: the form shows its filters (set while rendering, so focus stays put)
  const appliedKey = JSON.stringify(applied);
  const [shown, setShown] = useState(appliedKey);
  if (shown !== appliedKey) {
    setShown(appliedKey);
    setDraft(applied);
  }
  const set = (key: keyof LogsExportQuery) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const reset = () => {
    setDraft(EMPTY);
    onApply(EMPTY);
  };

  return (
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
  );
}

/** spec 2.3 logs tab: the audit log with filters in the address, paged, and the same filters as a CSV download. */
export default function LogsTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const actionName = useActionName();
  const address = validateLogsSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const applied = logsFilter(address);
  const page = address.page ?? 1;
  const query = useLogs({ ...applied, page, perPage: PER_PAGE });
  const data = query.data;
  const go = (next: LogsAddress) => void navigate({ to: '.', search: (prev) => ({ ...prev, ...next }) });

  return (
    <div className="grid gap-6">
      <LogsFilters applied={applied} onApply={(filter) => go(logsAddress(filter))} />
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
        onPage={(p) => go({ page: p === 1 ? undefined : p })}
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
