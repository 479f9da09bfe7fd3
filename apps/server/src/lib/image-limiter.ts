// Every decode, rasterise and re-encode runs through one queue (SECURITY.md "Staying up", decision 044): image
// work takes at most `concurrency` of libuv's threads, so sign-in (argon2 on the same pool) always has threads.
import { AppError } from './app-error.ts';

export const IMAGE_LIMITS = {
  /** image jobs at once: one core of a 2-core school server */
  concurrency: 1,
  /** jobs waiting behind it; more are answered 429 at once */
  queue: 8,
  /** seconds before sharp stops a pipeline (checked between tiles; see decision 044) */
  timeoutSeconds: 10,
  /** Retry-After of the 429 */
  retryAfterSeconds: 10,
} as const;

export class ImageLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number = IMAGE_LIMITS.concurrency,
    private readonly queue: number = IMAGE_LIMITS.queue,
  ) {}

  /** Runs `job` when a slot is free; a full queue is a 429 `upload.busy` with Retry-After, not a wait. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue)
        throw new AppError(429, 'upload.busy', undefined, {
          'retry-after': String(IMAGE_LIMITS.retryAfterSeconds),
        });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // the slot passes straight to the next job, so `running` never drops and rises again between them
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** The process's one image queue: the thread pool it protects is process-wide too. */
export const imageLimiter = new ImageLimiter();
