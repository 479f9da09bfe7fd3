import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const totpRoutes: FastifyPluginAsyncZod = async () => {};
