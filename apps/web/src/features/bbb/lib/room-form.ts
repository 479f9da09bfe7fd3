import {
  DEFAULT_ROOM_SETTINGS,
  MAX_ROOM_NAME,
  MAX_ROOM_PARTICIPANTS,
  type RoomDetails,
  type RoomGuestPolicy,
  type RoomInput,
  type RoomPatch,
  type RoomPerson,
  type RoomSettings,
} from '@aula/contracts';
import { placeServerError, type FieldIssue, type ServerPlacement } from '@/lib/form-issues';

/** The least a limit may be (a meeting of one is no meeting; RoomSettingsSchema's min). */
export const MIN_ROOM_PARTICIPANTS = 2;

export interface RoomGroup {
  id: number;
  name: string;
}

/** A person added one by one, with the moderator switch (spec 4.6). */
export interface RoomFormPerson extends RoomPerson {
  moderator: boolean;
}

/** What the room form holds while it is filled in (create-room, /new, /edit). */
export interface RoomFormState {
  name: string;
  people: RoomFormPerson[];
  groups: RoomGroup[];
  muteOnJoin: boolean;
  guestPolicy: RoomGuestPolicy;
  anyoneCanStart: boolean;
  /** as typed; empty means no limit */
  maxParticipants: string;
}

/** The parts of the form a message can belong to; `form` is the alert above the buttons. */
export type RoomField = 'name' | 'members' | 'maxParticipants' | 'form';

/** A problem with what was typed: the field and the translation key (with its values) of the message. */
export type RoomFieldError = FieldIssue<RoomField>;

export function emptyRoomForm(): RoomFormState {
  return {
    name: '',
    people: [],
    groups: [],
    muteOnJoin: DEFAULT_ROOM_SETTINGS.muteOnJoin,
    guestPolicy: DEFAULT_ROOM_SETTINGS.guestPolicy,
    anyoneCanStart: DEFAULT_ROOM_SETTINGS.anyoneCanStart,
    maxParticipants: '',
  };
}

/** A stored room as the form shows it (/edit). */
export function formOfRoom(room: RoomDetails): RoomFormState {
  return {
    name: room.name,
    people: room.members.map(({ id, name, type, moderator }) => ({ id, name, type, moderator })),
    groups: room.groups.map(({ id, name }) => ({ id, name })),
    muteOnJoin: room.settings.muteOnJoin,
    guestPolicy: room.settings.guestPolicy,
    anyoneCanStart: room.settings.anyoneCanStart,
    maxParticipants: room.settings.maxParticipants === null ? '' : String(room.settings.maxParticipants),
  };
}

/** The typed limit: null for none, a number, or undefined when it is no whole number in range. */
export function parseMaxParticipants(typed: string): number | null | undefined {
  const text = typed.trim();
  if (text === '') return null;
  if (!/^\d{1,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= MIN_ROOM_PARTICIPANTS && n <= MAX_ROOM_PARTICIPANTS ? n : undefined;
}

const MAX_RANGE = { min: MIN_ROOM_PARTICIPANTS, max: MAX_ROOM_PARTICIPANTS };

/** The checks made before saving, each at its field. */
export function checkRoomForm(state: RoomFormState): RoomFieldError[] {
  const errors: RoomFieldError[] = [];
  const name = state.name.trim();
  if (name === '') errors.push({ field: 'name', key: 'bbb.form.nameMissing' });
  else if (name.length > MAX_ROOM_NAME)
    errors.push({ field: 'name', key: 'bbb.form.nameTooLong', values: { max: MAX_ROOM_NAME } });
  if (parseMaxParticipants(state.maxParticipants) === undefined)
    errors.push({ field: 'maxParticipants', key: 'bbb.form.maxInvalid', values: MAX_RANGE });
  return errors;
}

function settingsOf(state: RoomFormState): RoomSettings {
  return {
    muteOnJoin: state.muteOnJoin,
    guestPolicy: state.guestPolicy,
    anyoneCanStart: state.anyoneCanStart,
    maxParticipants: parseMaxParticipants(state.maxParticipants) ?? null,
  };
}

const ids = (list: readonly { id: number }[]) => list.map((x) => x.id);
const moderatorIds = (state: RoomFormState) => state.people.filter((p) => p.moderator).map((p) => p.id);

/** POST /api/bbb's body (the form has been checked: checkRoomForm found nothing). */
export function toRoomInput(state: RoomFormState): RoomInput {
  return {
    name: state.name.trim(),
    userIds: ids(state.people),
    groupIds: ids(state.groups),
    moderatorIds: moderatorIds(state),
    settings: settingsOf(state),
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/**
 * PATCH /api/bbb/{id}'s body for /edit: only what changed against the stored room (lists replace the stored
 * ones, settings only the changed keys); an empty object when nothing did.
 */
export function toRoomPatch(stored: RoomFormState, state: RoomFormState): RoomPatch {
  const patch: RoomPatch = {};
  const name = state.name.trim();
  if (name !== stored.name.trim()) patch.name = name;
  if (!sameIds(ids(state.people), ids(stored.people))) patch.userIds = ids(state.people);
  if (!sameIds(ids(state.groups), ids(stored.groups))) patch.groupIds = ids(state.groups);
  if (!sameIds(moderatorIds(state), moderatorIds(stored))) patch.moderatorIds = moderatorIds(state);
  const before = settingsOf(stored);
  const after = settingsOf(state);
  const settings: Partial<RoomSettings> = {};
  for (const key of Object.keys(after) as (keyof RoomSettings)[]) {
    if (after[key] !== before[key]) Object.assign(settings, { [key]: after[key] });
  }
  if (Object.keys(settings).length > 0) patch.settings = settings;
  return patch;
}

/** The field a request's path names (`body.settings.maxParticipants`, `body.userIds.3`, …), or null. */
function fieldOfPath(path: string): RoomField | null {
  const parts = path.replace(/^body\./, '').split('.');
  if (parts[0] === 'name') return 'name';
  if (parts[0] === 'settings' && parts[1] === 'maxParticipants') return 'maxParticipants';
  if (parts[0] === 'userIds' || parts[0] === 'groupIds' || parts[0] === 'moderatorIds') return 'members';
  return null;
}

/**
 * Where a refused save is shown: a field the server named at that field (with the form's own message for it),
 * an unknown person or group at the members, everything else (no permission, offline, 5xx) above the buttons
 * with the server's translated message (`key` null).
 */
export function serverFieldError(error: unknown): ServerPlacement<RoomField> {
  return placeServerError(error, {
    byAnswer: (code) => (code === 'bbb.unknown_person' ? 'members' : null),
    byPath: fieldOfPath,
    ownKeys: { name: 'bbb.form.nameInvalid', maxParticipants: 'bbb.form.maxInvalid' },
  });
}

/** The range the limit message names. */
export const MAX_PARTICIPANTS_RANGE = MAX_RANGE;
