import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney, submitLogin } from './journeys.ts';
import { screenshotDir } from './browser.ts';

const journey = setUpJourney();
const { open } = journey;

const tileTitles = (page: Page) =>
  page.getByRole('list', { name: de.home.apps }).getByRole('link').allInnerTexts();

describe('visitor', () => {
  it('sees the logged-out tiles on the home page and a sign-in link', async () => {
    const page = await open('/');
    await expect.poll(() => tileTitles(page)).toEqual(['Schulwebsite', 'Vertretungsplan', 'Speiseplan']);
    await expect.poll(() => page.getByRole('link', { name: de.nav.signIn }).count()).toBe(1);
    expect(await page.title()).toBe('Aula'); // the home page has no page name (spec 1)
  });

  it('tiles open as their target says: same tab, new tab, download', async () => {
    const page = await open('/');
    const list = page.getByRole('list', { name: de.home.apps });
    await expect.poll(() => list.getByRole('link').count()).toBe(3);
    const website = list.getByRole('link', { name: /Schulwebsite/ });
    expect(await website.getAttribute('href')).toBe('https://www.example.org/');
    expect(await website.getAttribute('target')).toBeNull();
    const plan = list.getByRole('link', { name: /Vertretungsplan/ });
    expect(await plan.getAttribute('target')).toBe('_blank');
    expect(await plan.getAttribute('rel')).toContain('noopener');
    const menu = list.getByRole('link', { name: /Speiseplan/ });
    const [download] = await Promise.all([page.waitForEvent('download'), menu.click()]);
    expect(download.suggestedFilename()).toBe('Speiseplan.txt');
  });

  it('an unknown path goes to /404, which shows the not-found page, not a blank page', async () => {
    const page = await open('/gibt-es-nicht');
    await page.waitForURL(journey.portal.base + '/404');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toBe(de.notFound.title);
  });
});

describe('connectivity', () => {
  it('signed in, the ping goes every 15 s after one statistics call; a 503 on the ping shows the offline page', async () => {
    const page = await open('/login', { clock: true });
    const pings: string[] = [];
    const stats: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/alive')) pings.push(r.url());
      if (r.url().includes('/api/statistics')) stats.push(r.url());
    });
    await submitLogin(page, 'student');
    await page.waitForURL(journey.portal.base + '/');
    await expect.poll(() => pings.length).toBe(1);
    // the statistics call goes once, at the start plan's step after the first ping (lib/idle.ts)
    await expect.poll(() => stats.length).toBe(1);
    await page.clock.fastForward(15_000);
    await expect.poll(() => pings.length).toBe(2);
    expect(stats).toHaveLength(1);
    expect(new URL(stats[0]!).searchParams.get('id')).toMatch(/^[A-Za-z0-9]{9}$/);

    // the server answering 503, as it does while its database is unreachable
    const unavailable = (route: Route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":"common.unavailable","message":"x"}',
      });
    await page.route('**/api/users/alive', unavailable);
    await page.route('**/api/health', unavailable);
    await page.clock.fastForward(15_000);
    await page.waitForURL(journey.portal.base + '/offline');
    // re-checked 1 s later: still down, and the page says so
    // it says Aula does not answer, not that the device is offline (decision 057)
    const stillDown = de.apiDown.still.replace('{{product}}', 'Aula');
    await page.clock.fastForward(1_000);
    await expect.poll(() => page.getByRole('status').innerText()).toBe(stillDown);
    await page.getByRole('button', { name: de.common.retry }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(stillDown);
    expect(new URL(page.url()).pathname).toBe('/offline');
    // Back does not leave the offline page while the server is still unavailable
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/offline');
    // the server is back: the next re-check, one ping interval later, returns home by itself
    await page.unroute('**/api/users/alive');
    await page.unroute('**/api/health');
    await page.clock.fastForward(15_000);
    await page.waitForURL(journey.portal.base + '/');
    await expect.poll(() => tileTitles(page)).not.toHaveLength(0);
  });

  it('a 502 shows the api-down page, which returns home by itself 1 s after the API answers again', async () => {
    const page = await open('/login', { clock: true });
    await submitLogin(page, 'student');
    await page.waitForURL(journey.portal.base + '/');
    // a proxy in front of Aula answering 502 Bad Gateway while Aula restarts
    await page.route('**/api/users/alive', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await page.clock.fastForward(15_000);
    await page.waitForURL(journey.portal.base + '/502');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toBe(de.apiDown.title.replace('{{product}}', 'Aula'));
    await page.unroute('**/api/users/alive');
    await page.clock.fastForward(1_000);
    await page.waitForURL(journey.portal.base + '/');
    await expect.poll(() => tileTitles(page)).not.toHaveLength(0);
  });

  it('going offline shows the offline page; retry says it is still offline; 1 s after the network returns it is home', async () => {
    const page = await open('/', { clock: true });
    await expect.poll(() => tileTitles(page)).toHaveLength(3);
    await page.context().setOffline(true);
    await page.waitForURL(journey.portal.base + '/offline');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toBe(de.offline.title);
    await page.getByRole('button', { name: de.common.retry }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(de.offline.still);
    await page.context().setOffline(false);
    await page.clock.fastForward(1_000);
    await page.waitForURL(journey.portal.base + '/');
    await expect.poll(() => tileTitles(page)).toHaveLength(3);
  });
});

