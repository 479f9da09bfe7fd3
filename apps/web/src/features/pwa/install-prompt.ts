export type InstallPlatform = 'ios' | 'android' | 'desktop';

export interface InstallState {
  /** The browser offered its install prompt, so one click installs Aula. */
  canInstall: boolean;
  /** Aula runs as the installed app, or was installed from this page. */
  installed: boolean;
  /** Which instructions fit when there is no prompt (iOS never offers one). */
  platform: InstallPlatform;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** Chromium's event, not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

const STANDALONE_QUERY = '(display-mode: standalone)';

let deferred: BeforeInstallPromptEvent | undefined;
let installedHere = false;
let capturing = false;
let snapshot: InstallState | undefined;
const listeners = new Set<() => void>();

export function detectPlatform(userAgent: string, maxTouchPoints: number): InstallPlatform {
  // iPadOS reports itself as a Mac; only the touch screen tells them apart.
  if (/iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'desktop';
}

function runsStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia(STANDALONE_QUERY).matches)
  );
}

function computeState(): InstallState {
  const installed = installedHere || runsStandalone();
  return {
    canInstall: !installed && deferred !== undefined,
    installed,
    platform: detectPlatform(navigator.userAgent, navigator.maxTouchPoints),
  };
}

function changed(): void {
  snapshot = computeState();
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install prompt for the install dialog instead of letting it show a banner.
 * The event comes once, early, so this runs at start-up (registerServiceWorker calls it).
 */
export function captureInstallPrompt(): void {
  if (capturing) return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    installedHere = true;
    changed();
  });
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(STANDALONE_QUERY).addEventListener('change', changed);
  }
}

export function subscribeInstallState(listener: () => void): () => void {
  captureInstallPrompt();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallState(): InstallState {
  snapshot ??= computeState();
  return snapshot;
}

/** Shows the browser's own install prompt; an event can prompt only once. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = undefined;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') {
    installedHere = true;
    changed();
  }
  return outcome;
}
