import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CimPlan } from '@aula/contracts';
import { i18n } from '@/lib/i18n';
import { ImportSection } from './import-section';
import { PlanView } from './plan-view';

const plan: CimPlan = {
  rows: 3,
  create: [
    {
      line: 2,
      username: 'max.mueller',
      firstName: 'Max',
      lastName: 'Müller',
      email: null,
      type: 'S',
      classes: ['5a'],
      admin: false,
    },
  ],
  update: [{ line: 3, id: 7, username: 'bea.boss', before: { classes: ['5a'] }, after: { classes: ['6a'] } }],
  deactivate: [{ id: 9, username: 'elif.oezdemir', firstName: 'Elif', lastName: 'Özdemir' }],
  groupsCreate: ['6a'],
};

/** The browser's XHR, answering each upload with the next canned response (the server is tested on its own). */
const answers: { status: number; body: unknown }[] = [];
const sent: string[] = [];
class FakeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  withCredentials = false;
  send() {
    sent.push(this.url);
    const answer = answers.shift()!;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  sent.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('de'));

function renderSection() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImportSection />
    </QueryClientProvider>,
  );
}
const pick = (name: string) =>
  fireEvent.change(screen.getByLabelText('CSV file'), {
    target: { files: [new File(['Nachname;Vorname;Rolle\nA;B;S\n'], name, { type: 'text/csv' })] },
  });

describe('the cim tab: identity import', () => {
  it('"Run the import" is enabled only after a clean check of the same file', async () => {
    renderSection();
    const apply = screen.getByRole('button', { name: 'Run the import' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    pick('a.csv');
    answers.push({ status: 200, body: { dryRun: true, plan } });
    fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    await screen.findByText('Result of the check');
    expect(sent).toEqual(['/api/cim/import?dryRun=true']);
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('1 person will be created')).toBeTruthy();
    pick('b.csv');
    expect((apply as HTMLButtonElement).disabled).toBe(true);
  });

  it('applies after the confirmation and shows the counts', async () => {
    renderSection();
    pick('a.csv');
    answers.push({ status: 200, body: { dryRun: true, plan } });
    fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    await screen.findByText('Result of the check');
    fireEvent.click(screen.getByRole('button', { name: 'Run the import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run the import?' });
    answers.push({
      status: 200,
      body: { dryRun: false, counts: { created: 1, updated: 1, deactivated: 1, groupsCreated: 1, rows: 3 } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    await screen.findByText('Import done');
    expect(sent).toEqual(['/api/cim/import?dryRun=true', '/api/cim/import?dryRun=false']);
    expect(screen.getByText('Created: 1, changed: 1, deactivated: 1, new groups: 1.')).toBeTruthy();
  });

  it('row errors are listed by line with the reason translated; applying stays off', async () => {
    renderSection();
    pick('bad.csv');
    answers.push({
      status: 422,
      body: {
        code: 'cim.row_errors',
        message: 'x',
        params: { count: 2 },
        issues: [
          { path: 'line.4.role', code: 'role_invalid', message: 'x' },
          { path: 'line.6', code: 'duplicate', message: 'y' },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    const table = await screen.findByRole('table', { name: '2 invalid rows – nothing was imported' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'LineColumnReason',
      '4RoleUnknown role (allowed: Schüler, S, student, Lehrer, L, teacher)',
      '6–The same person is already in an earlier line',
    ]);
    expect(screen.getByRole('alert').textContent).toContain('2');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Run the import' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });

  it('a file without required columns: the error names each missing column in the interface language', async () => {
    renderSection();
    pick('no-names.csv');
    answers.push({
      status: 422,
      body: { code: 'cim.missing_columns', message: 'x', params: { missing: 'lastName,role' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'The first line of the file does not name these required columns: Last name and Role.',
      ),
    );
    await i18n.changeLanguage('de');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Die erste Zeile der Datei nennt diese Pflichtspalten nicht: Nachname und Rolle.',
      ),
    );
  });

  it('the plan lists people and changes in expandable lists', () => {
    render(<PlanView plan={plan} />);
    expect(screen.getByText('New people (1)')).toBeTruthy();
    expect(screen.getByText(/max\.mueller/)).toBeTruthy();
    expect(screen.getByText('Changes (1)').closest('details')!.textContent).toContain('Classes: 5a → 6a');
    expect(screen.getByText('Deactivations (1)')).toBeTruthy();
    expect(screen.getByText('New groups (1)')).toBeTruthy();
  });
});
