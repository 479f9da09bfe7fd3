// Issue 16, item 3: upload quotas per user and per school (SECURITY.md "Uploads", decision 045).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, inArray, isNull, sum } from 'drizzle-orm';
import sharp from 'sharp';
import { apps, config, files, sickNotices, users } from '../../db/schema.ts';
import { demoPdf } from '../../demo/demo-pdf.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';

const MB = 1024 * 1024;
let t: TestApp;
type Who = 'student' | 'student2' | 'teacher' | 'admin';
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['student', 'student2', 'teacher', 'admin'] as const) {
    cookies[name] = await loginAs(t.base, name);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
    ids[name] = row!.id;
  }
});
afterAll(() => t?.close());

/** A valid PDF of about `kb` KB: the type check reads the magic number, the quota the size. */
function pdf(kb: number): Buffer {
  const head = demoPdf(['Arbeitsblatt']);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, kb * 1024 - head.length), 0x20)]);
}

function downloadForm(title: string, file: Buffer): FormData {
  return multipart(
    { title, color: 'sky-500', target: 'download' },
    { file: { data: file, name: 'blatt.pdf', type: 'application/pdf' } },
  );
}

const createDownload = (as: Who, title: string, file: Buffer) =>
  call(t.base, '/api/apps', { cookie: cookies[as], form: downloadForm(title, file) });

const setKey = (as: Who, key: string, value: string) =>
  call(t.base, `/api/config/key/${key}`, { cookie: cookies[as], body: { value } });

async function usage(owner: Who | null) {
  const [row] = await t.database.db
    .select({ bytes: sum(files.size), n: count() })
    .from(files)
    .where(owner ? eq(files.ownerId, ids[owner]) : isNull(files.ownerId));
  return { bytes: Number(row!.bytes ?? 0), files: row!.n };
}

/** A small PNG icon, each call another colour (so another stored file). */
async function png(n: number): Promise<Buffer> {
  const background = { r: (n * 53) % 256, g: (n * 97) % 256, b: 200 };
  return sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
}

function iconForm(title: string, icon: Buffer): FormData {
  return multipart(
    { title, url: 'https://example.org/', color: 'sky-500' },
    { icon: { data: icon, name: 'icon.png', type: 'image/png' } },
  );
}

/** Stored files that no tile and no branding key refers to: space counted against a quota for ever. */
async function orphanedFiles(): Promise<number[]> {
  const stored = await t.database.db.select({ id: files.id }).from(files);
  const tiles = await t.database.db.select({ icon: apps.iconFileId, file: apps.fileId }).from(apps);
  const branding = await t.database.db
    .select({ value: config.value })
    .from(config)
    .where(inArray(config.key, ['logo_file', 'login_bg_file']));
  // the photos of sick notices (decision 062; the demo school has one)
  const notices = await t.database.db.select({ photo: sickNotices.photoFileId }).from(sickNotices);
  const used = new Set([
    ...tiles.flatMap((r) => [r.icon, r.file]),
    ...branding.map((r) => Number(r.value)),
    ...notices.map((r) => r.photo),
  ]);
  return stored.map((r) => r.id).filter((id) => !used.has(id));
}

async function tileCount() {
  const [row] = await t.database.db.select({ n: count() }).from(apps);
  return row!.n;
}

async function deleteOwnTiles(as: Who) {
  const own = await t.database.db.select({ id: apps.id }).from(apps).where(eq(apps.creatorId, ids[as]));
  for (const { id } of own)
    expect((await call(t.base, `/api/apps/${id}`, { method: 'DELETE', cookie: cookies[as] })).status).toBe(
      204,
    );
}

beforeEach(async () => {
  for (const who of ['student', 'student2', 'teacher'] as const) await deleteOwnTiles(who);
  expect((await setKey('admin', 'upload_quota_student_mb', '1')).status).toBe(200);
  expect((await setKey('admin', 'upload_quota_teacher_mb', '200')).status).toBe(200);
  expect((await setKey('admin', 'upload_quota_school_mb', '2048')).status).toBe(200);
});

