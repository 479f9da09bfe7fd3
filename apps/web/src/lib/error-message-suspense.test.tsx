import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import en from '@/locales/en.json';

// lib/i18n as the browser runs it: only the start-up strings until the whole language is asked for (in
// Vitest it otherwise loads every language at once). The stub must precede the import.
vi.stubEnv('MODE', 'production');
const { i18n, i18nReady } = await import('./i18n');
const { errorMessage } = await import('./error-message');
await i18nReady;

afterEach(cleanup);

function Alert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <p role="alert">{errorMessage(t, error)}</p>;
}

describe('an error code in render before the whole language is in (decision 048)', () => {
  it('a lazy area’s code waits in Suspense for the whole language, then shows its text, never the key', async () => {
    expect(i18n.exists('errors.sick.end_in_past')).toBe(false);
    const error = new ApiError('/api/sick', 422, 'Unprocessable', {
      code: 'sick.end_in_past',
      message: 'end in past',
    });
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Alert error={error} />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(en.areaErrors.sick.end_in_past);
    expect(i18n.exists('errors.sick.end_in_past')).toBe(true);
  });
});
