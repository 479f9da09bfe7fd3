import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PUSH_MAX_ATTEMPTS, PUSH_RETRY_BASE_MS, type PushStatusResponse } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { shortKey } from '../apps/web/src/features/push-settings/lib/push-status.ts';
import { screenshotDir } from './browser.ts';
import { findSmallTargets, sidewaysOverflow } from './hit-areas.ts';
import { LOOKS, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

// Issue 23 item 1 (decision 073): the dashboard's Push tab. Admins see whether push is on, the public key, the
// devices and the queue, the school's quiet hours, and set the contact address; superadmins also make a new key
// pair or import one, after a confirmation that says every device must subscribe again. Teachers and pupils
// get no tab.

const journey = setUpJourney({ push: true });
type Texts = typeof de;

const PUSH_PATH = '/dashboard/push';

async function pushStatus(username = 'admin'): Promise<PushStatusResponse> {
  const cookie = await loginAs(journey.portal.base, username);
  const res = await call<PushStatusResponse>(journey.portal.base, '/api/config/firebase-backend', { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The tab's status section, once the status has arrived (while it loads, the section is busy). */
async function statusSection(page: Page, t: Texts = de) {
  const section = page.getByRole('region', { name: t.pushAdmin.status.title, exact: true });
  await section.and(page.locator(':not([aria-busy="true"])')).waitFor();
  return section;
}

/** Switches the push feature on for the school through the settings API, as the settings tab does. */
async function switchPushOn(): Promise<void> {
  const cookie = await loginAs(journey.portal.base, 'admin');
  const settings = await call<Record<string, string>>(journey.portal.base, '/api/config/settings', {
    cookie,
  });
  const features = new Set((settings.body.enabled_features ?? '').split(',').filter(Boolean));
  if (features.has('push')) return;
  const res = await call(journey.portal.base, '/api/config/key/enabled_features', {
    cookie,
    body: { value: [...features, 'push'].join(',') },
  });
  expect(res.status, res.text).toBe(200);
}

/** With push on, a new device gets the quiet offer to subscribe (decision 073); it covers part of the page. */
async function declinePushOffer(page: Page, t: Texts = de): Promise<void> {
  await page.getByRole('button', { name: t.push.offer.notNow }).click();
  await page.getByText(t.push.offer.title).waitFor({ state: 'hidden' });
}

/** A VAPID key pair as a school might bring it: P-256, both halves base64url (RFC 8292). */
function vapidPair(): { publicKey: string; privateKey: string } {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const privateKey = ecdh.getPrivateKey();
    // a private key with a leading zero byte comes out shorter; the contract wants the 32-byte form
    if (privateKey.length === 32)
      return {
        publicKey: ecdh.getPublicKey().toString('base64url'),
        privateKey: privateKey.toString('base64url'),
      };
  }
}

describe('the Push tab for admins (issue 23 item 1)', () => {
  it('an admin finds the tab, sees push off with the key and figures, switches push on in the settings and sees it on', async () => {
    const status = await pushStatus();
    expect(status.enabled).toBe(false);
    expect(status.vapidKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const page = await journey.openSignedIn('admin', '/dashboard/messages');
    const nav = page.getByRole('navigation', { name: de.pages.dashboard });
    await nav.getByRole('link', { name: de.dashboard.tabs.push, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: de.dashboard.tabs.push }).waitFor();
    expect(new URL(page.url()).pathname).toBe(PUSH_PATH);

    const section = await statusSection(page);
    await section.getByText(de.pushAdmin.status.off).waitFor();
    // the key devices subscribe with, shortened; the private key appears nowhere
    await section.getByText(shortKey(status.vapidKey!), { exact: true }).waitFor();
    expect(await page.content()).not.toContain('privateKey');
    // the copy button puts the whole key on the clipboard
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: journey.portal.base,
    });
    await section.getByRole('button', { name: de.pushAdmin.keys.copy }).click();
    await section.getByRole('status').filter({ hasText: de.pushAdmin.keys.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(status.vapidKey);
    // each figure with its number: a fresh school has no devices, nothing queued, nothing sent
    const figures = section.getByRole('definition');
    expect(await figures.allInnerTexts()).toEqual(['0', '0', '0', '0', '0']);
    expect(await section.getByRole('term').allInnerTexts()).toEqual([
      de.pushAdmin.figures.devices,
      de.pushAdmin.figures.queued,
      de.pushAdmin.figures.held,
      de.pushAdmin.figures.sent24h,
      de.pushAdmin.figures.failed24h,
    ]);
    await section.getByText(de.pushAdmin.failure.none).waitFor();

    // the school's quiet hours for pupils, read-only, in the school's time zone
    const quiet = page.getByRole('region', { name: de.pushAdmin.quiet.title, exact: true });
    await quiet
      .getByText(de.pushAdmin.quiet.range.replace('{{start}}', '19:00').replace('{{end}}', '07:00'))
      .waitFor();
    await quiet.getByText('Europe/Berlin', { exact: true }).waitFor();

    // an admin who is no superadmin does not get the key pair, and the server refuses it too
    expect(await page.getByRole('button', { name: de.pushAdmin.keys.confirm.rotate }).count()).toBe(0);
    expect(await page.getByRole('region', { name: de.pushAdmin.keys.title, exact: true }).count()).toBe(0);
    const refused = await call(journey.portal.base, '/api/config/firebase-backend', {
      cookie: await loginAs(journey.portal.base, 'admin'),
      body: { action: 'rotate' },
    });
    expect(refused.status).toBe(403);
    expect((await pushStatus()).vapidKey).toBe(status.vapidKey);

    // the hint leads to the settings, where push is switched on with the other features
    await section.getByRole('link', { name: de.pushAdmin.status.settingsLink }).click();
    await page.getByRole('heading', { level: 1, name: de.dashboard.tabs.settings }).waitFor();
    await page.getByRole('checkbox', { name: de.adminSettings.features.push, exact: true }).check();
    const bar = page.getByRole('region', { name: de.adminSettings.bar.label });
    await bar.getByRole('button', { name: de.adminSettings.bar.save.replace('{{n}}', '1') }).click();
    await bar.getByText(de.adminSettings.bar.none).waitFor();
    await nav.getByRole('link', { name: de.dashboard.tabs.push, exact: true }).click();
    await (await statusSection(page)).getByText(de.pushAdmin.status.on).waitFor();
    expect((await pushStatus()).enabled).toBe(true);

    // the quiet hours link leads to where they are edited; a change there shows here
    await quiet
      .getByRole('link', {
        name: de.pushAdmin.quiet.edit.replace('{{tab}}', de.dashboard.tabs.settings),
      })
      .click();
    await page.getByRole('heading', { level: 1, name: de.dashboard.tabs.settings }).waitFor();
    const start = page.getByRole('combobox', { name: de.adminSettings.keys.push_quiet_start.label });
    expect(await start.inputValue()).toBe('19:00');
    await start.selectOption('20:30');
    await bar.getByRole('button', { name: de.adminSettings.bar.save.replace('{{n}}', '1') }).click();
    await bar.getByText(de.adminSettings.bar.none).waitFor();
    await nav.getByRole('link', { name: de.dashboard.tabs.push, exact: true }).click();
    await quiet
      .getByText(de.pushAdmin.quiet.range.replace('{{start}}', '20:30').replace('{{end}}', '07:00'))
      .waitFor();
    await page.context().close();
  });

  it('a refused contact address keeps the text and says why; a good one is saved with a toast (keyboard only)', async () => {
    const before = (await pushStatus()).contact;
    const page = await journey.openSignedIn('admin', PUSH_PATH);
    await statusSection(page);
    const field = page.getByRole('textbox', { name: de.pushAdmin.contact.label });
    expect(await field.inputValue()).toBe(before);

    await field.focus();
    await field.fill('it@schule.example');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: de.pushAdmin.contact.invalid }).waitFor();
    expect(await field.inputValue()).toBe('it@schule.example');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // canary: nothing went to the server
    expect((await pushStatus()).contact).toBe(before);

    // typing again takes the complaint away; Tab reaches the save button, Enter presses it
    await field.fill('mailto:it@schule.example');
    expect(await page.getByRole('alert').filter({ hasText: de.pushAdmin.contact.invalid }).count()).toBe(0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(de.common.save);
    await page.keyboard.press('Enter');
    await page.getByText(de.pushAdmin.contact.saved).waitFor();
    expect((await pushStatus()).contact).toBe('mailto:it@schule.example');
    expect(await field.inputValue()).toBe('mailto:it@schule.example');
    await page.context().close();
  });

  it('the tab shows its shape while the status loads, and an error with a retry when it fails', async () => {
    const page = await journey.openSignedIn('admin', '/dashboard/messages');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // the first request waits, then it and the client's one quick retry never reach the server
    let failures = 0;
    await page.route('**/api/config/firebase-backend', async (route) => {
      if (failures >= 2) return route.fallback();
      failures += 1;
      if (failures === 1) await held;
      await route.abort('internetdisconnected');
    });
    await page
      .getByRole('navigation', { name: de.pages.dashboard })
      .getByRole('link', { name: de.dashboard.tabs.push, exact: true })
      .click();
    const loading = page.getByRole('region', { name: de.pushAdmin.status.title, exact: true });
    expect(await loading.getAttribute('aria-busy')).toBe('true');
    await loading.getByRole('status').filter({ hasText: de.common.loading }).waitFor();
    release();
    const alert = page.getByRole('alert').filter({ hasText: de.pushAdmin.loadFailed });
    await alert.waitFor();
    // the rest of the tab stays: the quiet hours load on their own
    await page.getByRole('region', { name: de.pushAdmin.quiet.title, exact: true }).waitFor();
    await alert.getByText(de.errors.network).waitFor();
    await alert.getByRole('button', { name: de.common.retry }).click();
    await statusSection(page);
    expect(await alert.count()).toBe(0);
    await page.context().close();
  });
});

describe('the key pair for superadmins (issue 23 item 1)', () => {
  it('a superadmin makes new keys after a confirmation; the public key shown changes', async () => {
    const before = (await pushStatus('superadmin')).vapidKey!;
    const page = await journey.openSignedIn('superadmin', PUSH_PATH);
    const section = await statusSection(page);
    await section.getByText(shortKey(before), { exact: true }).waitFor();
    const rotate = page.getByRole('button', { name: de.pushAdmin.keys.confirm.rotate, exact: true });

    // cancelling changes nothing
    await rotate.click();
    const dialog = page.getByRole('dialog', { name: de.pushAdmin.keys.confirm.rotateTitle });
    await dialog.getByText(de.pushAdmin.keys.confirm.body).waitFor();
    await expectNoSeriousA11yViolations(page, 'rotate confirmation');
    await dialog.getByRole('button', { name: de.common.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await pushStatus('superadmin')).vapidKey).toBe(before);

    await rotate.click();
    await dialog.getByRole('button', { name: de.pushAdmin.keys.confirm.rotate, exact: true }).click();
    await page.getByText(de.pushAdmin.keys.done.rotate).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const after = (await pushStatus('superadmin')).vapidKey!;
    expect(after).not.toBe(before);
    await section.getByText(shortKey(after), { exact: true }).waitFor();
    expect(await section.getByText(shortKey(before), { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('a superadmin imports a key pair; a malformed one is refused in the form and keeps what was typed', async () => {
    const pair = vapidPair();
    const page = await journey.openSignedIn('superadmin', PUSH_PATH);
    const section = await statusSection(page);
    // the status shows a key under the same words; the field is the textbox
    const publicField = page.getByRole('textbox', { name: de.pushAdmin.keys.import.publicKey, exact: true });
    const privateField = page.getByLabel(de.pushAdmin.keys.import.privateKey, { exact: true });
    const importButton = page.getByRole('button', { name: de.pushAdmin.keys.confirm.import, exact: true });

    await publicField.fill(pair.publicKey);
    await privateField.fill('not-a-key');
    await importButton.click();
    await page
      .getByRole('alert')
      .filter({
        hasText: de.pushAdmin.keys.import.invalid.replace('{{fields}}', de.pushAdmin.keys.import.privateKey),
      })
      .waitFor();
    expect(await publicField.inputValue()).toBe(pair.publicKey);
    expect(await privateField.inputValue()).toBe('not-a-key');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await privateField.fill(pair.privateKey);
    await importButton.click();
    const dialog = page.getByRole('dialog', { name: de.pushAdmin.keys.confirm.importTitle });
    await dialog.getByText(de.pushAdmin.keys.confirm.body).waitFor();
    await dialog.getByRole('button', { name: de.pushAdmin.keys.confirm.import, exact: true }).click();
    await page.getByText(de.pushAdmin.keys.done.import).waitFor();
    await section.getByText(shortKey(pair.publicKey), { exact: true }).waitFor();
    expect((await pushStatus('superadmin')).vapidKey).toBe(pair.publicKey);
    // the private key does not stay on the page
    expect(await privateField.inputValue()).toBe('');
    await page.context().close();
  });
});

describe('the figures come from real deliveries (issue 23 items 1 and 6)', () => {
  it('a device that is gone, one that got its push and one whose push service stayed busy show as such', async () => {
    await switchPushOn();
    const key = (await pushStatus()).vapidKey!;
    const svc = journey.push;
    // one teacher, three devices (each its own session): one fine, one removed, one behind a busy push service
    const devices = await Promise.all(
      ['fine', 'gone', 'busy'].map(async () => {
        const cookie = await loginAs(journey.portal.base, 'teacher');
        const token = svc.subscribe(key);
        const res = await call(journey.portal.base, '/api/users/firebase', { cookie, body: { token } });
        expect(res.status, res.text).toBeLessThan(300);
        return { cookie, endpoint: token.endpoint };
      }),
    );
    const [fine, gone, busy] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
    svc.answer(gone.endpoint, { status: 410 });
    const retryAfter = 60;
    svc.answer(busy.endpoint, { status: 429, retryAfter });
    const test = await call(journey.portal.base, '/api/users/firebase/test', {
      cookie: fine.cookie,
      body: {},
    });
    expect(test.status, test.text).toBe(202);

    // the first round (the test call wakes the worker): sent to one, the gone one removed, the busy one waits
    await journey.portal.app.push.drain();
    const waiting = await pushStatus();
    expect(waiting).toMatchObject({ devices: 2, queued: 1, sent24h: 1, failed24h: 0 });
    // a device gone is the last failure shown (not counted as failed: the device is simply removed)
    expect(waiting.lastFailure?.status).toBe(410);

    // the admin has the tab open meanwhile
    const page = await journey.openSignedIn('admin', PUSH_PATH);
    const section = await statusSection(page);
    const figures = section.getByRole('definition');
    const shown = async (expected: PushStatusResponse) =>
      expect
        .poll(() => figures.allInnerTexts())
        .toEqual(
          [expected.devices, expected.queued, expected.held, expected.sent24h, expected.failed24h].map(
            String,
          ),
        );
    await shown(waiting);
    await section.getByText(de.pushAdmin.failure.gone.title, { exact: true }).waitFor();

    // the busy one is tried again after each wait (the clock moves, nothing sleeps) until Aula gives up
    for (let tries = 1; tries < PUSH_MAX_ATTEMPTS; tries++) {
      journey.clock.advance(Math.max(retryAfter * 1000, PUSH_RETRY_BASE_MS * 2 ** (tries - 1)));
      await journey.portal.app.push.drain();
    }
    expect(svc.received(fine.endpoint)).toHaveLength(1);
    const status = await pushStatus();
    expect(status).toMatchObject({ devices: 2, queued: 0, sent24h: 1, failed24h: 1 });
    expect(status.lastFailure?.status).toBe(429);

    // "Aktualisieren" reads the status again
    await section.getByRole('button', { name: de.pushAdmin.status.refresh }).click();
    await shown(status);
    await section
      .getByText(de.pushAdmin.failure.status.replace('{{status}}', '429'), { exact: false })
      .waitFor();
    await section.getByText(de.pushAdmin.failure.busy.title, { exact: true }).waitFor();
    await section.getByText(de.pushAdmin.failure.busy.text).waitFor();
    expect(await section.locator('time').getAttribute('datetime')).toBe(status.lastFailure!.at);
    await declinePushOffer(page);
    await page.screenshot({
      path: `${screenshotDir}/push-admin-deliveries-de-1280-light.png`,
      fullPage: true,
    });
    await page.context().close();
  });
});

describe('who may open the Push tab (decision 018)', () => {
  it.each(['teacher', 'student'])('a %s gets no push tab and no status', async (username) => {
    const page = await journey.openSignedIn(username, PUSH_PATH);
    await page.getByText(de.errors.common.forbidden).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: de.dashboard.tabs.push }).count()).toBe(0);
    expect(await page.getByRole('region', { name: de.pushAdmin.status.title }).count()).toBe(0);
    const res = await call(journey.portal.base, '/api/config/firebase-backend', {
      cookie: await loginAs(journey.portal.base, username),
    });
    expect(res.status).toBe(403);
    await page.context().close();
  });
});

describe('the Push tab in every look (issue 23 item 7)', () => {
  it.each(LOOKS)(
    'reads, fits and passes axe ($locale, $width px, $colorScheme)',
    { timeout: 60_000 },
    async ({ locale, width, colorScheme }) => {
      const t = (locale === 'ar' ? ar : de) as Texts;
      await switchPushOn();
      const page = await journey.openSignedIn('superadmin', PUSH_PATH, {
        locale,
        width,
        colorScheme,
        touch: width === 390,
      });
      await page.getByRole('heading', { level: 1, name: t.dashboard.tabs.push }).waitFor();
      await (await statusSection(page, t)).getByText(t.pushAdmin.status.on).waitFor();
      await page
        .getByRole('region', { name: t.pushAdmin.quiet.title, exact: true })
        .getByText(/\d|[٠-٩]/)
        .first()
        .waitFor();
      await declinePushOffer(page, t);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page)).toEqual([]);
      if (width === 390)
        expect(
          (await findSmallTargets(page, '#main')).map((s) => `${s.element} (${s.width} x ${s.height})`),
        ).toEqual([]);
      await expectNoSeriousA11yViolations(page, `push tab ${locale} ${width}`);
      await page.screenshot({
        path: `${screenshotDir}/push-admin-${locale}-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await page.context().close();
    },
  );
});
