// Page speed in Debian's Chromium against the real server (its own process, embedded database, demo school)
// and the built web app: the JavaScript a page needs before its first useful paint, how long a signed-in
// student waits for the tiles (on this machine, and on a throttled phone side by side with a bare React
// page), and Lighthouse's scores (lighthouse.ts). Prints figures; nothing here passes or fails.
//
// Alone: node --import tsx bench/page-speed.ts [checkout] [web-dist], which measures the server of another
// checkout (a git worktree of an older commit, say) with this bench, and its apps/web/dist unless told;
// build the web app first. --lighthouse-only runs Lighthouse alone (and the bare page); --compare
// <other-web-dist> [--compare-checkout <checkout>] runs it on two portals at once, each its own server
// process, the runs interleaved across both, and prints them side by side (README.md).
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loginAs } from '../apps/server/src/test/test-app.ts';
import { DEMO_PASSWORD, launch, newContext } from '../e2e/browser.ts';
import { buildBarePage, serveBarePage } from './bare-page/serve.ts';
import { compareLighthouse, type LighthouseBuild, runLighthouse } from './lighthouse.ts';
import { freePort, waitForHealth } from './server-process.ts';

const RUNS = 5;
const STUDENT = 'student';
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
// The tile list by its accessible name in German (home.apps); the bare page uses the same.
const TILE_LIST = 'ul[aria-label="Apps"]';
const USERNAME_FIELD = 'input[name="username"]';
// The phone of issue 17: CDP throttling at 1.6 Mbit/s down, 750 kbit/s up, 150 ms added to every request,
// and the CPU slowed down 4x; a Lighthouse-sized screen (Moto G Power).
const MOBILE = { downKbit: 1600, upKbit: 750, rttMs: 150, cpuRate: 4 };
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const GOAL_COLD_RATIO = 1.25;
const GOAL_WARM_MS = 1000;
const TIMEOUT_MS = 60_000;

type Figures = Record<string, number>;

interface Portal {
  base: string;
  close: () => Promise<void>;
}

/**
 * Measures page speed and returns the figures for the baseline; `webDist` is the built web app, and
 * `serverRoot` the checkout whose server runs (this one unless told).
 */
export async function measurePageSpeed(webDist: string, serverRoot = REPO_ROOT): Promise<Figures> {
  const portal = await startPortal(webDist, serverRoot);
  const bareDir = mkdtempSync(join(tmpdir(), 'aula-bare-page-'));
  let browser: Browser | undefined;
  let bare: Portal | undefined;
  const figures: Figures = {};
  try {
    browser = await launch();
    console.log(`\nPage speed (Chromium, embedded database, demo school, signed in as "${STUDENT}")`);

    const login = await firstPaintJs(await newContext(browser), portal.base + '/login', USERNAME_FIELD);
    const homeContext = await newContext(browser);
    await signIn(homeContext, portal.base);
    const home = await firstPaintJs(homeContext, portal.base + '/', TILE_LIST + ' a');
    for (const [label, js] of [
      ['/login', login],
      ['/ (student)', home],
    ] as const) {
      console.log(`first-paint JS ${label}: ${js.files} files, ${js.gzipKB.toFixed(1)} KB gzip`);
      figures[`first-paint JS ${label} files`] = js.files;
      figures[`first-paint JS ${label} gzip KB`] = js.gzipKB;
    }

    // On this machine, unthrottled (the figures of the baseline before issue 17).
    const cold = await coldRuns(() => newContext(browser!), portal.base, true);
    const warm = await warmRuns(() => serviceWorkerContext(browser!, {}), portal.base, true);
    printRuns('tiles visible on / (student), cold', cold.samples);
    printRuns('tiles visible on / (student), warm', warm.samples, warm.controlled);
    figures['tiles visible / cold median ms'] = median(cold.samples);
    figures['tiles visible / warm median ms'] = median(warm.samples);

    const tileCount = await countTiles(browser, portal.base);
    await buildBarePage(bareDir);
    bare = await serveBarePage(bareDir, tileCount);
    Object.assign(figures, await mobileTimeToTiles(browser, portal.base, bare.base, tileCount));
    await browser.close();
    browser = undefined;

    Object.assign(
      figures,
      await runLighthouse([
        { label: '/ (visitor)', url: portal.base + '/' },
        { label: '/login', url: portal.base + '/login' },
        {
          label: '/ (student)',
          url: portal.base + '/',
          cookie: () => loginAs(portal.base, STUDENT, DEMO_PASSWORD),
        },
        { label: 'bare page', url: bare.base + '/' },
      ]),
    );
  } finally {
    await browser?.close();
    await bare?.close();
    await portal.close();
    rmSync(bareDir, { recursive: true, force: true });
  }
  return figures;
}

