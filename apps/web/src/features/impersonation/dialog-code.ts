import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { impersonationManifest } from './manifest';

/** The code of the impersonation dialogs, loaded with the dialog frame (decision 089). */
export const impersonationDialogCode: DialogCode<typeof impersonationManifest> = {
  impersonate: lazy(() => import('./components/impersonate-dialog')),
  'reenter-password': lazy(() => import('./components/reenter-password-dialog')),
};
