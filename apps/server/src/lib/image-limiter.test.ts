// The image limiter (decisions 044, 075), by the order in which jobs start, never by time: each start is
// recorded by the limiter's own `onStart` hook, and each job runs until the test lets it finish.
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { ImageLimiter, imageOwner, type ImageLane } from './image-limiter.ts';

const PUPIL = imageOwner(1, 10);
const TEACHER = imageOwner(1, 20);
const ADMIN = imageOwner(1, 30);

/** A limiter whose starts are recorded as `owner lane` in `started`. */
function recorded(limits = { concurrency: 1, perOwner: 3, queue: 16 }) {
  const limiter = new ImageLimiter(limits);
  const started: string[] = [];
  limiter.onStart(({ owner, lane }) => started.push(`${owner} ${lane}`));
  return { limiter, started };
}

/** A job that runs until the test calls `finish`. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { job: () => done, finish };
}

/** Submits a job that runs until finished; `result` settles with its answer (or the 429). */
function submit(limiter: ImageLimiter, owner: string, lane: ImageLane) {
  const g = gate();
  const result = limiter.run(owner, lane, async () => {
    await g.job();
    return `${owner} ${lane}`;
  });
  result.catch(() => undefined);
  return { finish: g.finish, result };
}

/** Finishes `job` and waits until the limiter has started `count` jobs in all. */
async function finishAndWait(
  job: { finish: () => void; result: Promise<unknown> },
  started: string[],
  count: number,
) {
  job.finish();
  await job.result;
  await expect.poll(() => started.length).toBe(count);
}

