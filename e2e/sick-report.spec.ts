import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { findSmallTargets } from './hit-areas.ts';
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney, userMenu } from './journeys.ts';

// Issue 20: reporting sick through the `sick` dialog, from the top bar and from a sick-notice tile; the count of
// unprocessed notices for those who process them (decision 065).

const journey = setUpJourney({ camera: 'fake' });

type Strings = typeof de;
const dialogOf = (page: Page, t: Strings = de) => page.getByRole('dialog', { name: t.sickReport.title });

/** The browser's calendar day, `days` from today, as a date input takes it. */
async function day(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, days);
}

/** Sends the form with these dates and expects `message` at the field it belongs to. */
async function expectDateError(
  page: Page,
  dates: { begin: string; end: string },
  field: 'begin' | 'end',
  message: string,
  t: Strings = de,
) {
  const dialog = dialogOf(page, t);
  await dialog.getByLabel(t.sickReport.begin).fill(dates.begin);
  await dialog.getByLabel(t.sickReport.end).fill(dates.end);
  await dialog.getByRole('button', { name: t.sickReport.send }).click();
  const input = dialog.getByLabel(field === 'begin' ? t.sickReport.begin : t.sickReport.end);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const alert = page.locator(`[id="${describedBy.split(' ').at(-1)}"]`);
  await expect.poll(() => alert.innerText()).toBe(message);
}

async function setting(key: string, value: string) {
  const admin = await loginAs(journey.portal.base, 'admin');
  const res = await call(journey.portal.base, `/api/config/key/${key}`, { cookie: admin, body: { value } });
  expect(res.status).toBe(200);
}

async function notices(username: string) {
  const cookie = await loginAs(journey.portal.base, username);
  const res = await call<{
    items: { user: { name: string }; message: string; hasPhoto: boolean; begin: string; end: string }[];
  }>(journey.portal.base, '/api/sick', { cookie });
  expect(res.status).toBe(200);
  return res.body.items;
}

async function unprocessed(username: string): Promise<number> {
  const cookie = await loginAs(journey.portal.base, username);
  const res = await call<{ unprocessed: number }>(journey.portal.base, '/api/sick/count', { cookie });
  expect(res.status).toBe(200);
  return res.body.unprocessed;
}

/** A number in the page's digits (Arabic-Indic in ar), as the dialog writes the bound. */
const digits = (page: Page, n: number) =>
  page.evaluate((value) => new Intl.NumberFormat(document.documentElement.lang).format(value), n);

const countWords = (count: number) =>
  (count === 1 ? de.nav.sickCount_one : de.nav.sickCount_other).replace('{{count}}', String(count));

