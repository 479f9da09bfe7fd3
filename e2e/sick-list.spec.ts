import { describe, expect, it, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayIn, type SickList, type SickNotice } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { phonePhoto } from '../apps/server/src/test/photos.ts';
import { screenshotDir } from './browser.ts';
import { findSmallTargets, sidewaysOverflow } from './hit-areas.ts';
import { LOOKS, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

const journey = setUpJourney();

/** The school's calendar day (Europe/Berlin, the default time zone) `offset` days from now. */
function schoolDay(offset = 0): string {
  return dayIn(new Date(Date.now() + offset * 86_400_000), 'Europe/Berlin');
}

let photoFile = '';

/** POST /api/sick as `username` (multipart, as the form sends it), with the photo file when `photo` is set. */
async function report(
  username: string,
  fields: { begin: string; end: string; message?: string; userId?: number },
  photo = false,
): Promise<SickNotice> {
  const cookie = await loginAs(journey.portal.base, username);
  const form = new FormData();
  form.set('begin', fields.begin);
  form.set('end', fields.end);
  form.set('message', fields.message ?? '');
  if (fields.userId !== undefined) form.set('userId', String(fields.userId));
  if (photo) form.set('photo', new Blob([readFileSync(photoFile)], { type: 'image/jpeg' }), 'krank.jpg');
  const res = await call<SickNotice>(journey.portal.base, '/api/sick', { cookie, form });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const count = (page: Page, n: number) =>
  page.getByRole('status').filter({
    hasText: de.sickList[n === 1 ? 'unprocessed_one' : 'unprocessed_other'].replace('{{n}}', String(n)),
  });

/** The list has what it asked for: no skeleton and no request under way. */
async function settled(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: de.sickList.list, exact: true })
    .and(page.locator('[aria-busy="false"]'))
    .waitFor();
}

