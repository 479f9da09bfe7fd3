import { ApiError, isNetworkError } from '@/lib/api-client';
import type { MessageKey } from '@/lib/i18n-keys';

/**
 * The one shape of a problem with what was typed: the field it is shown at, the key of its message, and the
 * numbers the message names (formatted for the language when shown). `form` is the alert above the buttons.
 */
export interface FieldIssue<F extends string> {
  field: F;
  key: MessageKey;
  values?: Record<string, number>;
}

/** Where a refused save is shown: at a field with that field's own message, or (`key` null) the server's text. */
export interface ServerPlacement<F extends string> {
  field: F | 'form';
  key: MessageKey | null;
}

export interface ServerPlacementRules<F extends string> {
  /** a field for the answer's code or status (an unknown person at the members, a too large photo at the photo) */
  byAnswer?: (code: string | undefined, status: number) => F | null;
  /** a field for a path the server's issues name (`body.name`, `body.userIds.3`) */
  byPath?: (path: string) => F | null;
  /** the field's own message, shown instead of the server's when the server names that field */
  ownKeys?: Partial<Record<F, MessageKey>>;
}

/** A failed save's place: by its answer, then by the first issue at a known field; anything else above the buttons. */
export function placeServerError<F extends string>(
  error: unknown,
  { byAnswer, byPath, ownKeys = {} }: ServerPlacementRules<F>,
): ServerPlacement<F> {
  if (isNetworkError(error) || !(error instanceof ApiError)) return { field: 'form', key: null };
  const body = error.errorBody;
  const field =
    byAnswer?.(body?.code, error.status) ??
    (body?.issues ?? []).map((issue) => byPath?.(issue.path) ?? null).find((f) => f !== null) ??
    null;
  if (field === null) return { field: 'form', key: null };
  const own: Partial<Record<string, MessageKey>> = ownKeys;
  return { field, key: own[field] ?? null };
}

/** Moves focus to the first field with a problem (`<formId>-<field>`, or the id `idOf` gives); false when none. */
export function focusFirstIssue<F extends string>(
  formId: string,
  issues: readonly FieldIssue<F>[],
  idOf: (field: F) => string = (field) => field,
): boolean {
  const first = issues[0];
  if (!first) return false;
  document.getElementById(`${formId}-${idOf(first.field)}`)?.focus();
  return true;
}
