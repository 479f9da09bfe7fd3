import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { settingsManifest } from './manifest';

/** The code of the personal settings dialog, loaded with the dialog frame (decision 089). */
export const settingsDialogCode: DialogCode<typeof settingsManifest> = {
  settings: lazy(() => import('./components/settings-dialog')),
};
