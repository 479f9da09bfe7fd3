import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { bumpAppsVersion as bumpAppsVersionRow, findSchoolForHost, findSchoolIds } from './schools.repo.ts';

const CACHE_MS = 60_000;

/**
 * Resolves a request's school from its host name (DESIGN.md "Tenancy"), falling back to the default school.
 * The cache is only a cache: any instance can rebuild it from the database.
 */
export function createSchoolResolver(db: Db) {
  const cache = new Map<string, { id: number; until: number }>();
  // keyed by the Host header as sent (every request asks; the same few spellings come again and again)
  return async function resolveSchool(hostHeader: string | undefined): Promise<number> {
    const sent = hostHeader ?? '';
    const hit = cache.get(sent);
    const now = Date.now();
    if (hit && hit.until > now) return hit.id;
    const school = await findSchoolForHost(db, sent.toLowerCase().replace(/:\d+$/, ''));
    if (!school) throw new AppError(404, 'common.not_found');
    if (cache.size > 1_000) cache.clear();
    cache.set(sent, { id: school.id, until: now + CACHE_MS });
    return school.id;
  };
}

// Writes to the schools table for other modules (docs/ARCHITECTURE.md "Tables and their owners"): each takes the
// database or the caller's transaction first.

/** Every tile change bumps the school's tile version, part of each layout's version (decision 023). */
export function bumpAppsVersion(db: Db, schoolId: number): Promise<void> {
  return bumpAppsVersionRow(db, schoolId);
}

/** Every school's id, for work done one school at a time (plugins/jobs.ts). */
export function allSchoolIds(db: Db): Promise<number[]> {
  return findSchoolIds(db);
}
