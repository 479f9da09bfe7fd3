import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus, VideoOff } from 'lucide-react';
import { hasRole } from '@aula/contracts';
import { FeatureOffPage, ListEmpty, ListPage, ListResults } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { useDialogs } from '@/lib/dialogs';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { roomListQueryOptions } from '../api/list-rooms';
import { useOpenRoomDialog } from '../hooks/use-room-dialog';
import {
  ROOMS_PER_PAGE,
  fromAddress,
  hasFilters,
  toListQuery,
  validateRoomSearch,
  type RoomSearch,
} from '../lib/room-search';
import { RoomCard } from './room-card';
import { RoomFilters } from './room-filters';

const routeApi = getRouteApi('/shell/app/bigbluebutton');

/**
 * /app/bigbluebutton, the room chooser (issue 21, decision 068): my rooms and the rooms shared with me (as a
 * member or through my groups), filtered and paged by the address (spec 3.6), each with join, details, and
 * for those who may change it edit and delete; "Raum erstellen" for those with permission to create rooms.
 */
export function RoomChooserPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const isAdmin = hasRole(self, 'admin');
  const search = fromAddress(validateRoomSearch(routeApi.useSearch()), isAdmin);
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
    return <FeatureOffPage icon={VideoOff} title={t('pages.bbb')} text={t('bbb.chooser.off')} />;

  const filtered = hasFilters(search);
  const mayCreate = perms.permissions?.createRooms === true;
  return (
    <ListPage
      title={t('pages.bbb')}
      intro={t('bbb.chooser.intro')}
      action={
        mayCreate && (
          <Button type="button" onClick={() => void open('bbb:create-room')}>
            <Plus aria-hidden="true" />
            {t('bbb.chooser.create')}
          </Button>
        )
      }
    >
      <RoomFilters
        search={search}
        onChange={(next) => setSearch(next)}
        onReset={resetFilters}
        isAdmin={isAdmin}
      />

      <ListResults
        label={t('bbb.chooser.list')}
        query={list}
        page={page}
        perPage={perPage}
        loading={t('bbb.chooser.loading')}
        skeleton={['h-5 w-48', 'h-4 w-40', 'h-8 w-full max-w-sm']}
        pastEnd={
          <ListEmpty>
            <p className="font-medium">{t('bbb.chooser.pageEmpty')}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setSearch({ page: undefined }, true)}
            >
              {t('bbb.chooser.firstPage')}
            </Button>
          </ListEmpty>
        }
        empty={
          <ListEmpty>
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
          </ListEmpty>
        }
        pagesLabel={t('bbb.chooser.pages')}
        onPage={(p) => setSearch({ page: p === 1 ? undefined : p }, true)}
        renderItem={(room) => (
          <RoomCard
            room={room}
            showAll={search.showAll === true}
            onDetails={() => void openRoom('bbb:room-details', room.id)}
            onDelete={() => void openRoom('bbb:delete-room', room.id)}
          />
        )}
      />
    </ListPage>
  );
}
