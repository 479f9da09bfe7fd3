import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  APP_TYPE_INFOS,
  LayoutResponseSchema,
  MAX_DOWNLOAD_BYTES,
  MAX_ICON_BYTES,
  SaveAppResponseSchema,
  TileSchema,
  type ErrorBody,
} from '@aula/contracts';
import { apps, auditLog, files, groups } from '../../db/schema.ts';
import { demoPdf } from '../../demo/demo-pdf.ts';
import { makeTile, makeUser, uniqueName } from '../../test/factories.ts';
import { call, callAs, callError, loginAs, setUpTestApp, userIds } from '../../test/test-app.ts';

type Who = 'student' | 'student3' | 'teacher' | 'teacher2' | 'admin';
const cookies = {} as Record<Who, string>;
const groupIds: Record<string, number> = {};
let teacherId = 0;

const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'student3', 'teacher', 'teacher2', 'admin'] as const)
    cookies[name] = await loginAs(t.base, name);
  for (const g of await t.database.db.select({ id: groups.id, name: groups.name }).from(groups))
    groupIds[g.name] = g.id;
  teacherId = (await userIds(t)).get('teacher')!;
});

/** A tile of the demo teacher's own, like the demo's "Mathe 5a": shared with 5a, which teacher2 teaches too. */
const teacherTileFor5a = () =>
  makeTile(t, {
    title: uniqueName('Mathe 5a '),
    url: 'https://mathe.example.org/5a',
    wantedPerms: 'groups',
    groups: ['5a'],
    creatorId: teacherId,
    titleTranslation: { en: 'Maths 5a', ar: 'رياضيات 5a', fa: 'ریاضی 5a' },
  });

/** A private tile of the demo teacher's own, like the demo's "Meine Notizen", with its translations. */
const teacherNotes = () =>
  makeTile(t, {
    title: uniqueName('Meine Notizen '),
    wantedPerms: 'private',
    creatorId: teacherId,
    titleTranslation: { en: 'My notes', ar: 'ملاحظاتي', fa: 'یادداشت‌های من' },
  });

interface FileField {
  name: string;
  data: Buffer | string;
  type?: string;
}

/** The multipart body the create and edit dialogs send: one field per input field, files icon and file. */
function tileForm(
  fields: Record<string, string>,
  uploads: { icon?: FileField; file?: FileField } = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ color: 'sky-500', ...fields })) form.append(name, value);
  for (const [name, upload] of Object.entries(uploads)) {
    const bytes = typeof upload.data === 'string' ? Buffer.from(upload.data) : upload.data;
    form.append(
      name,
      new Blob([new Uint8Array(bytes)], { type: upload.type ?? 'application/octet-stream' }),
      upload.name,
    );
  }
  return form;
}

type Uploads = { icon?: FileField; file?: FileField };
const createOpts = (as: Who, fields: Record<string, string>, uploads?: Uploads) => ({
  cookie: cookies[as],
  form: tileForm(fields, uploads),
});
const updateOpts = (as: Who, fields: Record<string, string>, uploads?: Uploads) => ({
  method: 'PUT',
  ...createOpts(as, fields, uploads),
});

function create(as: Who, fields: Record<string, string>, uploads?: Uploads) {
  return call(t.base, '/api/apps', createOpts(as, fields, uploads));
}
/** a tile that is created, answered with the contract's body */
function createAs(as: Who, fields: Record<string, string>, uploads?: Uploads) {
  return callAs(SaveAppResponseSchema, t.base, '/api/apps', createOpts(as, fields, uploads));
}
/** a create that is refused */
function createRefused(as: Who, fields: Record<string, string>, uploads?: Uploads) {
  return callError(t.base, '/api/apps', createOpts(as, fields, uploads));
}

