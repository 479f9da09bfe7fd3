import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { findSmallTargets } from './hit-areas.ts';
import { setUpJourney, userMenu } from './journeys.ts';

const journey = setUpJourney();
type Texts = typeof de;

const LANGUAGES = [
  { locale: 'de', t: de },
  { locale: 'ar', t: ar as Texts },
] as const;

/** A 390 px phone with a finger for a pointer. */
const phone = (locale: string) => ({ locale, width: 390, touch: true });

/** The page's interactive elements below 44 x 44 px, as `element (w x h)` lines for the failure message. */
async function offenders(page: Page, within?: string): Promise<string[]> {
  // the queries the screen shows have arrived, and nothing is still fading in
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return (await findSmallTargets(page, within)).map((s) => `${s.element} (${s.width} x ${s.height})`);
}

describe('44 px touch targets on a phone (issue 19 item 10, WCAG 2.5.5)', () => {
  it('the measurement reports an injected 20 px button and passes a 20 px one with a hit area', async () => {
    const page = await journey.open('/login', phone('de'));
    await page.getByRole('button', { name: de.login.submit, exact: true }).waitFor();
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await page.evaluate(() => {
      const button = (name: string, left: number) => {
        const b = document.createElement('button');
        b.setAttribute('aria-label', name);
        b.style.cssText = `all:unset;display:block;position:fixed;top:400px;left:${left}px;width:20px;height:20px;background:red;z-index:99`;
        return b;
      };
      const small = button('canary', 20);
      // the same size with the primitives' invisible 44 px extension is enough
      const extended = button('extended', 200);
      extended.className = 'hit-area';
      document.body.append(small, extended);
    });
    const found = await findSmallTargets(page);
    expect(found.filter((s) => s.element.includes('canary'))).toEqual([
      { element: 'button "canary"', width: 20, height: 20 },
    ]);
    expect(found.filter((s) => s.element.includes('extended'))).toEqual([]);
    await page.context().close();
  });

  it('a link inside a sentence is exempt, a link on its own line is not', async () => {
    const page = await journey.open('/login', phone('de'));
    await page.getByRole('button', { name: de.login.submit, exact: true }).waitFor();
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.style.cssText = 'position:fixed;top:300px;left:20px;z-index:99;background:white';
      p.innerHTML = 'Lies die <a href="/x">Regeln</a> der Schule.';
      const alone = document.createElement('a');
      alone.href = '/y';
      alone.textContent = 'alleine';
      alone.style.cssText = 'position:fixed;top:360px;left:20px;z-index:99;background:white';
      document.body.append(p, alone);
    });
    const names = (await findSmallTargets(page)).map((s) => s.element);
    expect(names.some((n) => n.includes('Regeln'))).toBe(false);
    expect(names.some((n) => n.includes('alleine'))).toBe(true);
    await page.context().close();
  });

  describe.each(LANGUAGES)('in $locale at 390 px', ({ locale, t }) => {
    it('the login page', async () => {
      const page = await journey.open('/login', phone(locale));
      await page.getByRole('button', { name: t.login.submit, exact: true }).waitFor();
      expect(await offenders(page)).toEqual([]);
      await page.context().close();
    });

    it('the pupil home page, its account menu and the settings dialog', async () => {
      const page = await journey.openSignedIn('student', '/', phone(locale));
      await page.getByRole('list', { name: t.home.apps }).waitFor();
      expect.soft(await offenders(page), 'home').toEqual([]);

      await userMenu(page, t).click();
      await page.locator('[role="menu"]:not([aria-busy="true"])').waitFor();
      expect.soft(await offenders(page, '[role="menu"]'), 'account menu').toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(`${journey.portal.base}/?dialog=settings`);
      await page.getByRole('dialog', { name: t.dialogs.settings }).waitFor();
      expect.soft(await offenders(page), 'settings dialog').toEqual([]);
      await page.context().close();
    });

    it('edit mode', async () => {
      const page = await journey.openSignedIn('student', '/edit', phone(locale));
      await page.getByRole('button', { name: t.dialogs.createApp }).waitFor();
      expect(await offenders(page)).toEqual([]);
      await page.context().close();
    });

    it('the admin dashboard', async () => {
      const page = await journey.openSignedIn('admin', '/dashboard/messages', phone(locale));
      await page.getByRole('navigation', { name: t.pages.dashboard }).waitFor();
      expect(await offenders(page)).toEqual([]);
      await page.context().close();
    });
  });
});

describe('two-factor setup on a phone (issue 19 item 13)', () => {
  it.each(LANGUAGES)(
    'in $locale on a 390 x 844 phone the confirm button is in view and focus starts on the first step',
    async ({ locale, t }) => {
      const page = await journey.openSignedIn('teacher', '/?dialog=totp-setup', phone(locale));
      const d = page.getByRole('dialog', { name: t.dialogs.totpSetup });
      await d.getByRole('img', { name: t.totpSetup.qrAlt }).waitFor();
      const activate = d.getByRole('button', { name: t.totpSetup.activate });
      // the link into the authenticator app on this phone, not ×
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe(t.totpSetup.openApp);

      /** The button is on the screen and a tap at its centre reaches it. */
      const tappable = () =>
        activate.evaluate((button) => {
          const r = button.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.top >= 0 && r.bottom <= window.innerHeight && !!hit && button.contains(hit);
        });
      expect(await tappable()).toBe(true);
      // and it stays there while the form scrolls under it, down to the password field
      await d.getByLabel(t.totpSetup.confirmPassword).scrollIntoViewIfNeeded();
      expect(await tappable()).toBe(true);
      expect(await offenders(page)).toEqual([]);
      await page.context().close();
    },
  );

  it('on a desktop focus starts on the code field', async () => {
    const page = await journey.openSignedIn('teacher', '/?dialog=totp-setup');
    const d = page.getByRole('dialog', { name: de.dialogs.totpSetup });
    await d.getByRole('img', { name: de.totpSetup.qrAlt }).waitFor();
    const code = d.getByLabel(de.totpSetup.step2.replace('{{digits}}', '6'));
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
