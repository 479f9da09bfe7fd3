import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RoomList } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { setUpJourney } from './journeys.ts';

// issue 21, the story of its Tests section in one run: a teacher creates a room for class 5a with the form
// and starts it; a pupil of 5a joins from the chooser; a guest without an account joins by code from the login
// page with moderator approval on. Each join is followed to the (stand-in) BigBlueButton server, which checks
// every checksum and shows whom it let in and in which role (apps/server/src/test/bbb-server.ts).

const journey = setUpJourney({ bbb: true });

/** The page the stand-in video server shows after a join: who joined, how. */
async function landed(page: Page) {
  await page.waitForURL((url) => url.origin === new URL(journey.bbb.url).origin);
  const field = (id: string) => page.getByTestId(id).innerText();
  return {
    heading: await page.getByRole('heading', { level: 1 }).innerText(),
    fullName: await field('full-name'),
    role: await field('role'),
    guest: await field('guest'),
  };
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('video rooms from the first click to the meeting (issue 21)', () => {
  it('a teacher creates and starts a room for 5a, a pupil joins from the chooser, a guest by code', async () => {
    const bbb = journey.bbb;

    // Tina Lehmann, class teacher of 5a, creates the room with the form
    const teacher = await journey.openSignedIn('teacher', '/app/bigbluebutton');
    await teacher.getByRole('heading', { level: 1, name: de.pages.bbb }).waitFor();
    await teacher.locator('#main').getByRole('button', { name: de.bbb.chooser.create }).first().click();
    const form = teacher.getByRole('dialog', { name: de.dialogs.bbbCreateRoom });
    await form.getByLabel(de.bbb.form.name).fill('Klassenrat 5a');
    await form
      .getByRole('group', { name: de.bbb.form.groups })
      .getByRole('checkbox', { name: '5a', exact: true })
      .check();
    await form.getByRole('radio', { name: de.bbb.form.guests.approval }).check();
    await form.getByRole('button', { name: de.bbb.form.create }).click();
    const details = teacher.getByRole('dialog', { name: 'Klassenrat 5a' });
    await details.waitFor();

    const cookie = await loginAs(journey.portal.base, 'teacher');
    const list = await call<RoomList>(journey.portal.base, '/api/bbb?q=Klassenrat', { cookie });
    const room = list.body.items.find((r) => r.name === 'Klassenrat 5a')!;
    expect(room.settings.guestPolicy).toBe('approval');
    // the code a teacher reads out is in the details, in large letters
    await details.getByText(room.code, { exact: true }).waitFor();
    await details.getByRole('button', { name: de.common.close }).first().click();

    // she starts it: Beitreten goes to the room page, which joins her at once as the moderator
    bbb.clearCalls();
    await card(teacher, 'Klassenrat 5a').getByRole('link', { name: de.bbb.chooser.join }).click();
    const tina = await landed(teacher);
    expect(tina).toMatchObject({ fullName: 'Tina Lehmann', role: 'MODERATOR', guest: 'false' });
    // Aula created the meeting once and signed the join address itself; the browser then joined once
    // (the room page's own status question comes before; bench/bbb.ts counts the join's calls)
    expect(bbb.callNames().filter((c) => c !== 'getMeetingInfo')).toEqual(['create', 'join']);
    expect([...bbb.meetings.values()].filter((m) => m.name === 'Klassenrat 5a')).toHaveLength(1);

    // Sara Schmidt of 5a finds it among the rooms shared with her and joins as a viewer
    const pupil = await journey.openSignedIn('student', '/app/bigbluebutton');
    bbb.clearCalls();
    await card(pupil, 'Klassenrat 5a').getByText(de.bbb.part.member, { exact: true }).waitFor();
    await card(pupil, 'Klassenrat 5a').getByRole('link', { name: de.bbb.chooser.join }).click();
    const sara = await landed(pupil);
    expect(sara).toMatchObject({ fullName: 'Sara Schmidt', role: 'VIEWER', guest: 'false' });
    // the meeting runs: no second create
    expect(bbb.callNames().filter((c) => c !== 'getMeetingInfo')).toEqual(['join']);

    // a parent without an account types the code on the login page and waits in the lobby for approval
    const guest = await journey.open('/login');
    await guest.getByRole('textbox', { name: de.bbb.code.label }).fill(room.code.toUpperCase());
    await guest.getByRole('button', { name: de.bbb.code.submit }).click();
    await guest.waitForURL((url) => url.pathname === `/b/${room.code}`);
    await guest.getByRole('heading', { level: 1, name: 'Klassenrat 5a' }).waitFor();
    await guest.getByRole('textbox', { name: de.bbb.join.name }).fill('Herr Yilmaz');
    await guest.getByRole('button', { name: de.bbb.join.submit, exact: true }).click();
    const parent = await landed(guest);
    expect(parent.heading).toBe("Waiting for a moderator's approval");
    expect(parent).toMatchObject({ role: 'VIEWER', guest: 'true' });
    expect(parent.fullName.startsWith('Herr Yilmaz')).toBe(true);

    for (const page of [teacher, pupil, guest]) await page.context().close();
  });
});
