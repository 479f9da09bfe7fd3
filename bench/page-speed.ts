// Page speed in Debian's Chromium against the real server and the built web app on the embedded database
// with the demo school: the JavaScript a page needs before its first useful paint, and how long a
// signed-in student waits for the tiles. Prints figures; nothing here passes or fails.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { openDb } from '../apps/server/src/db/index.ts';
import { loginAs, startTestApp } from '../apps/server/src/test/test-app.ts';
import { DEMO_PASSWORD, launch, newContext } from '../e2e/browser.ts';

const RUNS = 5;
const STUDENT = 'student';

type Figures = Record<string, number>;

/** Measures page speed and returns the figures for the baseline; `webDist` is the built web app. */
export async function measurePageSpeed(webDist: string): Promise<Figures> {
  // Always PGlite in memory, even when DATABASE_URL is set for the load tests: the embedded database is
  // what a school without PostgreSQL runs.
  const database = await openDb({ dataDir: 'memory://' });
  const portal = await startTestApp({ webDist, database });
  const browser = await launch();
  const figures: Figures = {};
  try {
    console.log(`\nPage speed (Chromium, embedded database, demo school, signed in as "${STUDENT}")`);

    const login = await firstPaintJs(await newContext(browser), portal.base + '/login', (page) =>
      page.getByLabel(de.login.username),
    );
    const homeContext = await newContext(browser);
    await signIn(homeContext, portal.base);
    const home = await firstPaintJs(homeContext, portal.base + '/', tileList);
    for (const [label, js] of [
      ['/login', login],
      ['/ (student)', home],
    ] as const) {
      console.log(`first-paint JS ${label}: ${js.files} files, ${js.gzipKB.toFixed(1)} KB gzip`);
      figures[`first-paint JS ${label} files`] = js.files;
      figures[`first-paint JS ${label} gzip KB`] = js.gzipKB;
    }

    const cold = await coldRuns(browser, portal.base);
    const warm = await warmRuns(browser, portal.base);
    for (const [label, runs] of [
      ['cold', cold.samples],
      ['warm', warm.samples],
    ] as const) {
      const note = label === 'warm' ? `, service worker in control: ${warm.controlled ? 'yes' : 'no'}` : '';
      console.log(
        `tiles visible on / (student), ${label}: median ${median(runs)} ms, runs ${runs.join(', ')} ms${note}`,
      );
      figures[`tiles visible / ${label} median ms`] = median(runs);
    }
  } finally {
    await browser.close();
    await portal.close();
    await database.close();
  }
  return figures;
}

const tileList = (page: Page): Locator => page.getByRole('list', { name: de.home.apps });

/** A fresh session for the student, as the cookies a browser keeps after signing in. */
async function signIn(context: BrowserContext, base: string): Promise<void> {
  const cookie = await loginAs(base, STUDENT, DEMO_PASSWORD);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
}

/** The JavaScript responses from navigation until `ready` is visible, each gzipped at level 9. */
async function firstPaintJs(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Locator,
): Promise<{ files: number; gzipKB: number }> {
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer | null>>();
  let painted = false;
  page.on('response', (res) => {
    const isJs = res.request().resourceType() === 'script' || new URL(res.url()).pathname.endsWith('.js');
    if (painted || !isJs || bodies.has(res.url())) return;
    bodies.set(
      res.url(),
      res.body().catch(() => null),
    );
  });
  await page.goto(url);
  await ready(page).waitFor();
  painted = true;
  const loaded = (await Promise.all(bodies.values())).filter((body) => body !== null);
  if (loaded.length < bodies.size)
    console.warn(`${url}: ${bodies.size - loaded.length} JS bodies unreadable`);
  await context.close();
  const bytes = loaded.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return { files: loaded.length, gzipKB: Math.round((bytes / 1024) * 10) / 10 };
}

/**
 * Milliseconds from navigation start to the first frame with the tile list and a tile in it, read inside
 * the page (performance.now() counts from navigation start) so Playwright's round trips are not counted.
 */
async function navigateToTiles(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (name) => {
      const list = document.querySelector(`ul[aria-label="${name}"]`);
      return list?.querySelector('a')?.checkVisibility() ? performance.now() : false;
    },
    de.home.apps,
    { polling: 'raf' },
  );
  // waitForFunction resolves only on a truthy value, so this is the time, never false
  return Math.round(Number(await handle.jsonValue()));
}

/** Each run in a new context: empty cache, service workers blocked. */
async function coldRuns(browser: Browser, base: string): Promise<{ samples: number[] }> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser);
    await signIn(context, base);
    samples.push(await navigateToTiles(await context.newPage(), base + '/'));
    await context.close();
  }
  return { samples };
}

/** One context with service workers allowed: a first navigation fills the caches, the next RUNS count. */
async function warmRuns(browser: Browser, base: string): Promise<{ samples: number[]; controlled: boolean }> {
  // browser.ts's newContext blocks service workers, so this context is made here with the same settings.
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    serviceWorkers: 'allow',
  });
  try {
    await signIn(context, base);
    const page = await context.newPage();
    await navigateToTiles(page, base + '/');
    // The first visit installs the service worker; wait until it controls the page (or give up after 10 s).
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForLoadState('load');
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await navigateToTiles(page, base + '/'));
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    return { samples, controlled };
  } finally {
    await context.close();
  }
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
