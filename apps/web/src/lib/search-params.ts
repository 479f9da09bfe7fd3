// Readers for the routes' search parameters (decision 049). Each does what the zod schema
// `….optional().catch(undefined)` did before: a value of the wrong shape is dropped, never an error, so a
// mistyped address still opens its page. Plain functions, because the route table is on the start path,
// which carries no zod.

/** A text value, or nothing. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A text or a number, as text (a numeric title arrives as a number from the parsed address). */
export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** One of the listed values, or nothing. */
export function optionalOneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A text matching the whole pattern, or nothing. */
export function optionalMatch(pattern: RegExp, value: unknown): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

/** A whole number from a number or numeric text (zod's coerce), or nothing; `positive` also drops 0 and below. */
export function optionalInt(value: unknown, { positive = false } = {}): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) return undefined;
  return positive && number <= 0 ? undefined : number;
}

/**
 * A route whose page checks its own address (decision 049): the route table on the start path carries no
 * code for a page it does not show, and the type says what the page reads.
 */
export const checkedByThePage =
  <T>() =>
  (search: Record<string, unknown>) =>
    search as T;
