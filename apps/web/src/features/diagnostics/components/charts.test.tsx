import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { DailyChart } from './daily-chart';
import { TileChart } from './tile-chart';

afterEach(cleanup);
afterAll(() => i18n.changeLanguage('de'));

const days = [
  { day: '2026-11-23', signIns: 4, activeUsers: 3 },
  { day: '2026-11-24', signIns: 10, activeUsers: 7 },
  { day: '2026-11-25', signIns: 1234, activeUsers: 2 },
];
const tiles = [
  { appId: 1, title: 'Klassenbuch', count: 12 },
  { appId: 2, title: 'Stundenplan', count: 3 },
];

describe('statistics charts (spec 2.3)', () => {
  it('the daily chart is an image with a summary and has the same numbers in a table', async () => {
    await i18n.changeLanguage('de');
    render(<DailyChart days={days} />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toBe(
      'Balkendiagramm über 3 Tage: 1.248 Anmeldungen insgesamt, höchstens 7 aktive Personen an einem Tag.',
    );
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(4);
    expect(rows[3]!.textContent).toContain('1.234');
    expect(img.querySelectorAll('rect')).toHaveLength(3);
  });

  it('mirrors the days for a right-to-left language and writes numbers the language’s way', async () => {
    await i18n.changeLanguage('en');
    render(<DailyChart days={days} />);
    const ltr = [...screen.getByRole('img').querySelectorAll('rect')].map((r) => Number(r.getAttribute('x')));
    cleanup();
    await i18n.changeLanguage('fa');
    render(<DailyChart days={days} />);
    const img = screen.getByRole('img');
    const rtl = [...img.querySelectorAll('rect')].map((r) => Number(r.getAttribute('x')));
    expect(ltr[0]).toBeLessThan(ltr[2]!);
    expect(rtl[0]).toBeGreaterThan(rtl[2]!);
    expect(img.getAttribute('direction')).toBe('rtl');
    expect(img.getAttribute('aria-label')).toContain('۱٬۲۴۸');
  });

  it('the tile chart has one bar per tile, a summary naming the most opened tile, and a table', async () => {
    await i18n.changeLanguage('en');
    render(<TileChart tiles={tiles} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Bar chart over 2 apps; opened most: Klassenbuch (12).',
    );
    expect(screen.getByRole('img').querySelectorAll('rect')).toHaveLength(2);
    expect(screen.getByRole('rowheader', { name: 'Stundenplan', hidden: true })).toBeTruthy();
  });

  it('says so when no tile was opened', async () => {
    await i18n.changeLanguage('en');
    render(<TileChart tiles={[]} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No app was opened in this period.')).toBeTruthy();
  });
});
