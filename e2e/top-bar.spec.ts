import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { expectNoSeriousA11yViolations, setUpJourney, userMenu } from './journeys.ts';

// Issue 19 item 1: a phone top bar a child reads (decision 057).

const journey = setUpJourney();
const STRINGS = { de, ar } as const;
const native = { de: 'Deutsch', ar: 'العربية' } as const;
const CASES = (['de', 'ar'] as const).flatMap((locale) =>
  [390, 1280].map((width) => ({ locale, width, t: STRINGS[locale] })),
);

const topBar = (page: Page, t = de) => page.getByRole('navigation', { name: t.nav.topBar });

/** The control's size; a menu trigger may be swapped for the loaded menu's (decision 050) meanwhile. */
async function size(locator: Locator): Promise<{ width: number; height: number }> {
  let box = await locator.boundingBox();
  for (let i = 0; !box && i < 20; i++) box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

async function visible(locator: Locator): Promise<boolean> {
  return (await locator.count()) > 0 && (await locator.isVisible());
}

describe('the top bar', () => {
  it.each(CASES)(
    'signed in ($locale, $width px): the account button shows initials and is named with the full name; Edit is labelled; language and theme are in the account menu on a phone',
    async ({ locale, width, t }) => {
      const page = await journey.openSignedIn('student', '/', { locale, width });
      const bar = topBar(page, t);
      const account = userMenu(page, t);
      await account.waitFor();
      expect(await account.getAttribute('aria-label')).toBe(
        t.nav.userMenu.replace('{{name}}', 'Sara Schmidt'),
      );
      // the initials are what a phone shows; a wide screen shows the name beside them
      const shown = await account.innerText();
      expect(shown.startsWith('SS')).toBe(true);
      expect(shown.includes('Sara Schmidt')).toBe(width > 768);

      const edit = bar.getByRole('link', { name: t.nav.edit, exact: true });
      expect((await edit.innerText()).trim()).toBe(t.nav.edit);
      const help = bar.getByRole('button', { name: t.dialogs.help });
      const language = bar.getByRole('button', { name: t.language.choose });
      const theme = bar.getByRole('button', { name: t.theme.toggle });
      expect(await visible(help)).toBe(true);
      expect(await visible(language)).toBe(width > 768);
      expect(await visible(theme)).toBe(width > 768);

      if (width <= 768) {
        // 44 x 44 hit areas on a phone
        for (const control of [account, edit, help]) {
          const { width: w, height: h } = await size(control);
          expect(w).toBeGreaterThanOrEqual(44);
          expect(h).toBeGreaterThanOrEqual(44);
        }
      }

      await account.click();
      const menu = page.locator('[role="menu"]:not([aria-busy="true"])');
      await menu.waitFor();
      const radios = menu.getByRole('menuitemradio');
      if (width > 768) {
        expect(await radios.count()).toBe(0);
        await expectNoSeriousA11yViolations(page, `${locale} ${width} menu`);
        return;
      }
      // a phone: the four languages and the three themes, the current ones checked
      expect(await radios.allInnerTexts()).toEqual([
        'Deutsch',
        'English',
        'فارسی',
        'العربية',
        t.settings.themes.light,
        t.settings.themes.dark,
        t.settings.themes.auto,
      ]);
      const current = menu.getByRole('menuitemradio', { name: native[locale] });
      expect(await current.getAttribute('aria-checked')).toBe('true');
      await expectNoSeriousA11yViolations(page, `${locale} ${width} menu`);

      await menu.getByRole('menuitemradio', { name: t.settings.themes.dark }).click();
      await expect.poll(() => page.locator('html.dark').count()).toBe(1);
      await page.context().close();
    },
  );

  it.each(CASES)(
    'in edit mode ($locale, $width px) the top bar has no edit control: the edit page’s own button is the one way out',
    async ({ locale, width, t }) => {
      const page = await journey.openSignedIn('student', '/', { locale, width });
      const bar = topBar(page, t);
      await bar.getByRole('link', { name: t.nav.edit, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/edit');
      await page.getByRole('heading', { level: 1, name: t.tiles.edit.heading }).waitFor();
      expect(await bar.getByRole('link').count()).toBe(1); // the home link alone
      expect(await bar.getByRole('button', { name: t.tiles.edit.exit }).count()).toBe(0);
      await page.context().close();
    },
  );

  it.each(CASES)(
    'a visitor ($locale, $width px) keeps language and theme in the bar; the login page keeps its language switch',
    async ({ locale, width, t }) => {
      const page = await journey.open('/', { locale, width });
      const bar = topBar(page, t);
      await bar.getByRole('link', { name: t.nav.signIn }).waitFor();
      const controls = [
        bar.getByRole('button', { name: t.language.choose }),
        bar.getByRole('button', { name: t.theme.toggle }),
        bar.getByRole('button', { name: t.dialogs.help }),
        bar.getByRole('link', { name: t.nav.signIn }),
      ];
      for (const control of controls) {
        expect(await visible(control)).toBe(true);
        if (width <= 768) expect((await size(control)).height).toBeGreaterThanOrEqual(44);
      }
      await expectNoSeriousA11yViolations(page, `${locale} ${width} visitor`);

      await page.goto(journey.portal.base + '/login');
      await page.getByRole('button', { name: t.login.submit, exact: true }).waitFor();
      expect(await visible(page.getByRole('button', { name: t.language.choose }))).toBe(true);
      await page.context().close();
    },
  );

  it('the help dialog describes the tile badges, and lists the keyboard shortcuts only where the pointer is not a finger', async () => {
    for (const width of [1280, 390]) {
      const page = await journey.openSignedIn('student', '/?dialog=help', { width });
      const dialog = page.getByRole('dialog', { name: de.help.title });
      await dialog.waitFor();
      const items = await dialog.getByRole('listitem').allInnerTexts();
      expect(items).toEqual(
        (['newTab', 'download', 'leaves', 'none'] as const).map((k) =>
          de.help.badges[k].replaceAll('{{product}}', 'Aula'),
        ),
      );
      expect(await dialog.getByRole('heading', { name: de.help.keysTitle }).count()).toBe(1);
      // a finger as the main pointer (a phone): no keyboard list
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      await expect.poll(() => page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      await expect.poll(() => dialog.getByRole('heading', { name: de.help.keysTitle }).count()).toBe(0);
      expect(await dialog.getByRole('heading', { name: de.help.tilesTitle }).count()).toBe(1);
      await expectNoSeriousA11yViolations(page, `help ${width}`);
      await page.context().close();
    }
  });
  it('what is shown stays put when the late entries arrive: "Krank melden" comes after the first paint and moves nothing', async () => {
    // the sick entries' chunk is held until the bar has been measured, as on a slow phone
    const context = await journey.signedInContext('teacher');
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/sick-entries-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(journey.portal.base + '/');
    const bar = topBar(page);
    const edit = bar.getByRole('link', { name: de.nav.edit, exact: true });
    const help = bar.getByRole('button', { name: de.dialogs.help });
    await edit.waitFor();
    const before = [await edit.boundingBox(), await help.boundingBox()];
    expect(await bar.getByRole('button', { name: de.nav.reportSick }).count()).toBe(0);
    release();
    await bar.getByRole('button', { name: de.nav.reportSick }).waitFor();
    // the teacher's list link gets its count badge later still: wait for the count, then measure again
    await expect.poll(() => bar.getByRole('link', { name: new RegExp(de.nav.sickNotices) }).count()).toBe(1);
    expect([await edit.boundingBox(), await help.boundingBox()]).toEqual(before);
    await context.close();
  });
});