/** The server as `npm start` runs it, in its own process so that it does not share the bench's CPU time. */
async function startPortal(webDist: string, root: string): Promise<Portal> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Always PGlite in memory, even when DATABASE_URL is set for the load tests: the embedded database is
    // what a school without PostgreSQL runs.
    AULA_DATA_DIR: 'memory://',
    AULA_SECRET_KEY: randomBytes(32).toString('hex'),
    AULA_DEMO_PASSWORD: DEMO_PASSWORD,
    AULA_WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const server = spawn(
    process.execPath,
    ['--env-file=apps/server/thread-pool.env', '--import', 'tsx', 'apps/server/src/main.ts'],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise((done) => server.once('exit', done));
  const close = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    // a cold start (tsx compiling the server) takes over 30 s when the 2 cores are busy with other work
    await waitForHealth(base, 180);
  } catch (err) {
    await close();
    throw err;
  }
  return { base, close };
}

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

/** browser.ts's newContext blocks service workers; this one allows them, with the same settings otherwise. */
function serviceWorkerContext(
  browser: Browser,
  device: Partial<typeof PHONE>,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  return browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    ...device,
    serviceWorkers,
  });
}

/** The JavaScript responses from navigation until `ready` is visible, each gzipped at level 9. */
async function firstPaintJs(
  context: BrowserContext,
  url: string,
  ready: string,
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
  await page.locator(ready).first().waitFor();
  painted = true;
  const loaded = (await Promise.all(bodies.values())).filter((body) => body !== null);
  if (loaded.length < bodies.size)
    console.warn(`${url}: ${bodies.size - loaded.length} JS bodies unreadable`);
  await context.close();
  const bytes = loaded.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return { files: loaded.length, gzipKB: Math.round((bytes / 1024) * 10) / 10 };
}

/** How many tiles the student's home page shows: the bare page renders as many. */
async function countTiles(browser: Browser, base: string): Promise<number> {
  const context = await newContext(browser);
  try {
    await signIn(context, base);
    const page = await context.newPage();
    await page.goto(base + '/');
    await page
      .locator(TILE_LIST + ' a')
      .first()
      .waitFor();
    return await page.locator(TILE_LIST + ' > li').count();
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from navigation start to the first frame with the tile list and a tile in it, read inside
 * the page (performance.now() counts from navigation start) so Playwright's round trips are not counted.
 */
async function navigateToTiles(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  const handle = await page.waitForFunction(
    (selector) => (document.querySelector(`${selector} a`)?.checkVisibility() ? performance.now() : false),
    TILE_LIST,
    { polling: 'raf', timeout: TIMEOUT_MS },
  );
  // waitForFunction resolves only on a truthy value, so this is the time, never false
  return Math.round(Number(await handle.jsonValue()));
}

/** The phone of issue 17 on this page: network and CPU throttled through the DevTools protocol. */
async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.rttMs,
    downloadThroughput: (MOBILE.downKbit * 1000) / 8,
    uploadThroughput: (MOBILE.upKbit * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuRate });
  return cdp;
}

/** Each run in a new context: empty cache, service workers blocked. */
async function coldRuns(
  newCtx: () => Promise<BrowserContext>,
  url: string,
  signedIn: boolean,
  throttled = false,
): Promise<{ samples: number[] }> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newCtx();
    try {
      if (signedIn) await signIn(context, new URL(url).origin);
      const page = await context.newPage();
      if (throttled) await throttle(page);
      samples.push(await navigateToTiles(page, url));
    } finally {
      await context.close();
    }
  }
  return { samples };
}