describe('signing in', () => {
  it('a student signs in and sees the tiles of their class, not those of another class', async () => {
    const page = await open('/login');
    await submitLogin(page, 'student');
    await page.waitForURL(journey.portal.base + '/');
    await expect.poll(() => tileTitles(page)).toContain('Mathe 5a');
    const titles = await tileTitles(page);
    expect(titles).not.toContain('Kunst 6b');
    expect(titles).not.toContain('Lehrerzimmer');
    expect(titles[0]).toBe('Klassenbuch');
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: new RegExp(`^${de.nav.userMenu.replace('{{name}}', 'Sara')}`) })
          .count(),
      )
      .toBe(1);
  });

  it('a wrong password shows the translated message, keeps the user name and clears the password', async () => {
    const page = await open('/login');
    await page.getByLabel(de.login.username).fill('student');
    await page.getByLabel(de.login.password, { exact: true }).fill('falsch-falsch');
    await page.getByRole('button', { name: de.login.submit }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(de.errors.auth.wrong_password);
    expect(await page.getByLabel(de.login.username).inputValue()).toBe('student');
    expect(await page.getByLabel(de.login.password, { exact: true }).inputValue()).toBe('');
  });

  it('an embedded tile opens inside Aula with a title bar; signing out returns to the public tiles', async () => {
    const page = await open('/login');
    await submitLogin(page, 'teacher');
    await page.waitForURL(journey.portal.base + '/');
    const classbook = page
      .getByRole('list', { name: de.home.apps })
      .getByRole('link', { name: /Klassenbuch/ });
    await classbook.click();
    await page.waitForURL(/\/app\?/);
    await expect
      .poll(() => page.locator('iframe').getAttribute('src'))
      .toBe('https://www.example.org/klassenbuch');
    expect(await page.locator('iframe').getAttribute('sandbox')).toContain('allow-scripts');
    await page.goto(journey.portal.base + '/');
    await page
      .getByRole('button', { name: new RegExp(`^${de.nav.userMenu.replace('{{name}}', '')}`) })
      .click();
    await page.getByRole('menuitem', { name: de.nav.signOut }).click();
    await page.getByRole('dialog').getByRole('button', { name: de.nav.signOut }).click();
    // The after-logout dialog confirms it; closed, it leaves the public tiles.
    const done = page.getByRole('dialog', { name: de.logout.doneTitle });
    await done.waitFor();
    await done.getByRole('button', { name: de.common.close }).first().click();
    await expect.poll(() => tileTitles(page)).toEqual(['Schulwebsite', 'Vertretungsplan', 'Speiseplan']);
  });
});

describe('theme and language', () => {
  it('Alt+L toggles between light and dark', async () => {
    const page = await open('/');
    await expect.poll(() => tileTitles(page)).toHaveLength(3);
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await dark()).toBe(false);
    await page.keyboard.press('Alt+l');
    await expect.poll(dark).toBe(true);
    await page.keyboard.press('Alt+l');
    await expect.poll(dark).toBe(false);
  });

  it('a browser in Arabic gets lang=ar and dir=rtl, and the tiles in Arabic', async () => {
    const page = await open('/', { locale: 'ar' });
    await expect
      .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
      .toEqual(['ar', 'rtl']);
    await expect
      .poll(() => page.getByRole('list', { name: ar.home.apps }).getByRole('link').first().innerText())
      .toContain('موقع المدرسة');
  });

  it('a browser in an unsupported language gets German', async () => {
    const page = await open('/login', { locale: 'sv-SE' });
    await expect
      .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
      .toEqual(['de', 'ltr']);
    await expect.poll(() => page.getByRole('button', { name: de.login.submit }).count()).toBe(1);
    expect(await page.title()).toBe(`${de.pages.login} - Aula`);
  });

  it('the language menu on the login page switches the language at once', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: de.language.choose }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('button', { name: en.login.submit }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: en.language.choose }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
  });
});

describe('accessibility and looks', () => {
  it('axe finds no serious violations on the login and home pages, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const login = await open('/login', { colorScheme });
      await login.getByRole('button', { name: de.login.submit }).waitFor();
      await expectNoSeriousA11yViolations(login);
      await submitLogin(login, 'student');
      await login.waitForURL(journey.portal.base + '/');
      await expect.poll(() => tileTitles(login)).toContain('Mathe 5a');
      await expectNoSeriousA11yViolations(login);
    }
  });

  it.each(LOOKS)('screenshots: login and home ($locale, $width px, $colorScheme)', async (look) => {
    const { locale } = look;
    const t = locale === 'ar' ? ar : de;
    const name = `${locale}-${look.width}-${look.colorScheme}`;
    const page = await open('/login', look);
    await page.getByRole('button', { name: t.login.submit }).waitFor();
    await page.screenshot({ path: `${screenshotDir}/login-${name}.png`, fullPage: true });
    await submitLogin(page, 'teacher', t);
    await page.waitForURL(journey.portal.base + '/');
    await expect.poll(() => page.getByRole('list', { name: t.home.apps }).getByRole('link').count()).toBe(5);
    await page.screenshot({ path: `${screenshotDir}/home-${name}.png`, fullPage: true });
    await page.context().close();
  });
});
