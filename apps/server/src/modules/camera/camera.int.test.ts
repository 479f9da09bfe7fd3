import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  CameraGallerySchema,
  CameraPeopleSchema,
  CameraPictureSchema,
  DataExportSchema,
  MAX_PHOTO_BYTES,
} from '@aula/contracts';
import { auditLog, cameraPictures, files, groupMembers } from '../../db/schema.ts';
import { makeGroup, makeSchool, makeSetting, makeUser } from '../../test/factories.ts';
import { carriesNoMetadata, phonePhoto } from '../../test/photos.ts';
import {
  call,
  callAs,
  callError,
  cookiesFrom,
  DEMO_PASSWORD,
  setUpTestApp,
  type CallOptions,
} from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';

// spec 1, 2.2; decision 063: each person's pictures, seen and deleted by the person, whoever took the
// picture, the person's teachers and admins; by nobody else
const NOW = Date.parse('2026-11-26T10:15:00Z');
const t = setUpTestApp({ now: NOW });

const SARA = 'demo-student';
const cookies = new Map<string, string>();
let formerId = 0;
let otherSchool = { host: '', cookie: '' };

/** The cookie of a signed-in user, by username (one sign-in per user and file). */
async function as(username: string): Promise<string> {
  let cookie = cookies.get(username);
  if (!cookie) cookies.set(username, (cookie = await t.loginAs(username)));
  return cookie;
}

function photoForm(data: Buffer, field = 'photo', name = 'IMG_0001.jpg', type = 'image/jpeg'): FormData {
  return multipart({}, { [field]: { data, name, type } });
}

async function uploadOpts(username: string | null, data?: Buffer): Promise<CallOptions> {
  return {
    method: 'POST',
    cookie: username ? await as(username) : undefined,
    form: photoForm(data ?? (await phonePhoto())),
  };
}

async function upload(username: string | null, laraId: string, data?: Buffer) {
  return call(t.base, `/api/camera/${laraId}`, await uploadOpts(username, data));
}

/** a picture that is stored, answered with the contract's body */
async function uploadAs(username: string | null, laraId: string, data?: Buffer) {
  return callAs(CameraPictureSchema, t.base, `/api/camera/${laraId}`, await uploadOpts(username, data));
}

/** an upload that is refused */
async function uploadRefused(username: string | null, laraId: string, data?: Buffer) {
  return callError(t.base, `/api/camera/${laraId}`, await uploadOpts(username, data));
}

async function get(username: string | null, path: string) {
  return call(t.base, path, { cookie: username ? await as(username) : undefined });
}

/** a 2xx answer, checked against the contract's schema */
async function getAs<S extends z.ZodType>(schema: S, username: string | null, path: string) {
  return callAs(schema, t.base, path, { cookie: username ? await as(username) : undefined });
}

async function del(username: string | null, id: number) {
  return call(t.base, `/api/camera/pictures/${id}`, {
    method: 'DELETE',
    cookie: username ? await as(username) : undefined,
  });
}

const countRows = async () => {
  const db = t.database.db;
  const [f] = await db.select({ n: sql<number>`count(*)::int` }).from(files);
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(cameraPictures);
  return { files: Number(f!.n), pictures: Number(p!.n) };
};

beforeAll(async () => {
  // a teacher of another class (with a pupil of their own), and a teacher who took a picture of Sara in 5a
  // and has since left the class
  const outsiderClass = await makeGroup(t, { name: '7c' });
  await makeUser(t, {
    username: 'outsider',
    role: 'teacher',
    laraId: 'outsider',
    groups: [outsiderClass.id],
  });
  await makeUser(t, { username: 'pupil7c', laraId: 'pupil7c', groups: [outsiderClass.id] });
  formerId = (await makeUser(t, { username: 'former', role: 'teacher', laraId: 'former', groups: ['5a'] }))
    .id;
  const school = await makeSchool(t);
  const admin = await makeUser(t, { schoolId: school.id, role: 'admin', username: 'fremd-admin' });
  const login = await call(t.base, '/api/login', {
    body: { username: admin.username, password: DEMO_PASSWORD },
    headers: { host: school.host! },
  });
  expect(login.status).toBe(200);
  otherSchool = { host: school.host!, cookie: cookiesFrom(login) };
});

