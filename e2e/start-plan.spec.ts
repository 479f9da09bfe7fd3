import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ONLINE_PING_MS } from '@aula/contracts';
import { setUpJourney } from './journeys.ts';

// Issue 34, item 6: what a signed-in home page does after its first screen (apps/web/src/lib/idle.ts, the
// start plan). Nothing but the start page's own files comes before the first contentful paint; then one
// step at a time, in START_ORDER, each after the one before has finished; and an idle page only pings.

const journey = setUpJourney();

/** Every request of the page, with when it started and when its answer had fully arrived (page time, ms). */
interface Seen {
  path: string;
  method: string;
  startMs: number;
  endMs: number | undefined;
}

function watch(page: Page): Seen[] {
  const seen: Seen[] = [];
  const byRequest = new Map<Request, Seen>();
  const base = new URL(journey.portal.base).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== base) return;
    const entry: Seen = {
      path: url.pathname,
      method: request.method(),
      startMs: Date.now(),
      endMs: undefined,
    };
    byRequest.set(request, entry);
    seen.push(entry);
  });
  const ended = (request: Request) => {
    const entry = byRequest.get(request);
    if (entry) entry.endMs = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return seen;
}

// The start page's own files: the page, the code and styles the build links, the start-up strings it
// preloads, the icon and the tiles' icons. Nothing else may come before the first paint.
const START_FILES = [
  /^\/$/,
  /^\/assets\/(rolldown-runtime|react|vendor|start)-[\w-]+\.(js|css)$/,
  /^\/assets\/de\.json_startup_lang-[\w-]+\.js$/,
  // the tiles' icons (decision 094)
  /^\/assets\/tile-icons-[\w-]+\.svg$/,
  /^\/favicon\.svg$/,
];

// One request each step makes first, in START_ORDER (lib/idle.ts); the steps this page has (a student at
// the demo school: chat on, a room-code field, sick entries in the top bar). Push is off at the demo school;
// that its step comes after the service worker's is push.spec.ts's "renews the subscription silently".
const STEP_MARKERS: [step: string, path: RegExp][] = [
  ['online-ping', /^\/api\/users\/alive$/],
  ['statistics', /^\/api\/statistics$/],
  ['strings', /^\/assets\/de-[\w-]+\.js$/],
  ['room-code', /^\/assets\/room-code-field-[\w-]+\.js$/],
  ['sick-entries', /^\/assets\/sick-entries-[\w-]+\.js$/],
  ['toaster', /^\/assets\/app-toaster-[\w-]+\.js$/],
  ['menus', /^\/assets\/(user-menu|language-menu-content|chat-popover|dropdown-menu)-[\w-]+\.js$/],
  ['live-events', /^\/assets\/live-events-[\w-]+\.js$/],
  ['chat-unread', /^\/assets\/unread-count-[\w-]+\.js$/],
  ['service-worker', /^\/assets\/workbox-window[\w.-]*\.js$/],
];

const firstIndex = (seen: Seen[], path: RegExp) => seen.findIndex((entry) => path.test(entry.path));
// the last step's first request marks a plan that has run through
const LAST_STEP = STEP_MARKERS.at(-1)![1];

async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const fcp = list.getEntries().find((entry) => entry.name === 'first-contentful-paint');
          if (!fcp) return;
          observer.disconnect();
          resolve(fcp.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** Resource timing: when the page asked for each file (ms since navigation), to compare with the paint. */
async function resourceStarts(page: Page): Promise<{ path: string; startMs: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, startMs: entry.startTime })),
  );
}

describe('the start plan of a signed-in home page', () => {
  it('nothing but the start files before the first paint; then each step in order, after the one before has finished', async () => {
    const context = await journey.signedInContext('student', { width: 390, touch: true });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(journey.portal.base + '/');
    await page.getByRole('list', { name: 'Apps' }).getByRole('link').first().waitFor();
    await expect.poll(() => firstIndex(seen, LAST_STEP), { timeout: 20_000 }).toBeGreaterThan(0);

    const fcp = await firstContentfulPaint(page);
    const early = (await resourceStarts(page)).filter((entry) => entry.startMs < fcp);
    expect(early.length).toBeGreaterThan(3);
    for (const { path } of early)
      expect(
        START_FILES.some((file) => file.test(path)),
        `${path} before the first paint`,
      ).toBe(true);
    // the start page carried the first screen's answers: none is asked for again
    for (const again of [
      '/api/self',
      '/api/layout',
      '/api/perms',
      '/api/config/banner',
      '/api/messages/admin',
    ])
      expect(
        seen.filter((entry) => entry.path === again),
        again,
      ).toEqual([]);
    expect(seen.filter((entry) => entry.path === '/api/config/key')).toEqual([]);

    // the steps in START_ORDER, each one starting only once the one before had its answer
    const marks = STEP_MARKERS.map(([step, path]) => ({ step, index: firstIndex(seen, path) }));
    for (const { step, index } of marks) expect(index, `${step} never ran`).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < marks.length; i++) {
      const before = seen[marks[i - 1]!.index]!;
      const after = seen[marks[i]!.index]!;
      expect(marks[i]!.index, `${marks[i]!.step} came before ${marks[i - 1]!.step}`).toBeGreaterThan(
        marks[i - 1]!.index,
      );
      expect(before.endMs, `${marks[i - 1]!.step} unfinished`).toBeDefined();
      expect(
        after.startMs,
        `${marks[i]!.step} started while ${marks[i - 1]!.step} was loading`,
      ).toBeGreaterThanOrEqual(before.endMs!);
    }
    await context.close();
  });

  it('an idle signed-in page asks for nothing but the 15 s ping in 60 s (page.clock)', async () => {
    const context = await journey.signedInContext('student');
    const page = await context.newPage();
    await page.clock.install();
    const seen = watch(page);
    await page.goto(journey.portal.base + '/');
    await page.getByRole('list', { name: 'Apps' }).getByRole('link').first().waitFor();
    // the start plan runs through (its steps wait for idle moments, which the fake clock gives)
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return firstIndex(seen, LAST_STEP);
      })
      .toBeGreaterThan(0);
    // from here on the page's time moves only as the test moves it
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 2_000));
    await page.clock.runFor(2_000);
    const settled = seen.length;
    const streams = seen.filter((entry) => entry.path === '/api/events').length;
    expect(streams).toBe(1);

    for (let second = 0; second < 60; second++) await page.clock.runFor(1_000);
    const later = seen.slice(settled).map((entry) => `${entry.method} ${entry.path}`);
    // the ping every 15 s, nothing else: no poll, no second stream, no chunk
    expect(later).toEqual(Array.from({ length: 60_000 / ONLINE_PING_MS }, () => 'POST /api/users/alive'));
    await context.close();
  });
});