describe('reporting sick', () => {
  it('a pupil opens it from the top bar, meets every date rule at its field, keeps what was typed through errors, adds a photo from the fake camera and sends', async () => {
    await setting('enable_sick_photo', 'true');
    const page = await journey.openSignedIn('student', '/');
    await page
      .getByRole('navigation', { name: de.nav.topBar })
      .getByRole('button', { name: de.nav.reportSick })
      .click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    // the first and last day start at today, the message is optional; a pupil has no "for whom"
    expect(await dialog.getByLabel(de.sickReport.begin).inputValue()).toBe(await day(page, 0));
    expect(await dialog.getByLabel(de.sickReport.end).inputValue()).toBe(await day(page, 0));
    expect(await dialog.getByText(de.sickReport.forWhom).count()).toBe(0);
    await dialog.getByLabel(de.sickReport.message).fill('Fieber seit gestern Abend.');

    const [yesterday, tomorrow, later] = [await day(page, -1), await day(page, 1), await day(page, 2)];
    await expectDateError(page, { begin: '', end: '' }, 'begin', de.areaErrors.sick.dates_missing);
    await expectDateError(page, { begin: '', end: tomorrow }, 'begin', de.areaErrors.sick.begin_missing);
    await expectDateError(page, { begin: tomorrow, end: '' }, 'end', de.areaErrors.sick.end_missing);
    await expectDateError(page, { begin: later, end: tomorrow }, 'end', de.areaErrors.sick.end_before_start);
    await expectDateError(page, { begin: yesterday, end: yesterday }, 'end', de.areaErrors.sick.end_in_past);
    await expectNoSeriousA11yViolations(page, 'de dialog with errors');
    expect(await dialog.getByLabel(de.sickReport.message).inputValue()).toBe('Fieber seit gestern Abend.');

    // the photo, taken with Chromium's fake camera through the shared capture component
    await dialog.getByRole('button', { name: de.sickReport.photo.add }).click();
    // the take button shows before the video knows its size, and a take before that does nothing
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await page.getByRole('button', { name: de.photoCapture.take }).click();
    await page.getByRole('button', { name: de.photoCapture.use }).click();
    await dialog.getByRole('img', { name: de.sickReport.photo.preview }).waitFor();

    // offline while sending: the dialog stays with everything in it and says why
    await dialog.getByLabel(de.sickReport.begin).fill(yesterday);
    await dialog.getByLabel(de.sickReport.end).fill(later);
    await page.route('**/api/sick', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: de.sickReport.send }).click();
    await dialog.getByText(de.errors.network).waitFor();
    // a photo the server refuses: the message is at the photo
    await page.unroute('**/api/sick');
    await page.route('**/api/sick', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'upload.too_large', message: 'too large', params: { max: 25 } }),
      }),
    );
    await dialog.getByRole('button', { name: de.sickReport.send }).click();
    await dialog.getByText(de.areaErrors.upload.too_large.replace('{{max}}', '25')).waitFor();
    await page.unroute('**/api/sick');
    expect(await dialog.getByLabel(de.sickReport.message).inputValue()).toBe('Fieber seit gestern Abend.');
    expect(await dialog.getByLabel(de.sickReport.begin).inputValue()).toBe(yesterday);
    expect(await dialog.getByLabel(de.sickReport.end).inputValue()).toBe(later);
    expect(await dialog.getByRole('img', { name: de.sickReport.photo.preview }).count()).toBe(1);

    await dialog.getByRole('button', { name: de.sickReport.send }).click();
    await page.getByText(de.sickReport.sent, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const mine = await notices('student');
    expect(mine[0]).toMatchObject({
      user: { name: 'Sara Schmidt' },
      message: 'Fieber seit gestern Abend.',
      hasPhoto: true,
      begin: yesterday,
      end: later,
    });
  });

  it('in Arabic on a phone: from the account menu, a date rule in Arabic, axe on the dialog', async () => {
    const page = await journey.openSignedIn('student2', '/', {
      locale: 'ar',
      width: 390,
      colorScheme: 'dark',
    });
    await userMenu(page, ar).click();
    await page.locator('[role="menu"]:not([aria-busy="true"])').waitFor();
    await page.getByRole('menuitem', { name: ar.nav.reportSick }).click();
    const dialog = dialogOf(page, ar);
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectDateError(
      page,
      { begin: await day(page, 1), end: '' },
      'end',
      ar.areaErrors.sick.end_missing,
      ar,
    );
    await expectNoSeriousA11yViolations(page, 'ar dialog');
  });

  it('on a touch phone every control of the dialog, the pupil picker and the photo part included, is 44 px', async () => {
    await setting('enable_sick_photo', 'true');
    const page = await journey.openSignedIn('teacher', '/', { width: 390, touch: true });
    // the phone's account button says how many notices wait (the demo's call of this morning at least)
    const count = await unprocessed('teacher');
    expect(count).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => userMenu(page).getAttribute('aria-label'))
      .toBe(`${de.nav.userMenu.replace('{{name}}', 'Tina Lehmann')}, ${countWords(count)}`);
    await userMenu(page).click();
    await page.locator('[role="menu"]:not([aria-busy="true"])').waitFor();
    await page.getByRole('menuitem', { name: de.nav.reportSick }).click();
    const dialog = dialogOf(page);
    await dialog.getByRole('radio', { name: de.sickReport.forStudent }).check();
    await dialog.getByRole('radio', { name: /Ali Yilmaz/ }).check();
    await dialog.getByRole('button', { name: de.sickReport.photo.add }).waitFor();
    expect(await findSmallTargets(page, '[role="dialog"]')).toEqual([]);
  });

  it('a teacher reports for a pupil of their class by searching the name, and sees the unprocessed count', async () => {
    const page = await journey.openSignedIn('teacher', '/');
    const bar = page.getByRole('navigation', { name: de.nav.topBar });
    await bar.getByRole('button', { name: de.nav.reportSick }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: de.sickReport.forStudent }).check();
    // sending without a pupil says so at the picker
    await dialog.getByRole('button', { name: de.sickReport.send }).click();
    await dialog.getByText(de.sickReport.student.missing).waitFor();
    // the pupil of another class is not offered
    const search = dialog.getByRole('searchbox', { name: de.sickReport.student.search });
    await search.fill('Mia');
    await dialog.getByText(de.sickReport.student.none.replace('{{q}}', 'Mia')).waitFor();
    await search.fill('Yilm');
    await dialog.getByRole('radio', { name: /Ali Yilmaz/ }).check();
    // under the choice: what is already reported for the pupil (the demo school's call of this morning)
    await dialog.getByText(de.sickReport.student.open_one.replace('{{name}}', 'Ali Yilmaz')).waitFor();
    await expectNoSeriousA11yViolations(page, 'de teacher dialog');
    await dialog.getByLabel(de.sickReport.message).fill('Die Mutter hat angerufen.');
    await dialog.getByLabel(de.sickReport.end).fill(await day(page, 2));
    await dialog.getByRole('button', { name: de.sickReport.send }).click();
    await page.getByText(de.sickReport.sent, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const seen = await notices('teacher');
    expect(seen.find((n) => n.message === 'Die Mutter hat angerufen.')?.user.name).toBe('Ali Yilmaz');

    // the badge: the unprocessed notices of the teacher's pupils (the pupil's own from before and this one)
    const count = await unprocessed('teacher');
    expect(count).toBeGreaterThanOrEqual(2);
    const name = `${de.nav.sickNotices}: ${countWords(count)}`;
    const link = bar.getByRole('link', { name });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/app/sick');
    expect(await link.innerText()).toContain(String(count));
    // a pupil has no list link
    const pupil = await journey.openSignedIn('student', '/');
    await pupil.getByRole('button', { name: de.nav.reportSick }).waitFor();
    expect(await pupil.getByRole('link', { name: new RegExp(de.nav.sickNotices) }).count()).toBe(0);
  });

  it("a sick-notice tile (the demo school's) opens the dialog", async () => {
    const page = await journey.openSignedIn('student3', '/');
    await page.getByRole('button', { name: /^Krankmeldung/ }).click();
    await dialogOf(page).waitFor();
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('sick');
  });
});

