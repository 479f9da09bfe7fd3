import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ChatMessage, ChatMessagePage, ChatRoomDetails, ChatRoomInput } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs, userIds } from '../apps/server/src/test/test-app.ts';
import { phonePhoto } from '../apps/server/src/test/photos.ts';
import { screenshotDir } from './browser.ts';
import { findSmallTargets, sidewaysOverflow } from './hit-areas.ts';
import { LOOKS, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// issue 22 items 2 and 6: the chat page and its dialogs (edit-msg, history-msg, upload, preview-img) in
// Chromium against the real server; rooms and messages are made through the API as a teacher would.
const journey = setUpJourney();

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

// one sign-in per person for the whole file (the argon2 check is slow, and a long room takes 120 posts)
const cookies = new Map<string, Promise<string>>();
async function api<T>(username: string, path: string, opts: { method?: string; body?: unknown } = {}) {
  if (!cookies.has(username)) cookies.set(username, loginAs(journey.portal.base, username));
  return call<T>(journey.portal.base, path, { cookie: await cookies.get(username)!, ...opts });
}

async function createRoom(username: string, input: ChatRoomInput): Promise<ChatRoomDetails> {
  const res = await api<ChatRoomDetails>(username, '/api/matrix/room', { body: input });
  expect([200, 201], res.text).toContain(res.status);
  return res.body;
}

let n = 0;
async function post(username: string, roomId: number, body: string): Promise<ChatMessage> {
  const res = await api<ChatMessage>(username, `/api/matrix/${roomId}/messages`, {
    body: { body, clientId: `e2e-${Date.now()}-${n++}` },
  });
  expect([200, 201], res.text).toContain(res.status);
  return res.body;
}

/** The conversation's list of messages, and one message in it by its text. */
const conversation = (page: Page, room: string, t = de) =>
  page.getByRole('list', { name: fill(t.chat.conversation.label, { name: room }) });
const messageWith = (page: Page, room: string, text: string) =>
  conversation(page, room).getByRole('listitem').filter({ hasText: text }).last();
/** A message's action menu (its button is named after the sender and the time). */
async function openActions(message: Locator): Promise<void> {
  await message.getByRole('button', { name: /^Aktionen für die Nachricht von / }).click();
}
const composer = (page: Page, room: string, t = de) =>
  page.getByRole('textbox', { name: fill(t.chat.composer.label, { name: room }) });

let ids: Map<string, number>;
const ROOM = 'Klasse 5a Chat';
let room: ChatRoomDetails;

describe('the chat page (issue 22)', () => {
  beforeAll(async () => {
    ids = await userIds(journey.portal);
    room = await createRoom('teacher', {
      name: ROOM,
      userIds: [ids.get('teacher2')!, ids.get('student')!, ids.get('student2')!],
      moderatorIds: [ids.get('teacher2')!],
    });
  });

  it(
    'a pupil sends with Enter, adds a line with Shift+Enter, edits the last message with arrow up and reads its history',
    { timeout: 90_000 },
    async () => {
      const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`);
      const field = composer(page, ROOM);
      await field.fill('Hallo zusammen');
      await field.press('Enter');
      // confirmed by the server: a time instead of "sending"
      await messageWith(page, ROOM, 'Hallo zusammen').locator('time').waitFor();
      expect(await field.inputValue()).toBe('');

      await field.pressSequentially('Zeile eins');
      await field.press('Shift+Enter');
      await field.pressSequentially('Zeile zwei');
      expect(await field.inputValue()).toBe('Zeile eins\nZeile zwei');
      await field.press('Enter');
      const twoLines = messageWith(page, ROOM, 'Zeile zwei');
      await twoLines.locator('time').waitFor();
      expect(await twoLines.locator('p').innerText()).toBe('Zeile eins\nZeile zwei');

      // own messages sit on the start side: the left in German
      await post('teacher', room.id, 'Guten Morgen, 5a!');
      const other = messageWith(page, ROOM, 'Guten Morgen, 5a!');
      await other.waitFor();
      const ownBox = (await twoLines.boundingBox())!;
      const otherBox = (await other.boundingBox())!;
      expect(ownBox.x).toBeLessThan(otherBox.x);

      // arrow up in the empty field: edit-msg with the last own message; Enter saves
      await field.focus();
      await field.press('ArrowUp');
      await page.waitForURL((url) => url.searchParams.get('dialog') === 'chat:edit-msg');
      const edit = page.getByRole('dialog', { name: de.dialogs.chatEditMsg });
      const text = edit.getByRole('textbox', { name: de.chat.edit.label });
      expect(await text.inputValue()).toBe('Zeile eins\nZeile zwei');
      // an empty text is refused at the field, and the dialog stays
      await text.fill('   ');
      await text.press('Enter');
      await edit.getByText(de.chat.edit.empty).waitFor();
      expect(await text.getAttribute('aria-invalid')).toBe('true');
      await text.fill('Zeile eins, korrigiert');
      await text.press('Enter');
      await edit.waitFor({ state: 'detached' });
      const edited = messageWith(page, ROOM, 'Zeile eins, korrigiert');
      await edited.getByText(de.chat.message.edited, { exact: true }).waitFor();

      await openActions(edited);
      await page.getByRole('menuitem', { name: de.chat.message.history }).click();
      const history = page.getByRole('dialog', { name: de.dialogs.chatHistoryMsg });
      const versions = history.getByRole('listitem');
      await versions.nth(1).waitFor();
      expect(await versions.allInnerTexts()).toEqual([
        expect.stringContaining('Zeile eins\nZeile zwei'),
        expect.stringContaining('Zeile eins, korrigiert'),
      ]);
      expect(await versions.first().innerText()).toContain(de.chat.history.original);
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });
      await page.context().close();
    },
  );

  it(
    'a pupil deletes their own message but cannot delete a teacher’s; a moderator can',
    { timeout: 90_000 },
    async () => {
      const mine = await post('student', room.id, 'Das war ein Versehen');
      const teachers = await post('teacher', room.id, 'Hausaufgabe: Seite 12');
      const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`);

      await openActions(messageWith(page, ROOM, 'Hausaufgabe: Seite 12'));
      await page.getByRole('menuitem', { name: de.chat.message.report }).waitFor();
      expect(await page.getByRole('menuitem', { name: de.chat.message.delete }).count()).toBe(0);
      await page.keyboard.press('Escape');
      // the server refuses what the page hides
      const refused = await api('student', '/api/matrix/message/delete', {
        body: { roomId: room.id, messageId: teachers.id },
      });
      expect(refused.status, refused.text).toBe(403);

      await openActions(messageWith(page, ROOM, 'Das war ein Versehen'));
      await page.getByRole('menuitem', { name: de.chat.message.delete }).click();
      const confirm = page.getByRole('dialog', { name: de.chat.delete.title });
      await confirm.getByRole('button', { name: de.common.delete }).click();
      await conversation(page, ROOM).getByText('Das war ein Versehen').waitFor({ state: 'detached' });
      const gone = conversation(page, ROOM).getByRole('listitem').filter({ hasText: de.chat.deleted });
      await gone.first().waitFor();
      const page2 = await api<ChatMessagePage>('student', `/api/matrix/${room.id}/messages`);
      expect(page2.body.items.find((m) => m.id === mine.id)).toMatchObject({ body: null });
      await page.context().close();

      const moderator = await journey.openSignedIn('teacher2', `/app/chat?room=${room.id}`);
      await openActions(messageWith(moderator, ROOM, 'Hausaufgabe: Seite 12'));
      await moderator.getByRole('menuitem', { name: de.chat.message.delete }).click();
      await moderator
        .getByRole('dialog', { name: de.chat.delete.title })
        .getByRole('button', { name: de.common.delete })
        .click();
      await conversation(moderator, ROOM).getByText('Hausaufgabe: Seite 12').waitFor({ state: 'detached' });
      await moderator.context().close();
    },
  );

  it(
    'a pupil reports a message; the room’s teacher is told at once, sees it marked and counted in the list, and dismisses the report',
    { timeout: 90_000 },
    async () => {
      await post('student2', room.id, 'Blöder Spruch');
      // the teacher is on the chat page with her live stream open before the report arrives
      const teacherContext = await journey.signedInContext('teacher');
      const teacher = await teacherContext.newPage();
      const stream = teacher.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
      await teacher.goto(`${journey.portal.base}/app/chat?room=${room.id}`);
      await stream;
      const reported = messageWith(teacher, ROOM, 'Blöder Spruch');
      await reported.waitFor();

      const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`);
      await openActions(messageWith(page, ROOM, 'Blöder Spruch'));
      await page.getByRole('menuitem', { name: de.chat.message.report }).click();
      const report = page.getByRole('dialog', { name: de.chat.report.title });
      await report.getByRole('textbox', { name: de.chat.report.reason }).fill('Beleidigend');
      await report.getByRole('button', { name: de.chat.report.send }).click();
      await report.waitFor({ state: 'detached' });
      await page.context().close();

      await teacher.getByText(fill(de.chat.report.arrived, { room: ROOM })).waitFor();
      const badge = reported.getByText(fill(de.chat.message.reported_one, { count: 1 }));
      await badge.waitFor();
      const rooms = teacher.getByRole('navigation', { name: de.chat.list.label });
      const listed = rooms.getByText(fill(de.chat.list.reports_one, { count: 1 }));
      await listed.waitFor();
      await teacher.screenshot({ path: `${screenshotDir}/chat-report-de-1280-light.png` });
      await openActions(reported);
      // a moderator dismisses; reporting is for the others
      expect(await teacher.getByRole('menuitem', { name: de.chat.message.report }).count()).toBe(0);
      await teacher.getByRole('menuitem', { name: de.chat.message.dismiss }).click();
      await badge.waitFor({ state: 'detached' });
      await listed.waitFor({ state: 'detached' });
      await teacherContext.close();
    },
  );

  it(
    'a private chat offers no report, and turns read-only with a notice once the other person is blocked',
    { timeout: 90_000 },
    async () => {
      const made = await api<ChatRoomDetails>('teacher', '/api/matrix/privateroom', {
        body: { userId: ids.get('student2')! },
      });
      expect([200, 201], made.text).toContain(made.status);
      const privateRoom = made.body;
      await post('student2', privateRoom.id, 'Ich habe eine Frage');
      const page = await journey.openSignedIn('teacher', `/app/chat?room=${privateRoom.id}`);
      const peer = privateRoom.name;
      await composer(page, peer).waitFor();
      const question = conversation(page, peer)
        .getByRole('listitem')
        .filter({ hasText: 'Ich habe eine Frage' });
      await question.locator('time').waitFor();
      // nothing to do with someone else's message here: no report (no moderator to get it), so no menu
      expect(await question.getByRole('button', { name: /^Aktionen für die Nachricht von / }).count()).toBe(
        0,
      );

      const block = (blocked: boolean) =>
        api(`teacher`, `/api/users/${ids.get('student2')!}/block`, { body: { blocked } });
      expect((await block(true)).status).toBe(200);
      try {
        await page.reload();
        await page.getByText(fill(de.chat.composer.peerUnavailable, { name: peer })).waitFor();
        expect(await composer(page, peer).count()).toBe(0);
        await question.waitFor();
        await page.screenshot({ path: `${screenshotDir}/chat-peer-unavailable-de-1280-light.png` });
      } finally {
        expect((await block(false)).status).toBe(200);
        // blocking ended her sessions: the next call signs in again
        cookies.delete('student2');
      }
      await page.context().close();
    },
  );

  it(
    'a photo is previewed before sending and opens large; a file of the wrong type gets a translated error',
    { timeout: 90_000 },
    async () => {
      const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`);
      await page.getByRole('button', { name: de.chat.composer.attach }).click();
      const dialog = page.getByRole('dialog', { name: de.dialogs.chatUpload });
      const input = dialog.getByTestId('chat-upload-file');

      // known before sending: the browser names the type
      await input.setInputFiles({
        name: 'tool.exe',
        mimeType: 'application/x-msdownload',
        buffer: Buffer.from('MZ'),
      });
      const allowed = await dialog.getByRole('alert').innerText();
      expect(allowed).toContain(de.areaErrors.upload.invalid_type.split('(')[0]!.trim());
      expect(await dialog.getByRole('button', { name: de.chat.upload.send }).isDisabled()).toBe(true);

      // known only to the server: a "PNG" that is text; the file stays for another try
      await input.setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture'),
      });
      await dialog.getByRole('button', { name: de.chat.upload.send }).click();
      await dialog.getByRole('alert').getByText(/.+/).waitFor();
      expect(await dialog.getByRole('alert').innerText()).not.toContain('500');
      await dialog.getByText('fake.png').waitFor();
      await dialog.getByRole('button', { name: de.chat.upload.retry }).waitFor();

      const photo = await phonePhoto(400, 300);
      await input.setInputFiles({ name: 'tafel.jpg', mimeType: 'image/jpeg', buffer: photo });
      await dialog
        .getByRole('img', { name: fill(de.chat.upload.previewOf, { name: 'tafel.jpg' }) })
        .waitFor();
      await dialog.getByRole('textbox', { name: de.chat.upload.caption }).fill('Das Tafelbild');
      await dialog.getByRole('button', { name: de.chat.upload.send }).click();
      await dialog.waitFor({ state: 'detached' });

      const sent = messageWith(page, ROOM, 'Das Tafelbild');
      const thumb = sent.getByRole('button', {
        name: fill(de.chat.message.openImage, { name: 'tafel.jpg' }),
      });
      await thumb.waitFor();
      await expect
        .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await thumb.click();
      const preview = page.getByRole('dialog', { name: 'tafel.jpg' });
      await preview.getByRole('link', { name: de.chat.preview.download }).waitFor();
      await expect
        .poll(() =>
          preview
            .getByRole('img', { name: 'tafel.jpg' })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(400);
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      await page.context().close();
    },
  );

  it(
    'scrolling up in a long room loads older messages and keeps the place',
    { timeout: 120_000 },
    async () => {
      const long = await createRoom('teacher', {
        name: 'Lange Unterhaltung',
        userIds: [ids.get('student')!],
      });
      for (let i = 1; i <= 120; i++) await post('teacher', long.id, `Nachricht ${i}`);
      const page = await journey.openSignedIn('student', `/app/chat?room=${long.id}`);
      const list = conversation(page, 'Lange Unterhaltung');
      await list.getByText('Nachricht 120', { exact: true }).waitFor();
      expect(await list.getByText('Nachricht 1', { exact: true }).count()).toBe(0);
      const scroller = page.locator('.overflow-y-auto').filter({ has: list });
      // the text of the first message shown (each message's text is its one paragraph)
      const firstShown = () => list.locator('li p').first().innerText();
      for (let round = 0; round < 4 && (await firstShown()) !== 'Nachricht 1'; round++) {
        const before = await firstShown();
        await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
        await expect.poll(firstShown).not.toBe(before);
        // the message that was at the top before the older page came is still in view
        const box = (await list.getByText(before, { exact: true }).boundingBox())!;
        const view = (await scroller.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(view.y - 1);
        expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height + 1);
      }
      await list.getByText('Nachricht 1', { exact: true }).waitFor();
      await page.getByText(de.chat.conversation.start).waitFor();
      await page.context().close();
    },
  );

  it(
    'a message from someone else arrives live and is announced; another room counts it unread until opened',
    { timeout: 90_000 },
    async () => {
      const side = await createRoom('teacher', { name: 'Nebenraum', userIds: [ids.get('student')!] });
      const context = await journey.signedInContext('student');
      const page = await context.newPage();
      const login = page.waitForRequest(
        (r) => r.url().endsWith('/api/matrix/login') && r.method() === 'POST',
      );
      // the live stream answers (its headers) once it is open
      const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
      await page.goto(`${journey.portal.base}/app/chat?room=${room.id}`);
      // spec 3.6: the tab's device id at the chat's login
      expect((await login).postDataJSON()).toEqual({ deviceId: expect.stringMatching(/^[A-Za-z0-9]{9}$/) });
      await composer(page, ROOM).waitFor();
      await conversation(page, ROOM).waitFor({ state: 'attached' });
      expect((await stream).status()).toBe(200);

      await post('teacher', room.id, 'Live: Treffen um 10');
      await messageWith(page, ROOM, 'Live: Treffen um 10').waitFor();
      await page
        .locator('[aria-live="polite"]')
        .getByText(fill(de.chat.live.newMessage, { name: 'Tina Lehmann', text: 'Live: Treffen um 10' }))
        .waitFor({ state: 'attached' });

      await post('teacher', side.id, 'Nur im Nebenraum');
      const sideLink = page.getByRole('link', { name: /^Nebenraum/ });
      await sideLink.getByText(fill(de.chat.list.unread_one, { count: 1 })).waitFor({ state: 'attached' });
      await sideLink.click();
      await messageWith(page, 'Nebenraum', 'Nur im Nebenraum').waitFor();
      await sideLink.getByText(fill(de.chat.list.unread_one, { count: 1 })).waitFor({ state: 'detached' });
      await expect
        .poll(async () => {
          const list = await api<{ items: { id: number; unread: number }[] }>('student', '/api/matrix/rooms');
          return list.body.items.find((r) => r.id === side.id)?.unread;
        })
        .toBe(0);
      await context.close();
    },
  );

  it(
    'a send that fails stays with its text and "not sent"; sending again lands it once',
    { timeout: 60_000 },
    async () => {
      const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`);
      const field = composer(page, ROOM);
      await field.waitFor();
      // the network drops the first send
      await page.route(`**/api/matrix/${room.id}/messages`, (route) =>
        route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
      );
      await field.fill('Kommt das an?');
      await field.press('Enter');
      const failed = conversation(page, ROOM).getByRole('listitem').filter({ hasText: 'Kommt das an?' });
      await failed.getByText(de.chat.pending.failed).waitFor();
      expect(await field.inputValue()).toBe('');
      await page.unroute(`**/api/matrix/${room.id}/messages`);
      await failed.getByRole('button', { name: de.chat.pending.retry }).click();
      await failed.locator('time').waitFor();
      await failed.getByText(de.chat.pending.failed).waitFor({ state: 'detached' });
      const stored = await api<ChatMessagePage>('student', `/api/matrix/${room.id}/messages`);
      expect(stored.body.items.filter((m) => m.body === 'Kommt das an?')).toHaveLength(1);
      await page.context().close();
    },
  );

  it(
    'in an announcements room a pupil reads and is told that only moderators write',
    { timeout: 60_000 },
    async () => {
      const news = await createRoom('teacher', {
        name: 'Ankündigungen 5a',
        userIds: [ids.get('student')!],
        config: { announcements: true, uploads: false },
      });
      await post('teacher', news.id, 'Morgen fällt Sport aus.');
      const page = await journey.openSignedIn('student', `/app/chat?room=${news.id}`);
      await messageWith(page, 'Ankündigungen 5a', 'Morgen fällt Sport aus.').waitFor();
      await page.getByText(de.chat.composer.announcementsOnly).waitFor();
      expect(await composer(page, 'Ankündigungen 5a').count()).toBe(0);
      const refused = await api('student', `/api/matrix/${news.id}/messages`, {
        body: { body: 'Ich auch!', clientId: `e2e-refused-${Date.now()}` },
      });
      expect(refused.status, refused.text).toBe(403);
      await page.context().close();
    },
  );

  it(
    'an own message says "Gesehen" once the other person of a private chat has read it, live',
    { timeout: 60_000 },
    async () => {
      const made = await api<ChatRoomDetails>('teacher', '/api/matrix/privateroom', {
        body: { userId: ids.get('student2')! },
      });
      expect([200, 201], made.text).toContain(made.status);
      await post('teacher', made.body.id, 'Bist du da?');
      const teacher = await journey.openSignedIn('teacher', `/app/chat?room=${made.body.id}`);
      const mine = messageWith(teacher, 'Ali Yilmaz', 'Bist du da?');
      await mine.getByText(de.chat.message.sent).waitFor();

      const pupil = await journey.openSignedIn('student2', `/app/chat?room=${made.body.id}`);
      await messageWith(pupil, 'Tina Lehmann', 'Bist du da?').waitFor();
      await mine.getByText(de.chat.message.seen, { exact: true }).waitFor();
      await pupil.context().close();
      await teacher.context().close();
    },
  );

  it(
    'on a 390 px phone the list and the conversation are two screens, with a way back',
    { timeout: 60_000 },
    async () => {
      const page = await journey.openSignedIn('student', '/app/chat', { width: 390, touch: true });
      const link = page.getByRole('link', { name: new RegExp(`^${ROOM}`) });
      await link.click();
      await page.waitForURL((url) => url.searchParams.get('room') === String(room.id));
      await composer(page, ROOM).waitFor();
      expect(await link.isVisible()).toBe(false);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.getByRole('link', { name: de.chat.header.back }).click();
      await link.waitFor();
      expect(await composer(page, ROOM).count()).toBe(0);
      await page.context().close();
    },
  );

  it('every control is a 44 px target on a phone (ar, touch)', { timeout: 60_000 }, async () => {
    const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`, {
      locale: 'ar',
      width: 390,
      touch: true,
    });
    await composer(page, ROOM, ar).waitFor();
    await conversation(page, ROOM, ar).getByRole('listitem').first().waitFor();
    const small = async (within = '#main') =>
      (await findSmallTargets(page, within)).map((s) => `${s.element} (${s.width} x ${s.height})`);
    expect(await small()).toEqual([]);
    await page.context().close();
  });

  it.each(LOOKS)(
    'the page and the dialogs pass axe and stay on the screen ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const shot = (what: string) =>
        `${screenshotDir}/chat-${what}-${look.locale}-${look.width}-${look.colorScheme}.png`;
      // one of her own and one of someone else's, newest last, whatever the other tests left
      await post('student', room.id, `Meine Nachricht (${look.locale} ${look.width})`);
      await post('teacher', room.id, `Antwort der Lehrerin (${look.locale} ${look.width})`);
      const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`, look);
      await composer(page, ROOM, t).waitFor();
      const list = conversation(page, ROOM, t);
      await list.getByRole('listitem').first().waitFor();
      await page.waitForLoadState('networkidle');
      // own messages on the start side in either direction: the right in Arabic
      const own = list.locator('li[data-own]').filter({ hasText: 'Meine Nachricht' }).last();
      const others = list.locator('li:not([data-own])').filter({ hasText: 'Antwort der Lehrerin' }).last();
      expect(await own.count()).toBeGreaterThan(0);
      expect(await others.count()).toBeGreaterThan(0);
      const ownBox = (await own.boundingBox())!;
      const otherBox = (await others.boundingBox())!;
      if (look.locale === 'ar') expect(ownBox.x + ownBox.width).toBeGreaterThan(otherBox.x + otherBox.width);
      else expect(ownBox.x).toBeLessThan(otherBox.x);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `chat ${look.locale}`);
      await page.screenshot({ path: shot('room') });

      await page.getByRole('button', { name: t.chat.composer.attach }).click();
      await page.getByRole('dialog', { name: t.dialogs.chatUpload }).waitFor();
      await expectNoSeriousA11yViolations(page, `upload ${look.locale}`);
      await page.screenshot({ path: shot('upload') });
      await page.keyboard.press('Escape');

      if (look.width === 390) {
        await page.goto(`${journey.portal.base}/app/chat`);
        await page.getByRole('link', { name: new RegExp(`^${ROOM}`) }).waitFor();
        await expectNoSeriousA11yViolations(page, `chat list ${look.locale}`);
        await page.screenshot({ path: shot('list') });
      }
      await page.context().close();
    },
  );
});