describe('GET /api/camera (the overview)', () => {
  it('lists the caller first, then the pupils of their groups by last name; a pupil only themself', async () => {
    const teacher = await getAs(CameraPeopleSchema, 'teacher', '/api/camera');
    expect(teacher.status).toBe(200);
    expect(teacher.body.items.map((p: { laraId: string; self: boolean }) => [p.laraId, p.self])).toEqual([
      ['demo-teacher', true],
      ['demo-student', false],
      ['demo-student2', false],
    ]);
    expect(teacher.body.items[1]).toMatchObject({ name: 'Sara Schmidt', type: 'S' });
    const pupil = await getAs(CameraPeopleSchema, 'student2', '/api/camera');
    expect(pupil.body.items.map((p: { laraId: string }) => p.laraId)).toEqual(['demo-student2']);
    expect((await get(null, '/api/camera')).status).toBe(401);
  });
});

describe('the access matrix', () => {
  let pictureId = 0;
  let spareId = 0;
  beforeAll(async () => {
    // "former" photographs Sara while in 5a, then leaves the class
    const taken = await uploadAs('former', SARA);
    expect(taken.status).toBe(201);
    pictureId = taken.body.id;
    // a second one for the test in which the taker deletes theirs (tests run in any order, decision 056)
    const spare = await uploadAs('former', SARA);
    expect(spare.status).toBe(201);
    spareId = spare.body.id;
    await t.database.db.delete(groupMembers).where(eq(groupMembers.userId, formerId));
  });

  const SEES = ['student', 'former', 'teacher', 'admin'];
  const BLIND = ['student2', 'outsider'];

  it('the person, the taker, their teacher and an admin see the picture, full and thumb', async () => {
    for (const who of SEES) {
      const gallery = await getAs(CameraGallerySchema, who, `/api/camera/${SARA}`);
      expect(gallery.status, who).toBe(200);
      expect(gallery.body.person).toMatchObject({
        laraId: SARA,
        name: 'Sara Schmidt',
        self: who === 'student',
      });
      expect(
        gallery.body.pictures.map((p) => p.id),
        who,
      ).toContain(pictureId);
      for (const size of ['full', 'thumb']) {
        const res = await get(who, `/api/camera/pictures/${pictureId}?size=${size}`);
        expect(res.status, `${who} ${size}`).toBe(200);
        expect(res.headers.get('content-type')).toBe(size === 'full' ? 'image/jpeg' : 'image/webp');
      }
    }
  });

  it('another pupil and a teacher of another group get 404 for gallery, picture, upload and delete', async () => {
    for (const who of BLIND) {
      expect((await get(who, `/api/camera/${SARA}`)).status, who).toBe(404);
      for (const size of ['full', 'thumb'])
        expect((await get(who, `/api/camera/pictures/${pictureId}?size=${size}`)).status, who).toBe(404);
      expect((await upload(who, SARA)).status, who).toBe(404);
      expect((await del(who, pictureId)).status, who).toBe(404);
    }
    expect((await get('admin', `/api/camera/pictures/${pictureId}`)).status).toBe(200);
  });

  it('a visitor gets 401 everywhere, another school 404', async () => {
    expect((await get(null, `/api/camera/${SARA}`)).status).toBe(401);
    expect((await get(null, `/api/camera/pictures/${pictureId}`)).status).toBe(401);
    expect((await upload(null, SARA)).status).toBe(401);
    expect((await del(null, pictureId)).status).toBe(401);
    const foreign = { cookie: otherSchool.cookie, headers: { host: otherSchool.host } };
    expect((await call(t.base, `/api/camera/${SARA}`, foreign)).status).toBe(404);
    expect((await call(t.base, `/api/camera/pictures/${pictureId}`, foreign)).status).toBe(404);
    expect(
      (await call(t.base, `/api/camera/pictures/${pictureId}`, { ...foreign, method: 'DELETE' })).status,
    ).toBe(404);
    expect((await get('admin', `/api/camera/pictures/${pictureId}`)).status).toBe(200);
  });

  it('an unknown laraId or picture is 404', async () => {
    expect((await get('admin', '/api/camera/niemand')).status).toBe(404);
    expect((await get('admin', '/api/camera/pictures/999999')).status).toBe(404);
    expect((await upload('admin', 'niemand')).status).toBe(404);
    // a laraId longer than any is refused by the schema (400), under the router's own 414 limit (100)
    expect((await get('admin', `/api/camera/${'x'.repeat(65)}`)).status).toBe(400);
    expect((await upload('admin', 'x'.repeat(65))).status).toBe(400);
  });

  it('the taker who left the class sees only their own pictures and may not add one (403)', async () => {
    const byTeacher = await uploadAs('teacher', SARA);
    expect(byTeacher.status).toBe(201);
    const gallery = await getAs(CameraGallerySchema, 'former', `/api/camera/${SARA}`);
    expect(gallery.body.pictures.map((p) => p.id)).toContain(pictureId);
    expect(gallery.body.pictures.every((p) => p.takenBy?.id === formerId)).toBe(true);
    expect(gallery.body.mayCapture).toBe(false);
    expect((await get('former', `/api/camera/pictures/${byTeacher.body.id}`)).status).toBe(404);
    const refused = await uploadRefused('former', SARA);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('camera.not_allowed');
    const all = await getAs(CameraGallerySchema, 'student', `/api/camera/${SARA}`);
    expect(all.body.mayCapture).toBe(true);
    expect(all.body.pictures.map((p) => p.id)).toEqual(
      expect.arrayContaining([byTeacher.body.id, pictureId]),
    );
    expect(all.body.pictures.every((p) => p.deletable)).toBe(true);
  });

  it('who may photograph whom: oneself, a teacher their pupils, an admin anyone', async () => {
    expect((await upload('student', SARA)).status).toBe(201);
    expect((await upload('student', 'demo-student2')).status).toBe(404);
    expect((await upload('teacher', 'demo-student2')).status).toBe(201);
    expect((await upload('teacher', 'demo-teacher')).status).toBe(201);
    // a colleague is no pupil: their pictures stay their own
    expect((await upload('teacher', 'demo-teacher2')).status).toBe(404);
    expect((await upload('admin', 'pupil7c')).status).toBe(201);
    expect((await upload('outsider', 'pupil7c')).status).toBe(201);
  });

  it('each of the person, the taker, their teacher and an admin may delete', async () => {
    for (const [taker, deleter] of [
      ['teacher', 'student'],
      ['former', 'former'],
      ['student', 'teacher'],
      ['student', 'admin'],
    ] as const) {
      let id: number;
      if (taker === 'former') id = spareId;
      else {
        const res = await uploadAs(taker, SARA);
        expect(res.status).toBe(201);
        id = res.body.id;
      }
      const res = await del(deleter, id);
      expect(res.status, `${deleter} deletes ${taker}'s`).toBe(204);
      expect((await get('admin', `/api/camera/pictures/${id}`)).status).toBe(404);
    }
  });
});

