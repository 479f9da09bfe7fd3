import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { startTestApp, type StartOptions, type TestApp } from '../apps/server/src/test/test-app.ts';

export { DEMO_PASSWORD } from '../apps/server/src/test/test-app.ts';

/**
 * The device camera (issue 20): 'fake' gives getUserMedia Chromium's test pattern and grants it without a
 * prompt; 'refused' has the same device but answers every permission prompt with "block", as a user who
 * says no. Without it, pages never ask for the camera.
 */
export type CameraMode = 'fake' | 'two-cameras' | 'refused';
const CAMERA_ARGS: Record<CameraMode, string[]> = {
  fake: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  // two fake cameras (which, like a laptop's, do not say which side they face): the front/back switch
  'two-cameras': ['--use-fake-device-for-media-stream=device-count=2', '--use-fake-ui-for-media-stream'],
  refused: ['--use-fake-device-for-media-stream', '--deny-permission-prompts'],
};

// Debian's Chromium (scripts/install-test-deps.sh); Playwright never downloads a browser here.
export function launch(opts: { camera?: CameraMode } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      ...(opts.camera ? CAMERA_ARGS[opts.camera] : []),
    ],
  });
}

// AULA_E2E_WEB_DIST lets a developer run the journeys against a build in another folder.
const webDist = process.env.AULA_E2E_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('./screenshots', import.meta.url));

/**
 * The real server with the built web app on a fresh database (PostgreSQL with DATABASE_URL, else PGlite) holding
 * the demo school; `opts` are the app's own (e.g. a push service stand-in, an injected clock).
 */
export function startPortal(opts: Omit<StartOptions, 'webDist'> = {}): Promise<TestApp> {
  return startTestApp({ ...opts, webDist });
}

export interface ContextOptions {
  locale?: string;
  width?: number;
  colorScheme?: 'light' | 'dark';
  /** A phone: touch events and a coarse pointer, so `@media (pointer: coarse)` applies. */
  touch?: boolean;
}

export function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const width = opts.width ?? 1280;
  return browser.newContext({
    locale: opts.locale ?? 'de-DE',
    viewport: { width, height: width <= 480 ? 844 : 800 },
    colorScheme: opts.colorScheme ?? 'light',
    serviceWorkers: 'block',
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
  });
}
