import { describe, expect, it } from 'vitest';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { screenshotDir } from './browser.ts';
import { sidewaysOverflow } from './hit-areas.ts';
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

const journey = setUpJourney();
// every tab has its name in the strings, and the manifests declare exactly these (app/dashboard-tab-list.test.ts)
const DASHBOARD_TABS = Object.keys(de.dashboard.tabs) as (keyof typeof de.dashboard.tabs)[];

// Every dashboard tab (spec 2.3), as a superadmin sees it (cim included): it loads without an error message, has
// exactly one h1 saying the tab's name (issue 19), does not scroll sideways, passes axe, and is photographed.
// On a phone the tabs sit in the section menu. axe runs in the harder look (Arabic, right to left, 390 px, dark).
describe('the dashboard tabs (spec 2.3)', () => {
  it.each([
    { locale: 'de', width: 1280, colorScheme: 'light', axe: false },
    { locale: 'de', width: 390, colorScheme: 'light', axe: false },
    { locale: 'ar', width: 1280, colorScheme: 'dark', axe: false },
    { locale: 'ar', width: 390, colorScheme: 'dark', axe: true },
  ] as const)(
    'every tab loads with one h1 and no sideways scrolling ($locale, $width px, $colorScheme), axe: $axe',
    // thirteen tabs, each with an axe run in the Arabic look
    { timeout: 180_000 },
    async ({ locale, width, colorScheme, axe }) => {
      const t = locale === 'ar' ? ar : de;
      const page = await journey.openSignedIn('superadmin', '/dashboard/messages', {
        locale,
        width,
        colorScheme,
      });
      const nav = page.getByRole('navigation', { name: t.pages.dashboard });
      // the count is in the interface's digits (Arabic-Indic in ar); the section menu test checks it in German
      const menu = nav.getByRole('button', { name: t.dashboard.allSections.split(' (')[0] });
      for (const tab of DASHBOARD_TABS) {
        const name = t.dashboard.tabs[tab];
        if (width === 390) await menu.click();
        await nav.getByRole('link', { name, exact: true }).click();
        const section = page.getByRole('region', { name, exact: true });
        await section.getByRole('heading', { level: 1, name, exact: true }).waitFor();
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
        expect(await page.getByRole('heading', { level: 1 }).allInnerTexts(), tab).toEqual([name]);
        expect(await sidewaysOverflow(page), `${tab} reaches past the screen`).toEqual([]);
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

describe('the section menu on phones (issue 19)', () => {
  it('shows how many sections there are, opens, and closes again once a section is chosen', async () => {
    const page = await journey.openSignedIn('admin', '/dashboard/messages', { width: 390 });
    const nav = page.getByRole('navigation', { name: de.pages.dashboard });
    // an admin is no superadmin: every tab but the identity import
    const menu = nav.getByRole('button', {
      name: de.dashboard.allSections.replace('{{n}}', String(DASHBOARD_TABS.length - 1)),
    });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const logs = nav.getByRole('link', { name: de.dashboard.tabs.logs, exact: true });
    expect(await logs.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // the tabs, and below them the link to the sick notices (not a tab, decision 066)
    expect(await nav.getByRole('listitem').getByRole('link').count()).toBe(DASHBOARD_TABS.length - 1);
    expect(await nav.getByRole('link', { name: de.sickList.dashboardLink, exact: true }).isVisible()).toBe(
      true,
    );
    expect(await nav.getByRole('link', { name: de.dashboard.tabs.cim }).count()).toBe(0);
    await logs.click();
    await page.getByRole('heading', { level: 1, name: de.dashboard.tabs.logs }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await logs.isVisible()).toBe(false);
    // canary: the measurement of the tab walk catches a block wider than the phone
    await page.evaluate(() => {
      const block = document.createElement('div');
      block.id = 'too-wide';
      block.style.width = '600px';
      block.style.height = '1px';
      document.getElementById('main')!.append(block);
    });
    expect(await sidewaysOverflow(page)).toContain('div#too-wide');
    await page.evaluate(() => document.getElementById('too-wide')!.remove());
    // on a desktop the list is always there and the menu button is not
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await menu.isVisible()).toBe(false);
    expect(await logs.isVisible()).toBe(true);
    await page.context().close();
  });
});

// The router's tab check reads the features' manifests, which load with the dashboard (decision 089).
describe('the dashboard’s address (spec 2.3)', () => {
  it('a tab no manifest declares is the 404 page; the cim tab sends an admin home and opens for a superadmin', async () => {
    const admin = await journey.openSignedIn('admin', '/dashboard/no-such-tab');
    await admin.waitForURL(journey.portal.base + '/404');
    await admin.goto(journey.portal.base + '/dashboard/cim');
    await admin.waitForURL(journey.portal.base + '/');
    await admin.context().close();
    const superadmin = await journey.openSignedIn('superadmin', '/dashboard/cim');
    await superadmin.getByRole('heading', { level: 1, name: de.dashboard.tabs.cim, exact: true }).waitFor();
    await superadmin.context().close();
  });
});

describe('the audit log keeps its filters in the address (issue 33)', () => {
  it('an applied filter survives a reload, Back takes it away, Forward brings it back', async () => {
    const page = await journey.openSignedIn('admin', '/dashboard/logs');
    const filters = page.getByRole('form', { name: de.diagnostics.logs.filters });
    const action = filters.getByLabel(de.diagnostics.logs.action);
    const actor = filters.getByLabel(de.diagnostics.logs.actor);
    const csv = page.getByRole('link', { name: de.diagnostics.logs.download });
    await action.selectOption('login.success');
    await actor.fill('admin');
    await filters.getByRole('button', { name: de.diagnostics.logs.apply }).click();
    await page.waitForURL(/action=login\.success/);
    expect(new URL(page.url()).searchParams.get('actor')).toBe('admin');
    await page.reload();
    expect(await action.inputValue()).toBe('login.success');
    expect(await actor.inputValue()).toBe('admin');
    expect(await csv.getAttribute('href')).toBe('/api/logs/full?action=login.success&actor=admin');
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('action='));
    await expect.poll(() => action.inputValue()).toBe('');
    expect(await csv.getAttribute('href')).toBe('/api/logs/full');
    await page.goForward();
    await expect.poll(() => action.inputValue()).toBe('login.success');
    // canary: a mistyped address still opens the tab, without the filter that makes no sense
    await page.goto(`${journey.portal.base}/dashboard/logs?action=drop%20table&actor=admin`);
    await expect.poll(() => actor.inputValue()).toBe('admin');
    expect(await action.inputValue()).toBe('');
    await page.context().close();
  });
});
