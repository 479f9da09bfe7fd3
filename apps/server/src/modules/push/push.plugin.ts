import type { FastifyInstance } from 'fastify';

/** decision 073: keys on first start and the queue worker of this process (filled by issue 23's delivery work). */
export function registerPush(app: FastifyInstance): void {
  void app;
}
