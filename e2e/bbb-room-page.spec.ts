import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ROOM_WAIT_POLL_MS,
  type RoomDetails,
  type RoomInput,
  type RoomPeople,
  type RoomSettings,
} from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import type { TestBbbServer } from '../apps/server/src/test/bbb-server.ts';
import { screenshotDir } from './browser.ts';
import { findSmallTargets, sidewaysOverflow } from './hit-areas.ts';
import { configureBbb, expectNoSeriousA11yViolations, LOOKS, setUpJourney, userMenu } from './journeys.ts';

// issue 21 item 4 and 1: the shared room page /b/{code} without login, joining by code from the login page,
// the waiting state, the invalid code, and the admin's video server setup in the Video tab
// (docs/decisions/069-room-page-and-codes.md), against a stand-in BigBlueButton server that checks every
// checksum (apps/server/src/test/bbb-server.ts).

const journey = setUpJourney({ bbb: true });
const cookies = new Map<string, string>();
let bbb: TestBbbServer;

beforeAll(async () => {
  bbb = journey.bbb;
  for (const name of ['admin', 'teacher', 'student'])
    cookies.set(name, await loginAs(journey.portal.base, name));
});

const as = (actor: string, path: string, opts: Parameters<typeof call>[2] = {}) =>
  call(journey.portal.base, path, { cookie: cookies.get(actor), ...opts });

/** The school's video server as the journey set it up (the stand-in, on loopback). */
const configure = () => configureBbb(journey.portal, bbb);

async function unconfigure(): Promise<void> {
  const res = await as('admin', '/api/config/bbb', { method: 'PUT', body: { settings: null } });
  expect(res.status, res.text).toBe(200);
}

let class5a: number | undefined;
async function groupId5a(): Promise<number> {
  if (class5a === undefined) {
    const people = await as('teacher', '/api/bbb/people?q=5a');
    class5a = (people.body as RoomPeople).groups.find((g) => g.name === '5a')!.id;
  }
  return class5a;
}

/** Tina Lehmann's room for class 5a (Sara Schmidt, `student`, is in it). */
async function roomFor5a(name: string, settings: Partial<RoomSettings> = {}): Promise<RoomDetails> {
  const body: RoomInput = {
    name,
    groupIds: [await groupId5a()],
    settings: {
      muteOnJoin: true,
      guestPolicy: 'none',
      anyoneCanStart: false,
      maxParticipants: null,
      ...settings,
    },
  };
  const res = await as('teacher', '/api/bbb', { body });
  expect(res.status, res.text).toBe(201);
  return res.body as RoomDetails;
}

/** Tina starts the meeting as its moderator would: her join creates it on the video server. */
async function startMeeting(room: RoomDetails): Promise<void> {
  const res = await as('teacher', `/api/bbb/${room.id}/join`, { headers: { 'x-aula-csrf': '1' } });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ status: 'ready' });
}

/** The page the stand-in video server shows after a join: who joined, how. */
async function landed(page: Page) {
  await page.waitForURL((url) => url.origin === new URL(bbb.url).origin);
  const field = (id: string) => page.getByTestId(id).innerText();
  return {
    heading: await page.getByRole('heading', { level: 1 }).innerText(),
    fullName: await field('full-name'),
    role: await field('role'),
    guest: await field('guest'),
  };
}

/** A translated text with its {{placeholders}} as "anything". */
const template = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));

const codeField = (page: Page, t = de) => page.getByRole('textbox', { name: t.bbb.code.label });
const nameField = (page: Page, t = de) => page.getByRole('textbox', { name: t.bbb.join.name });
const joinButton = (page: Page, t = de) => page.getByRole('button', { name: t.bbb.join.submit, exact: true });