/**
 * One context: a first visit, not counted, fills the caches (and, signed in to Aula, installs the service
 * worker); the next RUNS navigations count.
 */
async function warmRuns(
  newCtx: () => Promise<BrowserContext>,
  url: string,
  signedIn: boolean,
  throttled = false,
): Promise<{ samples: number[]; controlled: boolean; swCheck?: string }> {
  const context = await newCtx();
  try {
    if (signedIn) await signIn(context, new URL(url).origin);
    const page = await context.newPage();
    await navigateToTiles(page, url);
    // The first visit installs the service worker; wait until it controls the page (or give up after 10 s).
    if (signedIn)
      await page
        .waitForFunction(() => navigator.serviceWorker.controller, undefined, { timeout: 10_000 })
        .catch(() => undefined);
    await page.waitForLoadState('load');
    if (throttled) await throttle(page);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await navigateToTiles(page, url));
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    const swCheck = throttled && controlled ? await serviceWorkerThrottling(context, page) : undefined;
    return { samples, controlled, swCheck };
  } finally {
    await context.close();
  }
}

/**
 * Whether CDP throttling holds for requests around the service worker: a fetch by the page that the worker
 * passes on (Aula's worker has no runtime caching, so API calls go to the network), and a fetch the worker
 * makes itself. The page target's throttling need not reach the worker's own target.
 */
async function serviceWorkerThrottling(context: BrowserContext, page: Page): Promise<string> {
  const timeFetch = async () => {
    const started = performance.now();
    await fetch(`/api/health?probe=${Math.random()}`);
    return Math.round(performance.now() - started);
  };
  const byPage = await page.evaluate(timeFetch);
  const worker = context.serviceWorkers()[0];
  const byWorker = worker ? await worker.evaluate(timeFetch) : NaN;
  const held = (ms: number) => (ms >= MOBILE.rttMs ? 'throttled' : 'NOT throttled');
  return (
    `a page fetch through the service worker took ${byPage} ms (${held(byPage)}), ` +
    `a fetch by the service worker itself ${byWorker} ms (${held(byWorker)}); added latency ${MOBILE.rttMs} ms`
  );
}

/** Time to tiles on the throttled phone: Aula's / for the student and the bare page, side by side. */
async function mobileTimeToTiles(
  browser: Browser,
  aulaBase: string,
  bareBase: string,
  tileCount: number,
): Promise<Figures> {
  console.log(
    `\nTime to tiles on a phone (CDP: ${MOBILE.downKbit / 1000} Mbit/s down, ${MOBILE.upKbit} kbit/s up, ` +
      `${MOBILE.rttMs} ms per request, CPU ${MOBILE.cpuRate}x slower; ${PHONE.viewport.width} px wide), ` +
      `${tileCount} tiles`,
  );
  const phone = (serviceWorkers: 'allow' | 'block') => () =>
    serviceWorkerContext(browser, PHONE, serviceWorkers);
  const aulaCold = await coldRuns(phone('block'), aulaBase + '/', true, true);
  const bareCold = await coldRuns(phone('block'), bareBase + '/', false, true);
  const aulaWarm = await warmRuns(phone('allow'), aulaBase + '/', true, true);
  // The bare page has no service worker: warm is its HTTP cache (hashed assets immutable, HTML revalidated).
  const bareWarm = await warmRuns(phone('block'), bareBase + '/', false, true);
  printRuns('Aula / (student), cold', aulaCold.samples);
  printRuns('bare page, cold', bareCold.samples);
  printRuns('Aula / (student), warm', aulaWarm.samples, aulaWarm.controlled);
  printRuns('bare page, warm (HTTP cache)', bareWarm.samples);
  if (aulaWarm.swCheck) console.log(`Service worker and throttling: ${aulaWarm.swCheck}`);
  const coldRatio = Math.round((median(aulaCold.samples) / median(bareCold.samples)) * 100) / 100;
  const warmRatio = Math.round((median(aulaWarm.samples) / median(bareWarm.samples)) * 100) / 100;
  console.log(
    `cold Aula/bare: ${coldRatio.toFixed(2)} (goal at most ${GOAL_COLD_RATIO})\n` +
      `warm Aula: ${median(aulaWarm.samples)} ms (goal at most ${GOAL_WARM_MS} ms), ` +
      `Aula/bare ${warmRatio.toFixed(2)}`,
  );
  return {
    'mobile tiles / cold median ms': median(aulaCold.samples),
    'mobile tiles bare cold median ms': median(bareCold.samples),
    'mobile tiles / warm median ms': median(aulaWarm.samples),
    'mobile tiles bare warm median ms': median(bareWarm.samples),
    'mobile tiles cold Aula/bare': coldRatio,
    'mobile tiles warm Aula/bare': warmRatio,
  };
}

