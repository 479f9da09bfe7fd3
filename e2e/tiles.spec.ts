import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// Issue 19 items 2 and 11: tiles say what they will do, a download names its file, and an embedded app that
// does not load offers a new tab.

const journey = setUpJourney();
const { open } = journey;

type T = typeof de;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');
const named = (t: T, title: string, behaviour: keyof T['home']['behaviour']) =>
  fill(t.home.tileName, { title, behaviour: t.home.behaviour[behaviour] });
const tiles = (page: Page, t: T) => page.getByRole('list', { name: t.home.apps }).getByRole('link');
const names = (page: Page, t: T) =>
  tiles(page, t).evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? l.textContent));

const LOOKS = [
  { locale: 'de', width: 1280, t: de, colorScheme: 'light' },
  { locale: 'ar', width: 390, t: ar as unknown as T, colorScheme: 'dark' },
] as const;

describe('tile behaviour badges', () => {
  it.each(LOOKS)(
    'a visitor reads what each tile does in its name, and sees its badge ($locale, $width px)',
    async ({ locale, width, t, colorScheme }) => {
      const page = await open('/', { locale, width, colorScheme });
      const [website, plan, menu] =
        locale === 'de'
          ? ['Schulwebsite', 'Vertretungsplan', 'Speiseplan']
          : ['موقع المدرسة', 'جدول البدلاء', 'قائمة الطعام'];
      await expect
        .poll(() => names(page, t))
        .toEqual([named(t, website, 'leaves'), named(t, plan, 'newTab'), named(t, menu, 'download')]);
      // exact names, by role: what a screen reader says
      for (const [title, behaviour] of [
        [website, 'leaves'],
        [plan, 'newTab'],
        [menu, 'download'],
      ] as const) {
        const link = page.getByRole('link', { name: named(t, title, behaviour), exact: true });
        expect(await link.count()).toBe(1);
        // the badge: one drawn symbol besides the tile's own icon, on the tile's face
        expect(await link.locator('span[aria-hidden="true"] svg').count()).toBe(1);
      }
      await page.screenshot({ path: `${screenshotDir}/tiles-visitor-${locale}-${width}.png` });
      await expectNoSeriousA11yViolations(page, `tiles ${locale} ${width}`);
      await page.context().close();
    },
  );

  it('an embedded tile has no badge, and its name is just its title (canary)', async () => {
    const page = await journey.openSignedIn('teacher');
    const classbook = page.getByRole('link', { name: 'Klassenbuch', exact: true });
    await expect.poll(() => classbook.count()).toBe(1);
    expect(await classbook.locator('span[aria-hidden="true"] svg').count()).toBe(0);
    // the teacher's new-tab tiles do have theirs
    expect(
      await page.getByRole('link', { name: named(de, 'Lehrerzimmer', 'newTab'), exact: true }).count(),
    ).toBe(1);
    await page.context().close();
  });

  it.each(LOOKS)(
    'a download says which file it is getting ($locale, $width px)',
    async ({ locale, width, t, colorScheme }) => {
      const page = await open('/', { locale, width, colorScheme });
      const menu = locale === 'de' ? 'Speiseplan' : 'قائمة الطعام';
      const link = page.getByRole('link', { name: named(t, menu, 'download') });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const file = download.suggestedFilename();
      expect(file).toBe('Speiseplan.txt');
      await expect
        .poll(() => page.getByText(fill(t.tileHelp.downloadStarted, { file }), { exact: true }).count())
        .toBe(1);
      await page.context().close();
    },
  );
});

describe('an embedded app that does not load', () => {
  /** The teacher's embedded Klassenbuch, whose site answers as `answer` says, with the page's clock held. */
  async function openClassbook(answer: (route: Route) => Promise<void> | void, width = 1280, t: T = de) {
    const locale = t === de ? 'de' : 'ar';
    const page = await journey.openSignedIn('teacher', '/', { width, locale });
    await page.route('https://www.example.org/**', answer);
    await page.clock.install();
    const title = locale === 'de' ? 'Klassenbuch' : 'دفتر الصف';
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    return page;
  }
  const hang = () => new Promise<void>(() => undefined);

  it.each(LOOKS)(
    'shows a loading state, and after 6 s without a load event offers a new tab ($locale, $width px)',
    async ({ width, t, locale }) => {
      const page = await openClassbook(hang, width, t);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: t.iframeApp.loading }).count())
        .toBe(1);
      // not yet after 5 s (canary for the timer)
      await page.clock.fastForward(5_000);
      expect(await page.getByRole('heading', { name: t.tileHelp.appSlow.title }).count()).toBe(0);
      await page.clock.fastForward(1_100);
      await expect.poll(() => page.getByRole('heading', { name: t.tileHelp.appSlow.title }).count()).toBe(1);
      // the overlay's button and the title bar's, both with their words, on the phone too
      const newTab = page.getByRole('link', { name: t.iframeApp.openInNewTab });
      expect(await newTab.count()).toBe(2);
      for (const link of await newTab.all()) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('href')).toBe('https://www.example.org/klassenbuch');
        expect((await link.innerText()).trim()).toBe(t.iframeApp.openInNewTab);
        expect((await link.boundingBox())!.width).toBeGreaterThan(80);
      }
      await page.screenshot({ path: `${screenshotDir}/iframe-slow-${locale}-${width}.png` });
      await expectNoSeriousA11yViolations(page, `iframe overlay ${locale} ${width}`);
      // waiting on hides the overlay again
      await page.getByRole('button', { name: t.tileHelp.appSlow.keepWaiting }).click();
      expect(await page.getByRole('heading', { name: t.tileHelp.appSlow.title }).count()).toBe(0);
      await page.context().close();
    },
  );

  it('an app that loads gets no overlay, however long it stays open (canary)', async () => {
    const page = await openClassbook((route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title><p>Klassenbuch</p>' }),
    );
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: de.iframeApp.loading }).count())
      .toBe(0);
    await page.clock.fastForward(60_000);
    expect(await page.getByRole('heading', { name: de.tileHelp.appSlow.title }).count()).toBe(0);
    await page.context().close();
  });
});
