import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Thermometer } from 'lucide-react';
import { hasRole, type SickNotice } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Pager, pageRangeText } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useProcessSickNotice } from '../api/process-sick-notice';
import { sickListQueryOptions } from '../api/sick-list';
import { localDay } from '../lib/sick-days';
import { SICK_PER_PAGE, hasFilters, toListQuery, type SickSearch } from '../lib/sick-search';
import { SickFilters } from './sick-filters';
import { SickNoticeCard } from './sick-notice-card';
import { SickPhotoDialog } from './sick-photo-dialog';

const routeApi = getRouteApi('/shell/app/sick');

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t('sickList.loading')}
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="grid animate-pulse gap-3 rounded-lg border p-4">
          <div className="h-5 w-40 rounded bg-muted" />
          <div className="h-4 w-56 rounded bg-muted" />
          <div className="h-4 w-full max-w-md rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/**
 * /app/sick (issue 20, decision 066): teachers and admins see the notices they may process, filtered by the
 * address (unprocessed only by default), with the count of unprocessed ones; a pupil sees their own, read-only.
 */
export function SickListPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const { open } = useDialogs();
  const locale = currentLocale();
  const canProcess = hasRole(self, 'teacher');
  const isAdmin = hasRole(self, 'admin');
  // as the server decides (decision 062): admins every notice, teachers their groups' pupils' (not their own)
  const mayProcess = (notice: SickNotice) =>
    isAdmin || (canProcess && notice.user.type === 'S' && notice.user.id !== self?.id);
  const query = toListQuery(search, canProcess);
  const list = useQuery(sickListQueryOptions(query));
  const process = useProcessSickNotice();
  const [photo, setPhoto] = useState<{ notice: SickNotice; opener: HTMLElement } | null>(null);
  // names of people picked with "only this person", for their filter chips
  const [names, setNames] = useState<Record<number, string>>({});
  const today = localDay();
  const page = search.page ?? 1;

  const setSearch = (next: Partial<SickSearch>, keepPage = false) =>
    void navigate({
      search: (prev) => ({ ...prev, ...next, page: keepPage ? next.page : undefined }),
    });
  const resetFilters = () =>
    void navigate({
      search: (prev) => ({
        ...prev,
        groups: undefined,
        users: undefined,
        q: undefined,
        who: undefined,
        state: undefined,
        page: undefined,
      }),
    });
  const personName = (id: number) =>
    names[id] ??
    list.data?.items.find((n) => n.user.id === id)?.user.name ??
    t('sickList.personFallback', { id: formatNumber(id) });

  const onProcess = (notice: SickNotice, processed: boolean) =>
    process.mutateAsync({ id: notice.id, processed }).then(
      () => notify({ type: 'success', title: t(processed ? 'sickList.marked' : 'sickList.unmarked') }),
      (error: unknown) => notify({ type: 'error', title: errorMessage(t, error) }),
    );

  const data = list.data;
  const filtered = canProcess && hasFilters(search);
  const emptyText = !canProcess
    ? t('sickList.noneOwn')
    : filtered
      ? t('sickList.noneFiltered')
      : t('sickList.none');

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-72 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.sick')}</h1>
          <p className="text-sm text-muted-foreground">
            {canProcess ? t('sickList.intro') : t('sickList.introOwn')}
          </p>
        </div>
        <Button type="button" onClick={() => void open('sick')}>
          <Thermometer aria-hidden="true" />
          {t('sickList.report')}
        </Button>
      </header>

      {canProcess && data && (
        <p
          role="status"
          className="flex w-fit items-center gap-2 rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary"
        >
          {t('sickList.unprocessed', { count: data.unprocessed, n: formatNumber(data.unprocessed) })}
        </p>
      )}

      {canProcess && self && (
        <SickFilters
          search={search}
          onChange={(next) => setSearch(next)}
          onReset={resetFilters}
          allGroups={isAdmin}
          selfId={self.id}
          personName={personName}
        />
      )}

      <section aria-label={t('sickList.list')} aria-busy={list.isFetching} className="grid gap-3">
        {list.isError && (
          <ErrorAlert message={errorMessage(t, list.error)}>
            <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </ErrorAlert>
        )}
        {data === undefined ? (
          list.isError ? null : (
            <ListSkeleton />
          )
        ) : data.items.length === 0 ? (
          <div className="grid justify-items-start gap-2 rounded-lg border border-dashed p-6">
            <p className="text-muted-foreground">{emptyText}</p>
            {filtered && (
              <Button type="button" variant="outline" size="sm" onClick={resetFilters}>
                {t('sickList.reset')}
              </Button>
            )}
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {pageRangeText(t, page, SICK_PER_PAGE, data.total)}
            </p>
            <ul className="grid gap-3">
              {data.items.map((notice) => (
                <li key={notice.id}>
                  <SickNoticeCard
                    notice={notice}
                    today={today}
                    locale={locale}
                    canProcess={mayProcess(notice)}
                    onProcess={(processed) => onProcess(notice, processed)}
                    onPhoto={(opener) => setPhoto({ notice, opener })}
                    onOnlyPerson={
                      canProcess && !(search.users?.length === 1 && search.users[0] === notice.user.id)
                        ? () => {
                            setNames((n) => ({ ...n, [notice.user.id]: notice.user.name }));
                            setSearch({ users: [notice.user.id] });
                          }
                        : undefined
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        <Pager
          page={page}
          perPage={SICK_PER_PAGE}
          total={data?.total ?? 0}
          onPage={(p) => {
            setSearch({ page: p === 1 ? undefined : p }, true);
            window.scrollTo({ top: 0 });
          }}
        />
      </section>

      {photo && (
        <SickPhotoDialog notice={photo.notice} opener={photo.opener} onClose={() => setPhoto(null)} />
      )}
    </div>
  );
}
