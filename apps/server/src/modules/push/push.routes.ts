import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushConfigRoutes } from './push-config.routes.ts';
import { pushDeviceRoutes } from './push-devices.routes.ts';
import { pushSettingsRoutes } from './push-settings.routes.ts';

// decision 073: the spec's /api/config/firebase… and /api/users/firebase… paths, and the settings beside them
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(pushConfigRoutes);
  await app.register(pushDeviceRoutes);
  await app.register(pushSettingsRoutes);
};