describe('POST /api/camera/:laraId', () => {
  it('stores a phone photo upright, without EXIF or GPS, full and thumb; audited', async () => {
    // orientation 6: the camera held upright, the pixels stored lying on their side
    const res = await uploadAs('teacher', SARA, await phonePhoto(400, 300, { orientation: 6 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      width: 300,
      height: 400,
      takenBy: { name: 'Tina Lehmann' },
      createdAt: new Date(NOW).toISOString(),
      deletable: true,
    });
    const full = await fetch(`${t.base}/api/camera/pictures/${res.body.id}`, {
      headers: { cookie: await as('student') },
    });
    const fullBytes = Buffer.from(await full.arrayBuffer());
    expect(res.body.size).toBe(fullBytes.length);
    expect(await sharp(fullBytes).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(await carriesNoMetadata(fullBytes)).toBe(true);
    expect(full.headers.get('content-disposition')).toBe(`inline; filename="picture-${res.body.id}.jpg"`);
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('cache-control')).toBe('no-store');
    const thumb = await fetch(`${t.base}/api/camera/pictures/${res.body.id}?size=thumb`, {
      headers: { cookie: await as('student') },
    });
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    const meta = await sharp(thumbBytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height! > meta.width!).toBe(true);
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(320);
    expect(await carriesNoMetadata(thumbBytes)).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'camera.upload'),
          sql`${auditLog.details}->>'pictureId' = ${String(res.body.id)}`,
        ),
      );
    expect(entry).toMatchObject({ targetId: expect.any(Number), details: { laraId: SARA } });
  });

  it('download=1 is an attachment named after the person and the day', async () => {
    const res = await uploadAs('student', SARA);
    const file = await get('student', `/api/camera/pictures/${res.body.id}?download=1`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''Sara-Schmidt-2026-11-26.jpg",
    );
  });

  it('a PDF is 415, a photo too large 413, no photo 400, and nothing is stored', async () => {
    const before = await countRows();
    const pdf = await call(t.base, `/api/camera/${SARA}`, {
      cookie: await as('student'),
      form: photoForm(
        Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n'),
        'photo',
        'x.pdf',
        'application/pdf',
      ),
    });
    expect(pdf.status).toBe(415);
    const huge = await uploadRefused('student', SARA, Buffer.alloc(MAX_PHOTO_BYTES + 1, 1));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('upload.too_large');
    const none = await call(t.base, `/api/camera/${SARA}`, {
      cookie: await as('student'),
      form: new FormData(),
    });
    expect(none.status).toBe(400);
    const wrongField = await call(t.base, `/api/camera/${SARA}`, {
      cookie: await as('student'),
      form: photoForm(await phonePhoto(), 'file'),
    });
    expect(wrongField.status).toBe(400);
    expect(await countRows()).toEqual(before);
  });

  it("the taker's quota refuses with 413 and stores nothing", async () => {
    await makeSetting(t, 'upload_quota_teacher_mb', '0');
    try {
      const before = await countRows();
      const res = await uploadRefused('teacher', SARA);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('upload.quota_exceeded');
      expect(await countRows()).toEqual(before);
    } finally {
      await makeSetting(t, 'upload_quota_teacher_mb', null);
    }
  });
});

