import { describe, expect, it } from 'vitest';
import { isIos, pushDialogState, pushSupport, type PushEnvironment } from './push-support';

const desktop: PushEnvironment = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  ios: false,
  standalone: false,
};

describe('what this browser can do about push (issue 23)', () => {
  it('needs a service worker, the Push API and notifications', () => {
    expect(pushSupport(desktop)).toBe('supported');
    expect(pushSupport({ ...desktop, serviceWorker: false })).toBe('unsupported');
    expect(pushSupport({ ...desktop, pushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...desktop, notification: false })).toBe('unsupported');
  });

  it('an iPhone in Safari is told to install Aula first; the installed app can subscribe', () => {
    const safari = { ...desktop, ios: true, pushManager: false, notification: false };
    expect(pushSupport(safari)).toBe('install-first');
    expect(pushSupport({ ...desktop, ios: true, standalone: true })).toBe('supported');
    expect(pushSupport({ ...safari, standalone: true })).toBe('unsupported');
  });

  it('recognises iPhones, and iPads that call themselves a Mac by their touch screen', () => {
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14)', 5)).toBe(false);
  });
});

describe('the request-push dialog’s state', () => {
  const base = {
    enabled: true,
    impersonating: false,
    support: 'supported' as const,
    permission: 'default' as NotificationPermission,
    subscribed: false,
  };

  it('the school’s switch comes first, then impersonation, then the browser', () => {
    expect(pushDialogState({ ...base, enabled: false, impersonating: true })).toBe('off');
    expect(pushDialogState({ ...base, impersonating: true, permission: 'granted', subscribed: true })).toBe(
      'impersonating',
    );
    expect(pushDialogState({ ...base, support: 'install-first' })).toBe('install-first');
    expect(pushDialogState({ ...base, support: 'unsupported', permission: undefined })).toBe('unsupported');
  });

  it('asks until the permission is granted and this device subscribed with the current key', () => {
    expect(pushDialogState(base)).toBe('ask');
    expect(pushDialogState({ ...base, permission: 'granted' })).toBe('ask');
    expect(pushDialogState({ ...base, permission: 'default', subscribed: true })).toBe('ask');
    expect(pushDialogState({ ...base, permission: 'granted', subscribed: true })).toBe('subscribed');
  });

  it('a blocked permission is explained, whatever the subscription says', () => {
    expect(pushDialogState({ ...base, permission: 'denied' })).toBe('denied');
    expect(pushDialogState({ ...base, permission: 'denied', subscribed: true })).toBe('denied');
  });
});
