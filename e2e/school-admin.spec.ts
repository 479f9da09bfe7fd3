import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { screenshotDir, type ContextOptions } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney, signIn } from './journeys.ts';

const journey = setUpJourney();
type Texts = typeof de;

async function openAs(username: string, path = '/', opts: ContextOptions = {}): Promise<Page> {
  return journey.openSignedIn(username, path, opts);
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('user manager (spec 2.5, 2.6)', () => {
  it('a teacher finds a pupil of their class and blocks them: the pupil is signed out at once', async () => {
    const pupil = await openAs('student2');
    await pupil.getByRole('list', { name: de.home.apps }).waitFor();

    const teacher = await openAs('teacher', '/?dialog=user-manager');
    // teachers cannot create users: their intro does not offer it (issue 19)
    await dialog(teacher).getByText(de.userManager.intro.allTeacher).waitFor();
    expect(await dialog(teacher).innerText()).not.toMatch(/anlegen/i);
    const search = dialog(teacher).getByRole('searchbox', { name: de.userManager.search });
    await search.fill('Yilmaz');
    const results = dialog(teacher).getByRole('list', { name: de.userManager.results });
    await expect.poll(() => results.locator(':scope > li').count()).toBe(1);
    await results.getByText('Ali Yilmaz', { exact: true }).waitFor();
    // a pupil of another class is not found
    await search.fill('Wagner');
    await dialog(teacher).getByText(de.userManager.noneFoundTeacher).waitFor();
    // an empty list says so, not "0–0 von 0" (issue 19)
    await dialog(teacher).getByRole('status').getByText(de.pager.empty, { exact: true }).waitFor();
    await search.fill('Yilmaz');
    await results
      .getByRole('button', { name: /Ali Yilmaz/ })
      .last()
      .click();
    await teacher.getByRole('menuitem', { name: de.userManager.actions.block.label }).click();
    await dialog(teacher).getByRole('button', { name: de.userManager.actions.block.confirm }).click();
    await teacher.getByText(de.userManager.actions.block.done.replace('{{name}}', 'Ali Yilmaz')).waitFor();
    await results.getByText(de.userManager.statuses.blocked).waitFor();

    // the pupil's open tab signs out without a reload: the live stream's session.end (issue 22)
    const pupilMenu = pupil.getByRole('button', { name: de.nav.userMenu.replace('{{name}}', 'Ali Yilmaz') });
    await expect.poll(() => pupilMenu.count(), { timeout: 10_000 }).toBe(0);
    await dialog(pupil).getByText(de.sessionEnded.blocked).waitFor();
    await dialog(pupil).getByRole('button', { name: de.common.close }).first().click();

    // unblocking lets them in again
    await results
      .getByRole('button', { name: /Ali Yilmaz/ })
      .last()
      .click();
    await teacher.getByRole('menuitem', { name: de.userManager.actions.unblock.label }).click();
    await dialog(teacher).getByRole('button', { name: de.userManager.actions.unblock.confirm }).click();
    await expect.poll(() => results.getByText(de.userManager.statuses.blocked).count()).toBe(0);
    await pupil.goto(`${journey.portal.base}/login`);
    await signIn(pupil, 'student2');
  });

  it('an admin adds a pupil to a class; the class teacher then finds them', async () => {
    const admin = await openAs('admin', '/?dialog=user-manager');
    await dialog(admin).getByRole('button', { name: de.userManager.createTitle }).click();
    await dialog(admin).getByLabel(de.userManager.firstName).fill('Lena');
    await dialog(admin).getByLabel(de.userManager.lastName).fill('Neumann');
    await dialog(admin).getByLabel(de.userManager.username).fill('lena.neumann');
    await dialog(admin).getByRole('checkbox', { name: '5a' }).check();
    await dialog(admin).getByRole('button', { name: de.userManager.create }).click();
    await admin.getByText(de.userManager.created.replace('{{name}}', 'Lena Neumann')).waitFor();
    // a taken username is refused with a translated message, and what was typed stays
    await dialog(admin).getByRole('button', { name: de.userManager.createTitle }).click();
    await dialog(admin).getByLabel(de.userManager.firstName).fill('Lena');
    await dialog(admin).getByLabel(de.userManager.lastName).fill('Zweite');
    await dialog(admin).getByLabel(de.userManager.username).fill('Lena.Neumann');
    await dialog(admin).getByRole('button', { name: de.userManager.create }).click();
    await dialog(admin).getByRole('alert').getByText(de.areaErrors.users.username_taken).waitFor();
    expect(await dialog(admin).getByLabel(de.userManager.lastName).inputValue()).toBe('Zweite');

    const teacher = await openAs('teacher', '/?dialog=user-manager');
    await dialog(teacher).getByRole('searchbox', { name: de.userManager.search }).fill('Lena');
    await dialog(teacher).getByText('Lena Neumann', { exact: true }).waitFor();
  });

  for (const { locale, width, colorScheme } of LOOKS) {
    const t = locale === 'ar' ? (ar as unknown as Texts) : de;
    const name = `${locale}-${width}-${colorScheme}`;
    it(`the user manager passes axe and is photographed: ${name}`, { timeout: 60_000 }, async () => {
      const page = await openAs('admin', '/?dialog=user-manager', { locale, width, colorScheme });
      await dialog(page).getByRole('list', { name: t.userManager.results }).waitFor();
      await expectNoSeriousA11yViolations(page, `user-manager ${name}`);
      await page.screenshot({ path: `${screenshotDir}/user-manager-${name}.png` });
      await dialog(page).getByRole('button', { name: t.userManager.createTitle }).click();
      await dialog(page).getByLabel(t.userManager.firstName).waitFor();
      await expectNoSeriousA11yViolations(page, `user-form ${name}`);
      await page.screenshot({ path: `${screenshotDir}/user-form-${name}.png` });
      await page.context().close();
    });
  }
});

describe('branding reaches users (spec 3.5, 3.6)', () => {
  it('an admin switches on a warning banner; a pupil sees it on the home page, in Arabic too', async () => {
    const admin = await openAs('admin', '/dashboard/banner');
    await admin.getByRole('checkbox', { name: de.branding.bannerEnabled }).check();
    await admin.getByRole('radio', { name: de.banner.types.warning }).check();
    // the German text is required: saving without it says so and keeps the form
    await admin.getByRole('button', { name: de.common.save }).click();
    await admin.getByRole('alert').getByText(de.branding.germanRequired).waitFor();
    await admin
      .getByRole('group', { name: /^Deutsch/ })
      .getByLabel(de.branding.text, { exact: true })
      .fill('Heute Hitzefrei ab der 5. Stunde');
    await admin
      .getByRole('group', { name: /^العربية/ })
      .getByLabel(de.branding.text, { exact: true })
      .fill('عطلة بسبب الحر');
    await admin.getByRole('button', { name: de.common.save }).click();
    await admin.getByText(de.branding.bannerSaved).waitFor();

    const pupil = await openAs('student');
    const banner = pupil.getByRole('complementary', { name: de.banner.region });
    await banner.getByText('Heute Hitzefrei ab der 5. Stunde').waitFor();
    expect(await banner.textContent()).toContain(de.banner.types.warning);

    const arabic = await openAs('student2', '/', { locale: 'ar' });
    await arabic.getByRole('complementary', { name: ar.banner.region }).getByText('عطلة بسبب الحر').waitFor();
    await arabic.screenshot({ path: `${screenshotDir}/home-banner-ar-1280-light.png` });

    // switched off, it is gone
    await admin.getByRole('checkbox', { name: de.branding.bannerEnabled }).uncheck();
    // the first save's toast may still be showing: wait for this save's answer, then for its toast
    const saved = admin.waitForResponse(
      (r) => r.url().endsWith('/api/config/banner') && r.request().method() !== 'GET' && r.ok(),
    );
    await admin.getByRole('button', { name: de.common.save }).click();
    await saved;
    await admin.getByText(de.branding.bannerSaved).last().waitFor();
    await pupil.reload();
    await pupil.getByRole('list', { name: de.home.apps }).waitFor();
    expect(await pupil.getByRole('complementary', { name: de.banner.region }).count()).toBe(0);
  });

  it('an admin uploads a login background and a school logo; visitors see both on the login page', async () => {
    const admin = await openAs('admin', '/dashboard/login-bg');
    const photo = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: '#2f6f4f' },
    })
      .jpeg()
      .toBuffer();
    await admin
      .getByLabel(de.branding.bgUpload)
      .setInputFiles({ name: 'schulhof.jpg', mimeType: 'image/jpeg', buffer: photo });
    await admin.getByText(de.branding.bgSaved).waitFor();
    await admin.getByLabel(de.branding.strategy).selectOption('cover');
    // the logo is set in the school tab, with the school's name and colour (decision 059)
    await admin.getByRole('link', { name: de.dashboard.tabs.school, exact: true }).click();
    const logo =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#c2410c"/></svg>';
    await admin
      .getByLabel(de.branding.logoUpload)
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(logo) });
    await admin.getByText(de.branding.logoSaved).waitFor();
    await admin.getByRole('img', { name: de.branding.logoCurrent }).waitFor();

    for (const [locale, width, colorScheme] of [
      ['de', 1280, 'light'],
      ['ar', 390, 'dark'],
    ] as const) {
      const visitor = await journey.open('/login', { locale, width, colorScheme });
      const main = visitor.locator('#main');
      await main.waitFor();
      await expect
        .poll(() =>
          visitor.evaluate(
            () => getComputedStyle(document.querySelector('#main')!.parentElement!).backgroundImage,
          ),
        )
        .toMatch(/login-bg\/image\?v=\d+/);
      expect(
        await visitor.evaluate(
          () => getComputedStyle(document.querySelector('#main')!.parentElement!).backgroundSize,
        ),
      ).toBe('cover');
      const img = main.locator('img[src*="/api/config/logo/image"]');
      await img.waitFor();
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(visitor, `login ${locale}`);
      await visitor.screenshot({
        path: `${screenshotDir}/login-branded-${locale}-${width}-${colorScheme}.png`,
      });
      await visitor.context().close();
    }
    // back to the product logo and no background, for the journeys after this one
    await admin.getByRole('button', { name: de.branding.logoRemove }).click();
    await expect.poll(() => admin.getByRole('button', { name: de.branding.logoRemove }).count()).toBe(0);
    await admin.getByRole('link', { name: de.dashboard.tabs['login-bg'], exact: true }).click();
    // the tab itself, photographed
    await admin.getByRole('button', { name: de.branding.bgRemove }).waitFor();
    await expectNoSeriousA11yViolations(admin, 'login-bg tab');
    await admin.screenshot({ path: `${screenshotDir}/dashboard-login-bg-de-1280-light.png`, fullPage: true });
    await admin.getByRole('button', { name: de.branding.bgRemove }).click();
    await expect.poll(() => admin.getByRole('button', { name: de.branding.bgRemove }).count()).toBe(0);
  });
});

