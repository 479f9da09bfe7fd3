import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { DEMO_PASSWORD, newContext } from './browser.ts';
import { setUpJourney, signIn } from './journeys.ts';

// Issue 17 item 2: the JavaScript and CSS a page fetches before it is usable, brotli-compressed as served,
// read from the built files the page really requested. Sizes are deterministic, so this is a test.
//
// The goals of issue 34 are 110 KB (/login and the visitor's /) and 130 KB (/ signed in) of JavaScript (issue
// 17 had 100 and 130). Until the start path reaches them, CEILINGS holds what the start path weighs today plus
// a little headroom (decisions 049, 094): it may only go down. Lower a ceiling when a change makes a page lighter.
// DESIGN.md's runtimes alone (React, TanStack Router and Query, i18next) are about 103 KB of it (decision 096).
const GOAL_KB = { login: 110, home: 130, css: 15 };
const CEILING_KB = { login: 146.1, home: 146.1, css: GOAL_KB.css };

const webDist = process.env.AULA_E2E_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/** The size of a built file as it goes over the wire with brotli: its precompressed twin, else compressed here. */
function brotliBytes(path: string): number {
  const file = `${webDist}${path}`;
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

interface Weight {
  js: number;
  css: number;
  files: { path: string; bytes: number }[];
}

/**
 * What the page fetched from this server before its first contentful paint (Chromium's paint timing), once
 * `usable` shows: the JavaScript and CSS the first paint waited for. What loads after it (lazy dialogs, the
 * toaster, the rest of the language, idle prefetches) does not count, however fast it comes.
 */
async function startWeight(page: Page, path: string, usable: string): Promise<Weight> {
  await page.goto(path);
  await page.locator(usable).first().waitFor();
  const paths = await page.evaluate(async () => {
    const paint = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const fcp = list.getEntries().find((entry) => entry.name === 'first-contentful-paint');
        if (fcp) resolve(fcp.startTime);
      }).observe({ type: 'paint', buffered: true });
    });
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < paint)
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /\.(js|css)$/.test(url.pathname))
      .map((url) => url.pathname);
  });
  const files = [...new Set(paths)].map((p) => ({ path: p, bytes: brotliBytes(p) }));
  const sum = (ext: string) => files.filter((f) => f.path.endsWith(ext)).reduce((s, f) => s + f.bytes, 0);
  return { js: sum('.js'), css: sum('.css'), files: files.sort((a, b) => b.bytes - a.bytes) };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The failure message names the largest contributors, so whoever broke the budget sees where to look. */
function contributors(weight: Weight): string {
  return weight.files
    .slice(0, 12)
    .map((f) => `${kb(f.bytes)} KB ${f.path}`)
    .join(', ');
}

function expectWithin(label: string, weight: Weight, jsCeiling: number): void {
  console.log(
    `${label}: ${kb(weight.js)} KB JS (ceiling ${jsCeiling}, goal ${label === '/login' ? GOAL_KB.login : GOAL_KB.home}), ` +
      `${kb(weight.css)} KB CSS, brotli; ${weight.files.length} files: ${contributors(weight)}`,
  );
  expect(weight.files.length, `${label} fetched no JavaScript: the measurement is broken`).toBeGreaterThan(0);
  expect(
    kb(weight.js),
    `${label} JS over ${jsCeiling} KB; largest: ${contributors(weight)}`,
  ).toBeLessThanOrEqual(jsCeiling);
  expect(kb(weight.css), `${label} CSS over ${CEILING_KB.css} KB`).toBeLessThanOrEqual(CEILING_KB.css);
}

