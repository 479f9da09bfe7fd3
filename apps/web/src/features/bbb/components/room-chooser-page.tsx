import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus, VideoOff } from 'lucide-react';
import { hasRole } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { MessagePage } from '@/components/message-page';
import { Pager, pageRangeText } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { roomListQueryOptions } from '../api/list-rooms';
import { useOpenRoomDialog } from '../hooks/use-room-dialog';
import { ROOMS_PER_PAGE, fromAddress, hasFilters, toListQuery, type RoomSearch } from '../lib/room-search';
import { RoomCard } from './room-card';
import { RoomFilters } from './room-filters';

const routeApi = getRouteApi('/shell/app/bigbluebutton');

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t('bbb.chooser.loading')}
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="grid animate-pulse gap-3 rounded-lg border p-4">
          <div className="h-5 w-48 rounded bg-muted" />
          <div className="h-4 w-40 rounded bg-muted" />
          <div className="h-8 w-full max-w-sm rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/**
 * /app/bigbluebutton, the room chooser (issue 21, decision 068): my rooms and the rooms shared with me (as a
 * member or through my groups), filtered and paged by the address (spec 3.6), each with join, details, and
 * for those who may change it edit and delete; "Raum erstellen" for those with permission to create rooms.
 */
export function RoomChooserPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const isAdmin = hasRole(self, 'admin');
  const search = fromAddress(routeApi.useSearch(), isAdmin);
  const navigate = routeApi.useNavigate();
  const { open } = useDialogs();
  const openRoom = useOpenRoomDialog();
  const perms = usePerms();
  const list = useQuery(roomListQueryOptions(toListQuery(search)));
  const page = search.page ?? 1;
  const perPage = search.perPage ?? ROOMS_PER_PAGE;

  const setSearch = (next: Partial<RoomSearch>, keepPage = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, page: keepPage ? next.page : undefined }) });
  const resetFilters = () =>
    void navigate({
      search: (prev) => ({ ...prev, q: undefined, roomType: undefined, showAll: undefined, page: undefined }),
    });

  // the school has switched video rooms off (the server refuses every call): say so, not "not found"
  if (perms.permissions !== undefined && !perms.hasFeature('bbb'))
    return (
      <MessagePage
        icon={VideoOff}
        title={t('pages.bbb')}
        actions={
          <Button asChild variant="outline">
            <Link to="/">{t('app.home')}</Link>
          </Button>
        }
      >
        <p className="text-muted-foreground">{t('bbb.chooser.off')}</p>
      </MessagePage>
    );

  const data = list.data;
  const filtered = hasFilters(search);
  const mayCreate = perms.permissions?.createRooms === true;
  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-72 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.bbb')}</h1>
          <p className="text-sm text-muted-foreground">{t('bbb.chooser.intro')}</p>
        </div>
        {mayCreate && (
          <Button type="button" onClick={() => void open('bbb:create-room')}>
            <Plus aria-hidden="true" />
            {t('bbb.chooser.create')}
          </Button>
        )}
      </header>

      <RoomFilters
        search={search}
        onChange={(next) => setSearch(next)}
        onReset={resetFilters}
        isAdmin={isAdmin}
      />

      <section aria-label={t('bbb.chooser.list')} aria-busy={list.isFetching} className="grid gap-3">
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
        ) : data.items.length === 0 && data.total > 0 ? (
          // a page past the end (the last room of the page was deleted, or an old address)
          <div className="grid justify-items-start gap-3 rounded-lg border border-dashed p-6">
            <p className="font-medium">{t('bbb.chooser.pageEmpty')}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setSearch({ page: undefined }, true)}
            >
              {t('bbb.chooser.firstPage')}
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <div className="grid justify-items-start gap-3 rounded-lg border border-dashed p-6">
            <p className="font-medium">{t(filtered ? 'bbb.chooser.noneFiltered' : 'bbb.chooser.none')}</p>
            {!filtered && (
              <p className="text-sm text-muted-foreground">
                {t(mayCreate ? 'bbb.chooser.noneCreate' : 'bbb.chooser.noneAsk')}
              </p>
            )}
            {filtered ? (
              <Button type="button" variant="outline" size="sm" onClick={resetFilters}>
                {t('bbb.chooser.reset')}
              </Button>
            ) : (
              mayCreate && (
                <Button type="button" size="sm" onClick={() => void open('bbb:create-room')}>
                  <Plus aria-hidden="true" />
                  {t('bbb.chooser.create')}
                </Button>
              )
            )}
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{pageRangeText(t, page, perPage, data.total)}</p>
            <ul className="grid gap-3">
              {data.items.map((room) => (
                <li key={room.id}>
                  <RoomCard
                    room={room}
                    showAll={search.showAll === true}
                    onDetails={() => void openRoom('bbb:room-details', room.id)}
                    onDelete={() => void openRoom('bbb:delete-room', room.id)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        <Pager
          label={t('bbb.chooser.pages')}
          page={page}
          perPage={perPage}
          total={data?.total ?? 0}
          onPage={(p) => {
            setSearch({ page: p === 1 ? undefined : p }, true);
            window.scrollTo({ top: 0 });
          }}
        />
      </section>
    </div>
  );
}
