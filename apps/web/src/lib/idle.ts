// Work the first paint does not need waits until the page has shown its first content (decision 049), so
// on a slow line it does not compete with the code, strings and answers the first screen is waiting for.

let painted: Promise<void> | undefined;

function onLoad(done: () => void): void {
  if (document.readyState === 'complete') done();
  else window.addEventListener('load', () => done(), { once: true });
}

/**
 * Resolves once the browser has painted the first content (paint timing: Chromium, Firefox, Safari 14.1+);
 * where it reports none, at the load event. A paint observer is not a timer: it works under a test clock too.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const observes =
      typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint');
    if (!observes) return onLoad(resolve);
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  return painted;
}

/**
 * The start plan (issue 34): everything the first screen does not need, in one order. Each step runs in an
 * idle callback of its own (at most IDLE_DEADLINE_MS later), and the next step waits until the work of the
 * one before has settled (its code has loaded and run), so the page never loads and evaluates a burst of
 * chunks while it is still laying out its first screen. A step asked for after its turn runs at the next
 * idle moment, still one at a time.
 */
export const START_ORDER = [
  // the first online ping of a signed-in page (spec 4.2: every 15 s from then on), and with it the
  // once-a-day statistics call, "sent once when the online ping starts" (spec 4.2)
  'online-ping',
  'statistics',
  // the rest of the language: lazy screens and the room-code field need it
  'strings',
  // what the first screen shows late: the room-code field, the sick entries of the top bar
  'room-code',
  'sick-entries',
  // the toaster, then the menus' code (a press loads a menu at once anyway)
  'toaster',
  'menus',
  // the live stream and the chat's unread count
  'live-events',
  'chat-unread',
  // the sign-in forms' schemas; the service worker, which downloads the whole app shell; and then push,
  // which needs the service worker's registration to renew a subscription (spec 7.1)
  'request-schemas',
  'service-worker',
  'push',
] as const;

export type StartStep = (typeof START_ORDER)[number];

/**
 * The most a step waits for an idle moment: a page that is never idle (a slow phone, a busy machine) still
 * runs its twelve steps within seconds, one after the other.
 */
export const IDLE_DEADLINE_MS = 500;

interface Planned {
  rank: number;
  seq: number;
  run: () => void;
}

const planned: Planned[] = [];
let busy = false;
let seq = 0;

function idleCallback(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(work, { timeout: IDLE_DEADLINE_MS });
  else window.setTimeout(work, 200);
}

function next(): void {
  if (busy) return;
  const step = planned.shift();
  if (!step) return;
  busy = true;
  idleCallback(step.run);
}

/**
 * Runs `work` at its step of the start plan, after the first paint and once the page is idle, and resolves
 * with what it gives back; the plan goes on once that has settled. Falls back to a timeout where
 * requestIdleCallback is missing (Safari).
 */
export function whenIdle<T>(step: StartStep, work: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const item: Planned = {
      rank: START_ORDER.indexOf(step),
      seq: seq++,
      run: () => {
        let result: Promise<T>;
        try {
          result = Promise.resolve(work());
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(resolve, reject).finally(() => {
          busy = false;
          next();
        });
      },
    };
    planned.push(item);
    planned.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
    void afterFirstPaint().then(next);
  });
}
