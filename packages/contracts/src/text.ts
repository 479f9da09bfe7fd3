import { z } from './zod.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  INT4_MAX,
  MAX_YEAR,
  MIN_YEAR,
  MULTI_LINE,
  SINGLE_LINE,
} from './plain/text.ts';

export * from './plain/text.ts';

// The shared building blocks of every request schema (issue 16: bad input is a 400, never a 500). A request
// string is text(), or multilineText() where line breaks belong; dates, ids and pages have one schema each.

/** A one-line text of a request: no control characters (PostgreSQL refuses NUL, logs and CSV misread the rest). */
/* @__NO_SIDE_EFFECTS__ */
export function text(): z.ZodString {
  return z.string().regex(SINGLE_LINE, CONTROL_CHARACTER_MESSAGE);
}

/** A text of a request that may span lines (messages, texts, metadata): tab and line breaks allowed. */
/* @__NO_SIDE_EFFECTS__ */
export function multilineText(): z.ZodString {
  return z.string().regex(MULTI_LINE, CONTROL_CHARACTER_MESSAGE);
}

const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** A calendar day YYYY-MM-DD that exists (no 2026-13-45, 2026-02-30 or 0000-00-00), in MIN_YEAR..MAX_YEAR. */
export const DaySchema = z.iso
  .date()
  .refine(yearInRange, { message: `a year from ${MIN_YEAR} to ${MAX_YEAR}` });

/** A point in time with its offset (ISO 8601), on a day that exists, in MIN_YEAR..MAX_YEAR. */
export const DateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine(yearInRange, { message: `a year from ${MIN_YEAR} to ${MAX_YEAR}` });

/** An id in a JSON body: a positive integer the database can hold. */
export const IdSchema = z.number().int().positive().max(INT4_MAX);
/** An id in a path or query string (text, converted): a positive integer the database can hold. */
export const IdParamSchema = z.coerce.number().int().positive().max(INT4_MAX);
/** The path parameters of a route on one row: `/…/:id`. */
export const IdParamsSchema = z.strictObject({ id: IdParamSchema });
/** The page of a list (path or query string), 1-based. */
export const PageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
/** How many rows a page shows, 1..max, `fallback` when not given. */
export function perPageSchema(max: number, fallback: number) {
  return z.coerce.number().int().min(1).max(max).default(fallback);
}
