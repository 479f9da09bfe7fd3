// What config contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { configRoutes } from './config.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { schoolRoutes } from './school.routes.ts';

export const configManifest: ModuleManifest = {
  name: 'config',
  routes: [configRoutes, settingsRoutes, schoolRoutes],
  policy: {
    'POST /api/config/key': { access: 'public', objects: 'school' },
    // settings and texts (dashboard tabs settings, imprint, terms, help); texts are read by everyone
    'GET /api/config/settings': { access: 'admin', objects: 'school' },
    'POST /api/config/key/:key': { access: 'admin', objects: 'school' },
    'GET /api/config/key/:key/:lang': { access: 'public', objects: 'school' },
    'POST /api/translation/:key': { access: 'admin', objects: 'school' },
    // the school's identity (decision 059): the login page and the installed app's name need it before sign-in
    'GET /api/config/school': { access: 'public', objects: 'school' },
    'POST /api/config/school': { access: 'admin', objects: 'school' },
  },
  notPersonalTables: {
    config: "the school's settings",
    config_texts: "the school's imprint, terms, help and login texts",
  },
  auditActions: ['config.change', 'config.text'],
};
