import {
  DEFAULT_CHAT_ROOM_CONFIG,
  MAX_CHAT_ROOM_NAME,
  type ChatPerson,
  type ChatRoomConfig,
  type ChatRoomInput,
} from '@aula/contracts';
import { placeServerError, type FieldIssue, type ServerPlacement } from '@/lib/form-issues';

export interface ChatGroup {
  id: number;
  name: string;
}

/** A person added one by one, with the moderator switch. */
export interface ChatFormPerson extends ChatPerson {
  moderator: boolean;
}

/** What create-room holds while it is filled in. */
export interface ChatRoomFormState {
  name: string;
  people: ChatFormPerson[];
  groups: ChatGroup[];
  config: ChatRoomConfig;
}

/** The parts of the form a message can belong to; `form` is the alert above the buttons. */
export type ChatRoomField = 'name' | 'members' | 'form';

export type ChatRoomFieldError = FieldIssue<ChatRoomField>;

export function emptyChatRoomForm(): ChatRoomFormState {
  return { name: '', people: [], groups: [], config: { ...DEFAULT_CHAT_ROOM_CONFIG } };
}

/** The room name's own check (create-room and rename in edit-room). */
export function checkRoomName(typed: string): ChatRoomFieldError | null {
  const name = typed.trim();
  if (name === '') return { field: 'name', key: 'chat.rooms.form.nameMissing' };
  if (name.length > MAX_CHAT_ROOM_NAME)
    return { field: 'name', key: 'chat.rooms.form.nameTooLong', values: { max: MAX_CHAT_ROOM_NAME } };
  return null;
}

/** The checks made before creating, each at its field: a name, and someone to talk with. */
export function checkChatRoomForm(state: ChatRoomFormState): ChatRoomFieldError[] {
  const errors: ChatRoomFieldError[] = [];
  const name = checkRoomName(state.name);
  if (name) errors.push(name);
  if (state.people.length === 0 && state.groups.length === 0)
    errors.push({ field: 'members', key: 'chat.rooms.form.membersMissing' });
  return errors;
}

/** POST /api/matrix/room's body (checkChatRoomForm found nothing). */
export function toChatRoomInput(state: ChatRoomFormState): ChatRoomInput {
  return {
    name: state.name.trim(),
    userIds: state.people.map((p) => p.id),
    groupIds: state.groups.map((g) => g.id),
    moderatorIds: state.people.filter((p) => p.moderator).map((p) => p.id),
    config: state.config,
  };
}

/** The server names a field as `body.name`, `body.userIds.3`. */
function fieldOfPath(path: string): ChatRoomField | null {
  const first = path.replace(/^body\./, '').split('.')[0];
  if (first === 'name') return 'name';
  if (first === 'userIds' || first === 'groupIds' || first === 'moderatorIds') return 'members';
  return null;
}

/**
 * Where the server's refusal belongs: a person or group out of reach at the members, a bad name at the name,
 * anything else (no network, not allowed) above the buttons. `key` replaces the server's text when the field's
 * own message says it better.
 */
export function serverFieldError(error: unknown): ServerPlacement<ChatRoomField> {
  return placeServerError(error, {
    byAnswer: (code) => (code === 'chat.unknown_person' ? 'members' : null),
    byPath: fieldOfPath,
    ownKeys: { name: 'chat.rooms.form.nameInvalid' },
  });
}
