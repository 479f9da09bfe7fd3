import { describe, expect, it, vi } from 'vitest';
import type { TOptions } from 'i18next';
import { ApiError } from './api-client';
import type { MessageKey } from './i18n-keys';
import en from '@/locales/en.json';

// lib/i18n as the browser runs it: only the start-up strings until the whole language is asked for (in
// Vitest it otherwise loads every language at once). The stub must precede the import.
vi.stubEnv('MODE', 'production');
const { i18n, i18nReady } = await import('./i18n');
const { errorMessage, errorTextLoaded } = await import('./error-message');
await i18nReady;

const coded = (code: string, params?: Record<string, unknown>) =>
  new ApiError('/api/x', 422, 'Unprocessable', { code, message: code, params });

describe('an error code before the whole language is in (decision 048)', () => {
  it('the language is English with its start-up strings only: a start-up error is there, a lazy area’s not yet', () => {
    expect(i18n.language).toMatch(/^en/);
    expect(errorMessage(i18n.t, coded('auth.wrong_password'))).toBe(en.errors.auth.wrong_password);
    expect(i18n.exists('errors.chat.not_member')).toBe(false);
  });

  it('a start-up code needs no wait: errorTextLoaded resolves without loading the whole language', async () => {
    await errorTextLoaded(coded('layout.unknown_tile'));
    expect(i18n.exists('errors.chat.not_member')).toBe(false);
  });

  it('outside render, errorTextLoaded waits for the whole language: then the lazy area’s text, not a key', async () => {
    const error = coded('bbb.max_users', { max: 30 });
    expect(i18n.exists('errors.bbb.max_users')).toBe(false);
    await errorTextLoaded(error);
    expect(errorMessage(i18n.t, error)).toBe(en.areaErrors.bbb.max_users.replace('{{max}}', '30'));
  });

  it('when the whole language could not load (offline), a lazy code lists its params instead of an empty text', () => {
    // what lib/i18n answers for a missing key once the whole language failed to load: an empty text
    const offline = ((key: MessageKey, options?: TOptions) =>
      key.startsWith('errors.sick.') ? '' : i18n.t(key, options)) as typeof i18n.t;
    expect(errorMessage(offline, coded('sick.photo_disabled', { kind: 'photo' }))).toBe(
      'An error occurred: kind: photo',
    );
    expect(errorMessage(offline, coded('sick.end_in_past'))).toBe(en.errors.common.internal);
  });
});
