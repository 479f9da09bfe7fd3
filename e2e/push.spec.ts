import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PUSH_TOAST_MS, type PushPayload, type PushSettingsResponse } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import fa from '../apps/web/src/locales/fa.json' with { type: 'json' };
import { startPushService, type PushServiceStandIn } from '../apps/server/src/test/push-service.ts';
import {
  call,
  cookiesFrom,
  loginAs,
  startTestApp,
  userIds,
  type TestApp,
} from '../apps/server/src/test/test-app.ts';
import { launch, screenshotDir } from './browser.ts';
import { LOOKS, expectNoSeriousA11yViolations, userMenu } from './journeys.ts';

// Issue 23 in the browser: the request-push dialog and the permission flow, the quiet offer after sign-in, the
// service worker's notification and its click, the foreground toast (spec 9), denied and unsupported browsers,
// sign-out. The push service is the server helpers' stand-in on loopback (apps/server/src/test/push-service.ts),
// which decrypts what Aula sends, so what reaches the browser here is what a real push service would carry.

const webDist = process.env.AULA_E2E_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
let portal: TestApp;
let browser: Browser;
let svc: PushServiceStandIn;
let ids: Map<string, number>;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  svc = await startPushService();
  [portal, browser] = await Promise.all([
    startTestApp({ webDist, push: svc.appOptions, pushWorker: true }),
    launch(),
  ]);
  ids = await userIds(portal);
  // decision 073: push is off until the school switches it on
  const admin = await loginAs(portal.base, 'admin');
  const settings = await call<Record<string, string>>(portal.base, '/api/config/settings', { cookie: admin });
  const features = settings.body.enabled_features!.split(',').filter(Boolean);
  const res = await call(portal.base, '/api/config/key/enabled_features', {
    cookie: admin,
    body: { value: [...features, 'push'].join(',') },
  });
  expect(res.status, res.text).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await svc?.close();
});

/**
 * Chromium's real pushManager.subscribe() registers with Google's push service (FCM): in Playwright's profiles,
 * which are incognito, it fails at once with "AbortError: Registration failed - permission denied", and in a
 * persistent profile it waits forever for a service this machine cannot reach. So this init script stands in
 * for the browser's registration with its push service, and only for that: PushManager.subscribe and
 * getSubscription hand out a subscription of the stand-in push service (its endpoint and the device keys it
 * decrypts with), kept in this profile's storage as the browser keeps its own. Everything else, the permission,
 * the service worker and its push and notificationclick events, is Chromium's own.
 */
function standInPushRegistration() {
  const STORE = 'e2e.pushSubscription';
  type Stored = { json: { endpoint: string; keys: { p256dh: string; auth: string } }; key: string };
  const w = window as unknown as {
    e2ePushSubscribe(key: string): Promise<Stored['json']>;
    e2ePushForget(endpoint: string): Promise<void>;
  };
  const toBase64Url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const fromBase64Url = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const subscription = ({ json, key }: Stored) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(key).buffer },
    getKey: (name: 'p256dh' | 'auth') => fromBase64Url(json.keys[name]).buffer,
    toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE);
      await w.e2ePushForget(json.endpoint);
      return true;
    },
  });
  const stored = (): Stored | null => JSON.parse(localStorage.getItem(STORE) ?? 'null') as Stored | null;
  PushManager.prototype.getSubscription = async function () {
    const current = stored();
    return (current ? subscription(current) : null) as unknown as PushSubscription;
  };
  // a registration has one subscription: calls that overlap get the same one, as from the browser
  let pending: Promise<Stored> | null = null;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    if (Notification.permission !== 'granted') {
      throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
    }
    const current = stored();
    if (current) return subscription(current) as unknown as PushSubscription;
    const raw = options?.applicationServerKey;
    const key =
      typeof raw === 'string'
        ? raw
        : toBase64Url(new Uint8Array(raw instanceof ArrayBuffer ? raw : (raw as Uint8Array).buffer));
    pending ??= w
      .e2ePushSubscribe(key)
      .then((json) => {
        const entry = { json, key };
        localStorage.setItem(STORE, JSON.stringify(entry));
        return entry;
      })
      .finally(() => (pending = null));
    return subscription(await pending) as unknown as PushSubscription;
  };
}

