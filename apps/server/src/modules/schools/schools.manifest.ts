// What schools contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';

export const schoolsManifest: ModuleManifest = {
  name: 'schools',
  notPersonalTables: {
    schools: 'the school itself',
  },
};
