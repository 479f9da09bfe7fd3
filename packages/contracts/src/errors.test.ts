import { describe, expect, test } from 'vitest';
import { ErrorBodySchema, isErrorBody } from './errors.ts';

// isErrorBody checks by hand what ErrorBodySchema checks (the web app's start path carries no zod, decision 049):
// both must agree on every case.
describe('isErrorBody', () => {
  const cases: [string, unknown][] = [
    ['a plain error', { code: 'common.not_found', message: 'Not Found' }],
    ['with params', { code: 'auth.login_locked', message: 'x', params: { minutes: 3, a: 'b', c: true } }],
    [
      'with issues',
      { code: 'common.validation', message: 'x', issues: [{ path: 'a', code: 'b', message: 'c' }] },
    ],
    ['an unknown code', { code: 'nope', message: 'x' }],
    ['no message', { code: 'common.not_found' }],
    ['a nested param', { code: 'common.not_found', message: 'x', params: { a: { b: 1 } } }],
    ['params as a list', { code: 'common.not_found', message: 'x', params: [1] }],
    ['a broken issue', { code: 'common.validation', message: 'x', issues: [{ path: 1 }] }],
    ['null', null],
    ['a string', 'common.not_found'],
  ];
  test.each(cases)('%s: the same answer as the schema', (_name, value) => {
    expect(isErrorBody(value)).toBe(ErrorBodySchema.safeParse(value).success);
  });

  test('accepts a real error and refuses a made-up code (canary)', () => {
    expect(isErrorBody({ code: 'common.internal', message: 'Internal Server Error' })).toBe(true);
    expect(isErrorBody({ code: 'common.made_up', message: 'x' })).toBe(false);
  });
});