describe('the room page /b/{code} (spec 2.2, issue 21 item 4)', () => {
  it('a guest without an account enters the code on the login page, gives a name and waits in the video server’s lobby', async () => {
    const room = await roomFor5a('Elternabend 5a', { guestPolicy: 'approval' });
    await startMeeting(room);
    const page = await journey.open('/login');

    // the field comes after the first paint; anything but a code is refused here, and the text stays
    await codeField(page).fill('hallo');
    await page.getByRole('button', { name: de.bbb.code.submit }).click();
    await page.getByRole('alert').filter({ hasText: de.bbb.code.invalid }).waitFor();
    expect(await codeField(page).inputValue()).toBe('hallo');
    expect(new URL(page.url()).pathname).toBe('/login');

    // as a teacher reads it out: capitals and spaces
    await codeField(page).fill(room.code.toUpperCase().replaceAll('-', ' '));
    await codeField(page).press('Enter');
    await page.waitForURL((url) => url.pathname === `/b/${room.code}`);
    await page.getByRole('heading', { level: 1, name: 'Elternabend 5a' }).waitFor();
    await page.getByText(de.bbb.page.running).or(page.getByText(de.bbb.page.notRunning)).waitFor();
    await page.getByText(de.bbb.join.approval).waitFor();
    // a guest sees the room and nothing of the school's people: no owner, no members
    const main = await page.locator('main').innerText();
    for (const person of ['Tina', 'Lehmann', 'Sara', 'Schmidt']) expect(main).not.toContain(person);

    // no name: a translated error, nothing asked of the server
    const calls = bbb.calls.length;
    await joinButton(page).click();
    await page.getByRole('alert').filter({ hasText: de.areaErrors.bbb.guest_name_required }).waitFor();
    expect(bbb.calls.length).toBe(calls);

    await nameField(page).fill('Frau Özdemir (Mutter von Ali)');
    await joinButton(page).click();
    const lobby = await landed(page);
    expect(lobby.heading).toBe("Waiting for a moderator's approval");
    expect(lobby).toMatchObject({
      fullName: 'Frau Özdemir (Mutter von Ali) (Gast)',
      role: 'VIEWER',
      guest: 'true',
    });
    await page.context().close();
  });

  it('an old code after a revoke says it is not valid (any more), and the new one opens the room', async () => {
    const room = await roomFor5a('Nachhilfe Mathe', { guestPolicy: 'always' });
    const revoked = await as('teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { revokeCode: true },
    });
    expect(revoked.status, revoked.text).toBe(200);
    const newCode = (revoked.body as RoomDetails).code;
    expect(newCode).not.toBe(room.code);

    const page = await journey.open(`/b/${room.code}`);
    await page.getByRole('heading', { level: 1, name: de.bbb.page.invalidTitle }).waitFor();
    expect(await page.getByText('Nachhilfe Mathe').count()).toBe(0);
    // the field offers the code again, to correct it
    expect(await codeField(page).inputValue()).toBe(room.code);
    await codeField(page).fill(newCode.replaceAll('-', ''));
    await page.getByRole('button', { name: de.bbb.code.submit }).click();
    await page.getByRole('heading', { level: 1, name: 'Nachhilfe Mathe' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/b/${newCode}`);
    await page.context().close();
  });

  it('a member waits while no moderator has started the meeting and is sent in by itself once one has', async () => {
    const room = await roomFor5a('Mathe 5a');
    const page = await (await journey.signedInContext('student')).newPage();
    await page.clock.install();
    // the chooser's link joins at once
    await page.goto(`${journey.portal.base}/b/${room.code}?join=1`);
    const waiting = page.getByRole('status').filter({ hasText: de.bbb.join.waitingTitle });
    await waiting.waitFor();
    await page.waitForURL((url) => !url.searchParams.has('join'));
    // the way out has the focus, the join button is gone
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(de.common.cancel);
    await page.clock.pauseAt(Date.now() + 1000);

    // it asks again by itself: one more question to the video server, still waiting
    const asked = () => bbb.calls.filter((c) => c.call === 'getMeetingInfo').length;
    const before = asked();
    await page.clock.runFor(ROOM_WAIT_POLL_MS);
    await expect.poll(asked).toBe(before + 1);
    await waiting.waitFor();

    // Tina starts the meeting; nothing happens until the page asks again, then Sara goes in
    await startMeeting(room);
    expect(new URL(page.url()).pathname).toBe(`/b/${room.code}`);
    await page.clock.runFor(ROOM_WAIT_POLL_MS);
    const inside = await landed(page);
    expect(inside).toMatchObject({
      heading: 'Mathe 5a',
      fullName: 'Sara Schmidt',
      role: 'VIEWER',
      guest: 'false',
    });
    await page.context().close();
  });

  it('cancelling the wait stops the questions and brings the join button back', async () => {
    const room = await roomFor5a('Deutsch 5a');
    const page = await (await journey.signedInContext('student')).newPage();
    await page.clock.install();
    await page.goto(`${journey.portal.base}/b/${room.code}`);
    await page.getByText(de.bbb.join.as.replace('{{name}}', 'Sara Schmidt')).waitFor();
    await joinButton(page).click();
    await page.getByRole('status').filter({ hasText: de.bbb.join.waitingTitle }).waitFor();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('button', { name: de.common.cancel }).click();
    await joinButton(page).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(de.bbb.join.submit);
    const asked = bbb.calls.length;
    await page.clock.runFor(ROOM_WAIT_POLL_MS * 3);
    expect(bbb.calls.length).toBe(asked);
    await page.context().close();
  });

  it('a room without guests refuses a visitor with the translated message and offers the sign-in', async () => {
    const room = await roomFor5a('Klassenrat 5a');
    // a link with the code as typed shows the one address of the room
    const page = await journey.open(`/b/${room.code.toUpperCase().replaceAll('-', '')}`);
    await page.waitForURL((url) => url.pathname === `/b/${room.code}`);
    await page.getByRole('heading', { level: 1, name: 'Klassenrat 5a' }).waitFor();
    await page.getByRole('alert').filter({ hasText: de.areaErrors.bbb.guests_not_allowed }).waitFor();
    expect(await nameField(page).count()).toBe(0);
    expect(await joinButton(page).count()).toBe(0);
    await page.locator('main').getByRole('link', { name: de.nav.signIn }).waitFor();
    await page.context().close();
  });

  it('a refused join never signs anyone out: no video server says so, and Sara stays signed in', async () => {
    const room = await roomFor5a('Musik 5a', { anyoneCanStart: true });
    await unconfigure();
    try {
      const page = await journey.openSignedIn('student', `/b/${room.code}`);
      await page.getByText(de.areaErrors.bbb.no_server).first().waitFor();
      await joinButton(page).click();
      await page.getByRole('alert').filter({ hasText: de.areaErrors.bbb.no_server }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/b/${room.code}`);
      await userMenu(page).waitFor();
      // the session is still good on the server too
      const self = await page.evaluate(() => fetch('/api/self').then((r) => r.status));
      expect(self).toBe(200);
      await page.context().close();
    } finally {
      await configure();
    }
  });
});

