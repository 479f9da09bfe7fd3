import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { accountManifest } from './manifest';

/** The code of the own account's dialogs, loaded with the dialog frame (decision 089). */
export const accountDialogCode: DialogCode<typeof accountManifest> = {
  'secondary-email': lazy(() => import('./components/secondary-email-dialog')),
  'change-password': lazy(() => import('./components/change-password-dialog')),
  'totp-setup': lazy(() => import('./components/totp-setup-dialog')),
  'data-export': lazy(() => import('./components/data-export-dialog')),
};
