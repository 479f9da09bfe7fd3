import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { makeSetting } from '../apps/server/src/test/factories.ts';
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney } from './journeys.ts';

// issue 19 items 5 and 9: the school's name, colour and logo; the footer with help, imprint and privacy
// (docs/decisions/059-school-identity.md)

const journey = setUpJourney();
const { open } = journey;
const locales = { de, ar } as const;
const SCHOOL = 'Gesamtschule am See';

const footer = (page: Page, t = de) => page.getByRole('list', { name: t.app.footer.label });
const dialog = (page: Page) => page.getByRole('dialog');
const primaryOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());

async function setIdentity(name: string | null, accent: string | null): Promise<void> {
  await makeSetting(journey.portal, 'school_name', name);
  await makeSetting(journey.portal, 'accent_color', accent);
}

describe('the school tab (issue 19 item 5)', () => {
  it('an admin names the school and picks a colour; a colour white text cannot be read on is refused', async () => {
    await setIdentity(null, null);
    const page = await journey.openSignedIn('admin', '/dashboard/school');
    const name = page.getByLabel(de.school.name);
    await name.fill(SCHOOL);
    const hex = page.getByLabel(de.school.accentHex);

    // the canary: yellow has 1.07:1 against white, refused with the translated reason, nothing saved
    await hex.fill('#ffff00');
    await page.getByRole('button', { name: de.school.save, exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toContain(de.areaErrors.config.low_contrast.split(' (')[0]!);
    expect(await page.getByRole('link', { name: SCHOOL }).count()).toBe(0);

    await hex.fill('#0f766e');
    await page.getByRole('button', { name: de.school.save, exact: true }).click();
    await expect.poll(() => page.getByText(de.school.saved).count()).toBeGreaterThan(0);
    // the top bar, the title and the primary colour follow at once
    await expect.poll(() => page.getByRole('link', { name: SCHOOL }).count()).toBe(1);
    await expect.poll(() => page.title()).toBe(`${de.pages.dashboard} - ${SCHOOL}`);
    await expect.poll(() => primaryOf(page)).toBe('#0f766e');
    // the logo upload is here now, not only on the login background tab
    await page.getByText(de.branding.logoUpload, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'school tab');
    await page.screenshot({ path: `${screenshotDir}/school-tab-de-1280-light.png`, fullPage: true });

    const manifest = (await (await fetch(`${journey.portal.base}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
    };
    expect(manifest.name).toBe(SCHOOL);
    expect(manifest.short_name).toBe('Aula');
    await page.context().close();
  });
});

describe('the school seen by visitors and pupils (issue 19 item 5)', () => {
  it.each(LOOKS)(
    'name in the title, the top bar and on the login page, the visitor welcome ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      await setIdentity(SCHOOL, '#0f766e');
      const look = `${locale}-${width}-${colorScheme}`;

      const home = await open('/', { locale, width, colorScheme });
      await home.getByText(t.home.visitorWelcome).waitFor();
      await expect.poll(() => home.title()).toBe(SCHOOL);
      await home.getByRole('link', { name: SCHOOL }).waitFor();
      await expect.poll(() => home.locator('html').getAttribute('data-accent')).toBe('');
      await expectNoSeriousA11yViolations(home, `home ${look}`);
      await home.screenshot({ path: `${screenshotDir}/school-home-${look}.png`, fullPage: true });

      await home.goto(`${journey.portal.base}/login`);
      await expect.poll(() => home.getByRole('heading', { level: 1 }).innerText()).toBe(SCHOOL);
      await expect.poll(() => home.title()).toBe(`${t.pages.login} - ${SCHOOL}`);
      await expectNoSeriousA11yViolations(home, `login ${look}`);
      await home.screenshot({ path: `${screenshotDir}/school-login-${look}.png`, fullPage: true });
      await home.context().close();
    },
  );

  it('without a name Aula shows, and the manifest names Aula', async () => {
    await setIdentity(null, null);
    const page = await open('/login');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Aula');
    await expect.poll(() => page.title()).toBe(`${de.pages.login} - Aula`);
    expect(await page.locator('html').getAttribute('data-accent')).toBeNull();
    const manifest = (await (await fetch(`${journey.portal.base}/manifest.webmanifest`)).json()) as {
      name: string;
    };
    expect(manifest.name).toBe('Aula');
    await page.context().close();
  });
});

describe('the footer: Hilfe · Impressum · Datenschutz (issue 19 item 9)', () => {
  it.each(LOOKS)(
    'the login page footer opens help, imprint and privacy ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      await setIdentity(null, null);
      const page = await open('/login', { locale, width, colorScheme });
      const links = footer(page, t);
      await links.waitFor();

      await links.getByRole('button', { name: t.app.footer.help }).click();
      await expect.poll(() => dialog(page).getByRole('heading', { level: 2 }).innerText()).toBe(t.help.title);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);

      await links.getByRole('button', { name: t.app.footer.imprint }).click();
      await expect
        .poll(() => dialog(page).getByRole('heading', { name: t.legal.imprintTitle, exact: true }).count())
        .toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);

      await links.getByRole('button', { name: t.app.footer.privacy }).click();
      const privacy = dialog(page).getByRole('heading', { name: t.legal.privacyTitle, exact: true });
      await expect.poll(() => privacy.count()).toBe(1);
      // scrolled to its section
      await expect.poll(() => privacy.isVisible()).toBe(true);
      await expect
        .poll(() =>
          privacy.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await page.keyboard.press('Escape');
      await expectNoSeriousA11yViolations(page, `login footer ${locale}-${width}-${colorScheme}`);
      await page.context().close();
    },
  );

  it.each(LOOKS)(
    'the 404 page links the imprint ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      const page = await open('/gibt-es-nicht', { locale, width, colorScheme });
      await page.getByRole('heading', { name: t.notFound.title }).waitFor();
      await footer(page, t).getByRole('button', { name: t.app.footer.imprint }).click();
      await expect
        .poll(() => dialog(page).getByRole('heading', { name: t.legal.imprintTitle, exact: true }).count())
        .toBe(1);
      await page.keyboard.press('Escape');
      await expectNoSeriousA11yViolations(page, `404 ${locale}-${width}-${colorScheme}`);
      await page.screenshot({
        path: `${screenshotDir}/not-found-footer-${locale}-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await page.context().close();
    },
  );

  it('signed-in pages have the imprint and privacy below, and the embedded-app page in its header', async () => {
    const page = await journey.openSignedIn('student', '/');
    const links = footer(page);
    await links.getByRole('button', { name: de.app.footer.imprint }).waitFor();
    // the top bar has help: the shell's footer does not repeat it
    expect(await links.getByRole('button', { name: de.app.footer.help }).count()).toBe(0);
    await links.getByRole('button', { name: de.app.footer.imprint }).click();
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.keyboard.press('Escape');

    await page.goto(`${journey.portal.base}/app?title=Test`);
    // the app's own header, above the frame (its error page below has the footer too)
    await page.locator('header').getByRole('button', { name: de.app.footer.imprint, exact: true }).click();
    await expect
      .poll(() => dialog(page).getByRole('heading', { name: de.legal.imprintTitle, exact: true }).count())
      .toBe(1);
    await page.context().close();
  });
});
