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
  }
  interface FastifyRequest {
    schoolId: number;
    user: SessionUser | null;
    sessionId: number | null;
  }
}
