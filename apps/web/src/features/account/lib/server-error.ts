import type { TFunction } from 'i18next';
import { PASSWORD_RULES, type PasswordRule } from '@aula/contracts';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.errorBody?.code : undefined;
}

/** The rules a `password.rules` answer names (issues with code `password.<rule>`), in the form's order. */
export function brokenRules(error: unknown): PasswordRule[] {
  if (!(error instanceof ApiError) || error.errorBody?.code !== 'password.rules') return [];
  const codes = new Set((error.errorBody.issues ?? []).map((issue) => issue.code.replace(/^password\./, '')));
  return PASSWORD_RULES.filter((rule) => codes.has(rule));
}

/** A server answer as text for the form: a wrong password in the form's own words, anything else as spec 8 says. */
export function formErrorText(t: TFunction, error: unknown, wrongPassword: string): string {
  if (errorCode(error) === 'auth.wrong_password') return wrongPassword;
  return errorMessage(t, error);
}
