// Each dialog of spec 2.5 by its name, loaded on first open: every feature's dialog-code.ts (decision 089). This
// table comes with the dialog frame (dialog-slot.tsx), so the first screen does not carry the dialogs' file names
// and preload lists (the first-paint budget, e2e/budget.spec.ts); who may open which is registry.ts.
import type { ComponentType, LazyExoticComponent } from 'react';
import { accountDialogCode } from '@/features/account/dialog-code';
import { authDialogCode } from '@/features/auth/dialog-code';
import { bbbDialogCode } from '@/features/bbb/dialog-code';
import { chatDialogCode } from '@/features/chat/dialog-code';
import { generalDialogCode } from '@/features/general/dialog-code';
import { impersonationDialogCode } from '@/features/impersonation/dialog-code';
import { placeholdersDialogCode } from '@/features/placeholders/dialog-code';
import { pushDialogCode } from '@/features/push/dialog-code';
import { pwaDialogCode } from '@/features/pwa/dialog-code';
import { settingsDialogCode } from '@/features/settings/dialog-code';
import { sickDialogCode } from '@/features/sick/dialog-code';
import { tilesDialogCode } from '@/features/tiles/dialog-code';
import { userManagerDialogCode } from '@/features/user-manager/dialog-code';
import type { DialogProps } from '@/lib/dialogs';
import type { DialogId } from './registry';

export const DIALOG_COMPONENTS: Record<DialogId, LazyExoticComponent<ComponentType<DialogProps>>> = {
  ...tilesDialogCode,
  ...authDialogCode,
  ...sickDialogCode,
  ...bbbDialogCode,
  ...chatDialogCode,
  ...placeholdersDialogCode,
  ...accountDialogCode,
  ...userManagerDialogCode,
  ...settingsDialogCode,
  ...generalDialogCode,
  ...impersonationDialogCode,
  ...pwaDialogCode,
  ...pushDialogCode,
};
