import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import type { ChatPerson } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { chatPeopleQueryOptions } from '../api/people';
import type { ChatFormPerson, ChatGroup } from './room-form';

/** How long typing must pause before the people search asks the server. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 300;

const rowClass =
  'flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 py-1 hover:bg-muted has-checked:bg-primary/10 coarse:min-h-11';

/** The value once typing has paused. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PEOPLE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** "Lehrkraft" or "Schüler*in" under a name. */
export function PersonType({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <span className="text-xs text-muted-foreground">
      {type === 'L' ? t('chat.people.teacher') : t('chat.people.student')}
    </span>
  );
}

/** "Gruppe" under a group's name. */
export function GroupType() {
  const { t } = useTranslation();
  return <span className="text-xs text-muted-foreground">{t('chat.people.group')}</span>;
}

export interface PeoplePickerProps {
  people: ChatFormPerson[];
  groups: ChatGroup[];
  onPeople: (people: ChatFormPerson[]) => void;
  onGroups: (groups: ChatGroup[]) => void;
  /** left out of the lists: the caller (always in the room), and in edit-room those already in it */
  exclude: { people: readonly number[]; groups: readonly number[] };
  /** create-room: the chosen people get a moderator switch */
  withModerators: boolean;
  legend: string;
  error: string | null;
  errorId: string;
  /** the search field's id (the form moves focus there when no one was chosen) */
  searchId: string;
}

/**
 * Whom a room is for (decision 072): the caller's groups as checkboxes, and people and further groups found
 * by name (GET /api/matrix/people?for=room, debounced) as checkboxes, so Tab, Space and a screen reader work
 * as with any choice. The people chosen one by one are listed below, with their moderator switch.
 */
export function PeoplePicker({
  people,
  groups,
  onPeople,
  onGroups,
  exclude,
  withModerators,
  legend,
  error,
  errorId,
  searchId,
}: PeoplePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const searched = useSettled(q.trim());
  const mine = useQuery(chatPeopleQueryOptions('room', ''));
  const found = useQuery({ ...chatPeopleQueryOptions('room', searched), enabled: searched !== '' });
  const results =
    searched === '' ? [] : (found.data?.people ?? []).filter((p) => !exclude.people.includes(p.id));
  const groupChoices = [
    ...(mine.data?.groups ?? []).filter((g) => !exclude.groups.includes(g.id)),
    ...groups.filter((g) => !mine.data?.groups.some((m) => m.id === g.id)),
  ];
  const foundGroups =
    searched === ''
      ? []
      : (found.data?.groups ?? []).filter(
          (g) => !exclude.groups.includes(g.id) && !groupChoices.some((c) => c.id === g.id),
        );
  const hits = results.length + foundGroups.length;
  const hasPerson = (pid: number) => people.some((p) => p.id === pid);
  const toggle = (person: ChatPerson, on: boolean) =>
    onPeople(
      on
        ? [...people, { id: person.id, name: person.name, type: person.type, moderator: false }]
        : people.filter((p) => p.id !== person.id),
    );
  const toggleGroup = (group: ChatGroup, on: boolean) =>
    onGroups(on ? [...groups, group] : groups.filter((x) => x.id !== group.id));
  const searching = searched !== q.trim() || (found.isFetching && searched !== '');

  return (
    <fieldset className="grid gap-4" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-base font-semibold">{legend}</legend>

      <div className="grid gap-1">
        <p id={`${id}-groups`} className="text-sm font-medium">
          {t('chat.people.groups')}
        </p>
        {groupChoices.length > 0 ? (
          <div role="group" aria-labelledby={`${id}-groups`} className="flex flex-wrap gap-x-4 gap-y-1">
            {groupChoices.map((g) => (
              <label key={g.id} className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={groups.some((x) => x.id === g.id)}
                  onChange={(event) => toggleGroup(g, event.target.checked)}
                />
                <bdi>{g.name}</bdi>
              </label>
            ))}
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {mine.isPending ? t('common.loading') : mine.isError ? '' : t('chat.people.noGroups')}
          </p>
        )}
        <ErrorAlert message={mine.isError ? errorMessage(t, mine.error) : null} />
      </div>

      <div className="grid gap-2">
        <label htmlFor={searchId} className="text-sm font-medium">
          {t('chat.people.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            className="ps-9"
            placeholder={t('chat.people.searchPlaceholder')}
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
            ? t('chat.people.searchHint')
            : searching
              ? t('chat.people.searching')
              : hits === 0
                ? t('chat.people.noneFound', { q: searched })
                : t('chat.people.found', { count: hits, n: formatNumber(hits) })}
        </p>
        <div
          id={`${id}-results`}
          role="group"
          aria-label={t('chat.people.results')}
          aria-busy={searching || undefined}
          className="grid max-h-52 gap-1 overflow-y-auto rounded-md border p-1 empty:hidden"
        >
          {foundGroups.map((g) => (
            <label key={`g${g.id}`} className={rowClass}>
              <input
                type="checkbox"
                checked={groups.some((x) => x.id === g.id)}
                onChange={(event) => toggleGroup(g, event.target.checked)}
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

      {people.length > 0 && (
        <div className="grid gap-2">
          <p id={`${id}-chosen`} className="text-sm font-medium">
            {t('chat.people.chosen', { count: people.length, n: formatNumber(people.length) })}
          </p>
          {withModerators && (
            <p className="text-xs text-muted-foreground">{t('chat.people.moderatorHint')}</p>
          )}
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
                {withModerators && (
                  <label className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                    <input
                      type="checkbox"
                      role="switch"
                      className="size-4 accent-primary"
                      checked={person.moderator}
                      aria-label={t('chat.people.moderatorOf', { name: person.name })}
                      onChange={(event) =>
                        onPeople(
                          people.map((p) =>
                            p.id === person.id ? { ...p, moderator: event.target.checked } : p,
                          ),
                        )
                      }
                    />
                    <span aria-hidden="true">{t('chat.people.moderator')}</span>
                  </label>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('chat.people.unchoose', { name: person.name })}
                  onClick={() => onPeople(people.filter((p) => p.id !== person.id))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ErrorAlert id={errorId} message={error} />
    </fieldset>
  );
}
