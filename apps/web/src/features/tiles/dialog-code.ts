import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { tilesManifest } from './manifest';

const appForm = () => import('./components/app-form-dialog');

/** The code of the tiles' dialogs, loaded with the dialog frame (decision 089). */
export const tilesDialogCode: DialogCode<typeof tilesManifest> = {
  'add-apps': lazy(() => import('./components/add-apps-dialog')),
  'create-app': lazy(appForm),
  'edit-app': lazy(appForm),
  'color-picker': lazy(() => import('./components/color-picker-dialog')),
  'icon-picker': lazy(() => import('./components/icon-picker-dialog')),
  'group-change': lazy(() => import('./components/group-change-dialog')),
  filter: lazy(() => import('./components/filter-dialog')),
  'group-selection': lazy(() => import('./components/group-selection-dialog')),
};
