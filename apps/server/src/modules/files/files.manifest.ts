// What files contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';

export const filesManifest: ModuleManifest = {
  name: 'files',
};
