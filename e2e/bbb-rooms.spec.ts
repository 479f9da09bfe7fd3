import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Room, RoomDetails, RoomInput, RoomList, RoomPeople } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { screenshotDir } from './browser.ts';
import { findSmallTargets, sidewaysOverflow } from './hit-areas.ts';
import { LOOKS, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// the school has a (stand-in) video server, so room-details can say whether a meeting runs
const journey = setUpJourney({ bbb: true });

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);
const range = (from: number, to: number, total: number) => `${from}–${to} von ${total}`;

async function api<T>(username: string, path: string, opts: { method?: string; body?: unknown } = {}) {
  const cookie = await loginAs(journey.portal.base, username);
  return call<T>(journey.portal.base, path, { cookie, ...opts });
}

/** POST /api/bbb as `username`, as the form sends it. */
async function createRoom(username: string, input: RoomInput): Promise<RoomDetails> {
  const res = await api<RoomDetails>(username, '/api/bbb', { body: input });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function roomNamed(username: string, name: string): Promise<Room | undefined> {
  const res = await api<RoomList>(username, `/api/bbb?q=${encodeURIComponent(name)}&perPage=100`);
  expect(res.status, res.text).toBe(200);
  return res.body.items.find((r) => r.name === name);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The room list has what it asked for: no skeleton and no request under way. */
async function settled(page: Page, t = de): Promise<void> {
  await page
    .getByRole('region', { name: t.bbb.chooser.list, exact: true })
    .and(page.locator('[aria-busy="false"]'))
    .waitFor();
}

let class5a = 0;
let sara = 0;

describe('the room chooser, the room form and the bbb dialogs (issue 21)', () => {
  beforeAll(async () => {
    const people = await api<RoomPeople>('teacher', '/api/bbb/people?q=Sara');
    expect(people.status, people.text).toBe(200);
    sara = people.body.people.find((p) => p.name === 'Sara Schmidt')!.id;
    class5a = people.body.groups.find((g) => g.name === '5a')?.id ?? 0;
    if (!class5a) {
      const groups = await api<RoomPeople>('teacher', '/api/bbb/people?q=5a');
      class5a = groups.body.groups.find((g) => g.name === '5a')!.id;
    }
  });

  it(
    'a teacher creates a room for class 5a with the form, promotes a pupil, reads and renews its code, edits its settings',
    { timeout: 120_000 },
    async () => {
      const context = await journey.signedInContext('teacher');
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.portal.base });
      const page = await context.newPage();
      await page.goto(`${journey.portal.base}/app/bigbluebutton`);
      await page.getByRole('heading', { level: 1, name: de.pages.bbb }).waitFor();
      await settled(page);
      await page.locator('#main').getByRole('button', { name: de.bbb.chooser.create }).first().click();
      await page.waitForURL((url) => url.searchParams.get('dialog') === 'bbb:create-room');
      const form = page.getByRole('dialog', { name: de.dialogs.bbbCreateRoom });

      // what is wrong is said at its field, and nothing typed is lost
      await form.getByLabel(de.bbb.form.max).fill('1');
      await form.getByRole('button', { name: de.bbb.form.create }).click();
      await form.getByText(de.bbb.form.nameMissing).waitFor();
      await form.getByText(fill(de.bbb.form.maxInvalid, { min: 2, max: 500 })).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      expect(await form.getByLabel(de.bbb.form.max).inputValue()).toBe('1');

      await form.getByLabel(de.bbb.form.name).fill('Mathe 5a Video');
      await form.getByLabel(de.bbb.form.max).fill('');
      await form
        .getByRole('group', { name: de.bbb.form.groups })
        .getByRole('checkbox', { name: '5a', exact: true })
        .check();
      await form.getByRole('searchbox', { name: de.bbb.form.searchPeople }).fill('Sara');
      const found = form.getByRole('group', { name: de.bbb.form.results });
      await found.getByRole('checkbox', { name: /^Sara Schmidt/ }).check();
      await form
        .getByRole('switch', { name: fill(de.bbb.form.moderatorOf, { name: 'Sara Schmidt' }) })
        .waitFor();
      await form.getByRole('radio', { name: de.bbb.form.guests.approval }).check();
      await form.getByRole('button', { name: de.bbb.form.create }).click();

      // the new room's details show its code at once
      const details = page.getByRole('dialog', { name: 'Mathe 5a Video' });
      await details.waitFor();
      expect(new URL(page.url()).searchParams.get('dialog')).toBe('bbb:room-details');
      const room = (await roomNamed('teacher', 'Mathe 5a Video'))!;
      expect(room).toMatchObject({ isOwner: true, canEdit: true, groups: [{ id: class5a, name: '5a' }] });
      expect(room.settings).toMatchObject({
        guestPolicy: 'approval',
        muteOnJoin: true,
        maxParticipants: null,
      });
      await details.getByText(room.code, { exact: true }).waitFor();
      await details.getByText(`${journey.portal.base}/b/${room.code}`, { exact: true }).waitFor();
      await details.getByRole('button', { name: de.bbb.details.copyCode }).click();
      await details.getByText(de.bbb.details.copiedCode).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(room.code);
      await details.getByRole('button', { name: de.bbb.details.copyLink }).click();
      await details.getByText(de.bbb.details.copiedLink).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${journey.portal.base}/b/${room.code}`,
      );

      // spec 4.6: promote Sara at once from the details
      const promote = details.getByRole('switch', {
        name: fill(de.bbb.form.moderatorOf, { name: 'Sara Schmidt' }),
      });
      expect(await promote.isChecked()).toBe(false);
      await promote.check();
      await expect
        .poll(
          async () =>
            (await api<RoomDetails>('teacher', `/api/bbb/${room.id}`)).body.members.find((m) => m.id === sara)
              ?.moderator,
        )
        .toBe(true);
      await expect.poll(() => promote.getAttribute('aria-busy')).toBeNull();
      expect(await promote.isChecked()).toBe(true);

      // a new code, after a question that says the old links stop working
      await details.getByRole('button', { name: de.bbb.details.renew }).click();
      await details.getByText(de.bbb.details.renewAsk).waitFor();
      await details.getByRole('button', { name: de.bbb.details.renewConfirm }).click();
      await details.getByText(/^Neuer Code: /).waitFor();
      const renewed = (await api<RoomDetails>('teacher', `/api/bbb/${room.id}`)).body.code;
      expect(renewed).not.toBe(room.code);
      await details.getByText(renewed, { exact: true }).waitFor();
      expect((await call(journey.portal.base, `/api/bbb/${room.code}`)).status).toBe(404);
      expect((await call(journey.portal.base, `/api/bbb/${renewed}`)).status).toBe(200);
      await details.getByRole('button', { name: de.common.close }).first().click();
      await details.waitFor({ state: 'detached' });

      // the chooser shows it as hers, with the class and its members
      const mine = card(page, 'Mathe 5a Video');
      await mine.getByText(de.bbb.part.owner).waitFor();
      expect(await mine.innerText()).toContain('5a');
      expect(await mine.getByRole('link', { name: de.bbb.chooser.join }).getAttribute('href')).toBe(
        `/b/${renewed}?join=1`,
      );

      // edit the settings on /edit
      await mine.getByRole('link', { name: de.bbb.chooser.edit }).click();
      await page.waitForURL((url) => url.pathname === '/app/bigbluebutton/edit');
      await page
        .getByRole('heading', { level: 1, name: fill(de.bbb.form.editTitle, { name: 'Mathe 5a Video' }) })
        .waitFor();
      expect(await page.getByLabel(de.bbb.form.name).inputValue()).toBe('Mathe 5a Video');
      expect(await page.getByRole('radio', { name: de.bbb.form.guests.approval }).isChecked()).toBe(true);
      await page.getByRole('radio', { name: de.bbb.form.guests.none }).check();
      await page.getByRole('radio', { name: de.bbb.form.start.anyone }).check();
      await page.getByLabel(de.bbb.form.max).fill('30');
      await page.screenshot({ path: `${screenshotDir}/bbb-edit-de-1280-light.png`, fullPage: true });
      await page.getByRole('button', { name: de.common.save }).click();
      await page.waitForURL((url) => url.pathname === '/app/bigbluebutton');
      await page.getByText(de.bbb.form.saved).waitFor();
      const edited = (await api<RoomDetails>('teacher', `/api/bbb/${room.id}`)).body;
      expect(edited.settings).toEqual({
        muteOnJoin: true,
        guestPolicy: 'none',
        anyoneCanStart: true,
        maxParticipants: 30,
      });
      expect(edited.members).toEqual([expect.objectContaining({ id: sara, moderator: true })]);
      await context.close();
    },
  );

  it('a teacher deletes a room after a confirmation that names it; cancelling keeps it', async () => {
    const room = await createRoom('teacher', { name: 'Wegwerfraum' });
    const page = await journey.openSignedIn('teacher', '/app/bigbluebutton?q=Wegwerfraum');
    await settled(page);
    const title = fill(de.bbb.delete.title, { name: 'Wegwerfraum' });
    await card(page, 'Wegwerfraum').getByRole('button', { name: de.bbb.chooser.delete }).click();
    const ask = page.getByRole('dialog', { name: title });
    await ask.getByText(de.bbb.delete.body).waitFor();
    await ask.getByRole('button', { name: de.common.cancel }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await api('teacher', `/api/bbb/${room.id}`)).status).toBe(200);

    await card(page, 'Wegwerfraum').getByRole('button', { name: de.bbb.chooser.delete }).click();
    await page
      .getByRole('dialog', { name: title })
      .getByRole('button', { name: de.bbb.delete.confirm })
      .click();
    await page.getByText(fill(de.bbb.delete.done, { name: 'Wegwerfraum' })).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await card(page, 'Wegwerfraum').waitFor({ state: 'detached' });
    await page.getByText(de.bbb.chooser.noneFiltered).waitFor();
    expect((await api('teacher', `/api/bbb/${room.id}`)).status).toBe(404);
    // the address of a deleted room's dialog says the room is gone
    await page.goto(`${journey.portal.base}/app/bigbluebutton?room=${room.id}&dialog=bbb:room-details`);
    await page
      .getByRole('dialog', { name: de.dialogs.bbbRoomDetails })
      .getByText(de.bbb.details.missing)
      .waitFor();
    await page.context().close();
  });

  it('a pupil of 5a sees the class room as shared, joins from it, and may neither edit nor delete it', async () => {
    const room = await createRoom('teacher', { name: 'Deutsch 5a', groupIds: [class5a] });
    const page = await journey.openSignedIn('student2', '/app/bigbluebutton?roomType=shared');
    await settled(page);
    expect(await page.getByRole('radio', { name: de.bbb.chooser.roomType.shared }).isChecked()).toBe(true);
    const shared = card(page, 'Deutsch 5a');
    await shared.getByText(de.bbb.part.member, { exact: true }).waitFor();
    expect(await shared.getByText(fill(de.bbb.chooser.ownedBy, { name: 'Tina Lehmann' })).count()).toBe(1);
    expect(await shared.getByRole('link', { name: de.bbb.chooser.edit }).count()).toBe(0);
    expect(await shared.getByRole('button', { name: de.bbb.chooser.delete }).count()).toBe(0);
    // no "Raum erstellen" without the permission
    expect(await page.getByRole('button', { name: de.bbb.chooser.create }).count()).toBe(0);

    await shared.getByRole('button', { name: de.bbb.chooser.details }).click();
    const details = page.getByRole('dialog', { name: 'Deutsch 5a' });
    await details.getByText(room.code, { exact: true }).waitFor();
    expect(await details.getByRole('switch').count()).toBe(0);
    expect(await details.getByRole('button', { name: de.bbb.details.renew }).count()).toBe(0);
    expect(await details.getByRole('button', { name: de.bbb.chooser.delete }).count()).toBe(0);
    await details.getByRole('button', { name: de.common.close }).first().click();

    // her own address for delete or edit shows why not; the server refuses too
    await page.goto(`${journey.portal.base}/app/bigbluebutton?room=${room.id}&dialog=bbb:delete-room`);
    await page
      .getByRole('dialog', { name: de.dialogs.bbbDeleteRoom })
      .getByText(de.areaErrors.bbb.not_room_owner)
      .waitFor();
    await page.goto(`${journey.portal.base}/app/bigbluebutton/edit?id=${room.id}`);
    await page.getByText(de.areaErrors.bbb.not_room_owner).waitFor();
    expect((await api('student2', `/api/bbb/${room.id}`, { method: 'DELETE' })).status).toBe(403);

    // Beitreten goes to the room page, which joins at once and then takes ?join=1 out of the address
    // (decision 069), so the address is checked on the link: no moderator has started it, so she waits
    await page.goto(`${journey.portal.base}/app/bigbluebutton`);
    const join = card(page, 'Deutsch 5a').getByRole('link', { name: de.bbb.chooser.join });
    expect(await join.getAttribute('href')).toBe(`/b/${room.code}?join=1`);
    await join.click();
    await page.waitForURL((url) => url.pathname === `/b/${room.code}`);
    await page.getByRole('status').filter({ hasText: de.bbb.join.waitingTitle }).waitFor();
    await page.context().close();
  });

  it('room-details says whether the meeting runs and how many are in it', async () => {
    const room = await createRoom('teacher', { name: 'Sport 5a', groupIds: [class5a] });
    const page = await journey.openSignedIn(
      'student2',
      `/app/bigbluebutton?room=${room.id}&dialog=bbb:room-details`,
    );
    const details = page.getByRole('dialog', { name: 'Sport 5a' });
    await details.getByText(de.bbb.details.notRunning).waitFor();
    await details.getByRole('button', { name: de.common.close }).first().click();
    // the teacher starts it (her join creates the meeting on the video server); three are in it
    const cookie = await loginAs(journey.portal.base, 'teacher');
    const join = await call<{ status: string }>(journey.portal.base, `/api/bbb/${room.id}/join`, {
      cookie,
      headers: { 'x-aula-csrf': '1' },
    });
    expect(join.status, join.text).toBe(200);
    expect(join.body.status).toBe('ready');
    const meeting = [...journey.bbb.meetings.values()].find((m) => m.name === 'Sport 5a')!;
    journey.bbb.addParticipants(meeting.meetingID, 3);
    await page.goto(`${journey.portal.base}/app/bigbluebutton?room=${room.id}&dialog=bbb:room-details`);
    await details.getByText(fill(de.bbb.details.runningWith_other, { n: 3 })).waitFor();
    await page.context().close();
  });

  it('a pupil sees "Raum erstellen" only once the school lets pupils create rooms', async () => {
    const setting = async (value: string) => {
      const res = await api('admin', '/api/config/key/students_create_rooms', { body: { value } });
      expect(res.status, res.text).toBe(200);
    };
    const page = await journey.openSignedIn('student', '/app/bigbluebutton');
    await settled(page);
    expect(await page.getByRole('button', { name: de.bbb.chooser.create }).count()).toBe(0);
    await page.goto(`${journey.portal.base}/app/bigbluebutton?dialog=bbb:create-room`);
    await page
      .getByRole('dialog', { name: de.dialogs.bbbCreateRoom })
      .getByText(de.areaErrors.bbb.create_not_allowed)
      .waitFor();
    await page.goto(`${journey.portal.base}/app/bigbluebutton/new`);
    await page.getByText(de.areaErrors.bbb.create_not_allowed).waitFor();
    await page.context().close();

    // canary: the same pupil with the school's permission gets the button (the guard is not always "no")
    await setting('true');
    try {
      const allowed = await journey.openSignedIn('student', '/app/bigbluebutton');
      await allowed.locator('#main').getByRole('button', { name: de.bbb.chooser.create }).first().waitFor();
      await allowed.context().close();
    } finally {
      await setting('false');
    }
  });

  it(
    'the filters and the page survive a reload; showAll is for admins only',
    { timeout: 90_000 },
    async () => {
      for (let i = 1; i <= 22; i++)
        await createRoom('teacher2', { name: `Projekt ${String(i).padStart(2, '0')}` });
      const page = await journey.openSignedIn('teacher2', '/app/bigbluebutton');
      await settled(page);
      await page.getByRole('searchbox', { name: de.bbb.chooser.q }).fill('Projekt');
      await page.getByRole('button', { name: de.bbb.chooser.search }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'Projekt');
      await page.getByText(range(1, 20, 22)).waitFor();
      await page.getByRole('radio', { name: de.bbb.chooser.roomType.own }).check();
      await page.waitForURL((url) => url.searchParams.get('roomType') === 'own');
      await page
        .getByRole('navigation', { name: de.bbb.chooser.pages })
        .getByRole('button', { name: de.pager.next })
        .click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.getByText(range(21, 22, 22)).waitFor();
      await card(page, 'Projekt 22').waitFor();

      await page.reload();
      await settled(page);
      await page.getByText(range(21, 22, 22)).waitFor();
      expect(await page.getByRole('searchbox', { name: de.bbb.chooser.q }).inputValue()).toBe('Projekt');
      expect(await page.getByRole('radio', { name: de.bbb.chooser.roomType.own }).isChecked()).toBe(true);
      // another page size starts again at page 1
      await page.getByLabel(de.bbb.chooser.perPage).selectOption('50');
      await page.waitForURL(
        (url) => url.searchParams.get('perPage') === '50' && !url.searchParams.has('page'),
      );
      await page.getByText(range(1, 22, 22)).waitFor();
      // shared with me: none of them
      await page.getByRole('radio', { name: de.bbb.chooser.roomType.shared }).check();
      await page.getByText(de.bbb.chooser.noneFiltered).waitFor();
      await page.getByRole('button', { name: de.bbb.chooser.reset }).first().click();
      await page.waitForURL((url) => !url.searchParams.has('q') && !url.searchParams.has('roomType'));
      // a mistyped address still opens the list with what made sense of it (the server would refuse perPage=500)
      await page.goto(
        `${journey.portal.base}/app/bigbluebutton?q=Projekt&roomType=everything&perPage=500&page=x`,
      );
      await settled(page);
      await page.getByText(range(1, 20, 22)).waitFor();
      expect(await page.getByRole('radio', { name: de.bbb.chooser.roomType.all }).isChecked()).toBe(true);
      await page.context().close();

      // an admin sees Tom's rooms only with "all rooms of the school"
      const admin = await journey.openSignedIn('admin', '/app/bigbluebutton?q=Projekt');
      await settled(admin);
      await admin.getByText(de.bbb.chooser.noneFiltered).waitFor();
      await admin.getByRole('checkbox', { name: de.bbb.chooser.showAll }).check();
      await admin.waitForURL((url) => url.searchParams.get('showAll') === 'true');
      await admin.getByText(range(1, 20, 22)).waitFor();
      // an admin may change any room: edit and delete on another's room, no "my part" badge
      const other = card(admin, 'Projekt 01');
      await other.getByRole('link', { name: de.bbb.chooser.edit }).waitFor();
      expect(await other.getByText(de.bbb.part.member, { exact: true }).count()).toBe(0);
      await admin.reload();
      await settled(admin);
      expect(await admin.getByRole('checkbox', { name: de.bbb.chooser.showAll }).isChecked()).toBe(true);
      await admin.getByText(range(1, 20, 22)).waitFor();
      await admin.context().close();

      // a pupil typing ?showAll=true still gets only the rooms shared with her (and no such checkbox)
      const pupil = await journey.openSignedIn('student2', '/app/bigbluebutton?showAll=true&q=Projekt');
      await settled(pupil);
      await pupil.getByText(de.bbb.chooser.noneFiltered).waitFor();
      expect(await pupil.getByRole('checkbox', { name: de.bbb.chooser.showAll }).count()).toBe(0);
      await pupil.context().close();
    },
  );

  it('a video-conference tile opens the room chooser (issue 21 item 5)', async () => {
    const page = await journey.openSignedIn('teacher');
    await page.getByRole('link', { name: de.nav.edit }).click();
    await page.waitForURL((url) => url.pathname === '/edit');
    await page.getByRole('button', { name: de.dialogs.createApp }).click();
    const dialog = page.getByRole('dialog', { name: de.dialogs.createApp });
    await dialog.getByLabel(de.tiles.form.title).fill('Videoräume');
    await dialog.getByLabel(de.tiles.form.type).selectOption({ label: de.tiles.types['video-conference'] });
    await dialog.getByRole('button', { name: de.common.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: fill(de.tiles.edit.add, { title: 'Videoräume' }) }).click();
    await page.getByRole('button', { name: de.common.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('list', { name: de.home.apps }).getByRole('link', { name: 'Videoräume' }).click();
    await page.waitForURL((url) => url.pathname === '/app/bigbluebutton');
    await page.getByRole('heading', { level: 1, name: de.pages.bbb }).waitFor();
    await page.context().close();
  });

  it.each(LOOKS)(
    'the chooser and each dialog pass axe and stay on the screen ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const name = 'Bio 5a Bildschirm';
      const room =
        (await roomNamed('teacher', name)) ??
        (await createRoom('teacher', {
          name,
          groupIds: [class5a],
          userIds: [sara],
          moderatorIds: [sara],
          settings: { muteOnJoin: false, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: 40 },
        }));
      const shot = (what: string) =>
        `${screenshotDir}/bbb-${what}-${look.locale}-${look.width}-${look.colorScheme}.png`;
      const page = await journey.openSignedIn('teacher', '/app/bigbluebutton', look);
      await page.getByRole('heading', { level: 1, name: t.pages.bbb }).waitFor();
      await settled(page, t);
      await card(page, name).waitFor();
      if (look.width === 390) {
        // the filters are folded behind one button; open, they still fit
        const filters = page.getByRole('button', { name: t.bbb.chooser.filters, exact: true });
        expect(await filters.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByRole('radio').first().isVisible()).toBe(false);
        expect(await sidewaysOverflow(page)).toEqual([]);
        await filters.click();
        await page.getByRole('radio').first().waitFor();
      }
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `chooser ${look.locale}`);
      await page.screenshot({ path: shot('chooser'), fullPage: true });

      await card(page, name).getByRole('button', { name: t.bbb.chooser.details }).click();
      const details = page.getByRole('dialog', { name });
      await details.getByText(room.code, { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, `room-details ${look.locale}`);
      await page.screenshot({ path: shot('details') });
      await details.getByRole('button', { name: t.bbb.details.renew }).click();
      await details.getByText(t.bbb.details.renewAsk).waitFor();
      await expectNoSeriousA11yViolations(page, `room-details renew ${look.locale}`);
      await details.getByRole('button', { name: t.common.cancel }).click();

      await page.goto(`${journey.portal.base}/app/bigbluebutton?room=${room.id}&dialog=bbb:delete-room`);
      const ask = page.getByRole('dialog', { name: fill(t.bbb.delete.title, { name }) });
      await ask.waitFor();
      await expectNoSeriousA11yViolations(page, `delete-room ${look.locale}`);
      await page.screenshot({ path: shot('delete') });

      await page.goto(`${journey.portal.base}/app/bigbluebutton?dialog=bbb:create-room`);
      const form = page.getByRole('dialog', { name: t.dialogs.bbbCreateRoom });
      await form.getByRole('group', { name: t.bbb.form.groups }).getByRole('checkbox').first().waitFor();
      await form.getByRole('searchbox', { name: t.bbb.form.searchPeople }).fill('a');
      await form.getByRole('group', { name: t.bbb.form.results }).getByRole('checkbox').first().check();
      await form.getByRole('button', { name: t.bbb.form.create }).click();
      await form.getByText(t.bbb.form.nameMissing).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `create-room ${look.locale}`);
      await page.screenshot({ path: shot('create') });

      await page.goto(`${journey.portal.base}/app/bigbluebutton/edit?id=${room.id}`);
      await page.getByLabel(t.bbb.form.name).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `edit ${look.locale}`);
      await page.screenshot({ path: shot('edit'), fullPage: true });
      await page.context().close();
    },
  );

  it('every control is a 44 px target on a phone: chooser with filters, details, form (ar, touch)', async () => {
    const name = 'Bio 5a Bildschirm';
    const room =
      (await roomNamed('teacher', name)) ?? (await createRoom('teacher', { name, userIds: [sara] }));
    const page = await journey.openSignedIn('teacher', '/app/bigbluebutton', {
      locale: 'ar',
      width: 390,
      touch: true,
    });
    await card(page, name).waitFor();
    await page.waitForLoadState('networkidle');
    const small = async (within = '#main') =>
      (await findSmallTargets(page, within)).map((s) => `${s.element} (${s.width} x ${s.height})`);
    expect(await small()).toEqual([]);
    await page.getByRole('button', { name: ar.bbb.chooser.filters, exact: true }).click();
    await page.getByRole('radio').first().waitFor();
    expect(await small()).toEqual([]);
    await page.goto(`${journey.portal.base}/app/bigbluebutton?room=${room.id}&dialog=bbb:room-details`);
    await page.getByRole('dialog', { name }).getByText(room.code, { exact: true }).waitFor();
    expect(await small('[role="dialog"]')).toEqual([]);
    await page.goto(`${journey.portal.base}/app/bigbluebutton/edit?id=${room.id}`);
    await page.getByLabel(ar.bbb.form.name).waitFor();
    expect(await small()).toEqual([]);
    await page.context().close();
  });
});
