import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Database } from '../db/index.ts';

/**
 * One clean database per test file (STYLE.md): a fresh PGlite in memory, or, with DATABASE_URL set,
 * a new database on that PostgreSQL server that is dropped again afterwards.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDb({ dataDir: 'memory://' });
  const name = `aula_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = withDatabase(baseUrl, name);
  const database = await openDb({ url, poolSize: 5 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
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
