import type { Workbox } from 'workbox-window';
import { UPDATE_CHECK_MS } from '@aula/contracts';
import { whenIdle } from '@/lib/idle';
import { captureInstallPrompt } from './install-prompt';

let workbox: Workbox | undefined;
let starting = false;
let registration: ServiceWorkerRegistration | undefined;
let updateWaiting = false;
let applying = false;
const listeners = new Set<() => void>();

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A new version is installed and waits until applyUpdate() lets it take over. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

function onWaiting(wb: Workbox): void {
  if (updateWaiting) return;
  updateWaiting = true;
  // Every tab reloads when the new version takes over (from any tab), so none runs old code
  // that would load chunks the new version no longer has.
  wb.addEventListener('controlling', () => window.location.reload());
  for (const listener of listeners) listener();
}

/**
 * spec 1, 9: registers /sw.js in production builds, looks for a new version every
 * UPDATE_CHECK_MS and reports a waiting one to usePwaUpdate(). Also keeps the install prompt.
 */
export function registerServiceWorker(): void {
  captureInstallPrompt();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || starting) return;
  starting = true;
  // The service worker installs the whole app shell, and workbox-window is not on the start path either:
  // both wait for the first paint (decision 049).
  whenIdle('service-worker', () => import('workbox-window'))
    .then(({ Workbox }) => start(new Workbox('/sw.js', { scope: '/' })))
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}

function start(wb: Workbox): void {
  workbox = wb;
  // Also fires at start-up when a version was already waiting (the user reloaded instead of updating).
  wb.addEventListener('waiting', () => onWaiting(wb));
  wb.register()
    .then((reg) => {
      registration = reg;
    })
    .catch((error: unknown) => {
      // Aula still works without a service worker, only not offline.
      console.warn('Service worker registration failed', error);
    });
  setInterval(() => {
    if (navigator.onLine) wb.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/** Lets the waiting version take over; the 'controlling' listener then reloads the page. */
export function applyUpdate(): void {
  if (!workbox || applying) return;
  applying = true;
  if (registration?.waiting) workbox.messageSkipWaiting();
  // Nothing waits any more (another tab applied it): the new version is already in charge.
  else window.location.reload();
}
