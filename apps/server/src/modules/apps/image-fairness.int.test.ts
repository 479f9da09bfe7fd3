// Issue 32, item 4: one pupil's image uploads must not hold up everyone else's. Over real HTTP, a pupil sends
// four heavy SVG icons at once (markers, which the check does not count, so each renders until it is killed);
// a teacher's camera photo then starts at once, in the raster lane, and the teacher's own SVG icon is next in
// the SVG lane, before the pupil's second SVG. The order comes from the image limiter's `onStart` hook, never
// from timers; a fifth SVG of the pupil is answered 429 upload.busy.
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { imageLimiter, imageOwner } from '../../lib/image-limiter.ts';
import { svgRenderer } from '../../lib/svg-render.ts';
import { phonePhoto } from '../../test/photos.ts';
import { markerSvg } from '../../test/svg-amplification.ts';
import { call, loginAs, setUpTestApp } from '../../test/test-app.ts';

const ORDINARY_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
);
// 20,000 markers of 200 circles: minutes of librsvg on the test machine, so the pupil's first SVG is still
// rendering while the teacher's work comes, on any machine; the test ends it itself
const HEAVY_SVG = markerSvg(20_000, 200);
// long enough that the first SVG is not killed before the teacher's photo arrives, even on a busy machine
const HEAVY_LIMIT_MS = 30_000;
// once the order is seen: the remaining heavy SVGs are killed after this; an ordinary icon takes milliseconds
const AFTER_LIMIT_MS = 3_000;

function iconForm(title: string, svg: Buffer): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('url', 'https://example.org/');
  form.append('color', 'sky-500');
  form.append('icon', new Blob([new Uint8Array(svg)], { type: 'image/svg+xml' }), 'icon.svg');
  return form;
}

function photoForm(data: Buffer): FormData {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return form;
}

afterAll(() => {
  svgRenderer.timeLimitMs = 10_000;
});

describe('image work is shared fairly between users', () => {
  const t = setUpTestApp();

  it('a teacher’s photo and SVG start before a pupil’s second heavy SVG; the pupil’s fifth is refused', async () => {
    const rows = await t.database.db
      .select({ id: users.id, schoolId: users.schoolId, username: users.username })
      .from(users)
      .where(inArray(users.username, ['student', 'teacher']));
    const names = new Map(rows.map((r) => [imageOwner(r.schoolId, r.id), r.username]));
    expect(names.size).toBe(2);
    const pupil = await loginAs(t.base, 'student');
    const teacher = await loginAs(t.base, 'teacher');
    const photo = await phonePhoto(640, 480);
    // a warm renderer, so the heavy SVGs' time limit counts renders, not the child's start
    const warm = await call(t.base, '/api/apps', { cookie: pupil, form: iconForm('Kreis', ORDINARY_SVG) });
    expect(warm.status).toBe(201);

    const started: string[] = [];
    const stop = imageLimiter.onStart(({ owner, lane }) => started.push(`${names.get(owner)} ${lane}`));
    svgRenderer.timeLimitMs = HEAVY_LIMIT_MS;
    try {
      const heavy = [1, 2, 3, 4].map((n) =>
        call(t.base, '/api/apps', { cookie: pupil, form: iconForm(`Marker ${n}`, HEAVY_SVG) }),
      );
      // the first renders, the other three wait
      await expect.poll(() => imageLimiter.stats.waiting, { timeout: 60_000 }).toBe(3);
      expect(started).toEqual(['student svg']);

      // the pupil's cap: a fifth is answered at once, with when to try again
      const fifth = await call(t.base, '/api/apps', { cookie: pupil, form: iconForm('Marker 5', HEAVY_SVG) });
      expect(fifth.status).toBe(429);
      expect(fifth.body).toMatchObject({ code: 'upload.busy' });
      expect(fifth.headers.get('retry-after')).toBe('10');

      // the teacher's camera photo does not wait for the SVG lane
      const taken = await call(t.base, '/api/camera/demo-student', {
        cookie: teacher,
        form: photoForm(photo),
      });
      expect(taken.status).toBe(201);
      expect(started).toEqual(['student svg', 'teacher raster']);

      // the teacher's SVG icon waits for the pupil's running SVG only
      const icon = call(t.base, '/api/apps', { cookie: teacher, form: iconForm('Lehrer', ORDINARY_SVG) });
      await expect.poll(() => imageLimiter.stats.waiting, { timeout: 60_000 }).toBe(4);
      // end the heavy renders: the running one now, the others at the shorter limit
      svgRenderer.timeLimitMs = AFTER_LIMIT_MS;
      await svgRenderer.stop();

      const answers = await Promise.all(heavy);
      expect(answers.map((a) => a.status)).toEqual([415, 415, 415, 415]);
      expect((await icon).status).toBe(201);
      expect(started).toEqual([
        'student svg',
        'teacher raster',
        'teacher svg',
        'student svg',
        'student svg',
        'student svg',
      ]);
    } finally {
      stop();
      svgRenderer.timeLimitMs = 10_000;
    }
  }, 120_000);
});
