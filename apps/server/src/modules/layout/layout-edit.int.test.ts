// Edit mode on the server (decision 023): saving and resetting layouts, the unused list, group previews,
// locked tiles, the new flag, and the version that answers 304 when nothing changed. The tests that change
// a layout do it to users and tiles of their own (factories), and put the school's logged-in layout back
// when they finish, so each stands alone in any order (issue 18).
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { apps, groups } from '../../db/schema.ts';
import { makeTile, makeUser, uniqueName, type UserOptions } from '../../test/factories.ts';
import { LayoutResponseSchema, SaveAppResponseSchema, type Tile } from '@aula/contracts';
import { call, callAs, callError, loginAs, setUpTestApp } from '../../test/test-app.ts';

const cookies: Record<string, string> = {};
const groupIds: Record<string, number> = {};

const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'student2', 'student3', 'teacher', 'teacher2', 'admin'])
    cookies[name] = await loginAs(t.base, name);
  for (const g of await t.database.db.select({ id: groups.id, name: groups.name }).from(groups))
    groupIds[g.name] = g.id;
});

const titles = (list: Tile[]) => list.map((b) => b.title);

async function idOf(title: string): Promise<number> {
  const [row] = await t.database.db.select({ id: apps.id }).from(apps).where(eq(apps.title, title));
  if (!row) throw new Error(`no tile ${title}`);
  return row.id;
}

const layoutOpts = (as: string | undefined, headers: Record<string, string>) => ({
  cookie: as ? cookies[as] : undefined,
  headers,
});

function layout(as: string | undefined, query = '', headers: Record<string, string> = {}) {
  return call(t.base, `/api/layout${query}`, layoutOpts(as, headers));
}

/** the layout, answered 200 with the contract's body */
function layoutOf(as: string | undefined, query = '', headers: Record<string, string> = {}) {
  return callAs(LayoutResponseSchema, t.base, `/api/layout${query}`, layoutOpts(as, headers));
}

type LayoutKind = 'personal' | 'logged-in' | 'logged-out';
const saveOpts = (as: string, ids: number[], type: LayoutKind) => ({
  cookie: cookies[as],
  body: { layout: ids, private: type === 'personal', signedOut: type === 'logged-out' },
});

function save(as: string, ids: number[], type: LayoutKind) {
  return call(t.base, '/api/layout', saveOpts(as, ids, type));
}

/** a save that is stored, answered with the layout */
function saveAs(as: string, ids: number[], type: LayoutKind) {
  return callAs(LayoutResponseSchema, t.base, '/api/layout', saveOpts(as, ids, type));
}

/** a save that is refused */
function saveRefused(as: string, ids: number[], type: LayoutKind) {
  return callError(t.base, '/api/layout', saveOpts(as, ids, type));
}

/** A user of the test's own, signed in: their name is the key of their cookie. */
async function userOf(options: UserOptions = {}): Promise<string> {
  const user = await makeUser(t, options);
  cookies[user.username] = await user.login();
  return user.username;
}

/** The logged-in layout's tiles as an admin edits them. */
async function loggedInIds(): Promise<number[]> {
  return (await layoutOf('admin', '?layoutType=logged-in')).body.layout.map((b) => b.id);
}

/**
 * The school's logged-in layout, shared by every test, goes back to the tiles and order it has now when
 * the test finishes; a save keeps the times its tiles were added, so no tile turns new.
 */
async function restoreLoggedInLayoutAfterTest(): Promise<void> {
  const ids = await loggedInIds();
  onTestFinished(async () => {
    const res = await save('admin', ids, 'logged-in');
    if (res.status !== 200)
      throw new Error(`restoring the logged-in layout failed: ${res.status} ${res.text}`);
  });
}

/** A user's first personal save: the layout they see with a private tile of their own added last. */
async function personalLayoutWithOwnTile(
  who: string,
): Promise<{ saved: Awaited<ReturnType<typeof saveAs>>; title: string }> {
  const shown = (await layoutOf(who)).body.layout;
  const title = uniqueName('Eigene Seite ');
  const own = await newTile(who, { title });
  const saved = await saveAs(who, [...shown.map((b) => b.id), own], 'personal');
  return { saved, title };
}

async function newTile(as: string, fields: Record<string, string>): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ color: 'sky-500', url: 'https://example.org/', ...fields }))
    form.append(name, value);
  const res = await callAs(SaveAppResponseSchema, t.base, '/api/apps', { cookie: cookies[as], form });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.bubble.id;
}