describe('admin messages reach users (spec 3.6, 7.3)', () => {
  it('an admin posts a warning to 5a; a pupil of 5a sees and dismisses it, a pupil of 6b never sees it', async () => {
    const admin = await openAs('admin', '/dashboard/messages');
    await admin.getByRole('link', { name: de.messages.new }).click();
    await admin.getByRole('radio', { name: de.messages.types.warning }).check();
    // German is required: posting without it says so and keeps what was typed
    const english = admin.getByRole('group', { name: /^English/ });
    await english.getByLabel(de.messages.fieldTitle).fill('Trip to the zoo');
    await admin.getByRole('button', { name: de.messages.post }).click();
    await admin.getByRole('alert').first().waitFor();
    expect(await english.getByLabel(de.messages.fieldTitle).inputValue()).toBe('Trip to the zoo');

    const german = admin.getByRole('group', { name: /^Deutsch/ });
    await german.getByLabel(de.messages.fieldTitle).fill('Ausflug in den Zoo');
    await german
      .getByLabel(de.messages.fieldBody)
      .fill('Am Freitag bitte Brotdose und Regenjacke mitbringen.');
    await admin
      .getByRole('group', { name: de.messages.groups })
      .getByRole('checkbox', { name: '5a' })
      .check();
    // the live preview shows the card as pupils will see it
    await admin.getByText('Am Freitag bitte Brotdose und Regenjacke mitbringen.').first().waitFor();
    await expectNoSeriousA11yViolations(admin, 'message editor');
    await admin.screenshot({
      path: `${screenshotDir}/dashboard-message-edit-de-1280-light.png`,
      fullPage: true,
    });
    await admin.getByRole('button', { name: de.messages.post }).click();
    await admin.getByText(de.messages.posted).waitFor();
    const list = admin.getByRole('list', { name: de.messages.title });
    await list.getByText('Ausflug in den Zoo').first().waitFor();
    expect(await list.innerText()).toContain('5a');

    const member = await openAs('student');
    const card = member
      .getByRole('region', { name: de.messages.region })
      .getByRole('article', { name: 'Ausflug in den Zoo' });
    await card.getByText('Am Freitag bitte Brotdose und Regenjacke mitbringen.').waitFor();
    expect(await card.textContent()).toContain(de.messages.types.warning);
    await member.screenshot({ path: `${screenshotDir}/home-message-de-1280-light.png` });
    // the card goes at once; the reload waits for the server's answer, or it could outrun the dismissal
    const seen = member.waitForResponse(
      (response) => response.url().endsWith('/seen') && response.request().method() === 'POST',
    );
    await card
      .getByRole('button', { name: de.messages.dismissNamed.replace('{{title}}', 'Ausflug in den Zoo') })
      .click();
    await expect.poll(() => card.count()).toBe(0);
    expect((await seen).status()).toBe(200);
    // dismissed for good: not back after a reload
    await member.reload();
    await member.getByRole('list', { name: de.home.apps }).waitFor();
    expect(await member.getByRole('article', { name: 'Ausflug in den Zoo' }).count()).toBe(0);

    // the English reader gets the English title
    const englishReader = await openAs('student2', '/', { locale: 'en' });
    await englishReader.getByRole('article', { name: 'Trip to the zoo' }).waitFor();

    const other = await openAs('student3');
    await other.getByRole('list', { name: de.home.apps }).waitFor();
    expect(await other.getByRole('article', { name: 'Ausflug in den Zoo' }).count()).toBe(0);

    // the admin sees that one person has read it
    await admin.reload();
    await admin.getByText(de.messages.seenBy_one.replace('{{n}}', '1')).waitFor();
    for (const page of [admin, member, englishReader, other]) await page.context().close();
  });
});
