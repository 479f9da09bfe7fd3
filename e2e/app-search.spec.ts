import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// Issue 19 item 14: a search field over the home page's tiles, `/` as its key, in the user's language.

const journey = setUpJourney();

type T = typeof de;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');
const search = (page: Page, t: T) => page.getByRole('searchbox', { name: t.home.search });
/** The visible titles of the tiles shown. */
const shown = (page: Page, t: T) =>
  page.getByRole('list', { name: t.home.apps }).getByRole('link').allInnerTexts();

describe('app search on the home page', () => {
  it('filters the tiles as a pupil types, and `/` jumps to it (de, 1280 px)', async () => {
    const page = await journey.openSignedIn('student');
    await search(page, de).waitFor();
    const all = await shown(page, de);
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(await search(page, de).getAttribute('aria-keyshortcuts')).toBe('/');

    // `/` from anywhere on the page focuses the field, and is not typed into it
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('/');
    await expect.poll(() => search(page, de).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search(page, de).inputValue()).toBe('');

    await page.keyboard.type('stunden');
    await expect.poll(() => shown(page, de)).toEqual(['Stundenplan']);
    // in the field, `/` is a character (canary: the shortcut does not eat it)
    await page.keyboard.type('/');
    expect(await search(page, de).inputValue()).toBe('stunden/');

    // a query that matches nothing says so, and one button brings every tile back
    await search(page, de).fill('xyz');
    const empty = fill(de.home.searchEmpty, { query: 'xyz' });
    await expect.poll(() => page.getByRole('status').filter({ hasText: empty }).count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/app-search-empty-de-1280.png` });
    await expectNoSeriousA11yViolations(page, 'app search empty de');
    await page.getByRole('button', { name: de.home.searchClear }).click();
    await expect.poll(() => shown(page, de)).toEqual(all);

    // Escape empties the field
    await search(page, de).fill('mathe');
    await expect.poll(() => shown(page, de)).toEqual(['Mathe 5a']);
    await page.keyboard.press('Escape');
    await expect.poll(() => shown(page, de)).toEqual(all);
    await page.context().close();
  });

  it('finds tiles by their titles in the user’s language (ar, 390 px, dark; and en)', async () => {
    const t = ar as unknown as T;
    const page = await journey.openSignedIn('student', '/', {
      locale: 'ar',
      width: 390,
      colorScheme: 'dark',
    });
    await search(page, t).fill('الجدول');
    await expect.poll(() => shown(page, t)).toEqual(['الجدول الدراسي']);
    // the school's own (German) title finds it too
    await search(page, t).fill('stundenplan');
    await expect.poll(() => shown(page, t)).toEqual(['الجدول الدراسي']);
    await search(page, t).fill('');
    await page.screenshot({ path: `${screenshotDir}/app-search-ar-390.png` });
    await expectNoSeriousA11yViolations(page, 'app search ar 390');
    await page.context().close();

    const english = await journey.openSignedIn('student', '/', { locale: 'en-US' });
    await search(english, en as unknown as T).fill('timetable');
    await expect.poll(() => shown(english, en as unknown as T)).toEqual(['Timetable']);
    await english.context().close();
  });

  it('a page with fewer than 7 tiles has no search, and `/` does nothing there (canary)', async () => {
    const page = await journey.openSignedIn('teacher');
    await expect.poll(async () => (await shown(page, de)).length).toBe(5);
    expect(await search(page, de).count()).toBe(0);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await page.context().close();
  });
});
