import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const impersonationRoutes: FastifyPluginAsyncZod = async () => {};
