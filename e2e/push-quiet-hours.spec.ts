import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney } from './journeys.ts';

// Issue 23 item 4 (decision 073): the school's quiet hours for pupils are two settings of the settings tab,
// push_quiet_start and push_quiet_end, in the "features" section: a choice of half hours, labelled and
// explained in each language, saved through the settings bar like every other setting.

const journey = setUpJourney();
type Texts = typeof de;

async function stored(): Promise<Record<string, string>> {
  const cookie = await loginAs(journey.portal.base, 'admin');
  const res = await call<Record<string, string>>(journey.portal.base, '/api/config/settings', { cookie });
  expect(res.status).toBe(200);
  return res.body;
}

const digits = (page: Page, n: number) =>
  page.evaluate((value) => new Intl.NumberFormat(document.documentElement.lang).format(value), n);

describe('the school’s quiet hours in the settings tab (issue 23 item 4)', () => {
  it.each(LOOKS)(
    'an admin sees 19:00 to 07:00, moves the start to 20:30 and saves it ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async ({ locale, width, colorScheme }) => {
      const t: Texts = locale === 'ar' ? ar : de;
      const page = await journey.openSignedIn('admin', '/dashboard/settings', { locale, width, colorScheme });
      await page.getByRole('heading', { level: 1, name: t.dashboard.tabs.settings }).waitFor();
      const start = page.getByRole('combobox', {
        name: t.adminSettings.keys.push_quiet_start.label,
        exact: true,
      });
      const end = page.getByRole('combobox', {
        name: t.adminSettings.keys.push_quiet_end.label,
        exact: true,
      });
      const before = await stored();
      expect(await start.inputValue()).toBe(before.push_quiet_start);
      expect(await end.inputValue()).toBe('07:00');
      // the choices are the half hours, shown as times
      expect(await start.locator('option').count()).toBe(48);
      expect(await start.locator('option', { hasText: '20:30' }).count()).toBe(1);
      await page.getByText(t.adminSettings.keys.push_quiet_start.help).waitFor();

      const value = before.push_quiet_start === '20:30' ? '19:00' : '20:30';
      await start.selectOption(value);
      const bar = page.getByRole('region', { name: t.adminSettings.bar.label });
      await start.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${screenshotDir}/push-quiet-hours-${locale}-${width}-${colorScheme}.png`,
      });
      await bar
        .getByRole('button', {
          name: t.adminSettings.bar.save.replace('{{n}}', await digits(page, 1)),
          exact: true,
        })
        .click();
      await bar.getByText(t.adminSettings.bar.none).waitFor();
      expect((await stored()).push_quiet_start).toBe(value);
      await expectNoSeriousA11yViolations(page, 'settings with the quiet hours');
    },
  );
});
