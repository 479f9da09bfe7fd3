import { describe, expect, it } from 'vitest';
import { userInfo } from '@/test/user-info';
import { mayOpenDialog } from './registry';

const base = userInfo();

describe('who may open a dialog (spec 6)', () => {
  it('lets superadmins and impersonating users open impersonate, nobody else', () => {
    expect(mayOpenDialog({ ...base, roles: ['superadmin'] }, 'impersonate')).toBe(true);
    expect(mayOpenDialog(base, 'impersonate')).toBe(false);
    expect(mayOpenDialog({ ...base, roles: ['admin'] }, 'impersonate')).toBe(false);
    expect(mayOpenDialog(null, 'impersonate')).toBe(false);
    const impersonated = { ...base, impersonator: { id: 2, username: 's', first_name: 'S', last_name: 'A' } };
    expect(mayOpenDialog(impersonated, 'impersonate')).toBe(true);
    // the exception is for impersonate only
    expect(mayOpenDialog(impersonated, 'user-manager')).toBe(false);
  });
});