describe('DELETE /api/camera/pictures/:id', () => {
  it('removes the row and both files; audited', async () => {
    const res = await uploadAs('teacher', SARA);
    const [row] = await t.database.db
      .select({ fileId: cameraPictures.fileId, thumbFileId: cameraPictures.thumbFileId })
      .from(cameraPictures)
      .where(eq(cameraPictures.id, res.body.id));
    const ids = [row!.fileId, row!.thumbFileId];
    expect(
      await t.database.db.select({ id: files.id }).from(files).where(inArray(files.id, ids)),
    ).toHaveLength(2);
    expect((await del('teacher', res.body.id)).status).toBe(204);
    expect(await t.database.db.select({ id: files.id }).from(files).where(inArray(files.id, ids))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(cameraPictures).where(eq(cameraPictures.id, res.body.id)),
    ).toEqual([]);
    expect((await del('teacher', res.body.id)).status).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'camera.delete'),
          sql`${auditLog.details}->>'pictureId' = ${String(res.body.id)}`,
        ),
      );
    expect(entry?.details).toMatchObject({ laraId: SARA });
  });
});

describe('the data export', () => {
  it("holds the user's pictures: the rows, and the files others took", async () => {
    const res = await uploadAs('admin', 'demo-student3', await phonePhoto(120, 90));
    expect(res.status).toBe(201);
    const data = (await getAs(DataExportSchema, 'student3', '/api/users/data')).body;
    expect(data.tables.camera_pictures).toEqual([
      expect.objectContaining({ id: res.body.id, width: 120, height: 90 }),
    ]);
    const pictureFiles = data.tables.camera_picture_files as {
      picture_id: number;
      mime: string;
      data: string;
    }[];
    expect(pictureFiles.map((f) => [f.picture_id, f.mime])).toEqual([
      [res.body.id, 'image/jpeg'],
      [res.body.id, 'image/webp'],
    ]);
    const full = await fetch(`${t.base}/api/camera/pictures/${res.body.id}`, {
      headers: { cookie: await as('student3') },
    });
    expect(Buffer.from(pictureFiles[0]!.data, 'base64')).toEqual(Buffer.from(await full.arrayBuffer()));
  });
});

describe('a school with the camera switched off', () => {
  it('answers 404 on every camera route', async () => {
    const res = await uploadAs('student', SARA);
    await makeSetting(t, 'enabled_features', 'bbb,sick');
    try {
      expect((await get('student', '/api/camera')).status).toBe(404);
      expect((await get('student', `/api/camera/${SARA}`)).status).toBe(404);
      expect((await get('student', `/api/camera/pictures/${res.body.id}`)).status).toBe(404);
      expect((await upload('student', SARA)).status).toBe(404);
      expect((await del('student', res.body.id)).status).toBe(404);
    } finally {
      await makeSetting(t, 'enabled_features', null);
    }
    expect((await get('student', `/api/camera/pictures/${res.body.id}`)).status).toBe(200);
  });
});
