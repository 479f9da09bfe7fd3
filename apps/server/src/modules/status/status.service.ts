import type { Health } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { pingDb } from './status.repo.ts';

export async function checkHealth(db: Db): Promise<Health> {
  try {
    await pingDb(db);
    return { status: 'ok', db: 'up' };
  } catch {
    return { status: 'degraded', db: 'down' };
  }
}
