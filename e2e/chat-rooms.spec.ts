import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChatPeople, ChatRoom, ChatRoomDetails, ChatRoomInput, ChatRoomList } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs, userIds } from '../apps/server/src/test/test-app.ts';
import { screenshotDir } from './browser.ts';
import { findSmallTargets, sidewaysOverflow } from './hit-areas.ts';
import { LOOKS, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// Issue 22 items 1-5: create-room, edit-room, user-search, the superadmin's popover, the title's unread count,
// the chat alert, built-in chat tiles. The chat page itself is e2e/chat-page.spec.ts; the two-browser story
// e2e/chat-journey.spec.ts.
const journey = setUpJourney();

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

const cookies = new Map<string, string>();
async function api<T>(username: string, path: string, opts: { method?: string; body?: unknown } = {}) {
  let cookie = cookies.get(username);
  if (!cookie) cookies.set(username, (cookie = await loginAs(journey.portal.base, username)));
  return call<T>(journey.portal.base, path, { cookie, ...opts });
}

async function createRoom(username: string, input: ChatRoomInput): Promise<ChatRoom> {
  const res = await api<ChatRoom>(username, '/api/matrix/room', { body: input });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
}

async function roomDetails(username: string, roomId: number) {
  return api<ChatRoomDetails>(username, `/api/matrix/${roomId}`);
}

async function send(username: string, roomId: number, body: string) {
  const clientId = `e2e${Math.random().toString(36).slice(2, 12)}`;
  const res = await api(username, `/api/matrix/${roomId}/messages`, { body: { body, clientId } });
  expect(res.status, res.text).toBeLessThan(300);
}

/**
 * A signed-in page whose live event stream is open: what is sent afterwards reaches it (a stream opened later
 * starts from then on). `prepare` runs before the page's own scripts.
 */
async function openWithStream(username: string, path: string, prepare?: () => void): Promise<Page> {
  const context = await journey.signedInContext(username);
  const page = await context.newPage();
  if (prepare) await page.addInitScript(prepare);
  const stream = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
  await page.goto(`${journey.portal.base}${path}`);
  await stream;
  return page;
}

async function unreadOf(username: string): Promise<number> {
  const rooms = await api<ChatRoomList>(username, '/api/matrix/rooms');
  expect(rooms.status, rooms.text).toBe(200);
  return rooms.body.items.reduce((sum, r) => sum + r.unread, 0);
}

/** The title counts `n` unread messages: `(n) …`. */
const titleCounts = (page: Page, n: number) =>
  page.waitForFunction((count) => document.title.startsWith(`(${count}) `), n);

/** Counts the tones the page plays: the browser's Web Audio is watched, not replaced. */
function countTones(): void {
  const w = window as unknown as { tones: number };
  w.tones = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
    w.tones += 1;
    return start.apply(this, args);
  };
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);

let class5a = 0;
let ids: Record<'tina' | 'tom' | 'sara' | 'ali' | 'mia' | 'superadmin', number>;