describe('who may save which layout', () => {
  it('a student cannot change the logged-in or logged-out layout (403), a teacher neither', async () => {
    const ids = [await idOf('Klassenbuch')];
    for (const who of ['student', 'teacher']) {
      const loggedIn = await save(who, ids, 'logged-in');
      expect(loggedIn.status, who).toBe(403);
      const loggedOut = await save(who, ids, 'logged-out');
      expect(loggedOut.status, who).toBe(403);
    }
    const still = await layoutOf('admin', '?layoutType=logged-in');
    expect(titles(still.body.layout)).toContain('Lehrerzimmer');
  });

  it('a visitor cannot save (401), and may not ask for edit-mode lists', async () => {
    const res = await call(t.base, '/api/layout', { body: { layout: [], private: true, signedOut: false } });
    expect(res.status).toBe(401);
    expect((await layout(undefined, '?unused=true')).status).toBe(401);
    expect((await layout(undefined, '?layoutType=personal')).status).toBe(401);
    expect((await layout(undefined, `?groups=${groupIds['5a']}`)).status).toBe(401);
    expect((await layout(undefined, '?layoutType=logged-out')).status).toBe(200);
  });

  it('every tile must be one the caller may place on that layout (400 layout.unknown_tile)', async () => {
    const mail = await idOf('E-Mail');
    const notes = await idOf('Meine Notizen'); // the teacher's private tile
    const art = await idOf('Kunst 6b'); // for 6b
    for (const [who, ids, type] of [
      ['student', [mail, 2_000_000_000], 'personal'],
      ['student', [mail, notes], 'personal'],
      ['student', [mail, art], 'personal'],
      ['admin', [notes], 'logged-in'],
      ['admin', [art], 'logged-out'],
    ] as const) {
      const res = await saveRefused(who, [...ids], type);
      expect(res.status, `${who} ${type} ${ids}`).toBe(400);
      expect(res.body.code).toBe('layout.unknown_tile');
    }
    const twice = await save('student', [mail, mail], 'personal');
    expect(twice.status).toBe(400);
  });

  it('a personal save that drops a locked tile of the logged-in layout is 422 layout.locked_missing', async () => {
    const res = await saveRefused('student', [await idOf('Klassenbuch')], 'personal');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'layout.locked_missing', params: { id: await idOf('E-Mail') } });
  });
});

describe('the unused list (spec 5)', () => {
  it("a student's list: tiles for everyone and their groups, and their own private ones, not yet placed", async () => {
    const res = await layoutOf('student', '?unused=true');
    expect(res.body.layoutType).toBe('logged-in');
    const unused = titles(res.body.unused);
    expect(unused).toEqual(
      expect.arrayContaining(['Physik 5a', 'Vokabeltrainer', 'Mensa-Anmeldung', 'Speiseplan']),
    );
    for (const hidden of ['Kunst 6b', 'Meine Notizen', 'Lehrerzimmer', ...titles(res.body.layout)])
      expect(unused).not.toContain(hidden);
  });

  it("an admin's list for the school's layouts holds only what those layouts may hold", async () => {
    const loggedOut = await layoutOf('admin', '?layoutType=logged-out&unused=true');
    expect(loggedOut.body.layoutType).toBe('logged-out');
    const out = titles(loggedOut.body.unused);
    expect(out).toEqual(expect.arrayContaining(['Mensa-Anmeldung', 'Klassenbuch']));
    expect(out).not.toContain('Physik 5a');
    expect(out).not.toContain('Schulwebsite'); // already on it
    const loggedIn = await layoutOf('admin', '?layoutType=logged-in&unused=true');
    expect(titles(loggedIn.body.unused)).toEqual(expect.arrayContaining(['Physik 5a', 'Mensa-Anmeldung']));
    expect(titles(loggedIn.body.unused)).not.toContain('Vokabeltrainer');
    // the admin edits the whole logged-in layout, including tiles of classes they are not in
    expect(titles(loggedIn.body.layout)).toEqual(expect.arrayContaining(['Mathe 5a', 'Kunst 6b']));
  });

  it("a teacher may not ask for the school layouts' lists (403)", async () => {
    expect((await layout('teacher', '?layoutType=logged-in&unused=true')).status).toBe(403);
  });
});

