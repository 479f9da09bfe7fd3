import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// Issue 19 item 8: honest connectivity (decision 057).

const journey = setUpJourney();
const STRINGS = { de, ar } as const;
const CASES = (['de', 'ar'] as const).flatMap((locale) =>
  [390, 1280].map((width) => ({ locale, width, t: STRINGS[locale] })),
);
const product = (text: string) => text.replaceAll('{{product}}', 'Aula');
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();
const path = (page: Page) => new URL(page.url()).pathname;
const unavailable = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: 'application/json',
    body: '{"code":"common.unavailable","message":"x"}',
  });

/** Signed in as the student on the home page under a fake clock, the change-password dialog open and typed in. */
async function typedDialog(locale: 'de' | 'ar', width: number) {
  const t = STRINGS[locale];
  const page = await journey.openSignedIn('student', '/?dialog=change-password', {
    locale,
    width,
    clock: true,
  });
  const dialog = page.getByRole('dialog', { name: t.dialogs.changePassword });
  const old = dialog.getByLabel(t.account.changePassword.old, { exact: true });
  await old.fill('mein altes Passwort');
  // every address the tab shows, to see that it never went home in between
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return { page, dialog, old, paths, t };
}

describe('connectivity', () => {
  it.each(CASES)(
    'only the ping fails while /api/health answers ($locale, $width px): the offline page stays until the ping answers, then the open dialog is back with what was typed',
    async ({ locale, width }) => {
      const { page, dialog, old, paths, t } = await typedDialog(locale, width);
      // the ping is lost on the way (a filter in the school's network); the health check still answers
      await page.route('**/api/users/alive', (route) => route.abort('internetdisconnected'));
      await page.clock.fastForward(15_000);
      await page.waitForURL((url) => url.pathname === '/offline');
      // no answer at all: this device's network is to blame
      await expect.poll(() => heading(page)).toBe(t.offline.title);
      expect(await dialog.count()).toBe(0);
      await expectNoSeriousA11yViolations(page, `offline ${locale} ${width}`);

      // the 1 s re-check repeats the ping, which still fails: no jump home (the flap of issue 19)
      await page.clock.fastForward(1_000);
      await expect.poll(() => page.getByRole('status').innerText()).toBe(t.offline.still);
      await page.clock.fastForward(15_000);
      await page.clock.fastForward(15_000);
      await expect.poll(() => page.getByRole('status').innerText()).toBe(t.offline.still);
      expect(path(page)).toBe('/offline');

      // the ping answers again: back where the user was, the dialog open with its typed text
      await page.unroute('**/api/users/alive');
      await page.clock.fastForward(15_000);
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).searchParams.get('dialog')).toBe('change-password');
      await dialog.waitFor();
      expect(await old.inputValue()).toBe('mein altes Passwort');
      const offlineAt = paths.indexOf('/offline');
      expect(offlineAt).toBeGreaterThan(-1);
      expect(paths.slice(offlineAt).filter((p) => p !== '/offline')).toEqual(['/']);
      await page.context().close();
    },
  );

  it.each(CASES)(
    'a 503 from Aula ($locale, $width px) says Aula is not reachable, not that the device is offline; retry says it is still not answering',
    async ({ locale, width }) => {
      const { page, dialog, old, t } = await typedDialog(locale, width);
      await page.route('**/api/users/alive', unavailable);
      await page.route('**/api/health', unavailable);
      await page.clock.fastForward(15_000);
      await page.waitForURL((url) => url.pathname === '/offline');
      await expect.poll(() => heading(page)).toBe(product(t.apiDown.title));
      expect(await page.getByText(product(t.apiDown.body)).count()).toBe(1);
      expect(await page.getByText(t.offline.body).count()).toBe(0);
      await page.getByRole('button', { name: t.common.retry }).click();
      await expect.poll(() => page.getByRole('status').innerText()).toBe(product(t.apiDown.still));
      await expectNoSeriousA11yViolations(page, `unavailable ${locale} ${width}`);

      // the health check answers but the ping that failed still does not: the page stays
      await page.unroute('**/api/health');
      await page.clock.fastForward(15_000);
      await expect.poll(() => page.getByRole('status').innerText()).toBe(product(t.apiDown.still));
      expect(path(page)).toBe('/offline');

      await page.unroute('**/api/users/alive');
      await page.clock.fastForward(15_000);
      await page.waitForURL((url) => url.pathname === '/');
      await dialog.waitFor();
      expect(await old.inputValue()).toBe('mein altes Passwort');
      await page.context().close();
    },
  );

  it('the network gone says the device is offline, even after Aula answered 503 before', async () => {
    const { page, dialog, old, t } = await typedDialog('de', 390);
    await page.route('**/api/users/alive', unavailable);
    await page.clock.fastForward(15_000);
    await page.waitForURL((url) => url.pathname === '/offline');
    await expect.poll(() => heading(page)).toBe(product(t.apiDown.title));
    await page.context().setOffline(true);
    await expect.poll(() => heading(page)).toBe(t.offline.title);
    await page.getByRole('button', { name: t.common.retry }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(t.offline.still);
    await page.unroute('**/api/users/alive');
    await page.context().setOffline(false);
    await page.clock.fastForward(1_000);
    await page.waitForURL((url) => url.pathname === '/');
    await dialog.waitFor();
    expect(await old.inputValue()).toBe('mein altes Passwort');
    await page.context().close();
  });

  it('a dialog open when the browser loses its network comes back with its text', async () => {
    const { page, dialog, old } = await typedDialog('de', 1280);
    await page.context().setOffline(true);
    await page.waitForURL((url) => url.pathname === '/offline');
    await expect.poll(() => heading(page)).toBe(de.offline.title);
    await page.context().setOffline(false);
    await page.clock.fastForward(1_000);
    await page.waitForURL((url) => url.pathname === '/');
    await dialog.waitFor();
    expect(await old.inputValue()).toBe('mein altes Passwort');
    await page.context().close();
  });
});
