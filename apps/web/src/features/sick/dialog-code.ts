import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { sickManifest } from './manifest';

/** The code of the sick notice dialog, loaded with the dialog frame (decision 089). */
export const sickDialogCode: DialogCode<typeof sickManifest> = {
  sick: lazy(() => import('./components/sick-dialog')),
};
