import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { pushManifest } from './manifest';

/** The code of the request-push dialog, loaded with the dialog frame (decision 089). */
export const pushDialogCode: DialogCode<typeof pushManifest> = {
  'request-push': lazy(() => import('./components/request-push-dialog')),
};