describe('upload quotas', () => {
  it('an admin changes the quotas in the settings; other roles and values out of range are refused', async () => {
    const settings = await call(t.base, '/api/config/settings', { cookie: cookies.admin });
    expect(settings.body).toMatchObject({
      upload_quota_student_mb: '1',
      upload_quota_teacher_mb: '200',
      upload_quota_school_mb: '2048',
    });
    expect((await setKey('admin', 'upload_quota_student_mb', '-1')).status).toBe(422);
    expect((await setKey('admin', 'upload_quota_student_mb', '100001')).status).toBe(422);
    expect((await setKey('admin', 'upload_quota_school_mb', 'viel')).status).toBe(422);
    expect((await setKey('teacher', 'upload_quota_student_mb', '500')).status).toBe(403);
    expect((await setKey('student', 'upload_quota_student_mb', '500')).status).toBe(403);
    const after = await call(t.base, '/api/config/settings', { cookie: cookies.admin });
    expect(after.body).toMatchObject({ upload_quota_student_mb: '1' });
  });

  it('a pupil over the quota is refused with the usage, and nothing is stored', async () => {
    expect((await createDownload('student', 'Blatt 1', pdf(700))).status).toBe(201);
    const tiles = await tileCount();
    const before = await usage('student');

    const refused = await createDownload('student', 'Blatt 2', pdf(500));
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      code: 'upload.quota_exceeded',
      params: { used: 0.7, size: 0.5, limit: 1 },
    });
    expect(await usage('student')).toEqual(before);
    expect(await tileCount()).toBe(tiles);

    // another pupil has a quota of their own
    expect((await createDownload('student2', 'Blatt 2', pdf(500))).status).toBe(201);
    // and a teacher the teacher quota
    expect((await createDownload('teacher', 'Blatt 3', pdf(1500))).status).toBe(201);
  });

  it('a quota of 0 allows no uploads, but tiles without files still save', async () => {
    await setKey('admin', 'upload_quota_student_mb', '0');
    const refused = await createDownload('student', 'Blatt', pdf(10));
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'upload.quota_exceeded', params: { used: 0, limit: 0 } });
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Link', url: 'https://example.org/', color: 'sky-500' }))
      form.append(k, v);
    expect((await call(t.base, '/api/apps', { cookie: cookies.student, form })).status).toBe(201);
  });

  it('replacing a tile’s file frees the old one: it is deleted and not counted twice', async () => {
    const created = await createDownload('student', 'Blatt', pdf(700));
    expect(created.status).toBe(201);
    const id = (created.body as { bubble: { id: number } }).bubble.id;
    const [{ fileId: oldFileId } = { fileId: null }] = await t.database.db
      .select({ fileId: apps.fileId })
      .from(apps)
      .where(eq(apps.id, id));

    // 0.7 MB stored + 0.8 MB new would be over 1 MB if the old file still counted
    const replaced = await call(t.base, `/api/apps/${id}`, {
      method: 'PUT',
      cookie: cookies.student,
      form: downloadForm('Blatt, neu', pdf(800)),
    });
    expect(replaced.status).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, oldFileId!))).toEqual([]);
    expect(await usage('student')).toEqual({ bytes: 800 * 1024, files: 1 });

    // the canary: a second tile of 0.3 MB does not fit beside the 0.8 MB
    const refused = await createDownload('student', 'Noch ein Blatt', pdf(300));
    expect(refused.status).toBe(413);
  });

  it('parallel uploads cannot overshoot the quota together', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => createDownload('student', `Parallel ${n}`, pdf(400))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 413]);
    expect((await usage('student')).bytes).toBe(800 * 1024);
  });

  it('the school total refuses, and counts the logo, which no user owns', async () => {
    const logo = new FormData();
    logo.append(
      'file',
      new Blob([
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="2"/></svg>',
      ]),
      'logo.svg',
    );
    expect((await call(t.base, '/api/config/logo', { cookie: cookies.admin, form: logo })).status).toBe(200);
    const school = await usage(null);
    expect(school.files).toBeGreaterThan(0);

    const [all] = await t.database.db.select({ bytes: sum(files.size) }).from(files);
    const storedMb = Math.ceil(Number(all!.bytes) / MB);
    await setKey('admin', 'upload_quota_school_mb', String(storedMb + 1));
    const before = await usage('teacher');
    // within the teacher's 200 MB, beyond the school's room of 1 to 2 MB
    const refused = await createDownload('teacher', 'Großes Blatt', pdf(2560));
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      code: 'upload.school_quota_exceeded',
      params: { size: 2.5, limit: storedMb + 1 },
    });
    expect(await usage('teacher')).toEqual(before);
    // a smaller one still fits
    expect((await createDownload('teacher', 'Kleines Blatt', pdf(300))).status).toBe(201);
  });

  it('parallel replacements of a tile’s icon and of the logo leave no file that nothing uses', async () => {
    const created = await call(t.base, '/api/apps', {
      cookie: cookies.teacher,
      form: iconForm('Symbol', await png(0)),
    });
    expect(created.status).toBe(201);
    const id = (created.body as { bubble: { id: number } }).bubble.id;
    const icons = await Promise.all([1, 2, 3, 4].map(png));
    const results = await Promise.all(
      icons.map((icon, n) =>
        call(t.base, `/api/apps/${id}`, {
          method: 'PUT',
          cookie: cookies.teacher,
          form: iconForm(`Symbol ${n}`, icon),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    const logos = await Promise.all(
      [5, 6, 7, 8].map(async (n) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await png(n))], { type: 'image/png' }), 'logo.png');
        return call(t.base, '/api/config/logo', { cookie: cookies.admin, form });
      }),
    );
    expect(logos.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await orphanedFiles()).toEqual([]);
    expect(await usage('teacher')).toMatchObject({ files: 1 });
  });

  it('a tile deleted while it is being edited leaves no file behind', async () => {
    const created = await call(t.base, '/api/apps', {
      cookie: cookies.teacher,
      form: iconForm('Kurz', await png(9)),
    });
    const id = (created.body as { bubble: { id: number } }).bubble.id;
    const [edit, removal] = await Promise.all([
      call(t.base, `/api/apps/${id}`, {
        method: 'PUT',
        cookie: cookies.teacher,
        form: iconForm('Kurz, neu', await png(10)),
      }),
      call(t.base, `/api/apps/${id}`, { method: 'DELETE', cookie: cookies.teacher }),
    ]);
    // either order is fine: the edit first (then the delete), or the delete first (then the edit finds nothing)
    expect([200, 404]).toContain(edit.status);
    expect(removal.status).toBe(204);
    expect(await orphanedFiles()).toEqual([]);
  });

  it('a pupil at the quota is refused before the upload is processed', async () => {
    // exactly the 1 MB quota: full, not over it
    expect((await createDownload('student', 'Voll', pdf(1024))).status).toBe(201);
    const notAnImage = Buffer.from('kein Bild, aber teuer zu prüfen');
    const refused = await call(t.base, '/api/apps', {
      cookie: cookies.student,
      form: iconForm('Noch eins', notAnImage),
    });
    // 413 and not the 415 the image check would answer: the quota was checked first
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'upload.quota_exceeded', params: { used: 1, limit: 1 } });

    // the canary: with room, the same bytes reach the image check
    const checked = await call(t.base, '/api/apps', {
      cookie: cookies.student2,
      form: iconForm('Noch eins', notAnImage),
    });
    expect(checked.status).toBe(415);
    expect(checked.body).toMatchObject({ code: 'upload.invalid_type' });
  });

  it('the school at its quota is refused before a logo is processed', async () => {
    // a school total of 0 MB: full, whatever it stores
    await setKey('admin', 'upload_quota_school_mb', '0');
    const form = new FormData();
    form.append('file', new Blob(['kein Bild']), 'logo.png');
    const refused = await call(t.base, '/api/config/logo', { cookie: cookies.admin, form });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'upload.school_quota_exceeded', params: { limit: 0 } });
  });
});
