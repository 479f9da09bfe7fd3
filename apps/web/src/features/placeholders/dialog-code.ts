import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { placeholdersManifest } from './manifest';

const placeholder = () => import('./components/placeholder-dialog');

/** The code of the placeholder dialogs, loaded with the dialog frame (decision 089). */
export const placeholdersDialogCode: DialogCode<typeof placeholdersManifest> = {
  terms: lazy(placeholder),
  totp: lazy(placeholder),
  calendar: lazy(placeholder),
};