describe('first-paint budget (brotli, as served)', () => {
  const journey = setUpJourney();
  const usernameField = 'input[autocomplete="username"]';
  const tiles = 'main ul > li a';

  test('/login', async () => {
    const page = await (await newContext(journey.browser)).newPage();
    const weight = await startWeight(page, journey.portal.base + '/login', usernameField);
    await expect.poll(() => page.getByLabel(de.login.username).isVisible()).toBe(true);
    expectWithin('/login', weight, CEILING_KB.login);
  });

  test('/ as a visitor', async () => {
    const page = await (await newContext(journey.browser)).newPage();
    // the demo school shows tiles to visitors, or sends them to the login page: either is the first screen
    const weight = await startWeight(page, journey.portal.base + '/', `${tiles}, ${usernameField}`);
    expectWithin('/ (visitor)', weight, CEILING_KB.home);
  });

  test('/ signed in as a student', async () => {
    const base = journey.portal.base;
    const context = await journey.signedInContext('student');
    const weight = await startWeight(await context.newPage(), base + '/', tiles);
    expectWithin('/ (student)', weight, CEILING_KB.home);
  });

  test('a first visit shows the tiles with no API call: the page carries the user, the config and the layout', async () => {
    const page = await (await journey.signedInContext('student')).newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path);
    });
    // the three calls fail: only the page's own data can show the tiles
    for (const path of ['/api/self', '/api/config/key', '/api/layout'])
      await page.route(journey.portal.base + path, (route) => route.abort());
    await page.goto(journey.portal.base + '/');
    await page.locator(tiles).first().waitFor();
    expect(await page.getByRole('button', { name: /Sara/ }).isVisible()).toBe(true);
    expect(apiCalls.filter((path) => ['/api/self', '/api/config/key', '/api/layout'].includes(path))).toEqual(
      [],
    );
  });

  test("the language's start-up strings come with the page, fetched once (the preload is used)", async () => {
    const page = await (await journey.signedInContext('student', { locale: 'en-GB' })).newPage();
    await page.goto(journey.portal.base + '/');
    await page.locator(tiles).first().waitFor();
    const timing = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
    );
    const strings = timing.filter((entry) => /_startup_lang-/.test(entry.name));
    const code = timing.find((entry) => /\/assets\/start-.*\.js$/.test(entry.name));
    expect(strings).toHaveLength(1);
    expect(strings[0]!.name).toMatch(/\/en\.json_startup_lang-/);
    // asked for beside the code, not after the code ran (the import found the preload)
    expect(strings[0]!.start).toBeLessThan(code!.end);
  });

  test("a returning pupil whose access token ran out sees her own tiles, not the visitors' (the refresh comes first)", async () => {
    const context = await newContext(journey.browser);
    const page = await context.newPage();
    await page.goto(journey.portal.base + '/login');
    // the home page's last call once it is idle: the chat's unread count for the title (issue 22)
    const idleWorkDone = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/matrix/rooms');
    await signIn(page, 'student');
    await page.getByRole('link', { name: 'Mathe 5a' }).waitFor();
    await idleWorkDone;
    // what 15 minutes away do: the access token no longer names a session, the refresh token still does
    const access = (await context.cookies()).find((cookie) => cookie.name.endsWith('aula_at'))!;
    await context.addCookies([{ ...access, value: 'expired' }]);
    await page.evaluate(() => {
      const [, refresh] = (localStorage.getItem('aula.session') ?? ',').split(',');
      localStorage.setItem('aula.session', `${Date.now() - 1000},${refresh}`);
    });
    // she comes back in a new tab: the old one, left open, would refresh on its own next call, and the return
    // would find nothing to refresh
    await page.close();
    const again = await context.newPage();
    const refreshed = again.waitForResponse((res) => new URL(res.url()).pathname === '/api/login/refresh');
    await again.goto(journey.portal.base + '/');
    expect((await refreshed).status()).toBe(200);
    await again.getByRole('link', { name: 'Mathe 5a' }).waitFor();
    expect(await again.getByRole('button', { name: /Sara/ }).isVisible()).toBe(true);
  });

  test("without the page's data (the service worker's copy) the layout is asked for beside the user info", async () => {
    const page = await (await journey.signedInContext('student')).newPage();
    const plain = await (await fetch(journey.portal.base + '/index.html')).text();
    expect(plain).not.toContain('aula-boot');
    await page.route(journey.portal.base + '/', (route) =>
      route.fulfill({ body: plain, contentType: 'text/html; charset=utf-8' }),
    );
    // the user info is held back until the layout has been asked for: a layout asked for only after the
    // user info came back (a second round trip) never comes, and the wait below fails
    let releaseSelf = () => {};
    const selfHeld = new Promise<void>((resolve) => (releaseSelf = resolve));
    await page.route('**/api/self', async (route) => {
      await selfHeld;
      await route.continue();
    });
    const layouts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/layout') layouts.push(request.url());
    });
    const layoutAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/layout');
    await page.goto(journey.portal.base + '/', { waitUntil: 'commit' });
    await layoutAsked;
    releaseSelf();
    await page.locator(tiles).first().waitFor();
    // and only once: the home page took the early answer
    expect(layouts).toHaveLength(1);
  });

  test('signing in evaluates no string as code: the CSP refuses nothing (zod runs jitless)', async () => {
    const page = await (await newContext(journey.browser)).newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        w.violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    await page.goto(journey.portal.base + '/login');
    // the form parses its request with the contracts' schema (loaded when sent), building zod objects
    await page.getByLabel(de.login.username).fill('student');
    await page.getByLabel(de.login.password).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: de.login.submit }).click();
    await page.locator(tiles).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });

  test('the measurement counts what a page needs: a ceiling one byte under today fails (canary)', async () => {
    const page = await (await newContext(journey.browser)).newPage();
    const weight = await startWeight(page, journey.portal.base + '/login', usernameField);
    expect(() => expectWithin('/login', weight, kb(weight.js) - 0.1)).toThrow(/largest: \d/);
  });
});