describe('group preview', () => {
  it('a teacher previews their own group: its tiles, no private ones', async () => {
    const res = await layoutOf('teacher', `?layoutType=logged-in&groups=${groupIds['5a']}`);
    expect(res.status).toBe(200);
    const shown = titles(res.body.layout);
    expect(shown).toContain('Mathe 5a');
    expect(shown).not.toContain('Kunst 6b');
    expect(shown).not.toContain('Lehrerzimmer'); // the teacher is staff, the preview is not
    expect(shown).not.toContain('Meine Notizen');
    expect(res.body.unused).toEqual([]);
  });

  it('a teacher cannot preview another group, a student no group; an admin any group', async () => {
    expect((await layout('teacher', `?groups=${groupIds['6b']}`)).status).toBe(403);
    expect((await layout('student', `?groups=${groupIds['5a']}`)).status).toBe(403);
    const admin = await layoutOf('admin', `?groups=${groupIds['6b']}`);
    expect(admin.status).toBe(200);
    expect(titles(admin.body.layout)).toContain('Kunst 6b');
    expect(titles(admin.body.layout)).not.toContain('Mathe 5a');
  });
});

describe('locked tiles', () => {
  it('a locked tile the admin adds to the logged-in layout is appended to personal layouts that lack it', async () => {
    // a teacher of the test's own, with a personal layout
    const who = await userOf({ role: 'teacher', groups: ['5a', 'Kollegium'] });
    const own = await Promise.all(['Klassenbuch', 'Mathe 5a', 'Lehrerzimmer', 'E-Mail'].map(idOf));
    expect((await save(who, own, 'personal')).status).toBe(200);

    await restoreLoggedInLayoutAfterTest();
    const notice = await newTile('admin', { title: 'Notfallplan', wantedPerms: 'everyone', locked: 'true' });
    const loggedIn = await loggedInIds();
    expect((await save('admin', [...loggedIn, notice], 'logged-in')).status).toBe(200);

    const teacher = await layoutOf(who);
    expect(teacher.body.layoutType).toBe('personal');
    expect(titles(teacher.body.layout)).toEqual([
      'Klassenbuch',
      'Mathe 5a',
      'Lehrerzimmer',
      'E-Mail',
      'Notfallplan',
    ]);
    expect(teacher.body.layout.at(-1)).toMatchObject({ locked: true, new: true });

    const without = teacher.body.layout.filter((b) => b.title !== 'Notfallplan').map((b) => b.id);
    const refused = await saveRefused(who, without, 'personal');
    expect(refused.status).toBe(422);
    const kept = await saveAs(who, teacher.body.layout.map((b) => b.id).reverse(), 'personal');
    expect(kept.status).toBe(200);
    expect(kept.body.layoutType).toBe('personal');
    expect(titles(kept.body.layout)[0]).toBe('Notfallplan');
  });
});

describe('the new flag', () => {
  it('is set for other users after an admin adds a tile to the logged-in layout, and cleared only for whoever opens it', async () => {
    const [student, student2] = [await userOf(), await userOf()];
    const before = await layoutOf(student);
    expect(before.body.layout.filter((b) => b.new && b.title !== 'Notfallplan')).toEqual([]);
    await restoreLoggedInLayoutAfterTest();
    const title = uniqueName('Quiz ');
    const quiz = await newTile('admin', { title, wantedPerms: 'everyone' });
    const loggedIn = await loggedInIds();
    expect((await save('admin', [quiz, ...loggedIn], 'logged-in')).status).toBe(200);

    for (const who of [student, student2]) {
      const res = await layoutOf(who);
      expect(res.body.layout[0], who).toMatchObject({ title, new: true });
      expect(res.body.layout.find((b) => b.title === 'Klassenbuch')?.new).toBe(false);
    }
    const opened = await call(t.base, `/api/layout/${quiz}/new`, {
      method: 'PATCH',
      cookie: cookies[student],
    });
    expect(opened.status).toBe(204);
    expect((await layoutOf(student)).body.layout[0]).toMatchObject({ title, new: false });
    expect((await layoutOf(student2)).body.layout[0]).toMatchObject({ title, new: true });
  });

  it('a first personal save keeps what was already seen as not new; a tile placed by the user is not new to them', async () => {
    const student2 = await userOf();
    // a tile the admin put on the logged-in layout after the user's account was made: new to them
    await restoreLoggedInLayoutAfterTest();
    const quiz = await makeTile(t, { title: uniqueName('Quiz '), layouts: ['logged-in'] });
    const { saved, title } = await personalLayoutWithOwnTile(student2);
    expect(saved.status).toBe(200);
    const flags = Object.fromEntries(saved.body.layout.map((b) => [b.title, b.new]));
    expect(flags).toMatchObject({ Klassenbuch: false, [quiz.title]: true, [title]: false });
  });

  it('PATCH new needs a tile the caller can see (404 otherwise)', async () => {
    const art = await idOf('Kunst 6b');
    expect(
      (await call(t.base, `/api/layout/${art}/new`, { method: 'PATCH', cookie: cookies.student })).status,
    ).toBe(404);
    expect(
      (await call(t.base, `/api/layout/${art}/new`, { method: 'PATCH', cookie: cookies.student3 })).status,
    ).toBe(204);
  });
});

