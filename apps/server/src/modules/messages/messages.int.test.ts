import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminMessages, auditLog, groups } from '../../db/schema.ts';
import { makeSchool } from '../../test/factories.ts';
import type { z } from 'zod';
import { AdminMessageDetailSchema, AdminMessageListSchema, AdminMessagePageSchema } from '@aula/contracts';
import {
  call,
  callAs,
  callError,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  type CallOptions,
} from '../../test/test-app.ts';

const t = setUpTestApp({ now: '2026-11-24T08:00:00Z' });
const cookies = new Map<string, string>();
const group = new Map<string, number>();
let foreignMessageId = 0;

beforeAll(async () => {
  const schoolId = await demoSchoolId(t);
  for (const row of await t.database.db.select().from(groups).where(eq(groups.schoolId, schoolId)))
    group.set(row.name, row.id);
  const other = await makeSchool(t, { slug: 'other', name: 'Andere', host: 'other.test' });
  const [row] = await t.database.db
    .insert(adminMessages)
    .values({ schoolId: other.id, title: { de: 'Fremd' }, body: { de: 'Geheim' } })
    .returning({ id: adminMessages.id });
  foreignMessageId = row!.id;
  for (const name of ['student', 'student3', 'teacher', 'admin'])
    cookies.set(name, await loginAs(t.base, name));
});

const as = (actor: string, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: cookies.get(actor), ...opts });
/** a 2xx answer of the actor's, checked against the contract's schema */
const asA = <S extends z.ZodType>(schema: S, actor: string, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie: cookies.get(actor), ...opts });
const titles = (body: { title: Record<string, string> }[]) => body.map((m) => m.title.de);
const postOpts = (body: Record<string, unknown>, actor: string) => ({
  cookie: cookies.get(actor),
  body: { type: 'normal', title: {}, body: {}, ...body },
});
const post = (body: Record<string, unknown>, actor = 'admin') =>
  call(t.base, '/api/messages/admin', postOpts(body, actor));
/** a message that is stored, answered with the contract's body */
const postAs = (body: Record<string, unknown>, actor = 'admin') =>
  callAs(AdminMessageDetailSchema, t.base, '/api/messages/admin', postOpts(body, actor));
/** a message that is refused */
const postRefused = (body: Record<string, unknown>, actor = 'admin') =>
  callError(t.base, '/api/messages/admin', postOpts(body, actor));
const ids = (body: { id: number }[]) => body.map((m) => m.id);

