/**
 * Runs `work` once the page has painted and is idle: for code the first paint does not need (decision 049).
 * Falls back to a timeout where requestIdleCallback is missing (Safari).
 */
export function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else window.setTimeout(work, 200);
}