describe('the video server setup (issue 21 item 1, the Video tab)', () => {
  it('an admin enters the server, the test names what is wrong, then says ok, and the secret is never shown again', async () => {
    await unconfigure();
    const page = await journey.openSignedIn('admin', '/dashboard/video');
    await page.getByRole('heading', { level: 1, name: de.dashboard.tabs.video }).waitFor();
    await page.getByText(de.bbbSettings.notConfigured).waitFor();
    const test = page.getByRole('button', { name: de.bbbSettings.test });
    const problem = (key: keyof typeof de.bbbSettings.problems) =>
      page.getByRole('alert').filter({ hasText: de.bbbSettings.problems[key] });

    // a broken address is refused before anything is sent
    await page.getByLabel(de.bbbSettings.fields.url).fill('bbb.example.org');
    await test.click();
    await page.getByRole('alert').filter({ hasText: de.bbbSettings.fields.url }).waitFor();

    await page.getByLabel(de.bbbSettings.fields.url).fill(bbb.url);
    await page.getByLabel(de.bbbSettings.fields.secret).fill('not-the-secret');
    // loopback is an internal address: refused until the admin says the server is in the school's network
    await test.click();
    await problem('blocked_address').waitFor();
    await page.getByRole('checkbox', { name: de.bbbSettings.fields.allowInternal }).check();
    await test.click();
    await problem('wrong_secret').waitFor();
    await page.getByLabel(de.bbbSettings.fields.secret).fill(bbb.secret);
    await test.click();
    await page
      .getByRole('status')
      .filter({ hasText: template(de.bbbSettings.testOk) })
      .waitFor();

    await page.getByRole('button', { name: de.common.save }).click();
    await page.getByText(de.bbbSettings.configured).waitFor();
    await page.reload();
    await page.getByText(de.bbbSettings.hints.secretSet).waitFor();
    expect(await page.getByLabel(de.bbbSettings.fields.secret).inputValue()).toBe('');
    expect(await page.content()).not.toContain(bbb.secret);
    expect(await page.getByLabel(de.bbbSettings.fields.url).inputValue()).toBe(bbb.url);
    await page.context().close();

    // the room's moderator goes in through it, and starts the meeting
    const room = await roomFor5a('Sport 5a');
    const tina = await journey.openSignedIn('teacher', `/b/${room.code}?join=1`);
    expect(await landed(tina)).toMatchObject({ fullName: 'Tina Lehmann', role: 'MODERATOR' });
    await tina.context().close();
  });
});

