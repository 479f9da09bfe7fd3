import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstallPrompt from './install-prompt';

// The store lives in module state: each test starts from a fresh module.
let store: typeof InstallPrompt;

beforeEach(async () => {
  vi.resetModules();
  store = await import('./install-prompt');
});

function fakePromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  return Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
}

describe('detectPlatform', () => {
  it('knows iPhone, iPad (which claims to be a Mac, but has touch), Android and desktops', () => {
    const { detectPlatform } = store;
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 0)).toBe('desktop');
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/140', 5)).toBe('android');
    expect(detectPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140', 0)).toBe('desktop');
  });
});

describe('install prompt', () => {
  it('keeps the browser prompt instead of its banner, and one prompt installs the app', async () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribeInstallState(listener);
    expect(store.getInstallState()).toMatchObject({ canInstall: false, installed: false });

    const event = fakePromptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(listener).toHaveBeenCalled();
    expect(store.getInstallState()).toMatchObject({ canInstall: true, installed: false });

    expect(await store.promptInstall()).toBe('accepted');
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(store.getInstallState()).toMatchObject({ canInstall: false, installed: true });
    unsubscribe();
  });

  it('a dismissed prompt cannot be shown again until the browser offers a new one', async () => {
    store.captureInstallPrompt();
    window.dispatchEvent(fakePromptEvent('dismissed'));
    expect(await store.promptInstall()).toBe('dismissed');
    expect(store.getInstallState()).toMatchObject({ canInstall: false, installed: false });
    expect(await store.promptInstall()).toBe('unavailable');
  });

  it('the same snapshot is returned until something changes (useSyncExternalStore needs it)', () => {
    store.captureInstallPrompt();
    const first = store.getInstallState();
    expect(store.getInstallState()).toBe(first);
    window.dispatchEvent(new Event('appinstalled'));
    expect(store.getInstallState()).not.toBe(first);
    expect(store.getInstallState().installed).toBe(true);
  });
});
