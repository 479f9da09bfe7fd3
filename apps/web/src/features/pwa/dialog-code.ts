import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { pwaManifest } from './manifest';

/** The code of the install dialog, loaded with the dialog frame (decision 089). */
export const pwaDialogCode: DialogCode<typeof pwaManifest> = {
  install: lazy(() => import('./components/install-dialog')),
};
