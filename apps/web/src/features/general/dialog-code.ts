import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { generalManifest } from './manifest';

const confirmDialog = () => import('./components/delete-dialog');

/** The code of the general dialogs, loaded with the dialog frame (decision 089). */
export const generalDialogCode: DialogCode<typeof generalManifest> = {
  'exit-confirmation': lazy(confirmDialog),
  'publish-confirmation': lazy(confirmDialog),
  'exit-edit-mode-confirmation': lazy(confirmDialog),
  'delete-app': lazy(confirmDialog),
  delete: lazy(confirmDialog),
  legal: lazy(() => import('./components/legal-dialog')),
  help: lazy(() => import('./components/help-dialog')),
};