describe('ImageLimiter', () => {
  it('runs one job per lane at a time and hands the slot straight to the next', async () => {
    const { limiter, started } = recorded();
    const a = submit(limiter, PUPIL, 'raster');
    const b = submit(limiter, PUPIL, 'raster');
    const c = submit(limiter, PUPIL, 'raster');
    expect(started).toEqual([`${PUPIL} raster`]);
    expect(limiter.stats).toEqual({
      running: 1,
      waiting: 2,
      lanes: { raster: { running: 1, waiting: 2 }, svg: { running: 0, waiting: 0 } },
    });
    await finishAndWait(a, started, 2);
    expect(limiter.stats).toMatchObject({ running: 1, waiting: 1 });
    b.finish();
    c.finish();
    expect(await Promise.all([a.result, b.result, c.result])).toEqual([
      `${PUPIL} raster`,
      `${PUPIL} raster`,
      `${PUPIL} raster`,
    ]);
    expect(limiter.stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it('takes turns between users: a teacher waits for the pupil’s running job, not for the pupil’s next one', async () => {
    const { limiter, started } = recorded();
    const pupil = [1, 2, 3, 4].map(() => submit(limiter, PUPIL, 'svg'));
    const teacher = submit(limiter, TEACHER, 'svg');
    expect(started).toEqual([`${PUPIL} svg`]);
    await finishAndWait(pupil[0]!, started, 2);
    // the teacher's job is next, before the pupil's second
    expect(started).toEqual([`${PUPIL} svg`, `${TEACHER} svg`]);
    await finishAndWait(teacher, started, 3);
    await finishAndWait(pupil[1]!, started, 4);
    await finishAndWait(pupil[2]!, started, 5);
    pupil[3]!.finish();
    await pupil[3]!.result;
    expect(started).toEqual([`${PUPIL} svg`, `${TEACHER} svg`, ...Array(3).fill(`${PUPIL} svg`)]);
  });

  it('alternates between users who each queue several jobs, whoever came first', async () => {
    const { limiter, started } = recorded();
    const first = submit(limiter, ADMIN, 'raster');
    const pupil = [1, 2, 3].map(() => submit(limiter, PUPIL, 'raster'));
    const teacher = [1, 2, 3].map(() => submit(limiter, TEACHER, 'raster'));
    const order = [first, pupil[0], teacher[0], pupil[1], teacher[1], pupil[2], teacher[2]];
    for (const [i, job] of order.slice(0, -1).entries()) await finishAndWait(job!, started, i + 2);
    order.at(-1)!.finish();
    await Promise.all(order.map((job) => job!.result));
    const p = `${PUPIL} raster`;
    const t = `${TEACHER} raster`;
    expect(started).toEqual([`${ADMIN} raster`, p, t, p, t, p, t]);
  });

  it('a user whose job just started waits behind one who has not had a turn, even if that one came later', async () => {
    const { limiter, started } = recorded();
    const p1 = submit(limiter, PUPIL, 'svg');
    const p2 = submit(limiter, PUPIL, 'svg');
    const t1 = submit(limiter, TEACHER, 'svg');
    await finishAndWait(p1, started, 2);
    expect(started).toEqual([`${PUPIL} svg`, `${TEACHER} svg`]);
    await finishAndWait(t1, started, 3);
    p2.finish();
    await p2.result;
  });

  it('never holds a photo behind SVG rendering: raster work has its own slot', async () => {
    const { limiter, started } = recorded();
    const svgs = [1, 2, 3, 4].map(() => submit(limiter, PUPIL, 'svg'));
    const photo = submit(limiter, TEACHER, 'raster');
    // the photo started at once, while the pupil's first SVG still renders and three wait
    expect(started).toEqual([`${PUPIL} svg`, `${TEACHER} raster`]);
    expect(limiter.stats.lanes).toEqual({
      raster: { running: 1, waiting: 0 },
      svg: { running: 1, waiting: 3 },
    });
    photo.finish();
    expect(await photo.result).toBe(`${TEACHER} raster`);
    // and the raster lane is still one job at a time
    const second = submit(limiter, TEACHER, 'raster');
    const third = submit(limiter, ADMIN, 'raster');
    expect(started.filter((s) => s.endsWith('raster'))).toHaveLength(2);
    await finishAndWait(second, started, 4);
    third.finish();
    for (const job of svgs) job.finish();
    await Promise.all([third.result, ...svgs.map((job) => job.result)]);
    expect(limiter.stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it('answers 429 upload.busy with Retry-After to a user with too many jobs waiting, and only to them', async () => {
    const { limiter } = recorded();
    // one running and three waiting, over both lanes
    const pupil = [
      submit(limiter, PUPIL, 'svg'),
      submit(limiter, PUPIL, 'svg'),
      submit(limiter, PUPIL, 'svg'),
      submit(limiter, PUPIL, 'svg'),
    ];
    const refused = await limiter.run(PUPIL, 'svg', async () => 'fifth').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'upload.busy', headers: { 'retry-after': '10' } });
    // its photo while the raster lane is free starts at once; one that would wait counts towards the cap
    const free = submit(limiter, PUPIL, 'raster');
    await expect(limiter.run(PUPIL, 'raster', async () => 'waits')).rejects.toMatchObject({
      status: 429,
      code: 'upload.busy',
    });
    // the canary: another user is let in, in both lanes
    const teacher = submit(limiter, TEACHER, 'svg');
    const teacherPhoto = submit(limiter, TEACHER, 'raster');
    free.finish();
    teacherPhoto.finish();
    teacher.finish();
    for (const job of pupil) job.finish();
    await Promise.all([free, teacher, teacherPhoto, ...pupil].map((job) => job.result));
    // a failed job frees its slot, and the pupil may queue again
    await expect(
      limiter.run(PUPIL, 'raster', async () => {
        throw new Error('broken image');
      }),
    ).rejects.toThrow('broken image');
    expect(limiter.stats).toMatchObject({ running: 0, waiting: 0 });
    expect(await limiter.run(PUPIL, 'svg', async () => 'again')).toBe('again');
  });

  it('with a full lane, refuses a user who has a job waiting there but lets in one who has none', async () => {
    const { limiter } = recorded({ concurrency: 1, perOwner: 3, queue: 2 });
    const running = submit(limiter, ADMIN, 'svg');
    const pupil = submit(limiter, PUPIL, 'svg');
    const teacher = submit(limiter, TEACHER, 'svg');
    expect(limiter.stats.lanes.svg).toEqual({ running: 1, waiting: 2 });
    await expect(limiter.run(PUPIL, 'svg', async () => 'more')).rejects.toMatchObject({
      status: 429,
      code: 'upload.busy',
    });
    const other = submit(limiter, imageOwner(1, 40), 'svg');
    expect(limiter.stats.lanes.svg).toEqual({ running: 1, waiting: 3 });
    for (const job of [running, pupil, teacher, other]) job.finish();
    await Promise.all([running, pupil, teacher, other].map((job) => job.result));
  });

  it('keys work by school and user; work nobody signed in asked for has its own key per school', () => {
    expect(imageOwner(1, 10)).not.toBe(imageOwner(2, 10));
    expect(imageOwner(1, null)).not.toBe(imageOwner(1, 10));
    expect(imageOwner(1, null)).not.toBe(imageOwner(2, null));
  });

  it('a listener that throws costs neither the slot nor the job', async () => {
    const limiter = new ImageLimiter();
    limiter.onStart(() => {
      throw new Error('listener broken');
    });
    const first = submit(limiter, PUPIL, 'raster');
    const second = submit(limiter, PUPIL, 'raster');
    first.finish();
    second.finish();
    expect(await Promise.all([first.result, second.result])).toEqual([`${PUPIL} raster`, `${PUPIL} raster`]);
    expect(limiter.stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it('stops telling a listener once it has unsubscribed', async () => {
    const limiter = new ImageLimiter();
    const heard: string[] = [];
    const stop = limiter.onStart(({ lane }) => heard.push(lane));
    await limiter.run(PUPIL, 'raster', async () => undefined);
    stop();
    await limiter.run(PUPIL, 'svg', async () => undefined);
    expect(heard).toEqual(['raster']);
  });
});
