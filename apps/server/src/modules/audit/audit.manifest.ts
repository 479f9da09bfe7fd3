// What audit contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';

export const auditManifest: ModuleManifest = {
  name: 'audit',
};
