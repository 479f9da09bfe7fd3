import type { TFunction } from 'i18next';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** The error code of a failed call, when the server sent one of ours. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.errorBody?.code : undefined;
}

function minutesOf(error: ApiError): number | undefined {
  const minutes = Number(error.errorBody?.params?.minutes);
  return Number.isFinite(minutes) && minutes > 0 ? Math.ceil(minutes) : undefined;
}

/**
 * The sign-in and reset messages: a lock (423) and a flood (429) say how many minutes to wait,
 * with the language's plural forms; everything else is the translated error code (spec 8).
 */
export function authErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const minutes = minutesOf(error);
    const code = errorCode(error);
    if (minutes !== undefined && code === 'auth.login_locked') return t('login.locked', { count: minutes });
    if (minutes !== undefined && code === 'auth.too_many_requests') {
      return t('login.tooManyRequests', { count: minutes });
    }
  }
  return errorMessage(t, error);
}

/**
 * Whether trying the same again may work: the school's identity provider did not answer (504
 * sso.provider_unreachable, decision 078), no answer came at all, or a server answered 5xx.
 */
export function mayRetry(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return (
    error instanceof ApiError && (errorCode(error) === 'sso.provider_unreachable' || error.status >= 500)
  );
}
