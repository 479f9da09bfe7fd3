import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

const journey = setUpJourney();

const dialogParam = (page: Page) => new URL(page.url()).searchParams.get('dialog');
/** The dialogs assistive technology can reach (aria-hidden ones are left out, as a screen reader would). */
const exposedDialogs = (page: Page) => page.getByRole('dialog');
const allDialogs = (page: Page) => page.getByRole('dialog', { includeHidden: true });
/** The accessible name of the focused element's dialog, or null when focus is outside every dialog. */
const focusedDialogName = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement?.closest('[role="dialog"]');
    const label = box?.getAttribute('aria-labelledby');
    return label ? (document.getElementById(label)?.textContent ?? null) : null;
  });

describe('stacked dialogs (spec 2.5, issue 16)', () => {
  it('with two dialogs open, only the top one is exposed; Tab stays in it and Escape closes only it', async () => {
    const page = await journey.openSignedIn('student', '/?dialog=settings,logout');
    await expect.poll(() => allDialogs(page).count()).toBe(2);
    // the top (last) dialog is in the accessibility tree, found by its name; the one below is hidden from it
    await expect.poll(() => exposedDialogs(page).count()).toBe(1);
    await expect.poll(() => page.getByRole('dialog', { name: de.logout.confirmTitle }).count()).toBe(1);
    expect(await page.getByRole('dialog', { name: de.dialogs.settings }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: de.dialogs.settings, includeHidden: true }).count()).toBe(
      1,
    );
    await expect.poll(() => focusedDialogName(page)).toBe(de.logout.confirmTitle);
    await expectNoSeriousA11yViolations(page, 'settings under logout');

    // Tab and Shift+Tab cycle through the top dialog's controls and never leave it
    const names = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i < 4 ? 'Tab' : 'Shift+Tab');
      expect(await focusedDialogName(page)).toBe(de.logout.confirmTitle);
      names.add(
        await page.evaluate(
          () =>
            document.activeElement?.textContent?.trim() ||
            document.activeElement?.getAttribute('aria-label') ||
            '',
        ),
      );
    }
    expect(names).toEqual(new Set([de.common.cancel, de.nav.signOut, de.common.close]));

    // Escape closes the top dialog only: settings becomes the top, focused and exposed
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogParam(page)).toBe('settings');
    await expect.poll(() => allDialogs(page).count()).toBe(1);
    await expect.poll(() => page.getByRole('dialog', { name: de.dialogs.settings }).count()).toBe(1);
    await expect.poll(() => focusedDialogName(page)).toBe(de.dialogs.settings);
    await page.keyboard.press('Tab');
    expect(await focusedDialogName(page)).toBe(de.dialogs.settings);
    await expectNoSeriousA11yViolations(page, 'settings alone');

    await page.keyboard.press('Escape');
    await expect.poll(() => allDialogs(page).count()).toBe(0);
    expect(dialogParam(page)).toBeNull();
  });

  it('two dialogs of one family in the address show one: the last', async () => {
    const page = await journey.openSignedIn('teacher', '/?dialog=user-search:block,user-search:2fa');
    await expect.poll(() => page.getByRole('dialog', { name: de.dialogs.userSearch2fa }).count()).toBe(1);
    expect(await allDialogs(page).count()).toBe(1);
    expect(
      await page.getByRole('dialog', { name: de.dialogs.userSearchBlock, includeHidden: true }).count(),
    ).toBe(0);
    await expectNoSeriousA11yViolations(page, 'user-search:2fa');
  });
});
