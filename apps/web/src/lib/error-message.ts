import type { TFunction } from 'i18next';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { i18n, loadAllStrings } from '@/lib/i18n';

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

/** spec 8: the text for a body with no text of its own: its params listed, else the generic internal error. */
function genericText(t: TFunction, params: Params): string {
  const list = paramList(params);
  return list ? t('errors.generic', { params: list }) : t('errors.common.internal');
}

/**
 * spec 8: known error bodies are translated by code with their params; a body with an unknown
 * code gets the generic message listing its params; anything else shows "{status}: {body}".
 * Validation errors name the fields that failed.
 *
 * The only place a code becomes text. Most areas' error texts come with the whole language, after the first
 * paint (decision 048): in render, a code whose text is not here yet waits for it (the missing key suspends);
 * outside render, await errorTextLoaded first. If the whole language could not load (offline), the code's
 * params are listed as for an unknown code, rather than an empty message.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const known = error.errorBody;
    if (known) {
      const message = t(`errors.${known.code}`, { ...known.params }) || genericText(t, known.params ?? {});
      const fields = [...new Set((known.issues ?? []).map((issue) => issue.path).filter(Boolean))];
      return fields.length > 0 ? t('errors.withFields', { message, fields: fields.join(', ') }) : message;
    }
    const coded = codedBody(error.body);
    if (coded) return genericText(t, coded.params);
    return t('errors.unknown', { status: error.status, body: bodyText(error.body) || error.statusText });
  }
  if (isNetworkError(error)) return t('errors.network');
  return t('errors.common.internal');
}

/**
 * Resolves once errorMessage can give this error's text without waiting: at once for a start-up code, else
 * when the whole language is in (or failed to come). For a toast or state set outside render, which
 * cannot wait in Suspense: `await errorTextLoaded(error); notify({ title: errorMessage(t, error) })`.
 */
export async function errorTextLoaded(error: unknown): Promise<void> {
  const code = error instanceof ApiError ? error.errorBody?.code : undefined;
  if (code !== undefined && !i18n.exists(`errors.${code}`)) await loadAllStrings().catch(() => undefined);
}
