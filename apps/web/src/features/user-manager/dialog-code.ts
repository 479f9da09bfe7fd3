import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { userManagerManifest } from './manifest';

const userManager = () => import('./components/user-manager-dialog');

/** The code of the user manager's dialogs (one chunk), loaded with the dialog frame (decision 089). */
export const userManagerDialogCode: DialogCode<typeof userManagerManifest> = {
  'user-manager': lazy(userManager),
  'user-search:block': lazy(userManager),
  'user-search:password-reset': lazy(userManager),
  'user-search:2fa': lazy(userManager),
};
