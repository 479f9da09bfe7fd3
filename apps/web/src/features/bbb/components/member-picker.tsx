import { useTranslation } from 'react-i18next';
import { PeoplePicker, type PeoplePickerTexts } from '@/components/people-picker';
import { formatNumber } from '@/lib/format';
import { roomPeopleQueryOptions } from '../api/search-people';
import type { RoomFormPerson, RoomGroup } from '../lib/room-form';

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
 * The room's members (decision 068): the shared people picker (components/people-picker.tsx) with the video
 * rooms' people search (GET /api/bbb/people) and words; the chosen people always have their moderator switch.
 */
export function MemberPicker({ ownerId, ...props }: MemberPickerProps) {
  const { t } = useTranslation();
  const texts: PeoplePickerTexts = {
    legend: t('bbb.form.members'),
    groups: t('bbb.form.groups'),
    noGroups: t('bbb.form.noGroups'),
    search: t('bbb.form.searchPeople'),
    searchPlaceholder: t('bbb.form.searchPlaceholder'),
    searchHint: t('bbb.form.searchHint'),
    searching: t('bbb.form.searching'),
    noneFound: (q) => t('bbb.form.noneFound', { q }),
    found: (count) => t('bbb.form.found', { count, n: formatNumber(count) }),
    results: t('bbb.form.results'),
    chosen: (count) => t('bbb.form.chosen', { n: formatNumber(count) }),
    moderatorHint: t('bbb.form.moderatorHint'),
    moderator: t('bbb.form.moderator'),
    moderatorOf: (name) => t('bbb.form.moderatorOf', { name }),
    remove: (name) => t('bbb.form.removePerson', { name }),
    personType: (type) => (type === 'L' ? t('bbb.form.teacher') : t('bbb.form.student')),
    group: t('bbb.form.group'),
  };
  return (
    <PeoplePicker
      {...props}
      peopleQuery={roomPeopleQueryOptions}
      exclude={{ people: [ownerId], groups: [] }}
      withModerators
      alwaysShowChosen
      texts={texts}
    />
  );
}
