// Counts the reads of the school's configuration (the tables `config` and `config_texts`, the feature switch
// included) that a request sends to the real database (decision 085): the query builder's logger sees every
// statement, in transactions too, on PGlite and on PostgreSQL alike.
import type { Logger } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { createTestDatabase } from './test-db.ts';

const READS_CONFIG = /\b(?:from|join)\s+"config(?:_texts)?"(?=[\s),]|$)/i;

/** Whether a statement reads the configuration: a select from (or joining) `config` or `config_texts`. */
export function readsConfig(statement: string): boolean {
  return /^\s*(?:with|select)\b/i.test(statement) && READS_CONFIG.test(statement);
}

export interface ConfigReadLog extends Logger {
  /** the configuration reads seen since the last `during` began: each statement with its parameters */
  seen: string[];
  /** runs `fn` and answers how many configuration reads were sent while it ran, with its result */
  during<T>(fn: () => Promise<T>): Promise<{ reads: number; statements: string[]; result: T }>;
}

export function configReadLog(): ConfigReadLog {
  const log: ConfigReadLog = {
    seen: [],
    logQuery(query, params) {
      if (readsConfig(query)) log.seen.push(`${query} -- ${JSON.stringify(params)}`);
    },
    async during(fn) {
      log.seen = [];
      const result = await fn();
      const statements = log.seen;
      log.seen = [];
      return { reads: statements.length, statements, result };
    },
  };
  return log;
}

/** A fresh test database (test-db.ts) whose configuration reads are counted by the log it comes with. */
export async function countingTestDatabase(): Promise<{ database: Database; log: ConfigReadLog }> {
  const log = configReadLog();
  return { database: await createTestDatabase({ queryLogger: log }), log };
}
