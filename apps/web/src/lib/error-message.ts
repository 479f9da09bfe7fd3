import type { TFunction } from 'i18next';
import { ApiError, isNetworkError } from '@/lib/api-client';

function bodyText(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** spec 8: known error bodies are translated by code with their params; unknown ones show "{status}: {body}". */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const known = error.errorBody;
    if (known) return t(`errors.${known.code}`, { ...known.params });
    return t('errors.unknown', { status: error.status, body: bodyText(error.body) || error.statusText });
  }
  if (isNetworkError(error)) return t('errors.network');
  return t('errors.common.internal');
}