describe('DELETE /api/layout', () => {
  it("resets the caller's personal layout to the logged-in one", async () => {
    const [student2, teacher] = [await userOf(), await userOf({ role: 'teacher' })];
    const { title } = await personalLayoutWithOwnTile(student2);
    expect((await personalLayoutWithOwnTile(teacher)).saved.status).toBe(200);
    expect((await layoutOf(student2)).body.layoutType).toBe('personal');
    const res = await call(t.base, '/api/layout', { method: 'DELETE', cookie: cookies[student2] });
    expect(res.status).toBe(204);
    const after = await layoutOf(student2);
    expect(after.body.layoutType).toBe('logged-in');
    expect(titles(after.body.layout)).not.toContain(title);
    expect((await layoutOf(teacher)).body.layoutType).toBe('personal');
  });
});

describe('the layout version and 304', () => {
  async function expectUnchanged(as: string, version: string, query = '') {
    const res = await layout(as, query, { 'if-none-match': `"${version}"` });
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    // no length or type either: strict HTTP clients would wait for a body that never comes
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('content-type')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBe(`"${version}"`);
  }

  async function expectChanged(as: string, version: string, query = '') {
    const res = await layoutOf(as, query, { 'if-none-match': `"${version}"` });
    expect(res.status).toBe(200);
    expect(res.body.version).not.toBe(version);
    expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
    return res.body.version;
  }

  it('answers 304 with no body while nothing changed, and 200 after a tile edit, a layout save and a PATCH new', async () => {
    const student = await userOf();
    // a tile of the test's own on the logged-in layout, which the test puts back when it finishes
    await restoreLoggedInLayoutAfterTest();
    const tile = await makeTile(t, { layouts: ['logged-in'] });
    const first = await layoutOf(student);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    let version: string = first.body.version;
    expect(first.headers.get('etag')).toBe(`"${version}"`);
    await expectUnchanged(student, version);
    // weak and listed tags match too
    const listed = await layout(student, '', { 'if-none-match': `"other", W/"${version}"` });
    expect(listed.status).toBe(304);

    // a tile edit (the admin renames a tile on the layout)
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: `${tile.title} digital`,
      url: 'https://www.example.org/klassenbuch',
      target: 'newTab',
      color: 'blue-700',
      wantedPerms: 'everyone',
    }))
      form.append(name, value);
    expect(
      (await call(t.base, `/api/apps/${tile.id}`, { method: 'PUT', cookie: cookies.admin, form })).status,
    ).toBe(200);
    version = await expectChanged(student, version);
    await expectUnchanged(student, version);

    // a layout save (the admin moves a tile on the logged-in layout)
    const ids = await loggedInIds();
    expect((await save('admin', [...ids.slice(1), ids[0]!], 'logged-in')).status).toBe(200);
    version = await expectChanged(student, version);

    // the caller opens a tile
    await call(t.base, `/api/layout/${tile.id}/new`, { method: 'PATCH', cookie: cookies[student] });
    version = await expectChanged(student, version);
    await expectUnchanged(student, version);
  });

  it("another user's answer and another query have other versions", async () => {
    const student = (await layoutOf('student')).body.version;
    const student2 = await layout('student2', '', { 'if-none-match': `"${student}"` });
    expect(student2.status).toBe(200);
    const unused = await layoutOf('student', '?unused=true', { 'if-none-match': `"${student}"` });
    expect(unused.status).toBe(200);
    await expectUnchanged('student', unused.body.version, '?unused=true');
  });

  it('a visitor gets 304 too, and the save answer carries the version a GET would', async () => {
    const visitor = await layoutOf(undefined);
    await expectUnchanged(undefined as unknown as string, visitor.body.version);
    const teacher = await userOf({ role: 'teacher', groups: ['5a', 'Kollegium'] });
    const shown = (await layoutOf(teacher)).body.layout.map((b) => b.id);
    const saved = await saveAs(teacher, shown, 'personal');
    await expectUnchanged(teacher, saved.body.version, '?layoutType=personal');
  });
});
