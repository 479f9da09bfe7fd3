import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { ChatPeopleSchema, RoomPeopleSchema } from '@aula/contracts';
import { answerAs, call, errorOf, loginAs, setUpTestApp, type CallOptions } from '../../test/test-app.ts';

// The one people-in-reach query (people-reach.repo.ts) behind the video rooms' and the chat's pickers, over
// real HTTP on the real database: the same search for both, and the one difference the two callers keep,
// that the chat leaves out people who left the school (deactivated) and the video rooms do not.

const t = setUpTestApp({ now: '2026-11-24T08:00:00Z' });
const cookies = new Map<string, string>();

beforeAll(async () => {
  for (const name of ['teacher', 'student']) cookies.set(name, await loginAs(t.base, name));
});

const as = (actor: string, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: cookies.get(actor), ...opts });

const idsOf = (res: { body: { people: { id: number }[] } }) => res.body.people.map((p) => p.id);

describe('people in reach: one query for the video rooms and the chat', () => {
  it('a name search finds the same pupil of the teacher’s group in both pickers, by first, last or full name', async () => {
    const pupil = await makeUser(t, { groups: ['5a'], firstName: 'Reachina', lastName: 'Quast' });
    for (const q of ['reachina', 'QUAST', 'Reachina Quast']) {
      const chat = answerAs(
        ChatPeopleSchema,
        await as('teacher', `/api/matrix/people?for=room&q=${encodeURIComponent(q)}`),
      );
      expect(chat.status, chat.text).toBe(200);
      expect(idsOf(chat), q).toEqual([pupil.id]);
      const bbb = answerAs(
        RoomPeopleSchema,
        await as('teacher', `/api/bbb/people?q=${encodeURIComponent(q)}`),
      );
      expect(bbb.status, bbb.text).toBe(200);
      expect(idsOf(bbb), q).toEqual([pupil.id]);
    }
    // a LIKE wildcard is taken as typed, not as "anything"
    expect(
      idsOf(answerAs(ChatPeopleSchema, await as('teacher', '/api/matrix/people?for=room&q=%25'))),
    ).toEqual([]);
    expect(idsOf(answerAs(RoomPeopleSchema, await as('teacher', '/api/bbb/people?q=%25')))).toEqual([]);
  });

  it('a deactivated pupil is gone from the chat’s pickers and private chats, still found by the video rooms', async () => {
    const gone = await makeUser(t, {
      groups: ['5a'],
      firstName: 'Verena',
      lastName: 'Weggezogen',
      deactivatedAt: new Date('2026-11-20T00:00:00Z'),
    });
    expect(
      idsOf(answerAs(ChatPeopleSchema, await as('teacher', '/api/matrix/people?for=room&q=Weggezogen'))),
    ).toEqual([]);
    expect(
      idsOf(answerAs(ChatPeopleSchema, await as('student', '/api/matrix/people?for=private&q=Weggezogen'))),
    ).toEqual([]);
    const start = errorOf(await as('teacher', '/api/matrix/privateroom', { body: { userId: gone.id } }));
    expect(start.status, start.text).toBe(403);
    expect(start.body.code).toBe('chat.private_not_allowed');
    const add = errorOf(
      await as('teacher', '/api/matrix/room', { body: { name: 'Abschied', userIds: [gone.id] } }),
    );
    expect(add.status, add.text).toBe(422);
    expect(add.body.code).toBe('chat.unknown_person');
    expect(idsOf(answerAs(RoomPeopleSchema, await as('teacher', '/api/bbb/people?q=Weggezogen')))).toEqual([
      gone.id,
    ]);
  });
});
