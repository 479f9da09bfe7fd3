// Each dialog of spec 2.5 by its name, loaded on first open. This table comes with the dialog frame
// (dialog-slot.tsx), so the first screen does not carry the dialogs' file names and preload lists (the
// first-paint budget, e2e/budget.spec.ts); who may open which is registry.ts.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DialogProps } from '@/lib/dialogs';
import type { DialogId } from './registry';

type DialogModule = Promise<{ default: ComponentType<DialogProps> }>;

// a placeholder stands in until the feature's issue builds the dialog (docs/decisions/020-dialogs.md)
const placeholder = (): DialogModule => import('@/features/placeholders/components/placeholder-dialog');

const confirmDialog = (): DialogModule => import('@/features/general/components/delete-dialog');
const appForm = (): DialogModule => import('@/features/tiles/components/app-form-dialog');
const userManager = (): DialogModule => import('@/features/user-manager/components/user-manager-dialog');
// one chunk with the video rooms' pages (decision 068)
const bbbDialog = (): DialogModule => import('@/features/bbb/components/bbb-screens');
// one chunk with the chat's seven dialogs (issue 22)
const chatDialog = (): DialogModule => import('@/features/chat/components/chat-dialogs');

export const DIALOG_COMPONENTS: Record<DialogId, LazyExoticComponent<ComponentType<DialogProps>>> = {
  // Editor
  'add-apps': lazy(() => import('@/features/tiles/components/add-apps-dialog')),
  'create-app': lazy(appForm),
  'edit-app': lazy(appForm),
  'color-picker': lazy(() => import('@/features/tiles/components/color-picker-dialog')),
  'icon-picker': lazy(() => import('@/features/tiles/components/icon-picker-dialog')),
  'exit-confirmation': lazy(confirmDialog),
  'publish-confirmation': lazy(confirmDialog),
  'exit-edit-mode-confirmation': lazy(confirmDialog),
  'group-change': lazy(() => import('@/features/tiles/components/group-change-dialog')),
  filter: lazy(() => import('@/features/tiles/components/filter-dialog')),
  // User
  'secondary-email': lazy(() => import('@/features/account/components/secondary-email-dialog')),
  'change-password': lazy(() => import('@/features/account/components/change-password-dialog')),
  'totp-setup': lazy(() => import('@/features/account/components/totp-setup-dialog')),
  'user-manager': lazy(userManager),
  settings: lazy(() => import('@/features/settings/components/settings-dialog')),
  // User search
  'user-search:block': lazy(userManager),
  'user-search:password-reset': lazy(userManager),
  'user-search:2fa': lazy(userManager),
  // Video conference
  'bbb:create-room': lazy(bbbDialog),
  'bbb:room-details': lazy(bbbDialog),
  'bbb:delete-room': lazy(bbbDialog),
  // Chat
  'chat:user-search': lazy(chatDialog),
  'chat:edit-msg': lazy(chatDialog),
  'chat:edit-room': lazy(chatDialog),
  'chat:create-room': lazy(chatDialog),
  'chat:upload': lazy(chatDialog),
  'chat:preview-img': lazy(chatDialog),
  'chat:history-msg': lazy(chatDialog),
  // General
  sick: lazy(() => import('@/features/sick/components/sick-dialog')),
  legal: lazy(() => import('@/features/general/components/legal-dialog')),
  terms: lazy(placeholder),
  logout: lazy(() => import('@/features/auth/components/logout-dialog')),
  impersonate: lazy(() => import('@/features/impersonation/components/impersonate-dialog')),
  'data-export': lazy(() => import('@/features/account/components/data-export-dialog')),
  'after-logout': lazy(() => import('@/features/auth/components/after-logout-dialog')),
  'group-selection': lazy(() => import('@/features/tiles/components/group-selection-dialog')),
  'reenter-password': lazy(() => import('@/features/impersonation/components/reenter-password-dialog')),
  totp: lazy(placeholder),
  'delete-app': lazy(confirmDialog),
  delete: lazy(confirmDialog),
  help: lazy(() => import('@/features/general/components/help-dialog')),
  install: lazy(() => import('@/features/pwa/components/install-dialog')),
  calendar: lazy(placeholder),
  'request-push': lazy(() => import('@/features/push/components/request-push-dialog')),
};
