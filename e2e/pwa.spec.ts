import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPDATE_AUTO_APPLY_MS, UPDATE_CHECK_MS } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../apps/server/src/test/test-app.ts';
import { launch, screenshotDir } from './browser.ts';

// The server serves a copy of the build, so a test can deploy a new service worker by changing
// sw.js in place (@fastify/static reads each file on request) without rebuilding.
const builtDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'aula-pwa-'));
const live = join(tmp, 'dist');

// A new version: any byte change in sw.js is one. It also answers which version runs.
const NEXT_VERSION_SW = `
self.addEventListener('message', (event) => {
  if (event.data === 'aula-test-version') event.ports[0]?.postMessage('next');
});
`;

let portal: TestApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  cpSync(builtDist, live, { recursive: true });
  [portal, browser] = await Promise.all([startTestApp({ webDist: live }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A browser profile that allows service workers (browser.ts blocks them for the other journeys). */
async function newPwaPage(): Promise<Page> {
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  return context.newPage();
}

const isControlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
/** Installing precaches every chunk of the app shell first, which takes a while on a busy CI machine. */
const waitUntilControlled = (page: Page) =>
  expect.poll(() => isControlled(page), { timeout: 30_000 }).toBe(true);

/** Asks the controlling service worker for the marker only the new version answers. */
const runningVersion = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage('aula-test-version', [channel.port2]);
      }),
  );

describe('installable app', () => {
  it('the manifest names Aula and its icons load as PNG', async () => {
    const res = await fetch(`${portal.base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    } & Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Aula',
      short_name: 'Aula',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...manifest.icons.map((i) => i.src), '/apple-touch-icon.png']) {
      const image = await fetch(new URL(icon, portal.base));
      expect(image.status, icon).toBe(200);
      expect(image.headers.get('content-type'), icon).toBe('image/png');
    }
  });

  it('Chromium finds the page installable', async () => {
    const page = await newPwaPage();
    await page.goto(`${portal.base}/login`);
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    await waitUntilControlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito profiles, where Chromium never installs; nothing else may fail.
    expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
  });

  it('the service worker, its helpers and the manifest are revalidated; hashed assets are cached for good', async () => {
    const index = readFileSync(join(live, 'index.html'), 'utf8');
    const asset = /\/assets\/[^"]+\.js/.exec(index)?.[0];
    expect(asset).toBeDefined();
    // sw.js loads its workbox runtime as define(['./workbox-<hash>'], …)
    const workboxRuntime = /workbox-\w+/.exec(readFileSync(join(live, 'sw.js'), 'utf8'))?.[0];
    expect(workboxRuntime).toBeDefined();
    for (const path of ['/sw.js', `/${workboxRuntime}.js`, '/manifest.webmanifest', '/index.html']) {
      const res = await fetch(portal.base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    const res = await fetch(portal.base + asset!);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('offline and updates', () => {
  it('after the first visit the service worker controls the page, and the app shell opens offline', async () => {
    const page = await newPwaPage();
    await page.goto(`${portal.base}/login`);
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    await waitUntilControlled(page);

    await page.context().setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    // Offline, the guard (spec 2.4) sends every page to the offline page, itself part of the cached app.
    await page.waitForURL(`${portal.base}/offline`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toBe(de.offline.title);
    // The API is never answered from a cache.
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
  });

  it('the hourly check finds a new version: a toast offers it, and 30 s later it applies itself', async () => {
    // page.clock fakes the page's timers only: the hourly check and the 30 s are jumped over, while the
    // service worker's install and workbox-window's short 'waiting' delay run in real time.
    const page = await newPwaPage();
    await page.clock.install();
    await page.goto(`${portal.base}/login`);
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    await waitUntilControlled(page);

    appendFileSync(join(live, 'sw.js'), NEXT_VERSION_SW);
    // the build's precompressed copies would still be served: the release replaces them, so does this one
    for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(join(live, copy), { force: true });
    await page.clock.fastForward(UPDATE_CHECK_MS);
    const toast = page.getByText(de.pwa.update.title);
    await toast.waitFor();
    expect(await page.getByRole('button', { name: de.pwa.update.action }).count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/pwa-update-toast.png` });

    // One second before the update applies itself, this page and the toast are still there.
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    await page.clock.fastForward(UPDATE_AUTO_APPLY_MS - 1_000);
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);
    expect(await toast.isVisible()).toBe(true);

    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(1_000);
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    expect(await runningVersion(page)).toBe('next');
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    expect(await toast.count()).toBe(0);
  });
});
