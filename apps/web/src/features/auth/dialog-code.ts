import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { authManifest } from './manifest';

/** The code of the sign-out dialogs, loaded with the dialog frame (decision 089). */
export const authDialogCode: DialogCode<typeof authManifest> = {
  logout: lazy(() => import('./components/logout-dialog')),
  'after-logout': lazy(() => import('./components/after-logout-dialog')),
};
