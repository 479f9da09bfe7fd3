import { useEffect, useId, useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';

/** How long typing must pause before the people search asks the server. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 300;

/** A person found or chosen ('S' pupil, 'L' teacher); chosen people carry their moderator switch. */
export interface PickerPerson {
  id: number;
  name: string;
  type: string;
}
export interface PickedPerson extends PickerPerson {
  moderator: boolean;
}
export interface PickerGroup {
  id: number;
  name: string;
}
/** What the search answers: with an empty text the caller's own groups (and people), else the matches. */
export interface PickerAnswer {
  people: PickerPerson[];
  groups: PickerGroup[];
}

/** The picker's words, in the feature's own voice (the video rooms and the chat say it their way). */
export interface PeoplePickerTexts {
  legend: string;
  groups: string;
  noGroups: string;
  search: string;
  searchPlaceholder: string;
  searchHint: string;
  searching: string;
  noneFound: (q: string) => string;
  found: (count: number) => string;
  results: string;
  chosen: (count: number) => string;
  moderatorHint: string;
  moderator: string;
  moderatorOf: (name: string) => string;
  remove: (name: string) => string;
  /** "Lehrkraft" or "Schüler*in" */
  personType: (type: string) => string;
  group: string;
}

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

export interface PeoplePickerProps<TKey extends QueryKey> {
  people: PickedPerson[];
  groups: PickerGroup[];
  onPeople: (people: PickedPerson[]) => void;
  onGroups: (groups: PickerGroup[]) => void;
  /** the feature's people search (debounced here); '' lists the caller's groups */
  peopleQuery: (q: string) => UseQueryOptions<PickerAnswer, Error, PickerAnswer, TKey>;
  /** left out of the lists: the owner or caller (always in the room), and those already in it */
  exclude: { people: readonly number[]; groups: readonly number[] };
  /** the chosen people get a moderator switch */
  withModerators: boolean;
  /** the heading of the chosen people even before anyone is chosen (with the moderator hint) */
  alwaysShowChosen?: boolean;
  texts: PeoplePickerTexts;
  error: string | null;
  errorId: string;
  /** the search field's id (a form moves focus there when no one was chosen) */
  searchId?: string;
}

/**
 * Whom a room is for (decisions 068, 072): the caller's groups as checkboxes, and people and further groups
 * found by name (debounced) as checkboxes, so Tab, Space and a screen reader work as with any choice. The
 * people chosen one by one are listed below, with their moderator switch. Used by the video rooms and the chat.
 */
export function PeoplePicker<TKey extends QueryKey>({
  people,
  groups,
  onPeople,
  onGroups,
  peopleQuery,
  exclude,
  withModerators,
  alwaysShowChosen = false,
  texts,
  error,
  errorId,
  searchId,
}: PeoplePickerProps<TKey>) {
  const { t } = useTranslation();
  const id = useId();
  const searchField = searchId ?? `${id}-q`;
  const [q, setQ] = useState('');
  const searched = useSettled(q.trim());
  const mine = useQuery(peopleQuery(''));
  const found = useQuery({ ...peopleQuery(searched), enabled: searched !== '' });
  const results =
    searched === '' ? [] : (found.data?.people ?? []).filter((p) => !exclude.people.includes(p.id));
  // a group chosen before (by an admin, or no longer the caller's) stays visible, so it can be taken away
  const groupChoices = [
    ...(mine.data?.groups ?? []).filter((g) => !exclude.groups.includes(g.id)),
    ...groups.filter((g) => !mine.data?.groups.some((m) => m.id === g.id)),
  ];
  // groups beyond the first page of the caller's (an admin's school may have many) are found by name too
  const foundGroups =
    searched === ''
      ? []
      : (found.data?.groups ?? []).filter(
          (g) => !exclude.groups.includes(g.id) && !groupChoices.some((c) => c.id === g.id),
        );
  const hits = results.length + foundGroups.length;
  const hasPerson = (pid: number) => people.some((p) => p.id === pid);
  const toggle = (person: PickerPerson, on: boolean) =>
    onPeople(
      on
        ? [...people, { id: person.id, name: person.name, type: person.type, moderator: false }]
        : people.filter((p) => p.id !== person.id),
    );
  const toggleGroup = (group: PickerGroup, on: boolean) =>
    onGroups(on ? [...groups, group] : groups.filter((x) => x.id !== group.id));
  const searching = searched !== q.trim() || (found.isFetching && searched !== '');
  const groupType = <span className="text-xs text-muted-foreground">{texts.group}</span>;
  const personType = (type: string) => (
    <span className="text-xs text-muted-foreground">{texts.personType(type)}</span>
  );

  return (
    <fieldset className="grid gap-4" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-base font-semibold">{texts.legend}</legend>

      <div className="grid gap-1">
        <p id={`${id}-groups`} className="text-sm font-medium">
          {texts.groups}
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
            {mine.isPending ? t('common.loading') : mine.isError ? '' : texts.noGroups}
          </p>
        )}
        <ErrorAlert message={mine.isError ? errorMessage(t, mine.error) : null} />
      </div>

      <div className="grid gap-2">
        <label htmlFor={searchField} className="text-sm font-medium">
          {texts.search}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchField}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            className="ps-9"
            placeholder={texts.searchPlaceholder}
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
            ? texts.searchHint
            : searching
              ? texts.searching
              : hits === 0
                ? texts.noneFound(searched)
                : texts.found(hits)}
        </p>
        <div
          id={`${id}-results`}
          role="group"
          aria-label={texts.results}
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
                {groupType}
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
                {personType(person.type)}
              </span>
            </label>
          ))}
          {searching && hits === 0 && <Spinner />}
        </div>
        <ErrorAlert message={found.isError ? errorMessage(t, found.error) : null} />
      </div>

      {(alwaysShowChosen || people.length > 0) && (
        <div className="grid gap-2">
          <p id={`${id}-chosen`} className="text-sm font-medium">
            {texts.chosen(people.length)}
          </p>
          {withModerators && <p className="text-xs text-muted-foreground">{texts.moderatorHint}</p>}
          {people.length > 0 && (
            <ul aria-labelledby={`${id}-chosen`} className="grid gap-1 rounded-md border p-1">
              {people.map((person) => (
                <li
                  key={person.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-1"
                >
                  <span className="grid min-w-0 flex-1 basis-40">
                    <bdi className="truncate font-medium">{person.name}</bdi>
                    {personType(person.type)}
                  </span>
                  {withModerators && (
                    <label className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                      <input
                        type="checkbox"
                        role="switch"
                        className="size-4 accent-primary"
                        checked={person.moderator}
                        aria-label={texts.moderatorOf(person.name)}
                        onChange={(event) =>
                          onPeople(
                            people.map((p) =>
                              p.id === person.id ? { ...p, moderator: event.target.checked } : p,
                            ),
                          )
                        }
                      />
                      <span aria-hidden="true">{texts.moderator}</span>
                    </label>
                  )}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={texts.remove(person.name)}
                    onClick={() => onPeople(people.filter((p) => p.id !== person.id))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ErrorAlert id={errorId} message={error} />
    </fieldset>
  );
}