/** How many notices the teacher's list holds for a query (GET /api/sick), and her count of unprocessed ones. */
async function teacherTotals(query: string): Promise<{ total: number; unprocessed: number }> {
  const cookie = await loginAs(journey.portal.base, 'teacher');
  const res = await call<SickList>(journey.portal.base, `/api/sick?${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return { total: res.body.total, unprocessed: res.body.unprocessed };
}

const range = (from: number, to: number, total: number) => `${from}–${to} von ${total}`;

/** What the demo school held before this file's notices (decision 062's demo notices), then what it holds. */
let before = { all: 0, students: 0, processed: 0, count: 0 };
let sara: SickNotice;
let mia: SickNotice;
let tina: SickNotice;
const ALI_NOTICES = 21;

describe('the sick list /app/sick (issue 20)', () => {
  beforeAll(async () => {
    photoFile = join(mkdtempSync(join(tmpdir(), 'aula-sick-')), 'krank.jpg');
    writeFileSync(photoFile, await phonePhoto(800, 600));
    const admin = await loginAs(journey.portal.base, 'admin');
    const on = await call(journey.portal.base, '/api/config/key/enable_sick_photo', {
      cookie: admin,
      body: { value: 'true' },
    });
    expect(on.status, on.text).toBe(200);
    const all = await teacherTotals('showProcessed=false');
    before = {
      all: all.total,
      students: (await teacherTotals('showProcessed=false&onlyStudents=true')).total,
      processed: (await teacherTotals('showUnprocessed=false')).total,
      count: all.unprocessed,
    };
    // Ali (5a) has many notices, so the class teacher's list has two pages; oldest first, so Sara's is on top
    for (let i = 0; i < ALI_NOTICES; i++)
      await report('student2', { begin: schoolDay(-30 + i), end: schoolDay(0), message: `Notiz ${i + 1}` });
    mia = await report('student3', { begin: schoolDay(0), end: schoolDay(0), message: 'Bauchweh' });
    tina = await report('teacher', { begin: schoolDay(0), end: schoolDay(2), message: 'Erkältet' });
    sara = await report(
      'student',
      { begin: schoolDay(0), end: schoolDay(1), message: 'Fieber seit heute Nacht' },
      true,
    );
  }, 120_000);

  it(
    'the class teacher sees her pupils’ notices unprocessed with the count, filters, pages, views the photo, marks and unmarks',
    { timeout: 120_000 },
    async () => {
      const page = await journey.openSignedIn('teacher', '/app/sick');
      await page.getByRole('heading', { level: 1, name: de.pages.sick }).waitFor();
      await settled(page);
      // her 5a pupils' notices (Sara 1, Ali 21 more) are hers to process; her own is listed, not counted; not Mia's (6b)
      const all = before.all + ALI_NOTICES + 2;
      const students = before.students + ALI_NOTICES + 1;
      await count(page, before.count + ALI_NOTICES + 1).waitFor();
      expect(await card(page, 'Tina Lehmann').getByRole('checkbox').count()).toBe(0);
      await card(page, 'Sara Schmidt').waitFor();
      expect(await card(page, 'Mia Wagner').count()).toBe(0);
      const saraCard = card(page, 'Sara Schmidt');
      await expect.poll(() => saraCard.innerText()).toContain('Fieber seit heute Nacht');
      expect(await saraCard.innerText()).toContain('5a');
      if (new Date().toDateString() === new Date(`${schoolDay(0)}T12:00`).toDateString())
        expect(await saraCard.innerText()).toContain('heute bis morgen');

      // paging: 20 a page
      await page.getByText(range(1, 20, all)).waitFor();
      await page
        .getByRole('navigation', { name: de.pager.pages })
        .getByRole('button', { name: de.pager.next })
        .click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.getByText(range(21, all, all)).waitFor();
      // the oldest, the demo's: Ali's mother called his class teacher, who reported it
      await page
        .getByRole('article')
        .filter({ hasText: 'Die Mutter hat angerufen' })
        .getByText('Gemeldet von Tina Lehmann am', { exact: false })
        .waitFor();
      await page.goBack();
      await page.getByText(range(1, 20, all)).waitFor();

      // only pupils: her own notice goes
      await page.getByRole('radio', { name: de.sickList.who.students, exact: true }).check();
      await page.waitForURL((url) => url.searchParams.get('who') === 'students');
      await page.getByText(range(1, 20, students)).waitFor();
      // by name
      await page.getByRole('searchbox', { name: de.sickList.q }).fill('Sara');
      await page.getByRole('button', { name: de.sickList.search }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'Sara');
      await page.getByText('1–1 von 1').waitFor();
      await page.getByRole('button', { name: de.sickList.reset }).first().click();
      await page.waitForURL((url) => !url.searchParams.has('q') && !url.searchParams.has('who'));
      // by group: the staff room holds only her own notice; the choice survives a reload
      const groupBox = () =>
        page
          .getByRole('group', { name: de.sickList.groups })
          .getByRole('checkbox', { name: 'Kollegium', exact: true });
      await groupBox().check();
      await page.waitForURL((url) => url.searchParams.has('groups'));
      await page.getByText('1–1 von 1').waitFor();
      await card(page, 'Tina Lehmann').waitFor();
      await page.reload();
      await settled(page);
      expect(await groupBox().isChecked()).toBe(true);
      await page.getByText('1–1 von 1').waitFor();
      expect(await card(page, 'Sara Schmidt').count()).toBe(0);
      await page.getByRole('button', { name: de.sickList.reset }).first().click();
      await page.getByText(range(1, 20, all)).waitFor();

      // the photo in its viewer
      await saraCard.getByRole('button', { name: de.sickList.photo }).click();
      const viewer = page.getByRole('dialog', {
        name: de.sickList.photoTitle.replace('{{name}}', 'Sara Schmidt'),
      });
      const img = viewer.getByRole('img', { name: de.sickList.photoOf.replace('{{name}}', 'Sara Schmidt') });
      await img.waitFor();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBe(800);
      expect(await viewer.getByRole('link', { name: de.sickList.download }).getAttribute('href')).toBe(
        `/api/sick/${sara.id}/photo`,
      );
      await viewer.getByRole('button', { name: de.common.close }).first().click();
      await viewer.waitFor({ state: 'detached' });
      // focus is back on the button that opened it
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(de.sickList.photo);

      // mark processed: it stays, says who and when, the count drops; then unmark
      const box = saraCard.getByRole('checkbox', { name: de.sickList.markProcessed });
      await box.check();
      await saraCard.getByText(/Bearbeitet von Tina Lehmann am/).waitFor();
      await count(page, before.count + ALI_NOTICES).waitFor();
      expect(await box.isChecked()).toBe(true);
      await saraCard.screenshot({ path: `${screenshotDir}/sick-list-processed.png` });
      // the processed filter shows it
      await page.getByRole('radio', { name: de.sickList.state.processed, exact: true }).check();
      await page.getByText(range(1, before.processed + 1, before.processed + 1)).waitFor();
      await card(page, 'Sara Schmidt').getByRole('checkbox', { name: de.sickList.markProcessed }).uncheck();
      await card(page, 'Sara Schmidt').getByText(de.sickList.notProcessed).waitFor();
      await count(page, before.count + ALI_NOTICES + 1).waitFor();
      await page.context().close();
    },
  );

  it('a pupil sees only her own notices, read-only, and can report one', async () => {
    const page = await journey.openSignedIn('student', '/app/sick');
    await page.getByRole('heading', { level: 1, name: de.pages.sick }).waitFor();
    await settled(page);
    await card(page, 'Sara Schmidt').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('region', { name: de.sickList.filters }).count()).toBe(0);
    await page.screenshot({ path: `${screenshotDir}/sick-list-pupil.png` });
    await page.locator('#main').getByRole('button', { name: de.sickList.report }).click();
    await page.waitForURL((url) => url.searchParams.get('dialog') === 'sick');
    await page.getByRole('dialog', { name: de.sickReport.title }).waitFor();
    await page.context().close();
  });

  it('a teacher of another class does not see them; the admin sees a teacher’s own notice', async () => {
    // Mia (6b) is not Tina's pupil: Tina never sees her notice, even asking for her by name
    const tinaPage = await journey.openSignedIn('teacher', `/app/sick?state=all&q=Mia`);
    await settled(tinaPage);
    await tinaPage.getByText(de.sickList.noneFiltered).waitFor();
    await tinaPage.screenshot({ path: `${screenshotDir}/sick-list-empty.png` });
    const cookie = await loginAs(journey.portal.base, 'teacher');
    expect((await call(journey.portal.base, `/api/sick/${mia.id}`, { cookie })).status).toBe(404);
    expect((await call(journey.portal.base, `/api/sick/${mia.id}/photo`, { cookie })).status).toBe(404);
    const list = await call<SickList>(journey.portal.base, '/api/sick?showProcessed=true', { cookie });
    expect(list.body.items.map((n) => n.user.name)).not.toContain('Mia Wagner');
    await tinaPage.context().close();

    // the dashboard links the page (not a tab of its own); the filter "only teachers" finds Tina's notice
    const page = await journey.openSignedIn('admin', '/dashboard/messages');
    await page
      .getByRole('navigation', { name: de.pages.dashboard })
      .getByRole('link', { name: de.sickList.dashboardLink, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/app/sick');
    await page.getByRole('radio', { name: de.sickList.who.teachers, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.get('who') === 'teachers');
    await page.getByText('1–1 von 1').waitFor();
    const own = card(page, 'Tina Lehmann');
    await own.waitFor();
    expect(await own.innerText()).toContain(de.sickList.teacher);
    expect(await own.innerText()).toContain('Erkältet');
    expect(tina.user.type).toBe('L');
    await page.context().close();
  });

  it.each(LOOKS)(
    'passes axe and stays on the screen ($locale, $width px, $colorScheme)',
    { timeout: 60_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const page = await journey.openSignedIn('teacher', '/app/sick', look);
      await page.getByRole('heading', { level: 1, name: t.pages.sick }).waitFor();
      await page.getByRole('article').first().waitFor();
      await page.waitForLoadState('networkidle');
      if (look.width === 390) {
        // the filters are folded behind one button; open, they still fit
        const filters = page.getByRole('button', { name: t.sickList.filters, exact: true });
        expect(await filters.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByRole('radio').first().isVisible()).toBe(false);
        expect(await sidewaysOverflow(page)).toEqual([]);
        await filters.click();
        await page.getByRole('radio').first().waitFor();
      }
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `sick list ${look.locale}`);
      await page.screenshot({
        path: `${screenshotDir}/sick-list-${look.locale}-${look.width}-${look.colorScheme}.png`,
        fullPage: true,
      });
      await card(page, 'Sara Schmidt').getByRole('button', { name: t.sickList.photo }).click();
      await page.getByRole('dialog').getByRole('img').waitFor();
      await expectNoSeriousA11yViolations(page, `photo viewer ${look.locale}`);
      await page.screenshot({
        path: `${screenshotDir}/sick-photo-${look.locale}-${look.width}-${look.colorScheme}.png`,
      });
      await page.context().close();
    },
  );

  it('every control is a 44 px target on a phone, filters open and closed (ar, touch)', async () => {
    const page = await journey.openSignedIn('teacher', '/app/sick', {
      locale: 'ar',
      width: 390,
      touch: true,
    });
    await card(page, 'Sara Schmidt').waitFor();
    await page.waitForLoadState('networkidle');
    const small = async () =>
      (await findSmallTargets(page, '#main')).map((s) => `${s.element} (${s.width} x ${s.height})`);
    expect(await small()).toEqual([]);
    await page.getByRole('button', { name: ar.sickList.filters, exact: true }).click();
    await page.getByRole('radio').first().waitFor();
    expect(await small()).toEqual([]);
    await page.context().close();
  });
});
