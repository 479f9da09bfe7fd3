import type { Database, Db } from './db/index.ts';
import type { Clock } from './lib/clock.ts';
import type { ActiveSession, SessionUser } from './core/session-types.ts';
import type { MailOptions, Presence } from './core/app-services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    clock: Clock;
    cookieNames: { access: string; refresh: string; device: string };
    secureCookies: boolean;
    presence: Presence;
    /** outgoing mail: SMTP when configured, else the outbox table (DESIGN.md "Mail") */
    mailOptions: MailOptions;
    /** 32 bytes: encrypts TOTP seeds at rest (lib/secret-box.ts) */
    secretKey: Buffer;
    /** The origin of the configured public URL (AULA_PUBLIC_URL), or null: then the request's own. */
    publicOrigin: string | null;
  }
  interface FastifyRequest {
    schoolId: number;
    user: SessionUser | null;
    /** the live session's id, on a session-only route (the ping, decision 096) too */
    sessionId: number | null;
    /** the session behind req.user: impersonation, last password proof, absolute end; null on a session-only route */
    session: ActiveSession | null;
  }
}
