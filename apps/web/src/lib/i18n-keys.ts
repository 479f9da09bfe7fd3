import type { ParseKeys } from 'i18next';
import type { Strings } from '@/locales';

/** The dotted paths of a strings object that lead to a text (not to a group of texts). */
type TextPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of a text, as `t()` takes it: a typo in a literal key does not compile. */
export type MessageKey = Extract<ParseKeys, TextPaths<Strings>>;

/** The keys below one prefix (`dialogs`, `icons`, `errors`). */
export type KeyUnder<P extends string> = Extract<MessageKey, `${P}.${string}`>;