/** A message of the test's own, to 5a: no test reads what another one wrote (issue 18). */
async function messageTo5a(title: string): Promise<number> {
  const res = await postAs({ type: 'warning', title: { de: title }, groupIds: [group.get('5a')] });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('admin messages (spec 3.6, 7.3)', () => {
  it('students and teachers may not post, list all, change or delete (403)', async () => {
    for (const actor of ['student', 'teacher']) {
      expect((await post({ title: { de: 'X' } }, actor)).status).toBe(403);
      expect((await as(actor, '/api/messages/admin/all')).status).toBe(403);
      expect((await as(actor, '/api/messages/admin/1', { method: 'PUT', body: {} })).status).toBe(403);
      expect((await as(actor, '/api/messages/admin/1', { method: 'DELETE' })).status).toBe(403);
    }
    expect((await call(t.base, '/api/messages/admin')).status).toBe(401);
  });

  it('a message to 5a reaches its members, not 6b; a message without groups reaches everyone', async () => {
    const toClass = await postAs({
      type: 'warning',
      title: { de: 'Wandertag', ar: 'رحلة' },
      body: { de: 'Morgen Wandertag. Bitte feste Schuhe.' },
      groupIds: [group.get('5a')],
    });
    expect(toClass.status).toBe(201);
    expect(toClass.body).toMatchObject({ type: 'warning', groups: [{ name: '5a' }], seenCount: 0 });
    const toAll = await postAs({ title: { de: 'Für alle' } });
    expect(toAll.status).toBe(201);

    const forPupilOf5a = (await asA(AdminMessageListSchema, 'student', '/api/messages/admin')).body;
    // the newer one first
    expect(ids(forPupilOf5a).indexOf(toAll.body.id)).toBeGreaterThanOrEqual(0);
    expect(ids(forPupilOf5a).indexOf(toAll.body.id)).toBeLessThan(ids(forPupilOf5a).indexOf(toClass.body.id));
    const forPupilOf6b = ids((await asA(AdminMessageListSchema, 'student3', '/api/messages/admin')).body);
    expect(forPupilOf6b).toContain(toAll.body.id);
    expect(forPupilOf6b).not.toContain(toClass.body.id);
    // every language the school wrote travels; the page picks the reader's
    const wandertag = forPupilOf5a.find((m) => m.id === toClass.body.id);
    expect(wandertag?.title).toEqual({ de: 'Wandertag', ar: 'رحلة' });
  });

  it('seen hides a message for that user only; marking twice is fine', async () => {
    const id = await messageTo5a('Sportfest');
    const seen = await as('student', `/api/messages/admin/${id}/seen`, { method: 'POST' });
    expect(seen.status).toBe(200);
    expect((await as('student', `/api/messages/admin/${id}/seen`, { method: 'POST' })).status).toBe(200);
    expect(ids((await asA(AdminMessageListSchema, 'student', '/api/messages/admin')).body)).not.toContain(id);
    expect(ids((await asA(AdminMessageListSchema, 'teacher', '/api/messages/admin')).body)).toContain(id);
    const all = await asA(AdminMessagePageSchema, 'admin', '/api/messages/admin/all?perPage=100');
    expect(all.body.items.find((m) => m.id === id)?.seenCount).toBe(1);
  });

  it('a message of another group or another school cannot be marked seen (404)', async () => {
    const id = await messageTo5a('Nur für 5a');
    expect((await as('student3', `/api/messages/admin/${id}/seen`, { method: 'POST' })).status).toBe(404);
    expect(
      (await as('student', `/api/messages/admin/${foreignMessageId}/seen`, { method: 'POST' })).status,
    ).toBe(404);
    expect((await as('admin', `/api/messages/admin/${foreignMessageId}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    const all = await asA(AdminMessagePageSchema, 'admin', '/api/messages/admin/all?perPage=100');
    expect(titles(all.body.items)).not.toContain('Fremd');
  });

  it('start and end follow the clock', async () => {
    const res = await post({
      title: { de: 'Elternabend' },
      // the same instant written in two time zones; within the access token's 15 minutes
      startsAt: '2026-11-24T09:05:00+01:00',
      endsAt: '2026-11-24T08:10:00Z',
    });
    expect(res.status).toBe(201);
    expect(titles((await asA(AdminMessageListSchema, 'student3', '/api/messages/admin')).body)).not.toContain(
      'Elternabend',
    );
    t.clock.set('2026-11-24T08:05:00Z');
    expect(titles((await asA(AdminMessageListSchema, 'student3', '/api/messages/admin')).body)).toContain(
      'Elternabend',
    );
    t.clock.set('2026-11-24T08:10:00Z');
    expect(titles((await asA(AdminMessageListSchema, 'student3', '/api/messages/admin')).body)).not.toContain(
      'Elternabend',
    );
    t.clock.set('2026-11-24T08:00:00Z');
  });

  it('bad input gets a clear error and changes nothing', async () => {
    const before = (await asA(AdminMessagePageSchema, 'admin', '/api/messages/admin/all')).body.total;
    const noGerman = await postRefused({ title: { en: 'Only English' } });
    expect(noGerman.status).toBe(422);
    expect(noGerman.body.code).toBe('messages.text_required');
    const backwards = await postRefused({
      title: { de: 'Rückwärts' },
      startsAt: '2026-11-25T08:00:00Z',
      endsAt: '2026-11-25T07:00:00Z',
    });
    expect(backwards.body.code).toBe('messages.end_before_start');
    const unknownGroup = await post({ title: { de: 'X' }, groupIds: [999_999] });
    expect(unknownGroup.status).toBe(422);
    const badType = await post({ type: 'shouting', title: { de: 'X' } });
    expect(badType.status).toBe(400);
    const tooLong = await post({ title: { de: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
    const klingon = await post({ title: { de: 'X', tlh: 'Qapla' } });
    expect(klingon.status).toBe(400);
    expect((await asA(AdminMessagePageSchema, 'admin', '/api/messages/admin/all')).body.total).toBe(before);
  });

  it('an admin edits and deletes a message; each write is audited without its text', async () => {
    const created = await postAs({ title: { de: 'Alt' } });
    const edited = await asA(AdminMessageDetailSchema, 'admin', `/api/messages/admin/${created.body.id}`, {
      method: 'PUT',
      body: { type: 'attention', title: { de: 'Neu' }, body: {}, groupIds: [group.get('6b')] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ type: 'attention', title: { de: 'Neu' }, groups: [{ name: '6b' }] });
    const one = await asA(AdminMessageDetailSchema, 'admin', `/api/messages/admin/${created.body.id}`);
    expect(one.body).toEqual(edited.body);
    expect((await as('teacher', `/api/messages/admin/${created.body.id}`)).status).toBe(403);
    expect((await as('admin', `/api/messages/admin/${created.body.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await as('admin', `/api/messages/admin/${created.body.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    const entries = await t.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .orderBy(auditLog.id);
    const actions = entries.map((e) => e.action).filter((a) => a.startsWith('message.'));
    expect(actions.slice(-3)).toEqual(['message.create', 'message.update', 'message.delete']);
    expect(JSON.stringify(entries)).not.toContain('Wandertag');
  });
});
