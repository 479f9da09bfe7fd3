// The real app in a process of its own on a PostgreSQL database, for a test that kills it (SIGKILL) and starts
// another one on the same database (lib/domain-events-crash.pg.int.test.ts, decision 084). The child builds and
// listens as main.ts does, with what a test gives and main.ts cannot be given: the push stand-in's hosts and
// certificate, the test's secret key, the worker left still, and a hold. The hold is a seam of the registry
// itself, not a switch in the server: the child subscribes, as any area does, a handler of the event that writes
// a line and never returns, so the process stops between that event's commit and its after-commit handlers (or
// inside its transaction, before the commit) until the test kills it. Nothing here is part of the production server.
//
// The child speaks in lines on stdout, `aula-test {json}`: { listening } once it answers, { held } and { told }
// from the hold's two handlers; pino's own lines (level warn) pass through unread.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { PushAppOptions } from '../modules/push/push.plugin.ts';
import type { DomainEventName } from '../lib/domain-events.ts';

const OPTIONS_VAR = 'AULA_TEST_SERVER_PROCESS';
const LINE = 'aula-test ';
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ServerProcessOptions {
  /** the PostgreSQL database (a createTestDatabase url); the child neither migrates a new one nor seeds it */
  databaseUrl: string;
  /** the 32-byte secret key as hex: every process on the database needs the same (push keys are sealed with it) */
  secretKey: string;
  push?: Pick<PushAppOptions, 'allowedHosts' | 'ca'>;
  /** run the push worker as a server does (at start, on its poll, woken at every enqueue); else it stays still */
  pushWorker?: boolean;
  /**
   * Stop at this event. `after-commit`: its first after-commit handler writes { held: payload } and never
   * returns; a second one, which therefore never runs, would write { told: payload }. `in-transaction`: a
   * handler after the app's own (push has queued its rows) writes { held, queued } and never returns, so the
   * transaction stays open, uncommitted.
   */
  hold?: { event: DomainEventName; at: 'after-commit' | 'in-transaction' };
}

/** What the child says, in order. */
export type ServerLine =
  | { listening: string }
  /** queued: the push_queue rows the transaction sees (in-transaction holds) */
  | { held: unknown; queued?: number }
  | { told: unknown };

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** every line the child said so far */
  lines: readonly ServerLine[];
  /** resolves with the first line (said already or to come) that has `key`; rejects when the child exits first */
  line<K extends 'listening' | 'held' | 'told'>(key: K): Promise<Extract<ServerLine, Record<K, unknown>>>;
  /** sends the signal and resolves once the process has exited, with how */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the child and resolves once it listens (rejects with its output when it exits before). */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...process.env, [OPTIONS_VAR]: JSON.stringify(opts) },
    // stdin stays open for the child's life: when the test's process goes, it closes and the child ends
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: ServerLine[] = [];
  const output: string[] = [];
  let waiters: { key: string; resolve: (l: ServerLine) => void; reject: (e: Error) => void }[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const heard = (text: string) => {
    output.push(text);
    if (!text.startsWith(LINE)) return;
    const said = JSON.parse(text.slice(LINE.length)) as ServerLine;
    lines.push(said);
    const ready = waiters.filter((w) => w.key in said);
    waiters = waiters.filter((w) => !(w.key in said));
    for (const w of ready) w.resolve(said);
  };
  createInterface({ input: child.stdout! }).on('line', heard);
  createInterface({ input: child.stderr! }).on('line', (text) => output.push(text));
  void exited.then(({ code, signal }) => {
    const err = new Error(`the server process exited (${signal ?? code}):\n${output.slice(-30).join('\n')}`);
    for (const w of waiters.splice(0)) w.reject(err);
  });
  const line: ServerProcess['line'] = (key) => {
    const found = lines.find((l) => key in l);
    if (found) return Promise.resolve(found as never);
    if (child.exitCode !== null || child.signalCode !== null)
      return Promise.reject(new Error(`the server process has exited:\n${output.slice(-30).join('\n')}`));
    return new Promise((resolve, reject) =>
      waiters.push({ key, resolve: resolve as (l: ServerLine) => void, reject }),
    );
  };
  const kill: ServerProcess['kill'] = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  try {
    const { listening } = await line('listening');
    return { base: listening, child, lines, line, kill };
  } catch (err) {
    await kill('SIGKILL');
    throw err;
  }
}

/** The child: buildApp on the database, listening on a free loopback port. */
async function serve(opts: ServerProcessOptions): Promise<void> {
  const say = (line: ServerLine) => void process.stdout.write(`${LINE}${JSON.stringify(line)}\n`);
  const [{ buildApp }, { openDb }, events, { count }, { pushQueue }] = await Promise.all([
    import('../app.ts'),
    import('../db/index.ts'),
    import('../lib/domain-events.ts'),
    import('drizzle-orm'),
    import('../db/schema.ts'),
  ]);
  const { afterCommitHandler, inTransactionHandler, subscribeDomainEvents } = events;
  const never = () => new Promise<never>(() => {});
  const event = opts.hold?.event;
  // subscribed before the app's own: the first of the event's after-commit handlers, so none runs before it
  if (event && opts.hold?.at === 'after-commit')
    subscribeDomainEvents([
      afterCommitHandler(event, 'test: holds the process after the commit', async (payload) => {
        say({ held: payload });
        await never();
      }),
      afterCommitHandler(event, 'test: tells', (payload) => say({ told: payload })),
    ]);
  const database = await openDb({ url: opts.databaseUrl, poolSize: 5 });
  const app = await buildApp({
    database,
    secretKey: Buffer.from(opts.secretKey, 'hex'),
    logger: { level: 'warn' },
    push: { ...opts.push, manual: !opts.pushWorker },
  });
  // subscribed after the app's own: the event's other in-transaction handlers have written by then
  if (event && opts.hold?.at === 'in-transaction')
    subscribeDomainEvents([
      inTransactionHandler(event, 'test: holds the process in the transaction', async (tx, payload) => {
        const [row] = await tx.select({ n: count() }).from(pushQueue);
        say({ held: payload, queued: row!.n });
        await never();
      }),
    ]);
  // no orphan: the test's process has gone (its end of stdin closed) without ending this one
  process.stdin.once('end', () => process.exit(1)).resume();
  // SIGTERM closes as main.ts does (SIGKILL leaves no choice)
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  say({ listening: await app.listen({ port: 0, host: '127.0.0.1' }) });
}

const options = process.env[OPTIONS_VAR];
if (options && process.argv[1] === fileURLToPath(import.meta.url))
  await serve(JSON.parse(options) as ServerProcessOptions);
