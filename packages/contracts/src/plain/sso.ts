// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../sso.ts.

import { SINGLE_LINE } from './text.ts';

/** A same-origin path to return to after signing in: starts with one "/", no scheme, no backslash. */
export const RETURN_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** ReturnToSchema's rule as a plain check, for the web app's start path. */
export function isReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= 2000 && SINGLE_LINE.test(value) && RETURN_PATH.test(value)
  );
}
