import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';

/**
 * spec 5 password rules, in the order the form lists them. `confirmation` is checked by the form only;
 * `common` needs the list (the server has it, the form loads it lazily). docs/decisions/025-passwords.md
 */
export const PASSWORD_RULES = [
  'min_length',
  'max_length',
  'lowercase',
  'uppercase',
  'digit',
  'special',
  'no_names',
  'not_old',
  'common',
  'confirmation',
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export interface PasswordPolicy {
  /** config password_length, never below MIN_PASSWORD_LENGTH */
  minLength: number;
  /** config password_char_classes: lowercase, uppercase, digit and special each required */
  charClasses: boolean;
  /** config check_top_passwords */
  checkCommon: boolean;
}

export interface PasswordContext {
  /** first name, last name and username: the password must contain none of them */
  names?: readonly string[];
  /** the old password, when the user typed it (change-password) */
  oldPassword?: string;
  /** the typed confirmation; undefined skips the rule (the server) */
  confirmation?: string;
  /** the common-password test; undefined skips the rule (the list is not loaded yet) */
  isCommon?: (password: string) => boolean;
}

/** The rules that apply under this policy, each with whether the password meets it (the live list). */
export function passwordRuleResults(
  password: string,
  policy: PasswordPolicy,
  ctx: PasswordContext = {},
): { rule: PasswordRule; ok: boolean }[] {
  const lower = password.toLowerCase();
  const names = (ctx.names ?? []).map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 3);
  const length = [...password].length;
  const results: { rule: PasswordRule; ok: boolean }[] = [
    { rule: 'min_length', ok: length >= effectiveMinLength(policy) },
    { rule: 'max_length', ok: password.length <= MAX_PASSWORD_LENGTH },
  ];
  if (policy.charClasses) {
    results.push(
      { rule: 'lowercase', ok: /\p{Ll}/u.test(password) },
      { rule: 'uppercase', ok: /\p{Lu}/u.test(password) },
      { rule: 'digit', ok: /\p{Nd}/u.test(password) },
      { rule: 'special', ok: /[^\p{L}\p{Nd}]/u.test(password) },
    );
  }
  if (names.length > 0) results.push({ rule: 'no_names', ok: !names.some((n) => lower.includes(n)) });
  if (ctx.oldPassword !== undefined) results.push({ rule: 'not_old', ok: password !== ctx.oldPassword });
  if (policy.checkCommon && ctx.isCommon) results.push({ rule: 'common', ok: !ctx.isCommon(password) });
  if (ctx.confirmation !== undefined)
    results.push({ rule: 'confirmation', ok: password !== '' && password === ctx.confirmation });
  return results;
}

/** The rules a password breaks; empty when it is acceptable. */
export function brokenPasswordRules(
  password: string,
  policy: PasswordPolicy,
  ctx: PasswordContext = {},
): PasswordRule[] {
  return passwordRuleResults(password, policy, ctx)
    .filter((r) => !r.ok)
    .map((r) => r.rule);
}

export function effectiveMinLength(policy: Pick<PasswordPolicy, 'minLength'>): number {
  return Math.max(MIN_PASSWORD_LENGTH, Math.min(policy.minLength, MAX_PASSWORD_LENGTH));
}

/** The policy from the school's config values (spec 3.5 password_length, check_top_passwords). */
export function passwordPolicyFrom(config: Record<string, unknown>): PasswordPolicy {
  const length = Number(config.password_length);
  return {
    minLength: Number.isFinite(length) ? length : MIN_PASSWORD_LENGTH,
    charClasses: config.password_char_classes === true || config.password_char_classes === 'true',
    checkCommon: config.check_top_passwords !== false && config.check_top_passwords !== 'false',
  };
}

/** A shorter stem is not looked up: `abc` with eight random digits is weak, but not a common password. */
export const MIN_COMMON_STEM = 4;

/**
 * The forms of a password looked up in the common list (docs/decisions/025-passwords.md): lower-cased as
 * typed, without its trailing symbols (`schalke04!`), and without its trailing digits and symbols too, so
 * that a common word with a year or a `123!` on its end (`Sommer2024!`, `Password123`) is still common.
 */
export function commonPasswordForms(password: string): string[] {
  const lower = password.normalize('NFC').toLowerCase();
  const stems = [lower.replace(/[^\p{L}\p{N}]+$/u, ''), lower.replace(/[^\p{L}]+$/u, '')];
  return [...new Set([lower, ...stems.filter((stem) => [...stem].length >= MIN_COMMON_STEM)])];
}

/** A lookup over the shipped list (lower-cased, one per line), built once into a set. */
export function commonPasswordChecker(listText: string): (password: string) => boolean {
  const set = new Set(listText.split('\n'));
  set.delete('');
  return (password) => commonPasswordForms(password).some((form) => set.has(form));
}
