import type { FastifyInstance } from 'fastify';
import type { Listener } from '../../db/index.ts';
import { listenForPushes } from './push-enqueue.service.ts';
import { ensureAllPushKeys } from './push-keys.service.ts';
import { createPushWorker } from './push-worker.ts';

/** App options for push delivery (BuildAppOptions.push). */
export interface PushAppOptions {
  /**
   * Push service hosts (names or host:port) that may resolve to private addresses: an in-house push service,
   * or a test's stand-in on loopback. Browsers' own push services are public and need nothing here.
   */
  allowedHosts?: string[];
  /** trusted TLS roots (PEM) instead of the system's, for a push service with its own certificate */
  ca?: string;
  /**
   * the worker sends only when drained (no run at start, no poll, no wake-up): what every test app does unless
   * its test asks for the worker (test-app.ts `pushWorker`), so rows it seeds or looks at are not sent under it
   */
  manual?: boolean;
}

export interface PushRuntime {
  /** look for due pushes now (after an enqueue) */
  kick(): void;
  /** send until no push is due (tests, the bench) */
  drain(): Promise<void>;
  /** stops this process's worker; sends in flight get `graceMs` (default PUSH_SEND_TIMEOUT_MS) to finish */
  stop(graceMs?: number): Promise<void>;
  allowedHosts: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushRuntime;
  }
}

/** decision 073: keys on first start and the queue worker of this process. */
export function registerPush(app: FastifyInstance, opts: PushAppOptions = {}): void {
  const allowedHosts = (opts.allowedHosts ?? []).map((h) => h.toLowerCase());
  const worker = createPushWorker({
    db: app.db,
    clock: () => app.clock(),
    log: app.log,
    secretKey: app.secretKey,
    publicOrigin: app.publicOrigin,
    allowedHosts,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  const manual = opts.manual ?? false;
  app.decorate('push', {
    kick: manual ? () => {} : worker.kick,
    drain: worker.drain,
    stop: worker.stop,
    allowedHosts,
  });
  let listener: Listener | null = null;
  app.addHook('onReady', async () => {
    // a failure here must not stop the server: a school without keys gets them on first use
    await ensureAllPushKeys(app).catch((err: unknown) => app.log.error({ err }, 'push keys not made'));
    if (manual) return;
    // any process's enqueue wakes this worker at its commit; the poll stays as the fallback
    listener = await listenForPushes(app.database, worker.kick);
    worker.start();
  });
  app.addHook('onClose', async () => {
    await listener?.stop();
    await worker.stop();
  });
}
