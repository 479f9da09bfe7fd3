import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoomDetails } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, cookiesFrom, loginAs, userIds } from '../apps/server/src/test/test-app.ts';
import { newContext, screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// decision 081: while a superadmin acts as a pupil the chat is for reading; the page says so where the send
// box would be, offers no send box, and marks nothing as seen for the pupil.
const journey = setUpJourney();
type Texts = typeof de;

const ROOM = 'Klasse 5a Lesen';
let room: ChatRoomDetails;

/** A browser profile holding an impersonation of `username` started by the superadmin through the API. */
async function actingAs(
  username: string,
  opts: { locale: 'de' | 'ar'; width: number; colorScheme: 'light' | 'dark' },
) {
  const base = journey.portal.base;
  const start = await call(base, `/api/users/impersonate/${(await userIds(journey.portal)).get(username)}`, {
    cookie: await loginAs(base, 'superadmin'),
    body: { reason: 'Hilfe im Chat' },
  });
  expect(start.status, start.text).toBe(200);
  const cookies = cookiesFrom(start)
    .split('; ')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
    });
  const context = await newContext(journey.browser, opts);
  await context.addCookies(cookies);
  return context.newPage();
}

describe('impersonation is read-only in the chat (decision 081)', () => {
  beforeAll(async () => {
    const ids = await userIds(journey.portal);
    const teacher = await loginAs(journey.portal.base, 'teacher');
    const made = await call<ChatRoomDetails>(journey.portal.base, '/api/matrix/room', {
      cookie: teacher,
      body: { name: ROOM, userIds: [ids.get('student')!] },
    });
    expect(made.status, made.text).toBe(201);
    room = made.body;
    const sent = await call(journey.portal.base, `/api/matrix/${room.id}/messages`, {
      cookie: teacher,
      body: { body: 'Bitte lest Seite 12.', clientId: 'e2e-read-only-1' },
    });
    expect(sent.status, sent.text).toBe(201);
  });

  const looks = [
    { locale: 'de', width: 1280, colorScheme: 'light' },
    { locale: 'de', width: 390, colorScheme: 'dark' },
    { locale: 'ar', width: 390, colorScheme: 'dark' },
    { locale: 'ar', width: 1280, colorScheme: 'light' },
  ] as const;
  for (const look of looks) {
    const name = `${look.locale}-${look.width}-${look.colorScheme}`;
    it(
      `the chat shows that writing is off, with no send box and no seen marker: ${name}`,
      { timeout: 60_000 },
      async () => {
        const t = (look.locale === 'ar' ? ar : de) as Texts;
        const page = await actingAs('student', look);
        const seenCalls: string[] = [];
        page.on('request', (req) => {
          if (req.method() === 'POST' && req.url().includes('/seen')) seenCalls.push(req.url());
        });
        await page.goto(`${journey.portal.base}/app/chat?room=${room.id}`);
        await page.getByText(t.chat.composer.impersonating.replace('{{name}}', 'Sara Schmidt')).waitFor();
        await page.getByText('Bitte lest Seite 12.').last().waitFor();
        expect(
          await page.getByRole('textbox', { name: t.chat.composer.label.replace('{{name}}', ROOM) }).count(),
        ).toBe(0);
        await expectNoSeriousA11yViolations(page, `chat read-only ${name}`);
        await page.screenshot({ path: `${screenshotDir}/impersonation-chat-${name}.png`, fullPage: true });
        // the pupil's unread mark stays: the superadmin's reading is not the pupil's
        const rooms = await call<{ items: { id: number; unread: number }[] }>(
          journey.portal.base,
          '/api/matrix/rooms',
          {
            cookie: await loginAs(journey.portal.base, 'student'),
          },
        );
        expect(seenCalls).toEqual([]);
        expect(rooms.body.items.find((r) => r.id === room.id)?.unread).toBe(1);
        await page.context().close();
      },
    );
  }
});