function update(as: Who, id: number, fields: Record<string, string>, uploads?: Uploads) {
  return call(t.base, `/api/apps/${id}`, updateOpts(as, fields, uploads));
}
/** an edit that is stored, answered with the contract's body */
function updateAs(as: Who, id: number, fields: Record<string, string>, uploads?: Uploads) {
  return callAs(SaveAppResponseSchema, t.base, `/api/apps/${id}`, updateOpts(as, fields, uploads));
}
/** an edit that is refused */
function updateRefused(as: Who, id: number, fields: Record<string, string>, uploads?: Uploads) {
  return callError(t.base, `/api/apps/${id}`, updateOpts(as, fields, uploads));
}

async function idOf(title: string): Promise<number> {
  const [row] = await t.database.db.select({ id: apps.id }).from(apps).where(eq(apps.title, title));
  if (!row) throw new Error(`no tile ${title}`);
  return row.id;
}

async function fileCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files);
  return row!.n;
}

const issuesOf = (res: { body: ErrorBody }) => res.body.issues?.map((i) => ({ path: i.path, code: i.code }));

describe('POST /api/apps: the validation rules of spec 5, over HTTP', () => {
  it('creates a private tile and answers 201 with the tile and no embed check', async () => {
    const res = await createAs('student', { title: '  Mein Wörterbuch ', url: 'https://dict.example.org/' });
    expect(res.status).toBe(201);
    expect(res.body.embedCheck).toBeNull();
    expect(res.body.bubble).toMatchObject({
      title: 'Mein Wörterbuch',
      url: 'https://dict.example.org/',
      wantedPerms: 'private',
      creator: 'demo-student',
      target: 'newTab',
      groups: [],
      locked: false,
      new: false,
      iconUrl: null,
      embeddable: null,
    });
  });

  it('a missing or whitespace-only title is apps.missing_title on the title field', async () => {
    for (const fields of [
      { url: 'https://a.example' } as Record<string, string>,
      { title: '', url: 'https://a.example' },
      { title: ' \u3000 ', url: 'https://a.example' },
    ]) {
      const res = await createRefused('student', fields);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('common.validation');
      expect(issuesOf(res)).toEqual([{ path: 'title', code: 'apps.missing_title' }]);
      expect(res.body.issues?.[0]?.message).toBe('The title is missing');
    }
  });

  it('the url is needed unless the tile has a type or downloads a file', async () => {
    const missing = await createRefused('student', { title: 'Ohne Adresse' });
    expect(issuesOf(missing)).toEqual([{ path: 'url', code: 'apps.missing_url' }]);
    const typed = await createAs('student', { title: 'Konferenz', type: 'video-conference' });
    expect(typed.status).toBe(201);
    expect(typed.body.bubble).toMatchObject({ url: null, type: 'video-conference', appTypeId: 2 });
    const download = await createAs(
      'student',
      { title: 'Arbeitsblatt', target: 'download' },
      { file: { name: 'blatt.pdf', data: demoPdf(['Blatt']) } },
    );
    expect(download.status).toBe(201);
    expect(download.body.bubble).toMatchObject({ url: null, target: 'download', hasFile: true });
  });

  it('https:// is prepended when the url has no scheme', async () => {
    const res = await createAs('student', { title: 'Ohne Schema', url: 'www.example.org/seite?x=1' });
    expect(res.status).toBe(201);
    expect(res.body.bubble.url).toBe('https://www.example.org/seite?x=1');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript://example.org/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    '\u0001javascript:alert(1)',
  ])('refuses the url %j', async (url) => {
    const res = await createRefused('student', { title: 'Böse', url });
    expect(res.status).toBe(400);
    // a control character in it is refused as in every text (issue 16), the rest as not http(s)
    const code = [...url].some((c) => c.charCodeAt(0) < 32) ? 'invalid_format' : 'apps.invalid_url';
    expect(issuesOf(res)).toEqual([{ path: 'url', code }]);
  });

  it('a remote-desktop tile needs a config with a Name', async () => {
    for (const config of ['', '{}', '{"Name":"  "}', 'not json']) {
      const res = await createRefused('student', { title: 'PC', type: 'remote-desktop', config });
      expect(issuesOf(res)).toEqual([{ path: 'config', code: 'apps.config_name' }]);
    }
    const ok = await create('student', { title: 'PC', type: 'remote-desktop', config: '{"Name":"Raum 12"}' });
    expect(ok.status).toBe(201);
  });

  it('wanted permissions "groups" need a group', async () => {
    const res = await createRefused('teacher', {
      title: 'Klasse',
      url: 'x.example',
      wantedPerms: 'groups',
      groups: '',
    });
    expect(issuesOf(res)).toEqual([{ path: 'groups', code: 'apps.groups_required' }]);
  });

  it('a download tile needs a file', async () => {
    const res = await createRefused('student', { title: 'Leer', target: 'download' });
    expect(issuesOf(res)).toEqual([{ path: 'file', code: 'apps.file_required' }]);
  });

  it('fields that are not tile fields, and malformed ones, are 400 with issues', async () => {
    const unknown = await create('student', { title: 'X', url: 'x.example', creator: 'demo-admin' });
    expect(unknown.status).toBe(400);
    const color = await createRefused('student', { title: 'X', url: 'x.example', color: 'chartreuse' });
    expect(color.status).toBe(400);
    expect(color.body.issues?.[0]?.path).toBe('color');
  });

  it('a JSON body is not a tile form (415)', async () => {
    const res = await call(t.base, '/api/apps', { cookie: cookies.student, body: { title: 'X' } });
    expect(res.status).toBe(415);
  });
});

