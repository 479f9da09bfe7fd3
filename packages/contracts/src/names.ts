import { z } from './zod.ts';
import { text } from './text.ts';
import { MAX_GUEST_NAME_LENGTH, MAX_NAME_LENGTH, nameLength, normalizeName } from './plain/names.ts';

export * from './plain/names.ts';

/** What a name may be before normalising: generous, so padding is cut off and never a real name. */
const RAW_FACTOR = 4;

/**
 * A name others will see, a person's or a room's (decision 081): control characters (NUL, tab, line breaks) are
 * bad input and refused like in every other text (decision 043); format and invisible characters are removed
 * by `normalizeName`, then 1..max characters.
 * A name of nothing but invisible characters or spaces is empty and refused (400 at the field,
 * `common.validation` with the code `name_empty`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function personName(max: number = MAX_NAME_LENGTH) {
  return text()
    .max(max * RAW_FACTOR)
    .transform(normalizeName)
    .pipe(
      z
        .string()
        .refine((name) => name.length > 0, { message: 'name_empty' })
        .refine((name) => nameLength(name) <= max, { message: 'name_too_long' }),
    );
}

/** A first or last name: 1..MAX_NAME_LENGTH characters after normalising. */
export const PersonNameSchema = personName(MAX_NAME_LENGTH);

/** A guest's typed name in a video room: may be empty (not given), else normalised, at most 64 characters. */
export const GuestNameSchema = text()
  .max(MAX_GUEST_NAME_LENGTH * RAW_FACTOR)
  .transform(normalizeName)
  .pipe(z.string().refine((name) => nameLength(name) <= MAX_GUEST_NAME_LENGTH, { message: 'name_too_long' }));
