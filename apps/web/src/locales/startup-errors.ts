import type de from './de.json';

/**
 * The error areas the first screens can show, besides the general texts (network, unknown, generic,
 * withFields): the codes of the routes they call (sign-in with TOTP, reset, SSO redirects, session refresh,
 * impersonation, layout, admin messages) and their own t() calls. Every other area's errors sit under
 * `areaErrors` in the locale files (`scripts/split-errors.ts` moves them) and come with the whole language.
 * Apart from index.ts, so that script can read it without the bundler's locale imports.
 */
export const STARTUP_ERROR_AREAS = [
  'common',
  'auth',
  'password',
  'layout',
  'messages',
  'sso',
] as const satisfies readonly (keyof (typeof de)['errors'])[];