describe('who may create and change which tile (decision 023)', () => {
  it('a student may create private tiles only', async () => {
    const groupsTile = await createRefused('student', {
      title: 'Für die Klasse',
      url: 'x.example',
      wantedPerms: 'groups',
      groups: String(groupIds['5a']),
    });
    expect(groupsTile.status).toBe(403);
    expect(groupsTile.body.code).toBe('apps.perms_not_allowed');
    const everyone = await createRefused('student', {
      title: 'Für alle',
      url: 'x.example',
      wantedPerms: 'everyone',
    });
    expect(everyone.status).toBe(403);
    expect(everyone.body.code).toBe('apps.perms_not_allowed');
  });

  it('a teacher shares with their own groups only, not with everyone', async () => {
    const own = await createAs('teacher', {
      title: 'Hausaufgaben 5a',
      url: 'hausaufgaben.example.org',
      wantedPerms: 'groups',
      groups: `${groupIds['5a']},${groupIds.Kollegium}`,
    });
    expect(own.status).toBe(201);
    expect(own.body.bubble.groups).toEqual([groupIds['5a']!, groupIds.Kollegium!].sort((a, b) => a - b));
    const other = await createRefused('teacher', {
      title: 'Für 6b',
      url: 'x.example',
      wantedPerms: 'groups',
      groups: String(groupIds['6b']),
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('apps.group_not_allowed');
    const everyone = await createRefused('teacher', {
      title: 'Für alle',
      url: 'x.example',
      wantedPerms: 'everyone',
    });
    expect(everyone.body.code).toBe('apps.perms_not_allowed');
  });

  it('only an admin may lock a tile', async () => {
    const teacher = await createRefused('teacher', { title: 'Gesperrt', url: 'x.example', locked: 'true' });
    expect(teacher.status).toBe(403);
    expect(teacher.body.code).toBe('apps.lock_not_allowed');
    const admin = await createAs('admin', {
      title: 'Gesperrt',
      url: 'x.example',
      locked: 'true',
      wantedPerms: 'everyone',
    });
    expect(admin.status).toBe(201);
    expect(admin.body.bubble.locked).toBe(true);
  });

  it('an admin shares with any group of the school; an unknown group is a 400', async () => {
    const res = await create('admin', {
      title: 'Kunst-AG',
      url: 'x.example',
      wantedPerms: 'groups',
      groups: String(groupIds['6b']),
    });
    expect(res.status).toBe(201);
    const unknown = await createRefused('admin', {
      title: 'Niemand',
      url: 'x.example',
      wantedPerms: 'groups',
      groups: '999999',
    });
    expect(unknown.status).toBe(400);
    expect(issuesOf(unknown)).toEqual([{ path: 'groups', code: 'common.validation' }]);
  });

  it("a teacher can neither edit nor delete another teacher's tile; its creator and an admin can", async () => {
    const tile = await teacherTileFor5a(); // made by teacher, for 5a (teacher2 teaches 5a too)
    const math = tile.id;
    const fields = {
      title: `${tile.title} (neu)`,
      url: 'mathe.example.org/5a',
      wantedPerms: 'groups',
      groups: String(groupIds['5a']),
    };
    const byOther = await update('teacher2', math, fields);
    expect(byOther.status).toBe(403);
    expect(
      (await call(t.base, `/api/apps/${math}`, { method: 'DELETE', cookie: cookies.teacher2 })).status,
    ).toBe(403);
    const byCreator = await updateAs('teacher', math, fields);
    expect(byCreator.status).toBe(200);
    expect(byCreator.body.bubble).toMatchObject({
      title: `${tile.title} (neu)`,
      url: 'https://mathe.example.org/5a',
    });
    const byAdmin = await updateAs('admin', math, { ...fields, title: tile.title });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.bubble.creator).toBe('demo-teacher');
  });

  it('a tile the caller cannot see answers 404 to edit and delete, like a missing one', async () => {
    const math = (await teacherTileFor5a()).id;
    const res = await update('student3', math, { title: 'X', url: 'x.example' });
    expect(res.status).toBe(404);
    expect(
      (await call(t.base, `/api/apps/${math}`, { method: 'DELETE', cookie: cookies.student3 })).status,
    ).toBe(404);
    expect((await update('student', 2_000_000_000, { title: 'X', url: 'x.example' })).status).toBe(404);
  });

  it('a creator keeps editing a tile an admin locked and widened; changing the lock stays with admins', async () => {
    const group = { wantedPerms: 'groups', groups: String(groupIds['5a']) };
    const created = await createAs('teacher', { title: 'Eigene', url: 'x.example', ...group });
    const id = created.body.bubble.id;
    const widened = { title: 'Eigene', url: 'x.example', wantedPerms: 'everyone', locked: 'true' };
    expect((await update('admin', id, widened)).status).toBe(200);
    const edit = await updateAs('teacher', id, { ...widened, title: 'Eigene 2' });
    expect(edit.status).toBe(200);
    expect(edit.body.bubble).toMatchObject({ title: 'Eigene 2', wantedPerms: 'everyone', locked: true });
    const unlock = await updateRefused('teacher', id, { ...widened, locked: 'false' });
    expect(unlock.body.code).toBe('apps.lock_not_allowed');
    const narrowed = await update('teacher', id, {
      title: 'Eigene',
      url: 'x.example',
      locked: 'true',
      ...group,
    });
    expect(narrowed.status).toBe(200);
    const widenedAgain = await updateRefused('teacher', id, { ...widened });
    expect(widenedAgain.body.code).toBe('apps.perms_not_allowed');
  });

  it('an admin deletes a teacher tile: 204, off every layout, audited', async () => {
    // a teacher of 5a makes and edits a tile for 5a; the teacher and a pupil of 5a put it on their layouts
    const teacher = await makeUser(t, { role: 'teacher', groups: ['5a'] });
    const pupil = await makeUser(t, { groups: ['5a'] });
    const teacherCookie = await teacher.login();
    const title = uniqueName('Bibliothek ');
    const fields = {
      title,
      url: 'bibliothek.example.org',
      wantedPerms: 'groups',
      groups: String(groupIds['5a']),
    };
    const created = await callAs(SaveAppResponseSchema, t.base, '/api/apps', {
      cookie: teacherCookie,
      form: tileForm(fields),
    });
    expect(created.status).toBe(201);
    const library: number = created.body.bubble.id;
    const edited = await call(t.base, `/api/apps/${library}`, {
      method: 'PUT',
      cookie: teacherCookie,
      form: tileForm({ ...fields, url: 'bibliothek.example.org/katalog' }),
    });
    expect(edited.status).toBe(200);
    const titlesOn = async (cookie: string) =>
      (await callAs(LayoutResponseSchema, t.base, '/api/layout', { cookie })).body.layout.map(
        (b: { id: number; title: string }) => b.title,
      );
    for (const cookie of [teacherCookie, await pupil.login()]) {
      const shown = await callAs(LayoutResponseSchema, t.base, '/api/layout', { cookie });
      const ids = shown.body.layout.map((b) => b.id);
      const saved = await call(t.base, '/api/layout', {
        cookie,
        body: { layout: [...ids, library], private: true, signedOut: false },
      });
      expect(saved.status).toBe(200);
      expect(await titlesOn(cookie)).toContain(title);
    }
    const res = await call(t.base, `/api/apps/${library}`, { method: 'DELETE', cookie: cookies.admin });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    for (const cookie of [teacherCookie, await pupil.login()])
      expect(await titlesOn(cookie)).not.toContain(title);
    expect((await call(t.base, `/api/apps/${library}`, { cookie: cookies.admin })).status).toBe(404);
    // the tile's own entries: its creation, its edit and its deletion
    const actions = (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(sql`${auditLog.details}->>'appId' = ${String(library)}`)
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['app.create', 'app.update', 'app.delete']));
  });
});

