import type { Browser, BrowserContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { generate } from 'otplib';
import { call, loginAs, testClock, type TestApp, type TestClock } from '../apps/server/src/test/test-app.ts';
import { startPushService, type PushServiceStandIn } from '../apps/server/src/test/push-service.ts';
import {
  startBbbServer,
  type TestBbbOptions,
  type TestBbbServer,
} from '../apps/server/src/test/bbb-server.ts';
import {
  DEMO_PASSWORD,
  launch,
  newContext,
  screenshotDir,
  startPortal,
  type CameraMode,
  type ContextOptions,
} from './browser.ts';

/** Fills in and sends the login form as a demo user; the caller waits for what it expects next. */
export async function submitLogin(page: Page, username: string, t = de): Promise<void> {
  await page.getByLabel(t.login.username).fill(username);
  await page.getByLabel(t.login.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
}

/** Signs in as a demo user and waits for the home page. */
export async function signIn(page: Page, username: string, t = de): Promise<void> {
  await submitLogin(page, username, t);
  await page.waitForURL((url) => url.pathname === '/');
}

/** The signed-in user's menu button in the top bar, whoever the user is. */
export const userMenu = (page: Page, t = de) =>
  page.getByRole('button', { name: new RegExp(`^${t.nav.userMenu.replace('{{name}}', '')}`) });

/**
 * Opens the user menu and reads its entries, then closes it. The menu's code may still be on its way
 * (decision 050) and its permission entries come with the permissions: it is read once it is open and
 * no longer busy.
 */
export async function userMenuItems(page: Page, t = de): Promise<string[]> {
  await userMenu(page, t).click();
  await page.locator('[role="menu"]:not([aria-busy="true"])').waitFor();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  return items.map((item) => item.trim());
}

/**
 * axe (WCAG 2.1 A and AA) finds nothing serious or critical on the page once it has settled: running
 * transitions (a toast fading in) end first, as axe would otherwise judge colours halfway through them.
 */
export async function expectNoSeriousA11yViolations(page: Page, where = ''): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    // a page that keeps moving is checked as it is
    .catch(() => undefined);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`.trim()),
  ).toEqual([]);
}

const ALL_LOOKS = (['de', 'ar'] as const).flatMap((locale) =>
  [1280, 390].flatMap((width) =>
    (['light', 'dark'] as const).map((colorScheme) => ({ locale, width, colorScheme })),
  ),
);

/**
 * The looks a page is checked and photographed in (decision 039): in the suite, German on a light desktop
 * and Arabic on a dark phone, which between them cover both directions, both widths and both schemes;
 * `AULA_LOOKS=all` gives the whole matrix of 8 for a developer to look through.
 */
export const LOOKS =
  process.env.AULA_LOOKS === 'all'
    ? ALL_LOOKS
    : ALL_LOOKS.filter(
        (l) =>
          (l.locale === 'de' && l.width === 1280 && l.colorScheme === 'light') ||
          (l.locale === 'ar' && l.width === 390 && l.colorScheme === 'dark'),
      );

export interface OpenOptions extends ContextOptions {
  /** Installs Playwright's fake clock before the page loads, so tests jump over the app's timers. */
  clock?: boolean;
}

export interface Journey {
  readonly portal: TestApp;
  readonly browser: Browser;
  /**
   * The stand-in BigBlueButton server (apps/server/src/test/bbb-server.ts) the school is set up with, when
   * the journey asked for one (`setUpJourney({ bbb: true })`): its meetings, call log and fake participants.
   */
  readonly bbb: TestBbbServer;
  /**
   * The stand-in push service (apps/server/src/test/push-service.ts) the server may deliver to, when the journey
   * asked for one (`setUpJourney({ push: true })`); the server then runs on `clock`, so retries need no waiting.
   */
  readonly push: PushServiceStandIn;
  /** The server's clock (the system time until a journey moves it). */
  readonly clock: TestClock;
  /** A new browser profile (cookies, storage) showing `path`. */
  open(path: string, opts?: OpenOptions): Promise<Page>;
  /**
   * A new profile already signed in as `username` (through POST /api/login, as the login form does; its
   * cookies go into the profile), showing `path`. For journeys whose subject is not the sign-in itself.
   */
  openSignedIn(username: string, path?: string, opts?: OpenOptions): Promise<Page>;
  /** A new profile holding `username`'s session cookies (signed in through POST /api/login), no page yet. */
  signedInContext(username: string, opts?: ContextOptions): Promise<BrowserContext>;
}

/**
 * Stores the school's BigBlueButton settings as an admin does in the dashboard (PUT /api/config/bbb): the
 * stand-in's address, secret and algorithm, allowed past the address guard as it runs on loopback.
 */
export async function configureBbb(portal: TestApp, bbb: TestBbbServer): Promise<void> {
  const res = await call(portal.base, '/api/config/bbb', {
    method: 'PUT',
    cookie: await loginAs(portal.base, 'admin'),
    body: {
      settings: { url: bbb.url, checksumAlgorithm: bbb.algorithm, allowInternal: true },
      secret: bbb.secret,
    },
  });
  expect(res.status, res.text).toBe(200);
}

/**
 * Starts the real server with the demo school and Chromium for the file's tests, and stops them after;
 * `camera` gives Chromium a fake camera, granted or refused (browser.ts `launch`); `bbb` starts a stand-in
 * BigBlueButton server (options: its secret, algorithm, version) and sets the school up with it; `push` starts
 * a stand-in push service the server delivers to, with the server's push worker running as in production.
 */
export function setUpJourney({
  camera,
  bbb: bbbOptions,
  push: pushService = false,
}: { camera?: CameraMode; bbb?: boolean | TestBbbOptions; push?: boolean } = {}): Journey {
  let portal: TestApp | undefined;
  let browser: Browser | undefined;
  let bbb: TestBbbServer | undefined;
  let push: PushServiceStandIn | undefined;
  const clock = testClock();
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    // the server needs the push service's address and certificate when it starts
    push = pushService ? await startPushService() : undefined;
    [portal, browser, bbb] = await Promise.all([
      startPortal({ clock, ...(push ? { push: push.appOptions, pushWorker: true } : {}) }),
      launch({ camera }),
      bbbOptions ? startBbbServer(bbbOptions === true ? {} : bbbOptions) : undefined,
    ]);
    if (bbb) await configureBbb(portal, bbb);
  });
  // a failed journey leaves a picture of every page it had open, to see what the user would have seen
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !browser) return;
    const pages = browser.contexts().flatMap((c) => c.pages());
    const slug = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    for (const [i, page] of pages.entries()) {
      await page.screenshot({ path: `${screenshotDir}/failed-${slug}-${i}.png` }).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    await bbb?.close();
    await push?.close();
  });
  const journey: Journey = {
    get portal() {
      if (!portal) throw new Error('the portal is not started yet');
      return portal;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started yet');
      return browser;
    },
    get bbb() {
      if (!bbb) throw new Error('no stand-in BBB server: setUpJourney({ bbb: true })');
      return bbb;
    },
    get push() {
      if (!push) throw new Error('no stand-in push service: setUpJourney({ push: true })');
      return push;
    },
    clock,
    async open(path, { clock = false, ...opts } = {}) {
      const page = await (await newContext(journey.browser, opts)).newPage();
      if (clock) await page.clock.install();
      await page.goto(journey.portal.base + path);
      return page;
    },
    async openSignedIn(username, path = '/', { clock = false, ...opts } = {}) {
      const page = await (await journey.signedInContext(username, opts)).newPage();
      if (clock) await page.clock.install();
      await page.goto(journey.portal.base + path);
      return page;
    },
    async signedInContext(username, opts = {}) {
      const base = journey.portal.base;
      const cookies = (await loginAs(base, username)).split('; ').map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
      });
      const context = await newContext(journey.browser, opts);
      await context.addCookies(cookies);
      return context;
    },
  };
  return journey;
}

/** Turns 2FA on for a demo user through the HTTP API, as the setup dialog does; returns the seed. */
export async function enableTotp(portal: TestApp, username: string): Promise<string> {
  const cookie = await loginAs(portal.base, username);
  const setup = await call<{ secret: string }>(portal.base, '/api/totp/code', { cookie });
  expect(setup.status).toBe(200);
  const verify = await call(portal.base, '/api/totp/code/verify', {
    cookie,
    body: { code: await generate({ secret: setup.body.secret }), password: DEMO_PASSWORD },
  });
  expect(verify.status).toBe(200);
  return setup.body.secret;
}