function printRuns(label: string, runs: number[], controlled?: boolean): void {
  const note = controlled === undefined ? '' : `, service worker in control: ${controlled ? 'yes' : 'no'}`;
  console.log(`${label}: median ${median(runs)} ms, runs ${runs.join(', ')} ms${note}`);
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The three pages of Aula that Lighthouse measures, on one portal. */
function portalPages(base: string): LighthouseBuild['pages'] {
  return [
    { label: '/ (visitor)', url: base + '/' },
    { label: '/login', url: base + '/login' },
    // signed in afresh for every run: a session one run has refreshed is not handed to the next
    { label: '/ (student)', url: base + '/', cookie: () => loginAs(base, STUDENT, DEMO_PASSWORD) },
  ];
}

/**
 * Lighthouse alone on one build or more (each a web app with the checkout whose server serves it, in its
 * own process), all runs interleaved, with the bare page beside them once; returns the medians.
 */
export async function measureLighthouse(
  builds: { name: string; webDist: string; root: string }[],
): Promise<Figures> {
  const portals: Portal[] = [];
  const bareDir = mkdtempSync(join(tmpdir(), 'aula-bare-page-'));
  let bare: Portal | undefined;
  try {
    for (const build of builds) portals.push(await startPortal(build.webDist, build.root));
    const browser = await launch();
    const tileCount = await countTiles(browser, portals[0]!.base).finally(() => browser.close());
    await buildBarePage(bareDir);
    bare = await serveBarePage(bareDir, tileCount);
    return await compareLighthouse(
      builds.map((build, i) => ({ name: build.name, pages: portalPages(portals[i]!.base) })),
      [{ label: 'bare page', url: bare.base + '/' }],
    );
  } finally {
    await bare?.close();
    for (const portal of portals) await portal.close();
    rmSync(bareDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    if (at === -1) return undefined;
    const value = args[at + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    args.splice(at, 2);
    return resolve(value);
  };
  const flag = (name: string): boolean => {
    const at = args.indexOf(name);
    if (at !== -1) args.splice(at, 1);
    return at !== -1;
  };
  const lighthouseOnly = flag('--lighthouse-only');
  const compareDist = option('--compare');
  const compareRoot = option('--compare-checkout');
  const unknown = args.find((arg) => arg.startsWith('--'));
  if (unknown) throw new Error(`unknown option ${unknown}`);
  const root = resolve(args[0] ?? REPO_ROOT);
  const webDist = resolve(args[1] ?? join(root, 'apps/web/dist'));
  if (compareDist || compareRoot) {
    const other = {
      root: compareRoot ?? root,
      webDist: compareDist ?? join(compareRoot ?? root, 'apps/web/dist'),
    };
    console.log(
      `Lighthouse on two portals, side by side:\n` +
        `  A: the server of ${root} with the web app in ${webDist}\n` +
        `  B: the server of ${other.root} with the web app in ${other.webDist}`,
    );
    await measureLighthouse([
      { name: 'A', webDist, root },
      { name: 'B', ...other },
    ]);
  } else if (lighthouseOnly) {
    console.log(`Lighthouse on the server of ${root} with the web app in ${webDist}`);
    await measureLighthouse([{ name: '', webDist, root }]);
  } else {
    console.log(`Measuring the server of ${root} with the web app in ${webDist}`);
    await measurePageSpeed(webDist, root);
  }
}
