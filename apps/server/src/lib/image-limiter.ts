// Every decode, rasterise and re-encode runs through this limiter (SECURITY.md "Staying up", decisions 044 and
// 075). Two lanes of one job each: raster work (sharp in this process, one of libuv's threads, so sign-in's
// argon2 on the same pool always has threads) and SVG rendering (the renderer's child process, no thread of the
// pool), so a photo never waits behind an SVG. Within a lane the jobs are shared between their owners (school
// and user) in turn, so one user's jobs delay another's by at most one job, and each owner has a cap of jobs
// waiting.
import { AppError } from './app-error.ts';

export const IMAGE_LIMITS = {
  /** image jobs at once in each lane: raster work takes one libuv thread, an SVG the renderer's child */
  concurrency: 1,
  /** jobs one owner may have waiting, over both lanes; more are answered 429 at once */
  perOwner: 3,
  /** jobs waiting in a lane; beyond it, only an owner with nothing waiting there yet is let in */
  queue: 16,
  /** seconds before sharp stops a pipeline (checked between tiles; see decision 044) */
  timeoutSeconds: 10,
  /** Retry-After of the 429 */
  retryAfterSeconds: 10,
} as const;

/** `raster`: PNG, JPEG, WebP and GIF decoded and re-encoded in this process; `svg`: rendered in the child. */
export type ImageLane = 'raster' | 'svg';
export const IMAGE_LANES: readonly ImageLane[] = ['raster', 'svg'];

/** Whose image work a job is: a user of a school, or the school's work nobody signed in asked for. */
export type ImageOwner = string;

export function imageOwner(schoolId: number, userId: number | null): ImageOwner {
  return userId === null ? `${schoolId}:system` : `${schoolId}:${userId}`;
}

/** What an `onStart` listener hears: a job of `owner` got a slot of `lane` and runs now. */
export interface ImageJobStart {
  owner: ImageOwner;
  lane: ImageLane;
}

interface Turn {
  /** the owner's jobs in this lane, first come first */
  waiting: (() => void)[];
  running: number;
  /** when the owner's last job here started (a counter, not a clock); 0: none yet */
  lastStart: number;
  /** when the owner came to this lane, for ties between owners who never started */
  arrived: number;
}

class Lane {
  running = 0;
  waiting = 0;
  /** the owners with jobs running or waiting here; forgotten when they have none */
  readonly turns = new Map<ImageOwner, Turn>();

  /** The owner whose last job here started longest ago, of those waiting (one who never started first). */
  next(): [ImageOwner, Turn] | null {
    let best: [ImageOwner, Turn] | null = null;
    for (const entry of this.turns) {
      const turn = entry[1];
      if (turn.waiting.length === 0) continue;
      if (
        !best ||
        turn.lastStart < best[1].lastStart ||
        (turn.lastStart === best[1].lastStart && turn.arrived < best[1].arrived)
      )
        best = entry;
    }
    return best;
  }
}

export class ImageLimiter {
  private readonly lanes: Record<ImageLane, Lane> = { raster: new Lane(), svg: new Lane() };
  /** jobs waiting per owner, over both lanes */
  private readonly waitingOf = new Map<ImageOwner, number>();
  private readonly listeners = new Set<(start: ImageJobStart) => void>();
  private ticks = 0;

  constructor(
    private readonly limits: { concurrency: number; perOwner: number; queue: number } = IMAGE_LIMITS,
  ) {}

  /**
   * Runs `job` of `owner` in `lane` when the lane has a free slot and it is the owner's turn. An owner with
   * `perOwner` jobs waiting already, or with one waiting in a lane whose queue is full, is answered 429
   * `upload.busy` with Retry-After at once, not made to wait.
   */
  async run<T>(owner: ImageOwner, lane: ImageLane, job: () => Promise<T>): Promise<T> {
    const l = this.lanes[lane];
    let turn = l.turns.get(owner);
    const queued = this.waitingOf.get(owner) ?? 0;
    if (l.running >= this.limits.concurrency || l.waiting > 0) {
      const alreadyWaitingHere = (turn?.waiting.length ?? 0) > 0;
      if (queued >= this.limits.perOwner || (l.waiting >= this.limits.queue && alreadyWaitingHere))
        throw new AppError(429, 'upload.busy', undefined, {
          'retry-after': String(IMAGE_LIMITS.retryAfterSeconds),
        });
    }
    if (!turn) {
      turn = { waiting: [], running: 0, lastStart: 0, arrived: ++this.ticks };
      l.turns.set(owner, turn);
    }
    if (l.running < this.limits.concurrency && l.waiting === 0) this.start(lane, owner, turn);
    else {
      this.waitingOf.set(owner, queued + 1);
      l.waiting++;
      // resolved by `start`, which has already counted the job as running
      await new Promise<void>((resolve) => turn.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      this.finish(lane, owner);
    }
  }

  /** Calls `listener` as each job starts, before it runs; returns the function that stops it. For tests. */
  onStart(listener: (start: ImageJobStart) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Jobs running and waiting, in all and per lane. */
  get stats(): {
    running: number;
    waiting: number;
    lanes: Record<ImageLane, { running: number; waiting: number }>;
  } {
    const { raster, svg } = this.lanes;
    return {
      running: raster.running + svg.running,
      waiting: raster.waiting + svg.waiting,
      lanes: {
        raster: { running: raster.running, waiting: raster.waiting },
        svg: { running: svg.running, waiting: svg.waiting },
      },
    };
  }

  private start(lane: ImageLane, owner: ImageOwner, turn: Turn): void {
    const l = this.lanes[lane];
    l.running++;
    turn.running++;
    turn.lastStart = ++this.ticks;
    for (const listener of this.listeners) {
      try {
        listener({ owner, lane });
      } catch {
        // a listener that fails must not cost a slot or the job that got it
      }
    }
  }

  private finish(lane: ImageLane, owner: ImageOwner): void {
    const l = this.lanes[lane];
    const turn = l.turns.get(owner)!;
    l.running--;
    turn.running--;
    if (turn.running === 0 && turn.waiting.length === 0) l.turns.delete(owner);
    // the slot passes straight to the owner whose turn it is, so `running` never drops and rises between jobs
    const next = l.next();
    if (!next) return;
    const [nextOwner, nextTurn] = next;
    const resume = nextTurn.waiting.shift()!;
    l.waiting--;
    const left = this.waitingOf.get(nextOwner)! - 1;
    if (left === 0) this.waitingOf.delete(nextOwner);
    else this.waitingOf.set(nextOwner, left);
    this.start(lane, nextOwner, nextTurn);
    resume();
  }
}

/** The process's one image limiter: the thread pool and the renderer it protects are process-wide too. */
export const imageLimiter = new ImageLimiter();
