import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserInfo } from '@aula/contracts';
import { i18n } from '@/lib/i18n';
import { selfQueryKey } from '@/lib/session';
import { userInfo } from '@/test/user-info';
import { RoleGroupsSection } from './role-groups-section';

/** The server's answers by method (the server side has its own tests); the bodies sent are kept. */
const posted: unknown[] = [];
let stored = [{ group: 'Kollegium', role: 'teacher' }];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  posted.length = 0;
  stored = [{ group: 'Kollegium', role: 'teacher' }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as typeof stored;
        posted.push(body);
        if (body.some((r) => r.role === 'admin' && r.group === 'Verboten'))
          return json({ code: 'users.role_not_allowed', message: 'x' }, 403);
        stored = body;
      }
      return json(stored);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('de'));

function renderSection(roles: UserInfo['roles']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(selfQueryKey, userInfo({ roles, type: 'L' }));
  render(
    <QueryClientProvider client={client}>
      <RoleGroupsSection />
    </QueryClientProvider>,
  );
}

describe('the cim tab: role groups', () => {
  it('lists the stored rows; a superadmin adds an admin row and saves the whole list', async () => {
    renderSection(['superadmin']);
    const group1 = await screen.findByLabelText('Group 1');
    expect((group1 as HTMLInputElement).value).toBe('Kollegium');
    fireEvent.click(screen.getByRole('button', { name: 'Add a role group' }));
    fireEvent.change(screen.getByLabelText('Group 2'), { target: { value: ' Schulleitung ' } });
    fireEvent.change(screen.getByLabelText('Role 2'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role groups' }));
    await waitFor(() =>
      expect(posted).toEqual([
        [
          { group: 'Kollegium', role: 'teacher' },
          { group: 'Schulleitung', role: 'admin' },
        ],
      ]),
    );
  });

  it('a row is removed by its named button; a refused save keeps what was typed and says why', async () => {
    renderSection(['superadmin']);
    await screen.findByLabelText('Group 1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove role group Kollegium' }));
    expect(screen.queryByDisplayValue('Kollegium')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add a role group' }));
    fireEvent.change(screen.getByLabelText('Group 1'), { target: { value: 'Verboten' } });
    fireEvent.change(screen.getByLabelText('Role 1'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role groups' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(i18n.t('errors.users.role_not_allowed'));
    expect((screen.getByLabelText('Group 1') as HTMLInputElement).value).toBe('Verboten');
  });

  it('an admin cannot offer the admin role', async () => {
    renderSection(['admin']);
    await screen.findByLabelText('Group 1');
    const options = [...(screen.getByLabelText('Role 1') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['teacher']);
    expect(screen.getByText('Only superadmins can map groups to the admin role.')).toBeTruthy();
  });
});
