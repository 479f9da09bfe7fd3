// One schema, two drivers: PostgreSQL (node-postgres) when a URL is given, else embedded PGlite.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger as QueryLogger } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import * as schema from './schema.ts';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DbOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; `memory://` for a throw-away database. */
  dataDir?: string;
  log?: Pick<Logger, 'warn' | 'error'>;
  poolSize?: number;
  /** PGlite only: start from this dump (dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob;
  /** sees every statement the query builder sends (tests count the configuration reads of a request) */
  queryLogger?: QueryLogger;
}

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
  /** PGlite only: the whole database as a tarball, to start others from. */
  dump?: () => Promise<Blob>;
  /** LISTENs on a channel on a connection of its own (decision 071); see `Listener`. */
  listen: (channel: string, handlers: ListenHandlers) => Promise<Listener>;
}

export interface ListenHandlers {
  /** a notification's payload, in the order PostgreSQL delivers them (commit order) */
  notify: (payload: string) => void;
  /**
   * The connection is listening (again): after a reconnect, notifications sent meanwhile were lost, so the
   * caller catches up from what it last handled. Not called for the first connection.
   */
  reconnected?: () => void;
}

export interface Listener {
  stop: () => Promise<void>;
}

export const LISTENER_APPLICATION_NAME = 'aula-listener';
/** The application name of the listener connection of one channel, e.g. `aula-listener:aula_events`. */
export const listenerApplicationName = (channel: string) => `${LISTENER_APPLICATION_NAME}:${channel}`;

/** How long a lost LISTEN connection waits before it tries again: doubling up to the last. */
const LISTEN_RETRY_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/**
 * PostgreSQL: one pg.Client of its own (a pooled connection would be handed to others). A lost connection
 * (PostgreSQL restarted, the backend terminated) never crashes the process: it reconnects with backoff and
 * says so through `reconnected`. Not connecting at start is the same as losing it at once.
 */
function pgListen(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  log: DbOptions['log'],
): Promise<Listener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped || retry) return;
    const delay = LISTEN_RETRY_MS[Math.min(attempt++, LISTEN_RETRY_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 2_000,
      // named, so an operator (or a test) can tell it in pg_stat_activity
      application_name: listenerApplicationName(channel),
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      if (!stopped) log?.warn({ err: err?.message }, 'event listener connection lost');
      schedule();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.notify(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost(err as Error);
      void c.end().catch(() => {});
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
    if (everConnected) handlers.reconnected?.();
    everConnected = true;
  }

  return connect().then(() => ({
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  }));
}

export async function openDb(opts: DbOptions = {}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
      // a server that stops answering (rather than refusing) must not hang requests or shutdown
      query_timeout: 10_000,
      keepAlive: true,
    });
    // A PostgreSQL restart kills idle connections; without this handler the process would crash.
    pool.on('error', (err) => opts.log?.warn({ err: err.message }, 'database connection lost'));
    const db = drizzlePg(pool, { schema, logger: opts.queryLogger });
    await migratePg(db, { migrationsFolder });
    const url = opts.url;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, handlers) => pgListen(url, channel, handlers, opts.log),
    };
  }
  const client = await PGlite.create({ dataDir: opts.dataDir ?? 'memory://', loadDataDir: opts.loadDataDir });
  // Both drivers expose the same query builder; the PostgreSQL type is the common surface.
  const db = drizzlePglite(client, { schema, logger: opts.queryLogger }) as unknown as Db;
  await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
    // one embedded connection: it hears its own commits' notifications and is never lost
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.notify);
      return { stop: () => (client.closed ? Promise.resolve() : unlisten()) };
    },
  };
}

/** What a transaction opened by `transaction()` holds for after its commit (lib/domain-events.ts). */
interface TxFrame {
  afterCommit: (() => Promise<void>)[];
}
const frames = new WeakMap<object, TxFrame>();

/**
 * Runs fn in one transaction; both drivers' transactions share the PostgreSQL query builder. Given a transaction,
 * it opens a savepoint in it. Work queued with `onCommit` runs once the outermost transaction has committed: a
 * savepoint's joins its parent's when released and is dropped when rolled back, as is all of it on a rollback.
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const parent = frames.get(db);
  const frame: TxFrame = { afterCommit: [] };
  const result = await db.transaction((tx) => {
    frames.set(tx, frame);
    return fn(tx as unknown as Db);
  });
  if (parent) parent.afterCommit.push(...frame.afterCommit);
  // each job logs its own failure (lib/domain-events.ts): the change has committed, the caller gets its result
  else for (const job of frame.afterCommit) await job().catch(() => undefined);
  return result;
}

/** Whether `db` is a transaction opened by `transaction()` (false for the database itself). */
export function inTransaction(db: Db): boolean {
  return frames.has(db);
}

/**
 * Queues `job` for after the commit of the outermost transaction `tx` belongs to (never, if it rolls back).
 * `job` must not reject: it handles and logs its own failure. A transaction not opened by `transaction()` is
 * refused, as its commit could not be seen.
 */
export function onCommit(tx: Db, job: () => Promise<void>): void {
  const frame = frames.get(tx);
  if (!frame) throw new Error('onCommit needs a transaction opened by transaction()');
  frame.afterCommit.push(job);
}

/** A transaction of the query builder that `transaction()` did not open (its commit cannot be waited for). */
export function isForeignTransaction(db: Db): boolean {
  return db instanceof PgTransaction && !frames.has(db);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** True when an error means "the database cannot be reached right now" rather than a bad query. */
export function isDbUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|Query read timeout|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

export { schema };
