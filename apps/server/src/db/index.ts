// One schema, two drivers: PostgreSQL (node-postgres) when a URL is given, else embedded PGlite.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
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
}

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
  /** PGlite only: the whole database as a tarball, to start others from. */
  dump?: () => Promise<Blob>;
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
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create({ dataDir: opts.dataDir ?? 'memory://', loadDataDir: opts.loadDataDir });
  // Both drivers expose the same query builder; the PostgreSQL type is the common surface.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/** Runs fn in one transaction; both drivers' transactions share the PostgreSQL query builder. */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
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