interface PushPageOptions {
  locale?: 'de' | 'ar' | 'fa';
  width?: number;
  colorScheme?: 'light' | 'dark';
  /** grant the notification permission up front (a user who allowed it before) */
  granted?: boolean;
  clock?: boolean;
  /** another browser (one that answers every prompt with "block") */
  inBrowser?: Browser;
  userAgent?: string;
  /** the session's cookies, when not a plain sign-in as `username` (impersonation) */
  cookie?: string;
}

/** A signed-in profile that allows service workers, with the stand-in push registration. */
async function pushContext(username: string, opts: PushPageOptions = {}): Promise<BrowserContext> {
  const width = opts.width ?? 1280;
  const context = await (opts.inBrowser ?? browser).newContext({
    locale: opts.locale === 'ar' || opts.locale === 'fa' ? opts.locale : 'de-DE',
    viewport: { width, height: width <= 480 ? 844 : 800 },
    colorScheme: opts.colorScheme ?? 'light',
    serviceWorkers: 'allow',
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
  const cookie = opts.cookie ?? (await loginAs(portal.base, username));
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: portal.base };
    }),
  );
  if (opts.granted) await context.grantPermissions(['notifications'], { origin: portal.base });
  await context.exposeFunction('e2ePushSubscribe', (key: string) => svc.subscribe(key));
  await context.exposeFunction('e2ePushForget', (endpoint: string) => svc.forget(endpoint));
  await context.addInitScript(standInPushRegistration);
  return context;
}

async function openPushPage(username: string, path: string, opts: PushPageOptions = {}): Promise<Page> {
  const page = await (await pushContext(username, opts)).newPage();
  if (opts.clock) await page.clock.install();
  await page.goto(portal.base + path);
  return page;
}

/** The app registers its service worker after the first paint and installs the whole app shell first. */
const workerReady = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);

const dialogOf = (page: Page, t = de) => page.getByRole('dialog', { name: t.dialogs.requestPush });

async function api<T>(username: string, path: string, opts: { method?: string; body?: unknown } = {}) {
  return call<T>(portal.base, path, { cookie: await loginAs(portal.base, username), ...opts });
}

/** The page's own call, with its session: what the server knows about this user's devices. */
const devicesSeenBy = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/users/firebase/settings', { headers: { accept: 'application/json' } });
    return ((await res.json()) as PushSettingsResponse).devices;
  });

/**
 * Subscribes through the dialog, as a user does: the explanation, the button, the browser's permission (granted
 * by the profile). The dialog is open from the first load, so the silent renewal leaves the work to its button.
 */
async function subscribeThroughDialog(username: string): Promise<Page> {
  const page = await openPushPage(username, '/?dialog=request-push', { granted: true });
  await workerReady(page);
  const dialog = dialogOf(page);
  await dialog.getByRole('button', { name: de.push.allow }).click();
  await dialog.getByText(de.push.enabled).waitFor();
  return page;
}

