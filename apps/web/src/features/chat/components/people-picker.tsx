import { useTranslation } from 'react-i18next';
import {
  PeoplePicker as SharedPeoplePicker,
  type PeoplePickerTexts,
  type PickedPerson,
  type PickerGroup,
} from '@/components/people-picker';
import { formatNumber } from '@/lib/format';
import { chatPeopleQueryOptions } from '../api/people';

/** "Lehrkraft" or "Schüler*in" under a name. */
export function PersonType({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <span className="text-xs text-muted-foreground">
      {type === 'L' ? t('chat.people.teacher') : t('chat.people.student')}
    </span>
  );
}

export interface PeoplePickerProps {
  people: PickedPerson[];
  groups: PickerGroup[];
  onPeople: (people: PickedPerson[]) => void;
  onGroups: (groups: PickerGroup[]) => void;
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

const roomPeople = (q: string) => chatPeopleQueryOptions('room', q);

/**
 * Whom a chat room is for (decision 072): the shared people picker (components/people-picker.tsx) with the
 * chat's people search (GET /api/matrix/people?for=room) and words.
 */
export function PeoplePicker({ legend, ...props }: PeoplePickerProps) {
  const { t } = useTranslation();
  const texts: PeoplePickerTexts = {
    legend,
    groups: t('chat.people.groups'),
    noGroups: t('chat.people.noGroups'),
    search: t('chat.people.search'),
    searchPlaceholder: t('chat.people.searchPlaceholder'),
    searchHint: t('chat.people.searchHint'),
    searching: t('chat.people.searching'),
    noneFound: (q) => t('chat.people.noneFound', { q }),
    found: (count) => t('chat.people.found', { count, n: formatNumber(count) }),
    results: t('chat.people.results'),
    chosen: (count) => t('chat.people.chosen', { count, n: formatNumber(count) }),
    moderatorHint: t('chat.people.moderatorHint'),
    moderator: t('chat.people.moderator'),
    moderatorOf: (name) => t('chat.people.moderatorOf', { name }),
    remove: (name) => t('chat.people.unchoose', { name }),
    personType: (type) => (type === 'L' ? t('chat.people.teacher') : t('chat.people.student')),
    group: t('chat.people.group'),
  };
  return <SharedPeoplePicker {...props} peopleQuery={roomPeople} texts={texts} />;
}
