import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Search } from 'lucide-react';
import {
  USER_FILTER_ROLES,
  USER_STATUSES,
  hasRole,
  type ManagedUser,
  type UserSearchQuery,
} from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Pager, pageRangeText } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { useSelf } from '@/lib/session';
import { groupsQueryOptions } from '@/lib/groups';
import { usersQueryOptions } from '../api/search-users';
import { UserBadges } from './user-badges';

const PER_PAGE = 20;
const SEARCH_DELAY_MS = 300;

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-base text-card-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 desktop:text-sm';

export function fullName(user: Pick<ManagedUser, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/** The text typed settles for a moment before it becomes a request. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * spec 2.5/2.6: the search every user dialog shares (by name, group, role and status), paged; each found
 * user gets the actions the caller passes in.
 */
export function UserSearch({ actions }: { actions: (user: ManagedUser) => ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const self = useSelf();
  const isAdmin = hasRole(self, 'admin');
  const [text, setText] = useState('');
  const [group, setGroup] = useState('');
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const q = useSettled(text.trim());
  // a changed filter starts again at page 1
  const filterKey = JSON.stringify([q, group, role, status]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const filter: UserSearchQuery = {
    q: q || undefined,
    group: group ? Number(group) : undefined,
    role: (role || undefined) as UserSearchQuery['role'],
    status: (status || undefined) as UserSearchQuery['status'],
    page,
    perPage: PER_PAGE,
  };
  const users = useQuery(usersQueryOptions(filter));
  const groups = useQuery(groupsQueryOptions());
  const total = users.data?.total ?? 0;

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 desktop:grid-cols-4" role="search" aria-label={t('userManager.search')}>
        <div className="grid gap-2 desktop:col-span-4">
          <Label htmlFor={`${id}-q`}>{t('userManager.search')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${id}-q`}
              type="search"
              className="ps-9"
              placeholder={t('userManager.searchPlaceholder')}
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-group`}>{t('userManager.group')}</Label>
          <select
            id={`${id}-group`}
            className={selectClass}
            value={group}
            onChange={(event) => setGroup(event.target.value)}
          >
            <option value="">{t('userManager.allGroups')}</option>
            {(groups.data ?? []).map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        {isAdmin && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>{t('userManager.role')}</Label>
            <select
              id={`${id}-role`}
              className={selectClass}
              value={role}
              onChange={(event) => setRole(event.target.value)}
            >
              <option value="">{t('userManager.allRoles')}</option>
              {USER_FILTER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`userManager.roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>{t('userManager.status')}</Label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">{t('userManager.allStatuses')}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`userManager.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div role="status" className="flex min-h-5 items-center gap-2 text-sm text-muted-foreground">
        {users.isFetching && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
        {users.isPending ? t('common.loading') : pageRangeText(t, page, PER_PAGE, total)}
      </div>
      {users.isError && (
        <ErrorAlert message={errorMessage(t, users.error)}>
          <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
            {t('common.retry')}
          </Button>
        </ErrorAlert>
      )}
      {users.data && users.data.items.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {isAdmin ? t('userManager.noneFound') : t('userManager.noneFoundTeacher')}
        </p>
      )}
      {users.data && users.data.items.length > 0 && (
        <ul className="grid divide-y rounded-md border" aria-label={t('userManager.results')}>
          {users.data.items.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{fullName(user)}</p>
                <p className="truncate text-sm text-muted-foreground">
                  <span dir="ltr">{user.username}</span>
                  {user.groups.length > 0 && <> · {user.groups.map((g) => g.name).join(', ')}</>}
                </p>
                <UserBadges user={user} />
              </div>
              <div className="flex flex-wrap gap-2">{actions(user)}</div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} perPage={PER_PAGE} total={total} onPage={setPage} />
    </div>
  );
}
