import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventsQuerySchema, EVENT_RETRY_MS } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createEventHub, type EventHub, type Stream } from './events.hub.ts';
import { publishPresenceChanged, startStream } from './events.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** this process's open event streams and their fan-out (events.hub.ts) */
    eventHub: EventHub;
  }
}

/** The etag of a school's online list (status/presence.service.ts; status sits above events, decision 083). */
export type OnlineList = (
  db: FastifyInstance['db'],
  schoolId: number,
  now: Date,
) => Promise<{ etag: string }>;

/**
 * The hub of this app: listens from start-up, ends every stream when the app closes (before the server
 * waits for its connections, so shutdown is not held up), and tells a school when its online list changed.
 */
export function registerEventHub(app: FastifyInstance, onlineList: OnlineList): void {
  const hub = createEventHub({ database: app.database, clock: app.clock, log: app.log });
  app.decorate('eventHub', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());

  // the presence flush (every PRESENCE_FLUSH_MS) looks at the online lists of schools with open streams
  const lastLists = new Map<number, string>();
  app.presence.onFlushed(async () => {
    if (hub.closed) return;
    const now = app.clock();
    for (const schoolId of hub.schoolIds()) {
      const { etag } = await onlineList(app.db, schoolId, now);
      const before = lastLists.get(schoolId);
      if (before === etag) continue;
      if (before === undefined || (await publishPresenceChanged(app.db, schoolId, now)))
        lastLists.set(schoolId, etag);
    }
  });
}

// the other headers pass through untouched (Fastify replaces req.headers with what the schema answers)
const EventsHeadersSchema = z.looseObject({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .describe('the id of the last event the tab got: what it missed since is replayed (decision 071)'),
});

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // never stored, never transformed (compressed, buffered) on the way
  'cache-control': 'no-store, no-transform',
  // nginx: pass each event on at once (README "Live updates")
  'x-accel-buffering': 'no',
};

// DESIGN.md Realtime; decision 071
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      // a HEAD would hold a stream open with nothing to read
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary:
          'The live event stream of the signed-in tab (Server-Sent Events, text/event-stream, never ends by itself): `retry:`, then per event `id:`, `event:` (a type of contracts/events.ts) and `data:` (JSON); a comment line after EVENT_HEARTBEAT_MS of silence. Last-Event-ID (or ?lastEventId=) replays what the user missed, or sends `reset`. The stream ends after `session.end`.',
        querystring: EventsQuerySchema,
        headers: EventsHeadersSchema,
        response: {
          200: {
            description: 'the event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 418),
        },
      },
    },
    async (req, reply) => {
      const hub = app.eventHub;
      if (hub.closed) throw new AppError(503, 'common.unavailable');
      const ctx = contextOf(req);
      const header = req.headers['last-event-id'];
      const lastEventId = header !== undefined ? Number(header) : req.query.lastEventId;
      const res = reply.raw;
      const stream: Stream = {
        res,
        schoolId: ctx.schoolId,
        userId: ctx.user!.id,
        sessionId: ctx.session!.id,
        sessionEndsAt: ctx.session!.refreshExpiresAt.getTime(),
        after: 0,
        lastWriteAt: ctx.clock().getTime(),
        queued: [],
      };
      // registered before the replay is read: what commits meanwhile waits in `queued`, nothing falls between;
      // the replay then re-checks the session (revoked after the guard looked: told before it was registered)
      const upto = hub.watermark();
      hub.add(stream);
      res.on('close', () => hub.remove(stream));
      let start;
      try {
        start = await startStream(ctx, upto, lastEventId);
      } catch (err) {
        hub.remove(stream);
        throw err;
      }
      // gone meanwhile: the client left, or the app is closing (its streams ended)
      if (res.destroyed || res.writableEnded) return reply.hijack();
      reply.hijack();
      res.writeHead(200, { ...STREAM_HEADERS, 'x-request-id': req.id });
      res.write(`retry: ${EVENT_RETRY_MS}\n\n`);
      hub.release(stream, start);
    },
  );
};
