import type { Database, Db } from './db/index.ts';
import type { Clock } from './lib/clock.ts';
import type { SessionUser } from './modules/auth/auth.repo.ts';
import type { Presence } from './modules/status/presence.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    clock: Clock;
    cookieNames: { access: string; refresh: string };
    secureCookies: boolean;
    presence: Presence;
    /** The origin of the configured public URL (AULA_PUBLIC_URL), or null: then the request's own. */
    publicOrigin: string | null;
  }
  interface FastifyRequest {
    schoolId: number;
    user: SessionUser | null;
    sessionId: number | null;
  }
}