describe('looks: axe and pictures (390/1280, light/dark, de/ar)', () => {
  let room: RoomDetails;
  beforeAll(async () => {
    room = await roomFor5a('Elternsprechtag', { guestPolicy: 'approval' });
  });

  it.each(LOOKS)(
    'the login page’s code field, the room page as a guest and as a waiting member, an invalid code, the Video tab ($locale, $width px, $colorScheme)',
    { timeout: 120_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const shot = (name: string) =>
        `${screenshotDir}/bbb-${name}-${look.locale}-${look.width}-${look.colorScheme}.png`;

      const fits = async (page: Page) => {
        if (look.width === 390) expect(await sidewaysOverflow(page)).toEqual([]);
      };

      const login = await journey.open('/login', look);
      await codeField(login, t).waitFor();
      await fits(login);
      await expectNoSeriousA11yViolations(login, `login ${look.locale}`);
      await login.screenshot({ path: shot('login'), fullPage: true });
      await login.context().close();

      const guest = await journey.open(`/b/${room.code}`, look);
      await nameField(guest, t).waitFor();
      await fits(guest);
      await expectNoSeriousA11yViolations(guest, `room page ${look.locale}`);
      await guest.screenshot({ path: shot('room-guest'), fullPage: true });
      await joinButton(guest, t).click();
      await guest.getByRole('alert').filter({ hasText: t.areaErrors.bbb.guest_name_required }).waitFor();
      await guest.screenshot({ path: shot('room-guest-error'), fullPage: true });
      await guest.goto(`${journey.portal.base}/b/abc-234-xyz`);
      await guest.getByRole('heading', { level: 1, name: t.bbb.page.invalidTitle }).waitFor();
      await fits(guest);
      await expectNoSeriousA11yViolations(guest, `invalid code ${look.locale}`);
      await guest.screenshot({ path: shot('invalid-code'), fullPage: true });
      await guest.context().close();

      const member = await journey.openSignedIn('student', `/b/${room.code}`, look);
      await joinButton(member, t).click();
      await member.getByRole('status').filter({ hasText: t.bbb.join.waitingTitle }).waitFor();
      await fits(member);
      await expectNoSeriousA11yViolations(member, `waiting ${look.locale}`);
      await member.screenshot({ path: shot('room-waiting'), fullPage: true });
      await member.goto(`${journey.portal.base}/`);
      await codeField(member, t).waitFor();
      await member.screenshot({ path: shot('home'), fullPage: true });
      await member.context().close();

      const admin = await journey.openSignedIn('admin', '/dashboard/video', look);
      await admin.getByLabel(t.bbbSettings.fields.url).waitFor();
      await fits(admin);
      await expectNoSeriousA11yViolations(admin, `video tab ${look.locale}`);
      await admin.screenshot({ path: shot('video-tab'), fullPage: true });
      await admin.context().close();
    },
  );

  it('every control is a 44 px target on a phone: the code field, the room page, the Video tab (ar, touch)', async () => {
    const phone = { locale: 'ar', width: 390, touch: true } as const;
    const small = async (page: Page) =>
      (await findSmallTargets(page, 'body')).map((s) => `${s.element} (${s.width} x ${s.height})`);

    const login = await journey.open('/login', phone);
    await codeField(login, ar).waitFor();
    expect(await small(login)).toEqual([]);
    await login.context().close();

    const guest = await journey.open(`/b/${room.code}`, phone);
    await nameField(guest, ar).waitFor();
    expect(await small(guest)).toEqual([]);
    await guest.goto(`${journey.portal.base}/b/abc-234-xyz`);
    await codeField(guest, ar).waitFor();
    expect(await small(guest)).toEqual([]);
    await guest.context().close();

    const admin = await journey.openSignedIn('admin', '/dashboard/video', phone);
    await admin.getByLabel(ar.bbbSettings.fields.url).waitFor();
    expect(await small(admin)).toEqual([]);
    await admin.context().close();
  });
});