describe('POST /api/apps/:id/translation', () => {
  it('replaces the translations with exactly the non-empty entries sent, trimmed', async () => {
    const notes = (await teacherNotes()).id;
    const res = await callAs(TileSchema, t.base, `/api/apps/${notes}/translation`, {
      cookie: cookies.teacher,
      body: { id: notes, en: ' Notes ', de: 'Notizen' },
    });
    expect(res.status).toBe(200);
    expect(res.body.titleTranslation).toEqual({ de: 'Notizen', en: 'Notes' });
    const again = await callAs(TileSchema, t.base, `/api/apps/${notes}`, { cookie: cookies.teacher });
    expect(again.body.titleTranslation).toEqual({ de: 'Notizen', en: 'Notes' });
  });

  it('an empty entry is not sent by the client and refused when it is', async () => {
    const notes = (await teacherNotes()).id;
    const res = await call(t.base, `/api/apps/${notes}/translation`, {
      cookie: cookies.teacher,
      body: { id: notes, fa: '  ' },
    });
    expect(res.status).toBe(400);
  });

  it('the id in the body must be the id in the path', async () => {
    const notes = (await teacherNotes()).id;
    const res = await callError(t.base, `/api/apps/${notes}/translation`, {
      cookie: cookies.teacher,
      body: { id: notes + 1, en: 'X' },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues?.[0]?.path).toBe('body.id');
  });

  it('only the creator or an admin translates a tile', async () => {
    const math = (await teacherTileFor5a()).id;
    const other = await call(t.base, `/api/apps/${math}/translation`, {
      cookie: cookies.teacher2,
      body: { id: math, en: 'X' },
    });
    expect(other.status).toBe(403);
    const admin = await callAs(TileSchema, t.base, `/api/apps/${math}/translation`, {
      cookie: cookies.admin,
      body: { id: math, en: 'Maths' },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.titleTranslation).toEqual({ en: 'Maths' });
  });
});

describe('GET /api/apps/types', () => {
  it('lists the special types to signed-in users (static path before /apps/:id)', async () => {
    const res = await call(t.base, '/api/apps/types', { cookie: cookies.student });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(APP_TYPE_INFOS);
    expect((await call(t.base, '/api/apps/types')).status).toBe(401);
  });
});

describe('uploads', () => {
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('an icon over 1 MB is 413 with the maximum in Mb, and nothing is stored', async () => {
    const before = await fileCount();
    const tilesBefore = (await t.database.db.select({ n: count() }).from(apps))[0]!.n;
    const big = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(MAX_ICON_BYTES)]);
    const res = await create(
      'student',
      { title: 'Großes Icon', url: 'x.example' },
      { icon: { name: 'big.png', data: big, type: 'image/png' } },
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'upload.too_large', params: { max: 1 } });
    expect(await fileCount()).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(apps))[0]!.n).toBe(tilesBefore);
  });

  it('a download file over 20 MB is 413 with max 20, and nothing is stored', async () => {
    const before = await fileCount();
    const big = Buffer.concat([demoPdf(['x']), Buffer.alloc(MAX_DOWNLOAD_BYTES)]);
    const res = await create(
      'student',
      { title: 'Riesig', target: 'download' },
      { file: { name: 'riesig.pdf', data: big } },
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'upload.too_large', params: { max: 20 } });
    expect(await fileCount()).toBe(before);
  });

  it('the type comes from the bytes: a .png name with PDF bytes is 415 with the allowed types', async () => {
    const before = await fileCount();
    const res = await create(
      'student',
      { title: 'Falsches Icon', url: 'x.example' },
      { icon: { name: 'icon.png', data: demoPdf(['kein Bild']), type: 'image/png' } },
    );
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: 'upload.invalid_type',
      params: { allowed: 'PNG, JPEG, WebP, GIF, SVG' },
    });
    expect(await fileCount()).toBe(before);
    const text = await createRefused(
      'student',
      { title: 'Text', target: 'download' },
      { file: { name: 'a.pdf', data: 'just text' } },
    );
    expect(text.status).toBe(415);
    expect(text.body.params?.allowed).toContain('PDF');
  });

  it('an SVG icon with a script is stored as a plain PNG; no script survives', async () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- an icon -->
<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <circle cx="12" cy="12" r="10" fill="#c00"/>
</svg>`;
    const res = await createAs(
      'student',
      { title: 'SVG', url: 'x.example' },
      { icon: { name: 'icon.svg', data: svg, type: 'image/svg+xml' } },
    );
    expect(res.status).toBe(201);
    const { id, iconUrl } = res.body.bubble;
    if (iconUrl === null) throw new Error('the tile has no icon address');
    expect(iconUrl).toMatch(new RegExp(`^/api/apps/${id}/icon\\?v=\\d+$`));
    const icon = await fetch(t.base + iconUrl, { headers: { cookie: cookies.student } });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(icon.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await icon.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(bytes.toString('latin1')).not.toContain('<script');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width!, meta.height!)).toBe(256);
    // the icon shows where the tile shows: not to someone else
    expect((await call(t.base, iconUrl, { cookie: cookies.student3 })).status).toBe(404);
  });

  it('raster icons are re-encoded to at most 256 px without metadata; removeIcon drops the icon and its file', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#36c' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-canary' } } })
      .toBuffer();
    const res = await createAs(
      'student',
      { title: 'Foto', url: 'x.example' },
      { icon: { name: 'foto.jpg', data: jpeg, type: 'image/jpeg' } },
    );
    expect(res.status).toBe(201);
    const icon = Buffer.from(
      await (
        await fetch(t.base + res.body.bubble.iconUrl, { headers: { cookie: cookies.student } })
      ).arrayBuffer(),
    );
    const meta = await sharp(icon).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 256, 128, undefined]);
    expect(icon.toString('latin1')).not.toContain('secret-canary');

    const before = await fileCount();
    const removed = await updateAs('student', res.body.bubble.id, {
      title: 'Foto',
      url: 'x.example',
      removeIcon: 'true',
    });
    expect(removed.body.bubble.iconUrl).toBeNull();
    expect(await fileCount()).toBe(before - 1);
  });

  it('a download file round-trips as an attachment with its detected type', async () => {
    const pdf = demoPdf(['Elternabend am Donnerstag']);
    const res = await createAs(
      'student',
      { title: 'Einladung', target: 'download' },
      { file: { name: 'C:\\Users\\x\\Einladung (1).PDF', data: pdf } },
    );
    expect(res.status).toBe(201);
    const download = await fetch(`${t.base}/api/apps/${res.body.bubble.id}/download`, {
      headers: { cookie: cookies.student },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Einladung _1_.pdf')}`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);
  });

  it("the demo's parent letter is a real PDF", async () => {
    const letter = await idOf('Elternbrief');
    const res = await fetch(`${t.base}/api/apps/${letter}/download`, {
      headers: { cookie: cookies.student },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
