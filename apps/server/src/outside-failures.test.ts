import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Decision 078: the server answers 502 or 503 only for itself, never for a system outside it. A 502 is
// "Aula is down" and a 503 "offline" to the web app (spec 4.4, 8). This walks the server's source for every
// place that sets such a status and allows only Aula's own unavailability.

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** Where the server may answer 503: each is Aula itself being unavailable, never an outside system. */
const ALLOWED: Record<string, string> = {
  // the database away: every route, with Retry-After (README "If the PostgreSQL server restarts")
  'plugins/errors.ts': '503',
  // GET /api/health while the database is down
  'modules/status/status.routes.ts': '503',
  // an index.html cut off during a deploy
  'plugins/start-page.ts': '503',
  // the event stream's hub closed: the server is shutting down
  'modules/events/events.routes.ts': '503',
};

const STATUS_SETTERS = [
  /AppError\(\s*50[23]\b/g,
  /refuse\w*\([^)]*\b50[23]\b/g,
  /\.code\(\s*50[23]\s*\)/g,
  /\bstatus(Code)?:\s*50[23]\b/g,
];

/** The places in one file's text that answer 502 or 503. */
export function outageStatuses(text: string): string[] {
  return STATUS_SETTERS.flatMap((re) => [...text.matchAll(re)].map((m) => m[0]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the server answers 502 and 503 only for itself (decision 078)', () => {
  it('no source file outside the allowed ones sets 502 or 503, and those set only 503', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const name = relative(SRC, file).split('\\').join('/');
      for (const hit of outageStatuses(readFileSync(file, 'utf8')))
        if (ALLOWED[name] !== '503' || hit.includes('502')) found.push(`${name}: ${hit}`);
    }
    expect(found).toEqual([]);
  });

  it('canary: the scan finds each way of writing such an answer', () => {
    expect(outageStatuses("throw new AppError(503, 'chat.upload_failed');")).toHaveLength(1);
    expect(outageStatuses("return refuse(ctx, 502, 'sso.provider_unreachable', 'x');")).toHaveLength(1);
    expect(outageStatuses('reply.code(502).send(body)')).toHaveLength(1);
    expect(outageStatuses('return { status: 503 }')).toHaveLength(1);
    expect(outageStatuses("throw new AppError(504, 'bbb.server_error');")).toEqual([]);
  });
});