describe('chat rooms and people: create-room, edit-room, user-search, popover, title (issue 22)', () => {
  beforeAll(async () => {
    const find = async (username: string, q: string) => {
      const res = await api<ChatPeople>(username, `/api/matrix/people?for=room&q=${encodeURIComponent(q)}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const users = await userIds(journey.portal);
    const id = (username: string) => users.get(username)!;
    ids = {
      tina: id('teacher'),
      tom: id('teacher2'),
      sara: id('student'),
      ali: id('student2'),
      mia: id('student3'),
      superadmin: id('superadmin'),
    };
    class5a = (await find('teacher', '5a')).groups.find((g) => g.name === '5a')!.id;
  });

  it(
    'a teacher creates a room for 5a: what is missing is said at its field, then the new room opens',
    { timeout: 90_000 },
    async () => {
      const page = await journey.openSignedIn('teacher', '/app/chat?dialog=chat:create-room');
      const form = page.getByRole('dialog', { name: de.dialogs.chatCreateRoom });
      await form.getByRole('group', { name: de.chat.people.groups }).getByRole('checkbox').first().waitFor();

      await form.getByRole('button', { name: de.chat.rooms.form.create }).click();
      await form.getByText(de.chat.rooms.form.nameMissing).waitFor();
      await form.getByText(de.chat.rooms.form.membersMissing).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');

      await form.getByLabel(de.chat.rooms.form.name).fill('Klasse 5a Chat');
      // the name's message goes once it is fixed; the members' stays until someone is chosen
      expect(await form.getByText(de.chat.rooms.form.nameMissing).count()).toBe(0);
      await form
        .getByRole('group', { name: de.chat.people.groups })
        .getByRole('checkbox', { name: '5a', exact: true })
        .check();
      expect(await form.getByText(de.chat.rooms.form.membersMissing).count()).toBe(0);
      await form.getByRole('searchbox', { name: de.chat.people.search }).fill('Tom');
      await form
        .getByRole('group', { name: de.chat.people.results })
        .getByRole('checkbox', { name: /^Tom Becker/ })
        .check();
      await form
        .getByRole('switch', { name: fill(de.chat.people.moderatorOf, { name: 'Tom Becker' }) })
        .check();
      await form
        .getByRole('checkbox', { name: new RegExp(`^${de.chat.rooms.config.announcements}`) })
        .check();
      await form.getByRole('checkbox', { name: new RegExp(`^${de.chat.rooms.config.uploads}`) }).uncheck();
      await form.getByRole('button', { name: de.chat.rooms.form.create }).click();

      await page.waitForURL((url) => url.pathname === '/app/chat' && url.searchParams.has('room'));
      const roomId = Number(new URL(page.url()).searchParams.get('room'));
      expect(new URL(page.url()).searchParams.get('dialog')).toBeNull();
      const room = await roomDetails('teacher', roomId);
      expect(room.status, room.text).toBe(200);
      expect(room.body).toMatchObject({
        name: 'Klasse 5a Chat',
        kind: 'group',
        config: { announcements: true, uploads: false },
        groups: [{ id: class5a, name: '5a' }],
        canEdit: true,
      });
      expect(room.body.members.find((m) => m.id === ids.tom)?.moderator).toBe(true);
      expect(room.body.members.find((m) => m.id === ids.sara)).toMatchObject({
        moderator: false,
        viaGroup: true,
      });
      await page.context().close();
    },
  );

  it('a pupil is told that only teachers and admins create rooms (and the server refuses too)', async () => {
    const page = await journey.openSignedIn('student', '/app/chat?dialog=chat:create-room');
    const dialog = page.getByRole('dialog', { name: de.dialogs.chatCreateRoom });
    await dialog.getByText(de.areaErrors.chat.create_not_allowed).waitFor();
    expect(await dialog.getByLabel(de.chat.rooms.form.name).count()).toBe(0);
    const refused = await api('student', '/api/matrix/room', {
      body: { name: 'Heimlich', userIds: [ids.ali] },
    });
    expect(refused.status).toBe(403);
    await page.context().close();
  });

  it(
    'edit-room: rename, config, add and promote a colleague, remove a group, then delete after naming the room',
    { timeout: 90_000 },
    async () => {
      const room = await createRoom('teacher', { name: 'Mathe AG', groupIds: [class5a] });
      const page = await journey.openSignedIn('teacher', `/app/chat?room=${room.id}&dialog=chat:edit-room`);
      const dialog = page.getByRole('dialog', { name: fill(de.chat.rooms.edit.title, { name: 'Mathe AG' }) });
      await dialog.getByLabel(de.chat.rooms.form.name).waitFor();

      // a name left empty is refused at the field, and nothing is sent
      await dialog.getByLabel(de.chat.rooms.form.name).fill(' ');
      await dialog.getByRole('button', { name: de.chat.rooms.edit.rename }).click();
      await dialog.getByText(de.chat.rooms.form.nameMissing).waitFor();
      expect((await roomDetails('teacher', room.id)).body.name).toBe('Mathe AG');
      await dialog.getByLabel(de.chat.rooms.form.name).fill('Mathe AG 5a');
      await dialog.getByRole('button', { name: de.chat.rooms.edit.rename }).click();
      const renamed = page.getByRole('dialog', {
        name: fill(de.chat.rooms.edit.title, { name: 'Mathe AG 5a' }),
      });
      await renamed.getByText(fill(de.chat.rooms.edit.renamed, { name: 'Mathe AG 5a' })).waitFor();

      await renamed
        .getByRole('checkbox', { name: new RegExp(`^${de.chat.rooms.config.announcements}`) })
        .check();
      await renamed.getByRole('button', { name: de.chat.rooms.config.save }).click();
      await renamed.getByText(de.chat.rooms.config.saved).waitFor();
      expect((await roomDetails('teacher', room.id)).body.config).toEqual({
        announcements: true,
        uploads: true,
      });

      // add a colleague found by name, then make him a moderator
      await renamed.getByRole('button', { name: de.chat.rooms.edit.add }).click();
      await renamed.getByText(de.chat.rooms.edit.addNobody).waitFor();
      await renamed.getByRole('searchbox', { name: de.chat.people.search }).fill('Tom');
      await renamed
        .getByRole('group', { name: de.chat.people.results })
        .getByRole('checkbox', { name: /^Tom Becker/ })
        .check();
      await renamed.getByRole('button', { name: de.chat.rooms.edit.add }).click();
      const promote = renamed.getByRole('switch', {
        name: fill(de.chat.people.moderatorOf, { name: 'Tom Becker' }),
      });
      await promote.waitFor();
      await promote.check();
      await renamed.getByText(fill(de.chat.rooms.edit.promoted, { name: 'Tom Becker' })).waitFor();
      const promoted = (await roomDetails('teacher', room.id)).body;
      expect(promoted.members.find((m) => m.id === ids.tom)).toMatchObject({
        moderator: true,
        viaGroup: false,
      });

      // the whole class leaves with its group
      await renamed
        .getByRole('button', { name: fill(de.chat.rooms.edit.removeFromRoom, { name: '5a' }) })
        .click();
      await renamed.getByText(fill(de.chat.rooms.edit.removed, { name: '5a' })).waitFor();
      const after = (await roomDetails('teacher', room.id)).body;
      expect(after.groups).toEqual([]);
      expect(after.members.some((m) => m.id === ids.sara)).toBe(false);
      expect((await roomDetails('student', room.id)).status).toBeGreaterThanOrEqual(403);

      // deleting asks first, naming the room
      await renamed
        .getByRole('button', { name: fill(de.chat.rooms.delete.button, { name: 'Mathe AG 5a' }) })
        .click();
      const ask = page.getByRole('dialog', {
        name: fill(de.chat.rooms.delete.title, { name: 'Mathe AG 5a' }),
      });
      await ask.getByRole('button', { name: de.common.cancel }).click();
      await ask.waitFor({ state: 'detached' });
      expect((await roomDetails('teacher', room.id)).status).toBe(200);
      await renamed
        .getByRole('button', { name: fill(de.chat.rooms.delete.button, { name: 'Mathe AG 5a' }) })
        .click();
      await ask.getByRole('button', { name: de.chat.rooms.delete.confirm }).click();
      await page.waitForURL((url) => url.pathname === '/app/chat' && !url.searchParams.has('room'));
      expect((await roomDetails('teacher', room.id)).status).toBe(404);
      await page.context().close();
    },
  );

  it('a pupil cannot add people, and their edit-room says so', async () => {
    const room = await createRoom('teacher', { name: 'Lesen 5a', groupIds: [class5a] });
    const refused = await api('student', '/api/matrix/room/addUsers', {
      body: { roomId: room.id, userIds: [ids.tom] },
    });
    expect(refused.status).toBe(403);
    const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}&dialog=chat:edit-room`);
    await page
      .getByRole('dialog', { name: de.dialogs.chatEditRoom })
      .getByText(de.chat.rooms.edit.notAllowed)
      .waitFor();
    await page.context().close();
  });

  it('user-search: a pupil finds their teacher and opens a private chat, but not a pupil of another class', async () => {
    const page = await journey.openSignedIn('student', '/app/chat?dialog=chat:user-search');
    const dialog = page.getByRole('dialog', { name: de.dialogs.chatUserSearch });
    const search = async (q: string) => {
      await dialog.getByRole('searchbox', { name: de.chat.rooms.search.label }).fill(q);
      await dialog.getByRole('button', { name: de.chat.rooms.search.submit }).click();
    };
    await search('Mia');
    await dialog.getByText(fill(de.chat.people.noneFound, { q: 'Mia' })).waitFor();
    await search('Tina');
    const start = dialog.getByRole('button', {
      name: fill(de.chat.rooms.search.startWith, { name: 'Tina Lehmann' }),
    });
    await start.click();
    await page.waitForURL((url) => url.pathname === '/app/chat' && url.searchParams.has('room'));
    const roomId = Number(new URL(page.url()).searchParams.get('room'));
    const room = (await roomDetails('student', roomId)).body;
    expect(room).toMatchObject({ kind: 'private', peer: { id: ids.tina } });
    // the server keeps to the same reach
    expect((await api('student', '/api/matrix/privateroom', { body: { userId: ids.mia } })).status).toBe(403);

    // a private room's edit-room shows its two people and nothing to change
    await page.goto(`${journey.portal.base}/app/chat?room=${roomId}&dialog=chat:edit-room`);
    const edit = page.getByRole('dialog', { name: de.dialogs.chatEditRoom });
    await edit.getByText(de.chat.rooms.edit.private).waitFor();
    const people = edit.getByRole('list', { name: de.chat.rooms.edit.members }).getByRole('listitem');
    expect(await people.count()).toBe(2);
    expect(await edit.getByRole('button', { name: /entfernen$/ }).count()).toBe(0);
    expect(await edit.getByRole('textbox').count()).toBe(0);
    await page.context().close();
  });

  it('user-search explains when the school lets pupils start no private chats', async () => {
    const setReach = async (value: string) => {
      const res = await api('admin', '/api/config/key/chat_student_private', { body: { value } });
      expect(res.status, res.text).toBeLessThan(300);
    };
    await setReach('none');
    try {
      const page = await journey.openSignedIn('student', '/app/chat?dialog=chat:user-search');
      const dialog = page.getByRole('dialog', { name: de.dialogs.chatUserSearch });
      await dialog.getByText(de.chat.rooms.search.notAllowed).waitFor();
      expect(await dialog.getByRole('searchbox').count()).toBe(0);
      // (a private chat that exists stays open; a new one is refused)
      expect((await api('student', '/api/matrix/privateroom', { body: { userId: ids.ali } })).status).toBe(
        403,
      );
      await page.context().close();
    } finally {
      await setReach('classmates');
    }
  });

  it(
    'the superadmin popover lists rooms with unread messages first; the title counts them live on every page',
    { timeout: 90_000 },
    async () => {
      const quiet = await createRoom('teacher', { name: 'Kollegium still', userIds: [ids.superadmin] });
      const busy = await createRoom('teacher', { name: 'Kollegium Pause', userIds: [ids.superadmin] });
      await send('teacher', quiet.id, 'Alles ruhig');
      await api('superadmin', `/api/matrix/${quiet.id}/seen`, {
        body: {
          messageId: (await api<ChatRoomList>('superadmin', '/api/matrix/rooms')).body.items.find(
            (r) => r.id === quiet.id,
          )!.lastMessage!.id,
        },
      });
      await send('teacher', busy.id, 'Kaffee ist fertig');
      const unreadBefore = await unreadOf('superadmin');
      expect(unreadBefore).toBeGreaterThan(0);

      const page = await openWithStream('superadmin', '/');
      await titleCounts(page, unreadBefore);

      await page.getByRole('button', { name: de.pages.chat, exact: true }).click();
      const popover = page.getByRole('dialog', { name: de.chat.popover.label });
      const links = popover.getByRole('link');
      await links.first().waitFor();
      expect(await links.first().innerText()).toContain('Kollegium Pause');
      expect(await links.first().innerText()).toContain('Kaffee ist fertig');
      await popover
        .getByText(fill(de.chat.popover.unread_one, { n: 1 }))
        .first()
        .waitFor();
      await expectNoSeriousA11yViolations(page, 'chat popover');
      await page.screenshot({ path: `${screenshotDir}/chat-popover-de-1280-light.png` });

      // a message in another room counts up without a reload
      await send('teacher', quiet.id, 'Doch noch etwas');
      await titleCounts(page, unreadBefore + 1);

      await popover.getByRole('link', { name: /Kollegium Pause/ }).click();
      await page.waitForURL(
        (url) => url.pathname === '/app/chat' && url.searchParams.get('room') === String(busy.id),
      );
      await page.context().close();
    },
  );

  it(
    'the chat alert plays a tone and marks the title on another page when the preference is on, and not when off',
    { timeout: 90_000 },
    async () => {
      const room = await createRoom('teacher', { name: 'Hausaufgaben 5a', groupIds: [class5a] });
      await send('teacher', room.id, 'Willkommen im Hausaufgabenraum');
      const setAlert = async (on: boolean) => {
        const res = await api('student2', '/api/self/settings', {
          method: 'PATCH',
          body: { preferences: { chatNotificationAlert: on } },
        });
        expect(res.status, res.text).toBeLessThan(300);
      };

      await setAlert(false);
      const quiet = await openWithStream('student2', '/', countTones);
      let unread = await unreadOf('student2');
      await titleCounts(quiet, unread);
      await send('teacher', room.id, 'Bitte Seite 12 lesen');
      await titleCounts(quiet, unread + 1);
      expect(await quiet.title()).not.toContain(de.chat.alert.mark);
      expect(await tones(quiet)).toBe(0);
      await quiet.context().close();

      await setAlert(true);
      const alerted = await openWithStream('student2', '/', countTones);
      unread = await unreadOf('student2');
      await titleCounts(alerted, unread);
      // the browser lets a page play sound once the person has used it
      await alerted.locator('#main').click({ position: { x: 1, y: 1 } });
      await send('teacher', room.id, 'Und Seite 13');
      await titleCounts(alerted, unread + 1);
      await alerted.waitForFunction((mark) => document.title.includes(mark), de.chat.alert.mark);
      expect(await tones(alerted)).toBeGreaterThan(0);

      // opening the chat is reading: the mark goes, and the count comes down to what the server says is left
      await alerted.goto(`${journey.portal.base}/app/chat?room=${room.id}`);
      await alerted.waitForFunction((mark) => !document.title.includes(mark), de.chat.alert.mark);
      await expect.poll(() => unreadOf('student2')).toBeLessThan(unread + 1);
      await expect
        .poll(async () => {
          const [left, title] = [await unreadOf('student2'), await alerted.title()];
          return left === 0 ? !/^\(\d+\) /.test(title) : title.startsWith(`(${left}) `);
        })
        .toBe(true);
      await alerted.context().close();
    },
  );

  it('a built-in chat tile is offered in "Create app" and opens the chat (issue 22 item 5)', async () => {
    const page = await journey.openSignedIn('teacher');
    await page.getByRole('link', { name: de.nav.edit }).click();
    await page.waitForURL((url) => url.pathname === '/edit');
    await page.getByRole('button', { name: de.dialogs.createApp }).click();
    const dialog = page.getByRole('dialog', { name: de.dialogs.createApp });
    await dialog.getByLabel(de.tiles.form.title).fill('Klassenchat');
    await dialog.getByLabel(de.tiles.form.type).selectOption({ label: de.tiles.types.chat });
    await dialog.getByRole('button', { name: de.common.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: fill(de.tiles.edit.add, { title: 'Klassenchat' }) }).click();
    await page.getByRole('button', { name: de.common.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('list', { name: de.home.apps }).getByRole('link', { name: 'Klassenchat' }).click();
    await page.waitForURL((url) => url.pathname === '/app/chat');
    await page.context().close();
  });

  it.each(LOOKS)(
    'the dialogs pass axe and stay on the screen ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const room = await createRoom('teacher', {
        name: `Bio 5a ${look.locale}`,
        groupIds: [class5a],
        userIds: [ids.tom],
        moderatorIds: [ids.tom],
      });
      const shot = (what: string) =>
        `${screenshotDir}/chat-${what}-${look.locale}-${look.width}-${look.colorScheme}.png`;
      const page = await journey.openSignedIn('teacher', '/app/chat?dialog=chat:create-room', look);
      const form = page.getByRole('dialog', { name: t.dialogs.chatCreateRoom });
      await form.getByRole('group', { name: t.chat.people.groups }).getByRole('checkbox').first().waitFor();
      await form.getByRole('searchbox', { name: t.chat.people.search }).fill('a');
      await form.getByRole('group', { name: t.chat.people.results }).getByRole('checkbox').first().check();
      await form.getByRole('button', { name: t.chat.rooms.form.create }).click();
      await form.getByText(t.chat.rooms.form.nameMissing).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `create-room ${look.locale}`);
      await page.screenshot({ path: shot('create-room') });

      await page.goto(`${journey.portal.base}/app/chat?room=${room.id}&dialog=chat:edit-room`);
      const edit = page.getByRole('dialog', { name: fill(t.chat.rooms.edit.title, { name: room.name }) });
      await edit.getByRole('switch').first().waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `edit-room ${look.locale}`);
      await page.screenshot({ path: shot('edit-room') });

      await page.goto(`${journey.portal.base}/app/chat?dialog=chat:user-search`);
      const search = page.getByRole('dialog', { name: t.dialogs.chatUserSearch });
      await search.getByRole('list', { name: t.chat.people.results }).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await expectNoSeriousA11yViolations(page, `user-search ${look.locale}`);
      await page.screenshot({ path: shot('user-search') });
      await page.context().close();
    },
  );

  it(
    'every control of the three dialogs is a 44 px target on a phone (ar, touch)',
    { timeout: 90_000 },
    async () => {
      const room = await createRoom('teacher', {
        name: 'Kunst 5a',
        groupIds: [class5a],
        userIds: [ids.tom],
      });
      const context = await journey.signedInContext('teacher', { locale: 'ar', width: 390, touch: true });
      const page = await context.newPage();
      const small = async () =>
        (await findSmallTargets(page, '[role="dialog"]')).map(
          (s) => `${s.element} (${s.width} x ${s.height})`,
        );

      await page.goto(`${journey.portal.base}/app/chat?dialog=chat:create-room`);
      const form = page.getByRole('dialog', { name: ar.dialogs.chatCreateRoom });
      await form.getByRole('group', { name: ar.chat.people.groups }).getByRole('checkbox').first().waitFor();
      await form.getByRole('searchbox', { name: ar.chat.people.search }).fill('a');
      await form.getByRole('group', { name: ar.chat.people.results }).getByRole('checkbox').first().check();
      expect(await small()).toEqual([]);

      await page.goto(`${journey.portal.base}/app/chat?room=${room.id}&dialog=chat:edit-room`);
      await page.getByRole('dialog').getByRole('switch').first().waitFor();
      expect(await small()).toEqual([]);

      await page.goto(`${journey.portal.base}/app/chat?dialog=chat:user-search`);
      await page.getByRole('dialog').getByRole('list', { name: ar.chat.people.results }).waitFor();
      expect(await small()).toEqual([]);
      await context.close();
    },
  );
});
