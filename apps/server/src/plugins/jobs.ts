// Scheduled jobs (decision 062): work nobody requested just now, like deleting old sick notices. Each job
// runs once when the server starts (before it answers its first request), then every `intervalMs`; one
// school at a time through `jobContext(app, schoolId)`, so it calls the same services a route does, with
// the app's injected clock. A failure is logged (per job and school) and never crashes the server; timers
// are unref'd and cleared on close, and close waits for a run in progress. An area names its jobs in its
// manifest (`jobs`, decision 090); app.ts registers every manifest's.
import type { FastifyInstance } from 'fastify';
import { jobContext } from '../context.ts';
import type { Job } from '../core/job.ts';
import { allSchoolIds } from '../modules/schools/schools.service.ts';

export interface JobRunner {
  /** runs one job now for every school (what the timer does); resolves when done, never rejects */
  run(name: string): Promise<void>;
  names(): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export function registerJobs(app: FastifyInstance, jobs: readonly Job[]): void {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let closed = false;

  async function runOnce(job: Job): Promise<void> {
    let schoolIds: number[];
    try {
      schoolIds = await allSchoolIds(app.db);
    } catch (err) {
      app.log.error({ err, job: job.name }, 'job could not list the schools');
      return;
    }
    for (const schoolId of schoolIds) {
      if (closed) return;
      try {
        const result = await job.run(jobContext(app, schoolId));
        app.log.info({ job: job.name, schoolId, result }, 'job ran');
      } catch (err) {
        app.log.error({ err, job: job.name, schoolId }, 'job failed');
      }
    }
  }

  /** One run of a job at a time: a run asked for while one is going joins it. */
  function run(name: string): Promise<void> {
    const job = byName.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    const current = running.get(name);
    if (current) return current;
    const started = runOnce(job).finally(() => running.delete(name));
    running.set(name, started);
    return started;
  }

  app.decorate('jobs', { run, names: () => [...byName.keys()] });

  app.addHook('onReady', async () => {
    await Promise.all(jobs.map((job) => run(job.name)));
    for (const job of jobs) {
      const timer = setInterval(() => void run(job.name), job.intervalMs);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  });
}
