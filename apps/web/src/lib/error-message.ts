import type { TFunction } from 'i18next';
import { ApiError, isNetworkError } from '@/lib/api-client';

function bodyText(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

type Params = Record<string, unknown>;

/** A body shaped like ours ({ code, params }) but with a code this client has no text for (a newer server). */
function codedBody(body: unknown): { code: string; params: Params } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, params } = body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string') return undefined;
  const isParams = typeof params === 'object' && params !== null && !Array.isArray(params);
  return { code, params: isParams ? (params as Params) : {} };
}

/** spec 8: the generic multi-error message lists the params as name and value pairs. */
export function paramList(params: Params): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/**
 * spec 8: known error bodies are translated by code with their params; a body with an unknown
 * code gets the generic message listing its params; anything else shows "{status}: {body}".
 * Validation errors name the fields that failed.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const known = error.errorBody;
    if (known) {
      const message = t(`errors.${known.code}`, { ...known.params });
      const fields = [...new Set((known.issues ?? []).map((issue) => issue.path).filter(Boolean))];
      return fields.length > 0 ? t('errors.withFields', { message, fields: fields.join(', ') }) : message;
    }
    const coded = codedBody(error.body);
    if (coded) {
      const list = paramList(coded.params);
      return list ? t('errors.generic', { params: list }) : t('errors.common.internal');
    }
    return t('errors.unknown', { status: error.status, body: bodyText(error.body) || error.statusText });
  }
  if (isNetworkError(error)) return t('errors.network');
  return t('errors.common.internal');
}
