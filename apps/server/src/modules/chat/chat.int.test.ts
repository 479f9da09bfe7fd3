import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, setUpTestApp } from '../../test/test-app.ts';

const t = setUpTestApp({ now: '2026-11-24T08:00:00Z' });
const cookies = new Map<string, string>();
beforeAll(async () => {
  for (const name of ['student', 'student2', 'student3', 'teacher', 'teacher2', 'admin'])
    cookies.set(name, await loginAs(t.base, name));
});
const as = (actor: string, path: string, opts: Parameters<typeof call>[2] = {}) =>
  call(t.base, path, { cookie: cookies.get(actor), ...opts });

describe('smoke', () => {
  it('works', async () => {
    const room = await as('teacher', '/api/matrix/room', { body: { name: 'R1', groupIds: [] } });
    expect(room.status, room.text).toBe(201);
    const sent = await as('teacher', `/api/matrix/${room.body.id}/messages`, {
      body: { body: 'Hallo', clientId: 'abcdefgh1' },
    });
    expect(sent.status, sent.text).toBe(201);
    const again = await as('teacher', `/api/matrix/${room.body.id}/messages`, {
      body: { body: 'Hallo', clientId: 'abcdefgh1' },
    });
    expect(again.status, again.text).toBe(200);
    const list = await as('teacher', '/api/matrix/rooms');
    expect(list.status, list.text).toBe(200);
    console.log(JSON.stringify(list.body, null, 1).slice(0, 1500));
    const page = await as('teacher', `/api/matrix/${room.body.id}/messages`);
    expect(page.status, page.text).toBe(200);
    const det = await as('teacher', `/api/matrix/${room.body.id}`);
    expect(det.status, det.text).toBe(200);
    const pupil = await as('student', `/api/matrix/${room.body.id}`);
    expect(pupil.status, pupil.text).toBe(403);
  });
});
