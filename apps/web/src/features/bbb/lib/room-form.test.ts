import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROOM_SETTINGS,
  MAX_ROOM_NAME,
  RoomInputSchema,
  RoomPatchSchema,
  type RoomDetails,
} from '@aula/contracts';
import { ApiError } from '@/lib/api-client';
import {
  checkRoomForm,
  emptyRoomForm,
  formOfRoom,
  parseMaxParticipants,
  serverFieldError,
  toRoomInput,
  toRoomPatch,
  type RoomFormState,
} from './room-form';

const sara = { id: 5, name: 'Sara Schmidt', type: 'S' };
const ali = { id: 6, name: 'Ali Yilmaz', type: 'S' };
const class5a = { id: 1, name: '5a' };

const stored: RoomDetails = {
  id: 9,
  name: 'Mathe 5a',
  code: 'abc-234-xyz',
  owner: { id: 3, name: 'Tina Lehmann', type: 'L' },
  settings: { muteOnJoin: true, guestPolicy: 'none', anyoneCanStart: false, maxParticipants: null },
  groups: [class5a],
  memberCount: 4,
  isOwner: true,
  isModerator: true,
  canEdit: true,
  createdAt: '2026-11-20T08:00:00.000Z',
  members: [{ ...sara, moderator: false }],
  running: null,
  participantCount: null,
};

const filled = (over: Partial<RoomFormState> = {}): RoomFormState => ({
  ...emptyRoomForm(),
  name: ' Mathe 5a ',
  people: [
    { ...sara, moderator: true },
    { ...ali, moderator: false },
  ],
  groups: [class5a],
  ...over,
});

describe('the room form (create-room, /new, /edit)', () => {
  it('starts with the contract’s default settings and no limit', () => {
    const form = emptyRoomForm();
    expect({
      muteOnJoin: form.muteOnJoin,
      guestPolicy: form.guestPolicy,
      anyoneCanStart: form.anyoneCanStart,
      maxParticipants: parseMaxParticipants(form.maxParticipants),
    }).toEqual(DEFAULT_ROOM_SETTINGS);
  });

  it('a room needs a name, at most MAX_ROOM_NAME long', () => {
    expect(checkRoomForm(filled({ name: '   ' }))).toEqual([{ field: 'name', key: 'bbb.form.nameMissing' }]);
    expect(checkRoomForm(filled({ name: 'x'.repeat(MAX_ROOM_NAME + 1) }))).toEqual([
      { field: 'name', key: 'bbb.form.nameTooLong', values: { max: MAX_ROOM_NAME } },
    ]);
    expect(checkRoomForm(filled({ name: 'x'.repeat(MAX_ROOM_NAME) }))).toEqual([]);
  });

  it('the limit is empty (none) or a whole number from 2 to 500', () => {
    expect(parseMaxParticipants('')).toBeNull();
    expect(parseMaxParticipants(' 30 ')).toBe(30);
    for (const bad of ['1', '501', '2.5', '-3', 'zehn', '1e3'])
      expect(parseMaxParticipants(bad), bad).toBeUndefined();
    expect(checkRoomForm(filled({ maxParticipants: '1' }))).toEqual([
      { field: 'maxParticipants', key: 'bbb.form.maxInvalid', values: { min: 2, max: 500 } },
    ]);
  });

  it('becomes POST /api/bbb’s body: names trimmed, moderators among the people', () => {
    const input = toRoomInput(filled({ maxParticipants: '30', guestPolicy: 'approval' }));
    expect(input).toEqual({
      name: 'Mathe 5a',
      userIds: [5, 6],
      groupIds: [1],
      moderatorIds: [5],
      settings: { muteOnJoin: true, guestPolicy: 'approval', anyoneCanStart: false, maxParticipants: 30 },
    });
    expect(RoomInputSchema.safeParse(input).success).toBe(true);
  });

  it('on /edit, the stored room is the form, and an untouched form patches nothing', () => {
    const form = formOfRoom(stored);
    expect(form).toEqual({
      name: 'Mathe 5a',
      people: [{ ...sara, moderator: false }],
      groups: [class5a],
      muteOnJoin: true,
      guestPolicy: 'none',
      anyoneCanStart: false,
      maxParticipants: '',
    });
    expect(toRoomPatch(form, { ...form, name: ' Mathe 5a ' })).toEqual({});
    // the same people in another order are the same members
    const two = { ...form, people: [{ ...ali, moderator: false }, ...form.people] };
    expect(toRoomPatch(two, { ...two, people: [...two.people].reverse() })).toEqual({});
  });

  it('on /edit, only what changed is sent: a promoted pupil, a limit, guests', () => {
    const before = formOfRoom(stored);
    const after: RoomFormState = {
      ...before,
      people: [{ ...sara, moderator: true }],
      maxParticipants: '25',
      guestPolicy: 'always',
    };
    const patch = toRoomPatch(before, after);
    expect(patch).toEqual({ moderatorIds: [5], settings: { maxParticipants: 25, guestPolicy: 'always' } });
    expect(RoomPatchSchema.safeParse(patch).success).toBe(true);
    // taking the limit away sends null, removing the class sends the empty list
    expect(toRoomPatch({ ...before, maxParticipants: '25' }, { ...before, groups: [] })).toEqual({
      groupIds: [],
      settings: { maxParticipants: null },
    });
    expect(toRoomPatch(before, { ...before, name: 'Mathe 5a (neu)', people: [] })).toEqual({
      name: 'Mathe 5a (neu)',
      userIds: [],
    });
  });
});

describe('a refused save is shown at its field', () => {
  const refusal = (body: unknown, status = 400) => new ApiError('/api/bbb', status, 'Bad Request', body);

  it('the server’s issues name the field', () => {
    const issue = (path: string) =>
      refusal({ code: 'common.validation', message: 'x', issues: [{ path, code: 'too_big', message: 'x' }] });
    expect(serverFieldError(issue('body.name'))).toEqual({ field: 'name', key: 'bbb.form.nameInvalid' });
    expect(serverFieldError(issue('body.settings.maxParticipants'))).toEqual({
      field: 'maxParticipants',
      key: 'bbb.form.maxInvalid',
    });
    expect(serverFieldError(issue('body.userIds.3'))).toEqual({ field: 'members', key: null });
    expect(serverFieldError(issue('body.settings.guestPolicy'))).toEqual({ field: 'form', key: null });
  });

  it('an unknown person at the members, no permission and trouble above the buttons', () => {
    expect(serverFieldError(refusal({ code: 'bbb.unknown_person', message: 'x' }))).toEqual({
      field: 'members',
      key: null,
    });
    expect(serverFieldError(refusal({ code: 'bbb.create_not_allowed', message: 'x' }, 403))).toEqual({
      field: 'form',
      key: null,
    });
    expect(serverFieldError(new TypeError('Failed to fetch'))).toEqual({ field: 'form', key: null });
  });
});
