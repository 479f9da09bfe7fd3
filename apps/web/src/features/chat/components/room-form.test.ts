import { describe, expect, it } from 'vitest';
import { ChatRoomInputSchema, MAX_CHAT_ROOM_NAME } from '@aula/contracts';
import { ApiError } from '@/lib/api-client';
import {
  checkChatRoomForm,
  checkRoomName,
  emptyChatRoomForm,
  serverFieldError,
  toChatRoomInput,
  type ChatRoomFormState,
} from './room-form';

const sara = { id: 5, name: 'Sara Schmidt', type: 'S', moderator: false };
const tom = { id: 7, name: 'Tom Berg', type: 'L', moderator: true };
const class5a = { id: 1, name: '5a' };

describe('create-room form', () => {
  it('asks for a name and someone to talk with, each at its field', () => {
    expect(checkChatRoomForm(emptyChatRoomForm()).map((e) => [e.field, e.key])).toEqual([
      ['name', 'chat.rooms.form.nameMissing'],
      ['members', 'chat.rooms.form.membersMissing'],
    ]);
    expect(checkRoomName('   ')?.key).toBe('chat.rooms.form.nameMissing');
    expect(checkRoomName('x'.repeat(MAX_CHAT_ROOM_NAME + 1))).toEqual({
      field: 'name',
      key: 'chat.rooms.form.nameTooLong',
      values: { max: MAX_CHAT_ROOM_NAME },
    });
  });

  it('a group alone or a person alone is enough company', () => {
    expect(checkChatRoomForm({ ...emptyChatRoomForm(), name: 'Klasse 5a', groups: [class5a] })).toEqual([]);
    expect(checkChatRoomForm({ ...emptyChatRoomForm(), name: 'Klasse 5a', people: [sara] })).toEqual([]);
  });

  it('sends the trimmed name, people, groups, moderators among the people and the config', () => {
    const state: ChatRoomFormState = {
      name: '  Mathe 5a ',
      people: [sara, tom],
      groups: [class5a],
      config: { announcements: true, uploads: false },
    };
    const input = toChatRoomInput(state);
    expect(input).toEqual({
      name: 'Mathe 5a',
      userIds: [5, 7],
      groupIds: [1],
      moderatorIds: [7],
      config: { announcements: true, uploads: false },
    });
    expect(ChatRoomInputSchema.safeParse(input).success).toBe(true);
  });

  it("puts the server's refusal at its field", () => {
    const refusal = (body: unknown) => new ApiError('/api/matrix/room', 422, 'x', body);
    expect(serverFieldError(refusal({ code: 'chat.unknown_person', message: 'm', params: {} }))).toEqual({
      field: 'members',
      key: null,
    });
    expect(
      serverFieldError(
        refusal({
          code: 'common.validation',
          message: 'm',
          params: {},
          issues: [{ path: 'body.name', message: 'too long', code: 'too_big' }],
        }),
      ),
    ).toEqual({ field: 'name', key: 'chat.rooms.form.nameInvalid' });
    expect(
      serverFieldError(
        refusal({
          code: 'common.validation',
          message: 'm',
          issues: [{ path: 'body.moderatorIds.0', message: 'x', code: 'custom' }],
        }),
      ),
    ).toEqual({ field: 'members', key: null });
    expect(serverFieldError(refusal({ code: 'chat.create_not_allowed', message: 'm', params: {} }))).toEqual({
      field: 'form',
      key: null,
    });
    expect(serverFieldError(new TypeError('Failed to fetch'))).toEqual({ field: 'form', key: null });
  });
});
