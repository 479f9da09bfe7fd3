import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EVENT_HIDDEN_CLOSE_MS } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { screenshotDir } from './browser.ts';
import { setUpJourney } from './journeys.ts';

// Issue 22 item 1 in the browser (decision 071): the real EventSource of Chromium against the real server.

const journey = setUpJourney();

/** The event streams the server holds open now (its hub, events.hub.ts). */
const openStreams = () => journey.portal.app.eventHub.size();

async function postAdminMessage(title: string): Promise<void> {
  const res = await call(journey.portal.base, '/api/messages/admin', {
    cookie: await loginAs(journey.portal.base, 'admin'),
    body: { type: 'normal', title: { de: title }, body: { de: `${title}: Details im Sekretariat.` } },
  });
  expect(res.status, res.text).toBe(201);
}

const messages = (page: Page) => page.getByRole('region', { name: de.messages.region });

/** A mark that a reload would wipe: the page the test looks at is still the one it opened. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { aulaTestMark: true }));
}
const stillSamePage = (page: Page) => page.evaluate(() => 'aulaTestMark' in window);

describe('live event stream (issue 22)', () => {
  it("an admin's new message appears on a pupil's open home page without a reload", async () => {
    const before = openStreams();
    const pupil = await journey.openSignedIn('student');
    await pupil.getByRole('list', { name: de.home.apps }).waitFor();
    await expect.poll(openStreams).toBe(before + 1);
    await markPage(pupil);
    expect(await messages(pupil).count()).toBe(0);

    await postAdminMessage('Schulfest am Freitag');
    await messages(pupil).getByRole('heading', { name: 'Schulfest am Freitag' }).waitFor();
    expect(await stillSamePage(pupil)).toBe(true);
    await pupil.screenshot({ path: `${screenshotDir}/events-admin-message-live.png` });
    await pupil.context().close();
    await expect.poll(openStreams).toBe(before);
  });

  it('an admin blocks a pupil: their open tab signs out at once and says why', async () => {
    const before = openStreams();
    const pupil = await journey.openSignedIn('student2');
    await pupil.getByRole('list', { name: de.home.apps }).waitFor();
    await expect.poll(openStreams).toBe(before + 1);
    await markPage(pupil);
    const pupilId = await pupil.evaluate(
      async () => ((await (await fetch('/api/self')).json()) as { id: number }).id,
    );
    const userMenu = pupil.getByRole('button', { name: de.nav.userMenu.replace('{{name}}', 'Ali Yilmaz') });
    expect(await userMenu.count()).toBe(1);

    const admin = await loginAs(journey.portal.base, 'admin');
    const block = await call(journey.portal.base, `/api/users/${pupilId}/block`, {
      cookie: admin,
      body: { blocked: true },
    });
    expect(block.status, block.text).toBe(200);
    try {
      // no request of the pupil's tab is needed: the stream's session.end does it
      const dialog = pupil.getByRole('dialog', { name: de.logout.doneTitle });
      await dialog.getByText(de.sessionEnded.blocked).waitFor();
      expect(await userMenu.count()).toBe(0);
      expect(await stillSamePage(pupil)).toBe(true);
      // the server closed the stream and the tab opened no new one
      await expect.poll(openStreams).toBe(before);
      await pupil.screenshot({ path: `${screenshotDir}/events-session-end.png` });
    } finally {
      const unblock = await call(journey.portal.base, `/api/users/${pupilId}/block`, {
        cookie: admin,
        body: { blocked: false },
      });
      expect(unblock.status, unblock.text).toBe(200);
      await pupil.context().close();
    }
  });

  it('a hidden tab closes its stream (another tab keeps the lock) and catches up when it is shown again', async () => {
    const before = openStreams();
    const context = await journey.signedInContext('student3');
    // Headless Chromium shows every page as visible (a window cannot be hidden or minimised there), so the tab
    // switch is played on the page's document: visibilityState and the visibilitychange event, nothing of
    // Aula's. The Web Lock between the two tabs, the streams and the fake clock are the real ones.
    await context.addInitScript(() => {
      let state: DocumentVisibilityState = 'visible';
      Object.defineProperty(Document.prototype, 'visibilityState', { get: () => state, configurable: true });
      Object.defineProperty(Document.prototype, 'hidden', {
        get: () => state === 'hidden',
        configurable: true,
      });
      Object.assign(window, {
        aulaTestShow(next: DocumentVisibilityState) {
          state = next;
          document.dispatchEvent(new Event('visibilitychange'));
        },
      });
    });
    await context.clock.install();
    const keeper = await context.newPage();
    const other = await context.newPage();
    for (const page of [keeper, other]) {
      await page.goto(`${journey.portal.base}/`);
      await page.getByRole('list', { name: de.home.apps }).waitFor();
    }
    const show = (page: Page, state: DocumentVisibilityState) =>
      page.evaluate(
        (next) => (window as unknown as { aulaTestShow: (s: string) => void }).aulaTestShow(next),
        state,
      );
    await show(other, 'hidden');
    await context.clock.runFor(5_000); // the stream starts when the page is idle after the first paint
    await expect.poll(openStreams).toBe(before + 2);

    // `other` has been hidden for the whole minute: it takes the background lock and keeps listening
    await context.clock.runFor(EVENT_HIDDEN_CLOSE_MS + 1_000);
    await expect.poll(openStreams).toBe(before + 2);
    // now `keeper` goes to the background: the lock is taken, so it closes its stream after the minute
    await show(other, 'visible');
    await show(keeper, 'hidden');
    await markPage(keeper);
    await context.clock.runFor(EVENT_HIDDEN_CLOSE_MS - 5_000);
    expect(openStreams()).toBe(before + 2);
    await context.clock.runFor(6_000);
    await expect.poll(openStreams).toBe(before + 1);

    // missed while closed; shown again, it reconnects with its last id and catches up
    await postAdminMessage('Elternabend verschoben');
    await messages(other).getByRole('heading', { name: 'Elternabend verschoben' }).waitFor();
    expect(await messages(keeper).getByRole('heading', { name: 'Elternabend verschoben' }).count()).toBe(0);
    await show(keeper, 'visible');
    await messages(keeper).getByRole('heading', { name: 'Elternabend verschoben' }).waitFor();
    await expect.poll(openStreams).toBe(before + 2);
    expect(await stillSamePage(keeper)).toBe(true);
    await context.close();
    await expect.poll(openStreams).toBe(before);
  });
});