/** The service worker's registration id for ServiceWorker.deliverPushMessage. */
async function pushTo(page: Page): Promise<(payload: PushPayload | string) => Promise<void>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.some((r) => !r.isDeleted && r.scopeURL === `${portal.base}/`))
    .toBe(true);
  const { registrationId } = registrations.find((r) => !r.isDeleted && r.scopeURL === `${portal.base}/`)!;
  return async (payload) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${portal.base}/`,
      registrationId,
      // a string is the push's raw data, as a push service may deliver it (not Aula's JSON)
      data: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  };
}

/** Records what the tab answers the service worker through its MessageChannel ("shown", "suppressed", "opened"). */
function recordAnswers() {
  const w = window as unknown as { e2eAnswers: unknown[] };
  w.e2eAnswers = [];
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: [unknown]) {
    if (typeof args[0] === 'string') w.e2eAnswers.push(args[0]);
    return post.apply(this, args);
  } as typeof post;
}
const answers = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eAnswers: unknown[] }).e2eAnswers);

const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    })),
  );

/**
 * A real chat push from the server: the teacher writes to the user, who has no Aula tab open (the server holds
 * a chat push for someone with an open tab, decision 073; nobody in this file opens one as `username` before).
 */
async function chatPushFor(username: string): Promise<PushPayload & { roomId: number }> {
  const cookie = await loginAs(portal.base, username);
  const config = await call<{ vapidKey: string }>(portal.base, '/api/config/firebase', { cookie });
  // a phone of the user's, subscribed at the push service: the push the server sends it is decrypted there
  const device = svc.subscribe(config.body.vapidKey);
  const stored = await call(portal.base, '/api/users/firebase', { cookie, body: { token: device } });
  expect(stored.status, stored.text).toBe(204);
  const room = await api<{ id: number }>('teacher', '/api/matrix/privateroom', {
    body: { userId: ids.get(username) },
  });
  expect(room.status, room.text).toBe(200);
  const before = svc.received().length;
  const sent = await api('teacher', `/api/matrix/${room.body.id}/messages`, {
    body: { body: 'Bitte die Liste mitbringen', clientId: `e2epush${Date.now().toString(36)}` },
  });
  expect(sent.status, sent.text).toBeLessThan(300);
  // only this device gets a push for the message: the stand-in's next accepted push is it
  await svc.waitForReceived(before + 1);
  const [push] = svc.received(device.endpoint);
  expect(push, 'the chat push went to this device').toBeDefined();
  return { ...(push!.payload as PushPayload), roomId: room.body.id };
}

describe('the request-push dialog (spec 2.5, 2.6)', () => {
  it('explains what Aula sends and the school’s quiet hours before the browser asks anything', async () => {
    const page = await openPushPage('student', '/?dialog=request-push');
    const dialog = dialogOf(page);
    await dialog.getByText(de.push.kinds.chat).waitFor();
    for (const kind of ['chat', 'message', 'video'] as const) {
      await expect.poll(() => dialog.getByText(de.push.kinds[kind]).isVisible()).toBe(true);
    }
    // sick notices are for teachers and above
    expect(await dialog.getByText(de.push.kinds.sick).count()).toBe(0);
    await dialog
      .getByText(de.push.schoolQuiet.replace('{{start}}', '19:00').replace('{{end}}', '07:00'))
      .waitFor();
    await dialog.getByRole('button', { name: de.push.allow }).waitFor();
    // opening the dialog asked nothing: the browser's prompt comes only with the button
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await expectNoSeriousA11yViolations(page, 'request-push');
    await page.context().close();
  });

  it('a teacher is told about sick notices too, and that the school’s quiet hours are for pupils', async () => {
    const page = await openPushPage('teacher', '/?dialog=request-push');
    const dialog = dialogOf(page);
    await dialog.getByText(de.push.kinds.sick).waitFor();
    await dialog.getByText(de.push.noSchoolQuiet).waitFor();
    await page.context().close();
  });

  it.each([
    { locale: 'ar', t: ar },
    { locale: 'fa', t: fa },
  ] as const)(
    'writes quiet times in the language’s digits ($locale, 390 px), in the text and the choices; values stay HH:MM',
    async ({ locale, t }) => {
      const page = await openPushPage('student', '/?dialog=request-push', {
        locale,
        width: 390,
        granted: true,
      });
      const dialog = dialogOf(page, t);
      // what this browser writes for the time (CLDR decides the digits, as in the admin panel)
      const timeIn = (time: string) =>
        page.evaluate(
          ([hhmm, lang]) => {
            const [h, m] = hhmm!.split(':').map(Number);
            const format = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' } as const;
            return new Intl.DateTimeFormat(lang, format).format(Date.UTC(2000, 0, 1, h, m));
          },
          [time, locale],
        );
      const [start, end] = [await timeIn('19:00'), await timeIn('07:00')];
      // Persian digits in fa; Chromium's CLDR writes Arabic with Latin ones, as the admin panel shows them
      if (locale === 'fa') expect(start).toBe('۱۹:۰۰');
      await dialog
        .getByText(t.push.schoolQuiet.replace('{{start}}', start).replace('{{end}}', end))
        .waitFor();
      await page.screenshot({ path: `${screenshotDir}/push-dialog-quiet-${locale}-390-light.png` });
      await workerReady(page);
      await dialog.getByRole('button', { name: t.push.allow }).click();
      await dialog.getByText(t.push.enabled).waitFor();
      const choice = dialog.getByLabel(t.push.settings.quietStart).locator('option[value="19:00"]');
      expect(await choice.textContent()).toBe(start);
      await page.screenshot({
        path: `${screenshotDir}/push-dialog-quiet-subscribed-${locale}-390-light.png`,
        fullPage: true,
      });
      await dialog.getByRole('button', { name: t.push.turnOff }).click();
      await dialog.getByRole('button', { name: t.push.allow }).waitFor();
      await page.context().close();
    },
  );

  it.each(LOOKS)(
    'looks right in $locale at $width px ($colorScheme), explaining and subscribed',
    async ({ locale, width, colorScheme }) => {
      const t = locale === 'ar' ? ar : de;
      const page = await openPushPage('teacher', '/?dialog=request-push', {
        locale,
        width,
        colorScheme,
        granted: true,
      });
      const dialog = dialogOf(page, t);
      await dialog.getByRole('button', { name: t.push.allow }).waitFor();
      await page.screenshot({ path: `${screenshotDir}/push-dialog-${locale}-${width}-${colorScheme}.png` });
      await workerReady(page);
      await dialog.getByRole('button', { name: t.push.allow }).click();
      await dialog.getByText(t.push.enabled).waitFor();
      await expectNoSeriousA11yViolations(page, `request-push subscribed ${locale} ${width}`);
      await page.screenshot({
        path: `${screenshotDir}/push-dialog-subscribed-${locale}-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await dialog.getByRole('button', { name: t.push.turnOff }).click();
      await dialog.getByRole('button', { name: t.push.allow }).waitFor();
      await page.context().close();
    },
  );
});

