import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import type { RoomPerson } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { roomPeopleQueryOptions } from '../api/search-people';
import { useDebounced } from '../hooks/use-debounced';
import type { RoomFormPerson, RoomGroup } from '../lib/room-form';

/** How long typing must pause before the people search asks the server. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 300;

const rowClass =
  'flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 py-1 hover:bg-muted has-checked:bg-primary/10 coarse:min-h-11';

function PersonType({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <span className="text-xs text-muted-foreground">
      {type === 'L' ? t('bbb.form.teacher') : t('bbb.form.student')}
    </span>
  );
}

function GroupType() {
  const { t } = useTranslation();
  return <span className="text-xs text-muted-foreground">{t('bbb.form.group')}</span>;
}

export interface MemberPickerProps {
  people: RoomFormPerson[];
  groups: RoomGroup[];
  onPeople: (people: RoomFormPerson[]) => void;
  onGroups: (groups: RoomGroup[]) => void;
  /** the room's owner: always a moderator, never in the lists */
  ownerId: number;
  error: string | null;
  errorId: string;
}

/**
 * The room's members (decision 068): whole groups (the caller's classes, from GET /api/bbb/people) as
 * checkboxes, and people found by name (debounced) as checkboxes, so Tab, Space and a screen reader work as
 * with any choice. The people added one by one are listed below with their moderator switch (spec 4.6).
 */
export function MemberPicker({
  people,
  groups,
  onPeople,
  onGroups,
  ownerId,
  error,
  errorId,
}: MemberPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const searched = useDebounced(q.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const mine = useQuery(roomPeopleQueryOptions(''));
  const found = useQuery({ ...roomPeopleQueryOptions(searched), enabled: searched !== '' });
  const results = searched === '' ? [] : (found.data?.people ?? []).filter((p) => p.id !== ownerId);
  // a group chosen before (by an admin, or no longer the caller's) stays visible, so it can be taken away
  const groupChoices = [
    ...(mine.data?.groups ?? []),
    ...groups.filter((g) => !mine.data?.groups.some((m) => m.id === g.id)),
  ];
  // groups beyond the first page of the caller's (an admin's school may have many) are found by name too
  const foundGroups =
    searched === '' ? [] : (found.data?.groups ?? []).filter((g) => !groupChoices.some((c) => c.id === g.id));
  const hits = results.length + foundGroups.length;
  const hasPerson = (pid: number) => people.some((p) => p.id === pid);
  const toggle = (person: RoomPerson, on: boolean) =>
    onPeople(on ? [...people, { ...person, moderator: false }] : people.filter((p) => p.id !== person.id));
  const searching = searched !== q.trim() || (found.isFetching && searched !== '');

  return (
    <fieldset className="grid gap-4" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-base font-semibold">{t('bbb.form.members')}</legend>

      <div className="grid gap-1">
        <p id={`${id}-groups`} className="text-sm font-medium">
          {t('bbb.form.groups')}
        </p>
        {groupChoices.length > 0 ? (
          <div role="group" aria-labelledby={`${id}-groups`} className="flex flex-wrap gap-x-4 gap-y-1">
            {groupChoices.map((g) => (
              <label key={g.id} className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={groups.some((x) => x.id === g.id)}
                  onChange={(event) =>
                    onGroups(event.target.checked ? [...groups, g] : groups.filter((x) => x.id !== g.id))
                  }
                />
                <bdi>{g.name}</bdi>
              </label>
            ))}
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {mine.isPending ? t('common.loading') : mine.isError ? '' : t('bbb.form.noGroups')}
          </p>
        )}
        <ErrorAlert message={mine.isError ? errorMessage(t, mine.error) : null} />
      </div>

      <div className="grid gap-2">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          {t('bbb.form.searchPeople')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            className="ps-9"
            placeholder={t('bbb.form.searchPlaceholder')}
            value={q}
            aria-controls={`${id}-results`}
            aria-describedby={`${id}-found`}
            onChange={(event) => setQ(event.target.value)}
            // Enter in the search must not save the whole form
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          />
        </div>
        <p id={`${id}-found`} role="status" className="text-xs text-muted-foreground">
          {searched === ''
            ? t('bbb.form.searchHint')
            : searching
              ? t('bbb.form.searching')
              : hits === 0
                ? t('bbb.form.noneFound', { q: searched })
                : t('bbb.form.found', { count: hits, n: formatNumber(hits) })}
        </p>
        <div
          id={`${id}-results`}
          role="group"
          aria-label={t('bbb.form.results')}
          aria-busy={searching || undefined}
          className="grid max-h-52 gap-1 overflow-y-auto rounded-md border p-1 empty:hidden"
        >
          {foundGroups.map((g) => (
            <label key={`g${g.id}`} className={rowClass}>
              <input
                type="checkbox"
                checked={groups.some((x) => x.id === g.id)}
                onChange={(event) =>
                  onGroups(event.target.checked ? [...groups, g] : groups.filter((x) => x.id !== g.id))
                }
                className="size-4 accent-primary"
              />
              <span className="grid min-w-0">
                <bdi className="truncate font-medium">{g.name}</bdi>
                <GroupType />
              </span>
            </label>
          ))}
          {results.map((person) => (
            <label key={person.id} className={rowClass}>
              <input
                type="checkbox"
                checked={hasPerson(person.id)}
                onChange={(event) => toggle(person, event.target.checked)}
                className="size-4 accent-primary"
              />
              <span className="grid min-w-0">
                <bdi className="truncate font-medium">{person.name}</bdi>
                <PersonType type={person.type} />
              </span>
            </label>
          ))}
          {searching && hits === 0 && <Spinner />}
        </div>
        <ErrorAlert message={found.isError ? errorMessage(t, found.error) : null} />
      </div>

      <div className="grid gap-2">
        <p id={`${id}-chosen`} className="text-sm font-medium">
          {t('bbb.form.chosen', { n: formatNumber(people.length) })}
        </p>
        <p className="text-xs text-muted-foreground">{t('bbb.form.moderatorHint')}</p>
        {people.length > 0 && (
          <ul aria-labelledby={`${id}-chosen`} className="grid gap-1 rounded-md border p-1">
            {people.map((person) => (
              <li
                key={person.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-1"
              >
                <span className="grid min-w-0 flex-1 basis-40">
                  <bdi className="truncate font-medium">{person.name}</bdi>
                  <PersonType type={person.type} />
                </span>
                <label className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                  <input
                    type="checkbox"
                    role="switch"
                    className="size-4 accent-primary"
                    checked={person.moderator}
                    aria-label={t('bbb.form.moderatorOf', { name: person.name })}
                    onChange={(event) =>
                      onPeople(
                        people.map((p) =>
                          p.id === person.id ? { ...p, moderator: event.target.checked } : p,
                        ),
                      )
                    }
                  />
                  <span aria-hidden="true">{t('bbb.form.moderator')}</span>
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('bbb.form.removePerson', { name: person.name })}
                  onClick={() => onPeople(people.filter((p) => p.id !== person.id))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ErrorAlert id={errorId} message={error} />
    </fieldset>
  );
}
