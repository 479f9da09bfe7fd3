import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { bbbManifest } from './manifest';

// one chunk with the video rooms' pages (decision 068)
const bbbDialog = () => import('./components/bbb-screens');

/** The code of the video rooms' dialogs, loaded with the dialog frame (decision 089). */
export const bbbDialogCode: DialogCode<typeof bbbManifest> = {
  'bbb:create-room': lazy(bbbDialog),
  'bbb:room-details': lazy(bbbDialog),
  'bbb:delete-room': lazy(bbbDialog),
};