describe('subscribing on this device (spec 7.1)', () => {
  it('the permission flow subscribes; the server stores the device and its test push reaches the push service, encrypted for it', async () => {
    const page = await subscribeThroughDialog('student');
    expect(await devicesSeenBy(page)).toBe(1);
    const before = svc.received().length;
    const dialog = dialogOf(page);
    await dialog.getByRole('button', { name: de.push.test }).click();
    await dialog.getByText(de.push.testSent_one.replace('{{count}}', '1')).waitFor();
    await svc.waitForReceived(before + 1);
    const [push] = svc.received().slice(before);
    // the stand-in decrypted it with the keys this browser subscribed with (RFC 8291)
    expect(push!.payload).toMatchObject({ kind: 'test', url: '/', tag: 'test' });
    expect((push!.payload as PushPayload).title).not.toBe('');

    // own settings: a kind off and own quiet hours, kept by the server
    await dialog.getByRole('switch', { name: de.push.kinds.video }).uncheck();
    await dialog.getByLabel(de.push.settings.quietStart, { exact: true }).selectOption('21:00');
    await dialog.getByLabel(de.push.settings.quietEnd, { exact: true }).selectOption('06:30');
    await dialog.getByRole('button', { name: de.common.save }).click();
    await page.getByText(de.push.settings.saved).waitFor();
    const saved = await api<PushSettingsResponse>('student', '/api/users/firebase/settings');
    expect(saved.body.kinds.video).toBe(false);
    expect(saved.body.quiet).toEqual({ start: '21:00', end: '06:30' });

    // "turn off on this device": the server forgets it, the browser unsubscribes
    await dialog.getByRole('button', { name: de.push.turnOff }).click();
    await dialog.getByRole('button', { name: de.push.allow }).waitFor();
    expect(await devicesSeenBy(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('e2e.pushSubscription'))).toBeNull();
    // remembered on this device (hashed), so the next sign-in does not renew it though the permission stays
    const memo = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('aula.pushOffer') ?? '{}') as { off?: string[] });
    expect((await memo()).off).toEqual([expect.stringMatching(/^[0-9a-f]{24}$/)]);
    await dialog.getByRole('button', { name: de.push.allow }).click();
    await dialog.getByText(de.push.enabled).waitFor();
    await expect.poll(async () => (await memo()).off).toEqual([]);
    expect(await devicesSeenBy(page)).toBe(1);
    await page.context().close();
  });

  it('with the permission granted before, signing in renews the subscription silently', async () => {
    // the pupil's devices from other sessions (earlier tests) count too
    const others = (await api<PushSettingsResponse>('student', '/api/users/firebase/settings')).body.devices;
    const context = await pushContext('student', { granted: true });
    const page = await context.newPage();
    const renewal = () =>
      page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/users/firebase' && res.request().method() === 'POST',
      );
    // the permission was given on an earlier visit: no dialog, no prompt, no offer
    let renewed = renewal();
    await page.goto(`${portal.base}/`);
    expect((await renewed).status()).toBe(204);
    expect(await devicesSeenBy(page)).toBe(others + 1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // the server ended that session's devices (a key rotation, an expiry): the next visit subscribes again
    const deleted = await page.evaluate(async () => {
      const { json } = JSON.parse(localStorage.getItem('e2e.pushSubscription')!) as {
        json: { endpoint: string };
      };
      const res = await fetch('/api/users/firebase', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', 'x-aula-csrf': '1' },
        body: JSON.stringify({ token: { endpoint: json.endpoint } }),
      });
      return res.status;
    });
    expect(deleted).toBe(204);
    expect(await devicesSeenBy(page)).toBe(others);
    renewed = renewal();
    await page.reload();
    expect((await renewed).status()).toBe(204);
    expect(await devicesSeenBy(page)).toBe(others + 1);
    expect(await page.getByText(de.push.offer.title).count()).toBe(0);
    await context.close();
  });

  it('signing out unsubscribes this browser, and the server forgets the device', async () => {
    const page = await subscribeThroughDialog('teacher');
    expect(await devicesSeenBy(page)).toBe(1);
    await page.keyboard.press('Escape');
    await page.goto(`${portal.base}/?dialog=logout`);
    await page
      .getByRole('dialog', { name: de.logout.confirmTitle })
      .getByRole('button', { name: de.nav.signOut })
      .click();
    await page.getByRole('dialog', { name: de.logout.doneTitle }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('e2e.pushSubscription'))).toBeNull();
    const settings = await api<PushSettingsResponse>('teacher', '/api/users/firebase/settings');
    expect(settings.body.devices).toBe(0);
    await page.context().close();
  });

  it('signing out before the push code has loaded unsubscribes this browser all the same', async () => {
    const page = await subscribeThroughDialog('teacher');
    await page.keyboard.press('Escape');
    // the next page loads its push code once idle (requestIdleCallback): a page that is never idle holds it
    // back, as a busy phone does while the user already signs out
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto(`${portal.base}/?dialog=logout`);
    await page
      .getByRole('dialog', { name: de.logout.confirmTitle })
      .getByRole('button', { name: de.nav.signOut })
      .click();
    await page.getByRole('dialog', { name: de.logout.doneTitle }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('e2e.pushSubscription'))).toBeNull();
    const settings = await api<PushSettingsResponse>('teacher', '/api/users/firebase/settings');
    expect(settings.body.devices).toBe(0);
    await page.context().close();
  });
});

