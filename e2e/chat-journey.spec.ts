import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ChatRoomDetails } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { phonePhoto } from '../apps/server/src/test/photos.ts';
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// Issue 22, "Tests": the story with two browser contexts, no reload anywhere. A teacher creates a room for 5a,
// a pupil receives the first message live, replies with a photo, the teacher sees it seen, edits and deletes a
// message, and both views follow.
const journey = setUpJourney();

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

const ROOM = 'Klasse 5a – Ausflug';
const conversation = (page: Page) =>
  page.getByRole('list', { name: fill(de.chat.conversation.label, { name: ROOM }) });
const messageWith = (page: Page, text: string) =>
  conversation(page).getByRole('listitem').filter({ hasText: text }).last();
const composer = (page: Page) =>
  page.getByRole('textbox', { name: fill(de.chat.composer.label, { name: ROOM }) });
/** A signed-in page whose live event stream is open, so nothing sent afterwards can pass it by. */
async function openWithStream(username: string, path: string): Promise<Page> {
  const page = await (await journey.signedInContext(username)).newPage();
  const stream = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
  await page.goto(`${journey.portal.base}${path}`);
  await stream;
  return page;
}
async function openActions(message: Locator): Promise<void> {
  await message.getByRole('button', { name: /^Aktionen für die Nachricht von / }).click();
}

describe('the chat story in two browsers (issue 22)', () => {
  it(
    'a teacher makes a room for 5a; the pupil gets the first message live, answers with a photo; seen, edited, deleted',
    { timeout: 180_000 },
    async () => {
      // the pupil has the chat open before the room exists
      const pupil = await openWithStream('student', '/app/chat');
      await pupil.getByRole('button', { name: de.chat.list.newChat }).waitFor();
      const teacher = await openWithStream('teacher', '/app/chat');

      // create-room for the whole class 5a
      await teacher.getByRole('button', { name: de.chat.list.createRoom }).click();
      const form = teacher.getByRole('dialog', { name: de.dialogs.chatCreateRoom });
      await form.getByLabel(de.chat.rooms.form.name).fill(ROOM);
      await form
        .getByRole('group', { name: de.chat.people.groups })
        .getByRole('checkbox', { name: '5a', exact: true })
        .check();
      await form.getByRole('button', { name: de.chat.rooms.form.create }).click();
      await teacher.waitForURL((url) => url.searchParams.has('room'));
      const roomId = Number(new URL(teacher.url()).searchParams.get('room'));

      // the first message reaches the pupil's open page: the room appears with it, unread
      await composer(teacher).fill('Morgen fahren wir in den Zoo!');
      await composer(teacher).press('Enter');
      await messageWith(teacher, 'Morgen fahren wir in den Zoo!').locator('time').waitFor();
      const entry = pupil.getByRole('link', { name: new RegExp(ROOM) });
      await entry.getByText('Morgen fahren wir in den Zoo!').waitFor();
      await entry.getByText(fill(de.chat.list.unread_one, { count: 1 })).waitFor();
      await entry.click();
      await messageWith(pupil, 'Morgen fahren wir in den Zoo!').waitFor();

      // the teacher sees it seen (group room: by how many)
      await messageWith(teacher, 'Morgen fahren wir in den Zoo!')
        .getByText(fill(de.chat.message.seenBy_one, { count: 1 }))
        .waitFor();

      // the pupil answers with a photo
      await pupil.getByRole('button', { name: de.chat.composer.attach }).click();
      const upload = pupil.getByRole('dialog', { name: de.dialogs.chatUpload });
      await upload.getByTestId('chat-upload-file').setInputFiles({
        name: 'rucksack.jpg',
        mimeType: 'image/jpeg',
        buffer: await phonePhoto(640, 480),
      });
      await upload.getByRole('textbox', { name: de.chat.upload.caption }).fill('Mein Rucksack ist gepackt');
      await upload.getByRole('button', { name: de.chat.upload.send }).click();
      await upload.waitFor({ state: 'detached' });
      const photo = messageWith(teacher, 'Mein Rucksack ist gepackt').getByRole('button', {
        name: fill(de.chat.message.openImage, { name: 'rucksack.jpg' }),
      });
      await photo.waitFor();
      await expect
        .poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(teacher, 'chat journey, teacher');
      await teacher.screenshot({ path: `${screenshotDir}/chat-journey-teacher-de-1280-light.png` });

      // the teacher edits the first message: the pupil's view follows
      await openActions(messageWith(teacher, 'Morgen fahren wir in den Zoo!'));
      await teacher.getByRole('menuitem', { name: de.chat.message.edit }).click();
      const edit = teacher.getByRole('dialog', { name: de.dialogs.chatEditMsg });
      await edit
        .getByRole('textbox', { name: de.chat.edit.label })
        .fill('Morgen fahren wir in den Zoo, um 8 Uhr!');
      await edit.getByRole('textbox', { name: de.chat.edit.label }).press('Enter');
      await edit.waitFor({ state: 'detached' });
      const edited = messageWith(pupil, 'Morgen fahren wir in den Zoo, um 8 Uhr!');
      await edited.getByText(de.chat.message.edited, { exact: true }).waitFor();

      // a second message, deleted again: "deleted" in both views
      await composer(teacher).fill('Falscher Raum, sorry');
      await composer(teacher).press('Enter');
      await messageWith(pupil, 'Falscher Raum, sorry').waitFor();
      await openActions(messageWith(teacher, 'Falscher Raum, sorry'));
      await teacher.getByRole('menuitem', { name: de.chat.message.delete }).click();
      await teacher
        .getByRole('dialog', { name: de.chat.delete.title })
        .getByRole('button', { name: de.common.delete })
        .click();
      for (const page of [teacher, pupil]) {
        await conversation(page).getByText('Falscher Raum, sorry').waitFor({ state: 'detached' });
        await conversation(page).getByRole('listitem').filter({ hasText: de.chat.deleted }).first().waitFor();
      }
      await pupil.screenshot({ path: `${screenshotDir}/chat-journey-pupil-de-1280-light.png` });

      // what the pages show is what the server holds
      const cookie = await loginAs(journey.portal.base, 'student');
      const room = await call<ChatRoomDetails>(journey.portal.base, `/api/matrix/${roomId}`, { cookie });
      expect(room.body).toMatchObject({ name: ROOM, kind: 'group', groups: [{ name: '5a' }] });
      await pupil.context().close();
      await teacher.context().close();
    },
  );
});
