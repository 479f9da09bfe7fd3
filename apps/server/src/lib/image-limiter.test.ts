import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { ImageLimiter } from './image-limiter.ts';

/** A job that runs until the test lets it finish, and records that it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    job: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

describe('ImageLimiter', () => {
  it('runs one job at a time, in order, and hands the slot straight to the next', async () => {
    const limiter = new ImageLimiter(1, 4);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => gate(started, n));
    const results = [limiter.run(a!.job), limiter.run(b!.job), limiter.run(c!.job)];
    await Promise.resolve();
    expect(started).toEqual(['a']);
    expect(limiter.stats).toEqual({ running: 1, waiting: 2 });
    a!.finish();
    await results[0];
    await expect.poll(() => started).toEqual(['a', 'b']);
    expect(limiter.stats).toEqual({ running: 1, waiting: 1 });
    b!.finish();
    c!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(limiter.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 429 upload.busy with Retry-After when the queue is full, and frees the slot after a failure', async () => {
    const limiter = new ImageLimiter(1, 1);
    const started: string[] = [];
    const a = gate(started, 'a');
    const first = limiter.run(a.job);
    const second = limiter.run(async () => 'b');
    const refused = await limiter.run(async () => 'c').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'upload.busy', headers: { 'retry-after': '10' } });
    a.finish();
    expect([await first, await second]).toEqual(['a', 'b']);
    await expect(
      limiter.run(async () => {
        throw new Error('broken image');
      }),
    ).rejects.toThrow('broken image');
    expect(limiter.stats).toEqual({ running: 0, waiting: 0 });
    expect(await limiter.run(async () => 'd')).toBe('d');
  });
});