describe('after sign-in (spec 4.2)', () => {
  it('offers push quietly, never with the browser’s prompt; “Nicht jetzt” is remembered on this device', async () => {
    const context = await pushContext('student');
    const page = await context.newPage();
    await page.goto(`${portal.base}/`);
    const offer = page.getByText(de.push.offer.title);
    await offer.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await expectNoSeriousA11yViolations(page, 'push offer');
    await page.screenshot({ path: `${screenshotDir}/push-offer-de-1280-light.png` });
    await page.getByRole('button', { name: de.push.offer.notNow }).click();
    await offer.waitFor({ state: 'hidden' });
    const memo = await page.evaluate(() => localStorage.getItem('aula.pushOffer'));
    // a hashed name: neither the user's id nor the device's
    expect(Object.keys((JSON.parse(memo!) as { offer: object }).offer)).toEqual([
      expect.stringMatching(/^[0-9a-f]{24}$/),
    ]);
    await context.close();
  });

  it('a push config that cannot be loaded is logged and toasted (spec 8)', async () => {
    const context = await pushContext('student');
    const page = await context.newPage();
    // the connection breaks on the way (the server itself answers fine): what a dead network looks like
    await page.route('**/api/config/firebase', (route) => route.abort('connectionfailed'));
    const logged = page.waitForEvent(
      'console',
      (message) =>
        message.type() === 'error' && message.text().includes('Push configuration could not be loaded'),
    );
    await page.goto(`${portal.base}/`);
    await logged;
    await page.getByText(de.push.configFailed).waitFor();
    expect(await page.getByText(de.push.offer.title).count()).toBe(0);
    await context.close();
  });

  it('its action opens the dialog, which explains before anything is asked', async () => {
    const page = await openPushPage('teacher', '/');
    await page.getByRole('button', { name: de.push.offer.accept }).click();
    await dialogOf(page).getByRole('button', { name: de.push.allow }).waitFor();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.context().close();
  });
});

