import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { ChatRoomDetails } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs, userIds } from '../apps/server/src/test/test-app.ts';
import { failFileStore } from '../apps/server/src/test/file-store-failure.ts';
import { startOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { phonePhoto } from '../apps/server/src/test/photos.ts';
import { LOOKS, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// Decision 078 (issue 32 item 7): a system outside Aula that fails leaves the user where they are, with the
// message and a retry; never the offline page (a 503) or the api-down page (a 502). Both failures are real:
// the database refuses to store the file (disk full), and the school's identity provider is switched off.

const journey = setUpJourney();
const shots = process.env.AULA_SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
}

/** Neither of the whole-app pages: the user stayed on `path`. */
function expectStayedOn(page: Page, path: string) {
  const url = new URL(page.url());
  expect(url.pathname).toBe(path);
  expect(['/offline', '/502']).not.toContain(url.pathname);
}

describe('a failing outside system leaves the user where they are (decision 078)', () => {
  it.each(LOOKS)(
    'a chat upload the file store refuses stays in the dialog with the file, the caption, the typed message and a retry ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const ids = await userIds(journey.portal);
      const teacher = await loginAs(journey.portal.base, 'teacher');
      const name = `Arbeitsblätter ${look.locale} ${look.width}`;
      const created = await call<ChatRoomDetails>(journey.portal.base, '/api/matrix/room', {
        cookie: teacher,
        body: { name, userIds: [ids.get('student')!] },
      });
      expect(created.status, created.text).toBe(201);
      const room = created.body;

      const page = await journey.openSignedIn('student', `/app/chat?room=${room.id}`, look);
      const composer = page.getByRole('textbox', { name: fill(t.chat.composer.label, { name }) });
      await composer.fill('Hier kommt gleich das Blatt');
      await page.getByRole('button', { name: t.chat.composer.attach }).click();
      const dialog = page.getByRole('dialog', { name: t.dialogs.chatUpload });
      await dialog.getByTestId('chat-upload-file').setInputFiles({
        name: 'blatt.jpg',
        mimeType: 'image/jpeg',
        buffer: await phonePhoto(400, 300),
      });
      await dialog.getByRole('textbox', { name: t.chat.upload.caption }).fill('Das Arbeitsblatt');

      // the school's database server runs out of disk: every new file is refused
      const restore = await failFileStore(journey.portal.database);
      try {
        await dialog.getByRole('button', { name: t.chat.upload.send }).click();
        await dialog.getByRole('alert').getByText(t.areaErrors.chat.upload_failed).waitFor();
      } finally {
        await restore();
      }
      expectStayedOn(page, '/app/chat');
      await dialog.getByText('blatt.jpg').waitFor();
      expect(await dialog.getByRole('textbox', { name: t.chat.upload.caption }).inputValue()).toBe(
        'Das Arbeitsblatt',
      );
      await expectNoSeriousA11yViolations(page, `upload failed ${look.locale}`);
      await shot(page, `chat-upload-failed-${look.locale}-${look.width}-${look.colorScheme}`);

      // the store works again: the retry sends the same message once
      await dialog.getByRole('button', { name: t.chat.upload.retry }).click();
      await dialog.waitFor({ state: 'detached' });
      const list = page.getByRole('list', { name: fill(t.chat.conversation.label, { name }) });
      await list.getByRole('listitem').filter({ hasText: 'Das Arbeitsblatt' }).waitFor();
      expect(await composer.inputValue()).toBe('Hier kommt gleich das Blatt');
      expectStayedOn(page, '/app/chat');
      const messages = await call<{ items: { body: string | null }[] }>(
        journey.portal.base,
        `/api/matrix/${room.id}/messages`,
        { cookie: teacher },
      );
      expect(messages.body.items.map((m) => m.body)).toEqual(['Das Arbeitsblatt']);
      await page.context().close();
    },
  );

  it.each(LOOKS)(
    'the school’s identity provider switched off: the sign-in page says so with a retry ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async (look) => {
      const t = look.locale === 'ar' ? ar : de;
      const admin = await loginAs(journey.portal.base, 'admin');
      const configure = async (op: { issuer: string; clientId: string; clientSecret: string }) => {
        const res = await call(journey.portal.base, '/api/config/oidc', {
          method: 'PUT',
          cookie: admin,
          body: { ...op, label: 'Schulportal NRW', linkClaim: 'email', linkField: 'email', scopes: 'email' },
        });
        expect(res.status, res.text).toBe(200);
      };
      const redirectUris = [`${journey.portal.base}/oidc/callback`];
      const down = await startOidcProvider({ redirectUris, accounts: [] });
      await configure(down);
      const on = await call(journey.portal.base, '/api/config/key/enable_moin_auth', {
        cookie: admin,
        body: { value: 'true' },
      });
      expect(on.status).toBe(200);
      await down.close();

      const page = await journey.open('/login', look);
      const button = page.getByRole('button', { name: fill(t.sso.button, { label: 'Schulportal NRW' }) });
      await button.click();
      const alert = page.getByRole('alert').filter({ hasText: t.errors.sso.provider_unreachable });
      await alert.waitFor();
      expectStayedOn(page, '/login');
      // the password form keeps working beside it
      await page.getByLabel(t.login.username).waitFor();
      await expectNoSeriousA11yViolations(page, `provider down ${look.locale}`);
      await shot(page, `sso-provider-down-${look.locale}-${look.width}-${look.colorScheme}`);

      // still down: the retry says so again, still here
      const retry = alert.getByRole('button', { name: t.common.retry });
      await retry.click();
      await alert.waitFor();
      expectStayedOn(page, '/login');

      // /sso (straight to the provider) stays on its page with the message and the retry too
      const direct = await journey.open('/sso', look);
      const directAlert = direct.getByRole('alert').filter({ hasText: t.errors.sso.provider_unreachable });
      await directAlert.waitFor();
      expectStayedOn(direct, '/sso');
      await directAlert.getByRole('button', { name: t.common.retry }).waitFor();
      await direct.context().close();

      // the provider is back (the school restarted it): the retry goes there
      const up = await startOidcProvider({ redirectUris, accounts: [] });
      try {
        await configure(up);
        await retry.click();
        await page.waitForURL((url) => url.href.startsWith(up.issuer));
      } finally {
        await page.context().close();
        await up.close();
      }
    },
  );
});
