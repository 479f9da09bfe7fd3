import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { hasRole, type Role, type UserInfo } from '@aula/contracts';
import type { DialogProps } from '@/lib/dialogs';

type DialogModule = Promise<{ default: ComponentType<DialogProps> }>;

export interface DialogEntry {
  /** The lowest role that may open it; logged_out means anyone (spec 6, roles are cumulative). */
  role: Role;
  Component: LazyExoticComponent<ComponentType<DialogProps>>;
  /** Also open to users below the role in this case (spec 6: impersonating users see `impersonate`). */
  alsoFor?: (self: UserInfo) => boolean;
}

const placeholder = (): DialogModule => import('@/features/placeholders/components/placeholder-dialog');

const confirmDialog = (): DialogModule => import('@/features/general/components/delete-dialog');
const appForm = (): DialogModule => import('@/features/tiles/components/app-form-dialog');
const userManager = (): DialogModule => import('@/features/user-manager/components/user-manager-dialog');
// one chunk with the video rooms' pages (decision 068)
const bbbDialog = (): DialogModule => import('@/features/bbb/components/bbb-screens');

function entry(
  role: Role,
  load: () => DialogModule = placeholder,
  alsoFor?: (self: UserInfo) => boolean,
): DialogEntry {
  return { role, Component: lazy(load), ...(alsoFor ? { alsoFor } : {}) };
}

/**
 * spec 2.5: every dialog name, each loaded on first open. Names of a family are `family:name`;
 * a placeholder stands in until the feature's issue builds the dialog (docs/decisions/020-dialogs.md).
 */
export const DIALOGS = {
  // Editor
  'add-apps': entry('student', () => import('@/features/tiles/components/add-apps-dialog')),
  'create-app': entry('student', appForm),
  'edit-app': entry('student', appForm),
  'color-picker': entry('student', () => import('@/features/tiles/components/color-picker-dialog')),
  'icon-picker': entry('student', () => import('@/features/tiles/components/icon-picker-dialog')),
  'exit-confirmation': entry('student', confirmDialog),
  'publish-confirmation': entry('admin', confirmDialog),
  'exit-edit-mode-confirmation': entry('student', confirmDialog),
  'group-change': entry('teacher', () => import('@/features/tiles/components/group-change-dialog')),
  filter: entry('student', () => import('@/features/tiles/components/filter-dialog')),
  // User
  'secondary-email': entry('student', () => import('@/features/account/components/secondary-email-dialog')),
  'change-password': entry('student', () => import('@/features/account/components/change-password-dialog')),
  'totp-setup': entry('student', () => import('@/features/account/components/totp-setup-dialog')),
  'user-manager': entry('teacher', userManager),
  settings: entry('student', () => import('@/features/settings/components/settings-dialog')),
  // User search
  'user-search:block': entry('teacher', userManager),
  'user-search:password-reset': entry('teacher', userManager),
  'user-search:2fa': entry('teacher', userManager),
  // Video conference
  // issue 21 (decision 068): whether a pupil may create rooms is the school's permission level, which the
  // dialog reads; deleting is the room's owner's (a pupil may own one), which the dialog and the server check
  'bbb:create-room': entry('student', bbbDialog),
  'bbb:room-details': entry('student', bbbDialog),
  'bbb:delete-room': entry('student', bbbDialog),
  // Chat
  // issue 22 (decisions 070, 072): the dialogs say themselves when the caller may not (pupils: no rooms; the
  // school's chat_student_private), the server refuses too
  'chat:user-search': entry('student', () => import('@/features/chat/components/user-search-dialog')),
  'chat:edit-msg': entry('student', () => import('@/features/chat/components/edit-msg-dialog')),
  'chat:edit-room': entry('student', () => import('@/features/chat/components/edit-room-dialog')),
  'chat:create-room': entry('student', () => import('@/features/chat/components/create-room-dialog')),
  'chat:upload': entry('student', () => import('@/features/chat/components/upload-dialog')),
  'chat:preview-img': entry('student', () => import('@/features/chat/components/preview-img-dialog')),
  'chat:history-msg': entry('student', () => import('@/features/chat/components/history-msg-dialog')),
  // General
  sick: entry('student', () => import('@/features/sick/components/sick-dialog')),
  legal: entry('logged_out', () => import('@/features/general/components/legal-dialog')),
  terms: entry('logged_out'),
  logout: entry('student', () => import('@/features/auth/components/logout-dialog')),
  // spec 2.6, 6: superadmins start it; whoever is impersonating sees it to stop
  impersonate: entry(
    'superadmin',
    () => import('@/features/impersonation/components/impersonate-dialog'),
    (self) => self.impersonator !== null,
  ),
  'data-export': entry('student', () => import('@/features/account/components/data-export-dialog')),
  'after-logout': entry('logged_out', () => import('@/features/auth/components/after-logout-dialog')),
  'group-selection': entry('teacher', () => import('@/features/tiles/components/group-selection-dialog')),
  'reenter-password': entry(
    'student',
    () => import('@/features/impersonation/components/reenter-password-dialog'),
  ),
  totp: entry('logged_out'),
  'delete-app': entry('student', confirmDialog),
  delete: entry('student', confirmDialog),
  help: entry('logged_out', () => import('@/features/general/components/help-dialog')),
  install: entry('logged_out', () => import('@/features/pwa/components/install-dialog')),
  calendar: entry('student'),
  'request-push': entry('student'),
} satisfies Record<string, DialogEntry>;

export type DialogId = keyof typeof DIALOGS;

export function isDialogId(id: string): id is DialogId {
  return Object.hasOwn(DIALOGS, id);
}

/** Whether this user may see the dialog: its role, or its exception (spec 6). */
export function mayOpenDialog(self: UserInfo | null, id: DialogId): boolean {
  const dialog: DialogEntry = DIALOGS[id];
  return hasRole(self, dialog.role) || (self !== null && dialog.alsoFor?.(self) === true);
}