describe('the service worker (issue 23 item 5)', () => {
  let payload: PushPayload & { roomId: number };
  beforeAll(async () => {
    payload = await chatPushFor('admin');
  });

  it('shows a notification when no Aula tab is focused, and its click opens the chat in the open tab', async () => {
    expect(payload).toMatchObject({ kind: 'chat', url: `/app/chat?room=${payload.roomId}` });
    const context = await pushContext('admin', { granted: true });
    const page = await context.newPage();
    const setUp = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/config/firebase');
    await page.goto(`${portal.base}/`);
    await workerReady(page);
    await setUp;
    const deliver = await pushTo(page);
    // the tab opens the link with its router, not by loading the page anew (the worker's fallback)
    await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
    // another tab in front: the Aula tab is open but not focused (Playwright fakes focus unless told not to)
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const other = await context.newPage();
    await other.bringToFront();
    await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false);

    await deliver(payload);
    await expect
      .poll(() => notifications(page))
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

    // Chromium has no way to click a notification from a test (no DevTools command; headless shows none; WPT
    // issue 51125), so the service worker is handed the click event its notification would get. A script-made
    // event cannot keep the worker alive (waitUntil refuses it) nor focus a window (that needs a real click),
    // so this proves the rest: the notification closes, and the open tab is asked to show the chat.
    const worker = context.serviceWorkers().find((w) => w.url() === `${portal.base}/sw.js`)!;
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL((url) => url.pathname === '/app/chat' && url.search === `?room=${payload.roomId}`);
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(
      true,
    );
    expect(await notifications(page)).toEqual([]);
    await context.close();
  });

  it('a focused tab gets a toast for 5000 ms with “zum Chat”; on the chat page other kinds only', async () => {
    const page = await (await pushContext('admin', { granted: true })).newPage();
    await page.addInitScript(recordAnswers);
    let setUp = false;
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/config/firebase') setUp = true;
    });
    await page.clock.install();
    await page.goto(`${portal.base}/`);
    await workerReady(page);
    // the push code loads once the page is idle (requestIdleCallback, under the test clock here)
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return setUp;
      })
      .toBe(true);
    const deliver = await pushTo(page);
    await page.evaluate(() => {
      const w = window as unknown as { e2eMessages: number };
      w.e2eMessages = 0;
      navigator.serviceWorker.addEventListener('message', () => (w.e2eMessages += 1));
    });
    // the worker's message has reached the page (and its own listener, which came first)
    const arrived = (count: number) =>
      expect
        .poll(() => page.evaluate(() => (window as unknown as { e2eMessages: number }).e2eMessages))
        .toBe(count);
    const toast = page.getByRole('listitem').filter({ hasText: payload.title });

    await deliver(payload);
    await arrived(1);
    await toast.getByRole('button', { name: de.push.toast.toChat }).waitFor();
    await toast.getByText(payload.body).waitFor();
    expect(await notifications(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/push-toast-de-1280-light.png` });
    await page.clock.runFor(PUSH_TOAST_MS - 500);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(1_000);
    await toast.waitFor({ state: 'hidden' });

    await deliver(payload);
    await arrived(2);
    await toast.getByRole('button', { name: de.push.toast.toChat }).click();
    await page.waitForURL((url) => url.pathname === '/app/chat' && url.search === `?room=${payload.roomId}`);
    await toast.waitFor({ state: 'hidden' });

    // on the chat page a push of another kind still comes as a toast (spec 9 holds back chat pushes only)
    const sick: PushPayload = {
      kind: 'sick',
      title: 'Neue Krankmeldung (E2E)',
      body: 'Für eine deiner Klassen',
      url: '/app/sick',
      tag: 'sick-e2e',
    };
    await deliver(sick);
    await arrived(3);
    const sickToast = page.getByRole('listitem').filter({ hasText: sick.title });
    await sickToast.getByRole('button', { name: de.push.toast.open }).waitFor();
    await expect.poll(() => answers(page)).toEqual(['shown', 'shown', 'shown']);
    // a chat push there is not: the tab has decided (its answer) with the toaster loaded, and shows nothing
    await deliver(payload);
    await arrived(4);
    await expect.poll(() => answers(page)).toEqual(['shown', 'shown', 'shown', 'suppressed']);
    expect(await toast.count()).toBe(0);
    expect(await notifications(page)).toEqual([]);
    await page.context().close();
  });

  it('a focused tab without Aula’s push code running (signed out) gets a notification, not nothing', async () => {
    const context = await pushContext('admin', { granted: true });
    await context.clearCookies();
    const page = await context.newPage();
    await page.addInitScript(recordAnswers);
    await page.goto(`${portal.base}/`);
    await workerReady(page);
    const deliver = await pushTo(page);
    expect(await page.evaluate(() => document.hasFocus())).toBe(true);

    await deliver(payload);
    await expect
      .poll(() => notifications(page))
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);
    // nobody answered the worker: it showed the notification after its wait
    expect(await answers(page)).toEqual([]);

    // a push whose data is not Aula's gets a plain notice leading to the start page (not the browser's own)
    await deliver('not json');
    await expect
      .poll(async () => (await notifications(page)).find((n) => n.title === 'Aula'))
      .toEqual({ title: 'Aula', body: '', tag: '', data: { url: '/' } });
    await context.close();
  });
});

describe('browsers that cannot or may not (issue 23 item 2)', () => {
  it('a superadmin impersonating a pupil is told push cannot be set up, and this browser subscribes to nothing', async () => {
    const start = await call(portal.base, `/api/users/impersonate/${ids.get('student')}`, {
      cookie: await loginAs(portal.base, 'superadmin'),
      body: { reason: 'Hilfe bei den Benachrichtigungen' },
    });
    expect(start.status, start.text).toBe(200);
    const context = await pushContext('student', { granted: true, cookie: cookiesFrom(start) });
    const page = await context.newPage();
    const subscribing: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/users/firebase') subscribing.push(req.method());
    });
    await page.goto(`${portal.base}/?dialog=request-push`);
    await workerReady(page);
    const dialog = dialogOf(page);
    await dialog.getByText(de.areaErrors.push.impersonating).waitFor();
    expect(await dialog.getByRole('button', { name: de.push.allow }).count()).toBe(0);
    // the pupil's pushes must not reach the superadmin's browser: no renewal either, though permission is granted
    await page.reload();
    await dialog.getByText(de.areaErrors.push.impersonating).waitFor();
    expect(subscribing).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('e2e.pushSubscription'))).toBeNull();
    await context.close();
  });

  it('a blocked permission gets a clear message, and Aula keeps working', async () => {
    const blocking = await launch({ camera: 'refused' });
    try {
      const page = await openPushPage('student', '/?dialog=request-push', { inBrowser: blocking });
      await workerReady(page);
      const dialog = dialogOf(page);
      await dialog.getByRole('button', { name: de.push.allow }).click();
      await dialog.getByText(de.push.denied).waitFor();
      await dialog.getByText(de.push.deniedHow).waitFor();
      await expectNoSeriousA11yViolations(page, 'request-push denied');
      await page.screenshot({ path: `${screenshotDir}/push-dialog-denied-de-1280-light.png` });
      await dialog.getByRole('button', { name: de.common.close, exact: true }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('main').waitFor();
    } finally {
      await blocking.close();
    }
  });

  it('an iPhone outside the installed app is told to install Aula first, with the way to it', async () => {
    const page = await openPushPage('student', '/', {
      width: 390,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    // Safari there has no notifications outside the installed app; the menu offers the way to them anyway
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: de.dialogs.requestPush }).click();
    const dialog = dialogOf(page);
    await dialog.getByText(de.push.installFirst).waitFor();
    await dialog.getByRole('button', { name: de.push.install }).click();
    await page.getByRole('dialog', { name: de.pwa.install.title }).waitFor();
    await page.context().close();
  });
});
