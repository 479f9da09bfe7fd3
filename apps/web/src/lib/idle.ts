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
 * Runs `work` after the first paint, once the page is idle (at most 2 s later). Falls back to a timeout where
 * requestIdleCallback is missing (Safari).
 */
export function whenIdle(work: () => void): void {
  void afterFirstPaint().then(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
    else window.setTimeout(work, 200);
  });
}