describe("the school's bound on a notice's dates (issue 32, decision 076)", () => {
  it.each(LOOKS)(
    'an end too far after the first day is refused at the end-date field in the language, and what was typed stays ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async ({ locale, width, colorScheme }) => {
      const t: Strings = locale === 'ar' ? ar : de;
      const page = await journey.openSignedIn('student2', '/?dialog=sick', { locale, width, colorScheme });
      const dialog = dialogOf(page, t);
      await dialog.waitFor();
      await dialog.getByLabel(t.sickReport.message).fill('Bein gebrochen, Gips.');
      const [today, in90, in91] = [await day(page, 0), await day(page, 90), await day(page, 91)];
      const message = (max: string) => t.areaErrors.sick.end_too_far.replace('{{max}}', max);
      await expectDateError(page, { begin: today, end: in91 }, 'end', message(await digits(page, 90)), t);
      const end = dialog.getByLabel(t.sickReport.end);
      expect(await end.inputValue()).toBe(in91);
      expect(await dialog.getByLabel(t.sickReport.begin).inputValue()).toBe(today);
      expect(await dialog.getByLabel(t.sickReport.message).inputValue()).toBe('Bein gebrochen, Gips.');
      // the date picker offers no later day
      expect(await end.getAttribute('max')).toBe(in90);
      await expectNoSeriousA11yViolations(page, `${locale} dialog with the bound`);
      await page.screenshot({
        path: `${screenshotDir}/sick-end-too-far-${locale}-${width}-${colorScheme}.png`,
      });
      // exactly the bound is fine: the message goes as the date is corrected
      await end.fill(in90);
      await expect.poll(() => end.getAttribute('aria-invalid')).toBe(null);
      if (locale !== 'de') return;

      // the school lowers the bound while the dialog is open: the server's refusal lands at the same field
      await setting('sick_max_days', '3');
      try {
        await expectDateError(page, { begin: today, end: await day(page, 10) }, 'end', message('3'), t);
        expect(await dialog.getByLabel(t.sickReport.message).inputValue()).toBe('Bein gebrochen, Gips.');
        expect((await notices('student2')).some((n) => n.message === 'Bein gebrochen, Gips.')).toBe(false);
      } finally {
        await setting('sick_max_days', '90');
      }
    },
  );
});
