import { describe, expect, it } from 'vitest';
import { dialogTitleKey } from '@/lib/dialog-param';
import de from '@/locales/de.json';
import { DIALOG_COMPONENTS } from './dialog-components';
import { DIALOGS } from './registry';

// spec 2.5, verbatim: every dialog name, families written `family:name`.
const SPEC_NAMES = [
  'add-apps, create-app, edit-app, color-picker, icon-picker, exit-confirmation, publish-confirmation, exit-edit-mode-confirmation, group-change, filter',
  'secondary-email, change-password, totp-setup, user-manager, settings',
  'user-search:block, user-search:password-reset, user-search:2fa',
  'bbb:create-room, bbb:room-details, bbb:delete-room',
  'chat:user-search, chat:edit-msg, chat:edit-room, chat:create-room, chat:upload, chat:preview-img, chat:history-msg',
  'sick, legal, terms, logout, impersonate, data-export, after-logout, group-selection, reenter-password, totp, delete-app, delete, help, install, calendar, request-push',
].flatMap((line) => line.split(', '));

describe('dialog registry (spec 2.5)', () => {
  it('registers exactly the dialogs the spec names', () => {
    expect(Object.keys(DIALOGS).sort()).toEqual([...SPEC_NAMES].sort());
    expect(SPEC_NAMES).toHaveLength(44);
  });

  it('has the code of every registered dialog, and of no other', () => {
    expect(Object.keys(DIALOG_COMPONENTS).sort()).toEqual(Object.keys(DIALOGS).sort());
  });

  it('has a German title for every dialog', () => {
    const titles = de.dialogs as Record<string, string>;
    for (const id of SPEC_NAMES) {
      const key = dialogTitleKey(id).slice('dialogs.'.length);
      expect(titles[key], id).toBeTruthy();
    }
  });

  it('keeps teacher and superadmin dialogs from lower roles', () => {
    expect(DIALOGS['user-manager'].role).toBe('teacher');
    expect(DIALOGS['user-search:block'].role).toBe('teacher');
    expect(DIALOGS.impersonate.role).toBe('superadmin');
    expect(DIALOGS.help.role).toBe('logged_out');
  });
});
