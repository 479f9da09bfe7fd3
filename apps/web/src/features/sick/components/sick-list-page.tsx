import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Thermometer, ThermometerSnowflake } from 'lucide-react';
import { hasRole, type SickNotice } from '@aula/contracts';
import { FeatureOffPage, ListEmpty, ListPage, ListResults } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { useProcessSickNotice } from '../api/process-sick-notice';
import { sickListQueryOptions } from '../api/sick-list';
import { localDay } from '../lib/sick-days';
import {
  SICK_PER_PAGE,
  fromAddress,
  hasFilters,
  toAddress,
  toListQuery,
  type SickSearch,
} from '../lib/sick-search';
import { SickFilters } from './sick-filters';
import { SickNoticeCard } from './sick-notice-card';
import { SickPhotoDialog } from './sick-photo-dialog';

const routeApi = getRouteApi('/shell/app/sick');

/**
 * /app/sick (issue 20, decision 066): teachers and admins see the notices they may process, filtered by the
 * address (unprocessed only by default), with the count of unprocessed ones; a pupil sees their own, read-only.
 */
export function SickListPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const search = fromAddress(routeApi.useSearch());
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
      search: (prev) => ({ ...prev, ...toAddress(next), page: keepPage ? next.page : undefined }),
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

  const perms = usePerms();
  // the school has switched sick notices off (the server answers 404 to every call): say so, not "not found"
  if (perms.permissions !== undefined && !perms.hasFeature('sick'))
    return <FeatureOffPage icon={ThermometerSnowflake} title={t('pages.sick')} text={t('sickList.off')} />;

  const data = list.data;
  const filtered = canProcess && hasFilters(search);
  const emptyText = !canProcess
    ? t('sickList.noneOwn')
    : filtered
      ? t('sickList.noneFiltered')
      : t('sickList.none');

  return (
    <ListPage
      title={t('pages.sick')}
      intro={canProcess ? t('sickList.intro') : t('sickList.introOwn')}
      action={
        <Button type="button" onClick={() => void open('sick')}>
          <Thermometer aria-hidden="true" />
          {t('sickList.report')}
        </Button>
      }
    >
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

      <ListResults
        label={t('sickList.list')}
        query={list}
        page={page}
        perPage={SICK_PER_PAGE}
        loading={t('sickList.loading')}
        skeleton={['h-5 w-40', 'h-4 w-56', 'h-4 w-full max-w-md']}
        empty={
          <ListEmpty className="gap-2">
            <p className="text-muted-foreground">{emptyText}</p>
            {filtered && (
              <Button type="button" variant="outline" size="sm" onClick={resetFilters}>
                {t('sickList.reset')}
              </Button>
            )}
          </ListEmpty>
        }
        onPage={(p) => setSearch({ page: p === 1 ? undefined : p }, true)}
        renderItem={(notice) => (
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
        )}
      />

      {photo && (
        <SickPhotoDialog notice={photo.notice} opener={photo.opener} onClose={() => setPhoto(null)} />
      )}
    </ListPage>
  );
}
