import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// placeholder until issue 23's helper fills it (decision 073)
// eslint-disable-next-line @typescript-eslint/require-await
export const pushSettingsRoutes: FastifyPluginAsyncZod = async () => {};
