import { hasRole, type Role, type UserInfo } from '@aula/contracts';

export interface DialogEntry {
  /** The lowest role that may open it; logged_out means anyone (spec 6, roles are cumulative). */
  role: Role;
  /** Also open to users below the role in this case (spec 6: impersonating users see `impersonate`). */
  alsoFor?: (self: UserInfo) => boolean;
}

/**
 * spec 2.5: every dialog name and who may open it. Names of a family are `family:name`. Each dialog's code
 * is in dialog-components.ts, which comes with the dialog frame on the first open (docs/decisions/020-dialogs.md):
 * the first screen carries only this table, not the dialogs' file names and their preload lists.
 */
export const DIALOGS = {
  // Editor
  'add-apps': { role: 'student' },
  'create-app': { role: 'student' },
  'edit-app': { role: 'student' },
  'color-picker': { role: 'student' },
  'icon-picker': { role: 'student' },
  'exit-confirmation': { role: 'student' },
  'publish-confirmation': { role: 'admin' },
  'exit-edit-mode-confirmation': { role: 'student' },
  'group-change': { role: 'teacher' },
  filter: { role: 'student' },
  // User
  'secondary-email': { role: 'student' },
  'change-password': { role: 'student' },
  'totp-setup': { role: 'student' },
  'user-manager': { role: 'teacher' },
  settings: { role: 'student' },
  // User search
  'user-search:block': { role: 'teacher' },
  'user-search:password-reset': { role: 'teacher' },
  'user-search:2fa': { role: 'teacher' },
  // Video conference
  // issue 21 (decision 068): whether a pupil may create rooms is the school's permission level, which the
  // dialog reads; deleting is the room's owner's (a pupil may own one), which the dialog and the server check
  'bbb:create-room': { role: 'student' },
  'bbb:room-details': { role: 'student' },
  'bbb:delete-room': { role: 'student' },
  // Chat
  // issue 22 (decisions 070, 072): the dialogs say themselves when the caller may not (pupils: no rooms; the
  // school's chat_student_private), the server refuses too
  'chat:user-search': { role: 'student' },
  'chat:edit-msg': { role: 'student' },
  'chat:edit-room': { role: 'student' },
  'chat:create-room': { role: 'student' },
  'chat:upload': { role: 'student' },
  'chat:preview-img': { role: 'student' },
  'chat:history-msg': { role: 'student' },
  // General
  sick: { role: 'student' },
  legal: { role: 'logged_out' },
  terms: { role: 'logged_out' },
  logout: { role: 'student' },
  // spec 2.6, 6: superadmins start it; whoever is impersonating sees it to stop
  impersonate: { role: 'superadmin', alsoFor: (self) => self.impersonator !== null },
  'data-export': { role: 'student' },
  'after-logout': { role: 'logged_out' },
  'group-selection': { role: 'teacher' },
  'reenter-password': { role: 'student' },
  totp: { role: 'logged_out' },
  'delete-app': { role: 'student' },
  delete: { role: 'student' },
  help: { role: 'logged_out' },
  install: { role: 'logged_out' },
  calendar: { role: 'student' },
  'request-push': { role: 'student' },
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
