import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDb, type Database, type DbOptions } from '../db/index.ts';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The migrations' content as a short hash, so a changed migration makes a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** Where the migrated PGlite template lies: the temp folder, named by the migrations. */
function templateFile(): string {
  return join(tmpdir(), `aula-pglite-migrated-${migrationsHash()}.tar`);
}

/**
 * A fresh PGlite in memory. Migrating an empty one takes seconds of WebAssembly per test file, so the first
 * file stores the migrated database as a tarball in the temp folder and later files start from it.
 */
async function freshPglite(queryLogger: DbOptions['queryLogger']): Promise<Database> {
  const file = templateFile();
  if (existsSync(file)) {
    return openDb({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(file)]), queryLogger });
  }
  const database = await openDb({ dataDir: 'memory://', queryLogger });
  const dump = await database.dump!();
  // written aside and renamed, so a file started at the same time never reads half a tarball
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return database;
}

/**
 * One clean database per test file (STYLE.md): a fresh PGlite in memory, or, with DATABASE_URL set,
 * a new database on that PostgreSQL server that is dropped again afterwards.
 */
export async function createTestDatabase(
  opts: Pick<DbOptions, 'queryLogger'> = {},
): Promise<Database & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return freshPglite(opts.queryLogger);
  const name = `aula_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name} template ${await pgTemplate(baseUrl)}`);
  const url = withDatabase(baseUrl, name);
  const database = await openDb({ url, poolSize: 5, queryLogger: opts.queryLogger });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

let template: Promise<string> | undefined;

/**
 * The migrated template database on the PostgreSQL server, named by the migrations (decision 082): the first
 * test file of a run migrates it once under an advisory lock, and every file's database is a copy of it
 * (`create database ... template ...`), which takes a fraction of the migrations' time. It is built under a
 * temporary name and renamed when complete, so a run that died halfway never leaves a half-migrated
 * template behind. openDb still runs the migrator on each copy, which finds nothing left to do.
 */
function pgTemplate(baseUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `aula_template_${migrationsHash()}`;
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [0x4155_4c41]);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const partial = `${name}_${randomBytes(4).toString('hex')}`;
        await client.query(`create database ${partial}`);
        const database = await openDb({ url: withDatabase(baseUrl, partial), poolSize: 1 });
        await database.close();
        await client.query(`alter database ${partial} rename to ${name}`);
      }
      return name;
    } finally {
      await client.end();
    }
  })();
  return template;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}
