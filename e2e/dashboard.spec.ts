import { describe, expect, it } from 'vitest';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { DASHBOARD_TABS } from '../apps/web/src/app/dashboard-tabs.ts';
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

const journey = setUpJourney();

// Every dashboard tab (spec 2.3), as a superadmin sees it (cim included): it loads without an error message,
// passes axe, and is photographed. axe runs in the harder look (Arabic, right to left, 390 px, dark);
// both looks are photographed.
describe('the dashboard tabs (spec 2.3)', () => {
  it.each([
    { locale: 'de', width: 1280, colorScheme: 'light', axe: false },
    { locale: 'ar', width: 390, colorScheme: 'dark', axe: true },
  ] as const)(
    'every tab loads, is photographed ($locale, $width px, $colorScheme), axe: $axe',
    // twelve tabs, each with an axe run in the Arabic look
    { timeout: 150_000 },
    async ({ locale, width, colorScheme, axe }) => {
      const t = locale === 'ar' ? ar : de;
      const page = await journey.openSignedIn('superadmin', '/dashboard/messages', {
        locale,
        width,
        colorScheme,
      });
      const nav = page.getByRole('navigation', { name: t.pages.dashboard });
      for (const tab of DASHBOARD_TABS) {
        const name = t.dashboard.tabs[tab];
        await nav.getByRole('link', { name, exact: true }).click();
        const section = page.getByRole('region', { name, exact: true });
        await section.getByRole('heading', { level: 2 }).first().waitFor();
        // what the tab loads has arrived: no loading line and no error message left
        await page.waitForLoadState('networkidle');
        const loading = [t.common.loading, t.diagnostics.loading, t.adminSettings.loading];
        await expect
          .poll(() =>
            section
              .getByRole('status')
              .filter({ hasText: new RegExp(loading.join('|')) })
              .count(),
          )
          .toBe(0);
        if ((await section.getByRole('alert').filter({ hasText: /\S/ }).count()) > 0)
          throw new Error(`${tab}: ${await section.getByRole('alert').first().innerText()}`);
        if (axe) await expectNoSeriousA11yViolations(page, `dashboard ${tab}`);
        await page.screenshot({
          path: `${screenshotDir}/dashboard-${tab}-${locale}-${width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
      await page.context().close();
    },
  );
});
