import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const dataExportRoutes: FastifyPluginAsyncZod = async () => {};
