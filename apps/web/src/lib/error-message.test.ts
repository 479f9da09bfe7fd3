import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, paramList } from './error-message';
import { i18n } from './i18n';

const apiError = (status: number, body: unknown) => new ApiError('/api/x', status, 'Status', body);

describe('error messages (spec 8)', () => {
  it('translates a known code with its params', () => {
    const error = apiError(400, { code: 'common.validation', message: 'invalid' });
    expect(errorMessage(i18n.getFixedT('en'), error)).toBe('The input is not valid.');
  });

  it('names the fields of a validation error', () => {
    const error = apiError(400, {
      code: 'common.validation',
      message: 'invalid',
      issues: [
        { path: 'preferences.fontSize', code: 'too_big', message: 'too big' },
        { path: 'preferences.fontSize', code: 'x', message: 'again' },
        { path: 'selected_theme', code: 'invalid_value', message: 'bad' },
      ],
    });
    expect(errorMessage(i18n.getFixedT('en'), error)).toBe(
      'The input is not valid. (preferences.fontSize, selected_theme)',
    );
  });

  it('lists the params of a code this client does not know as name and value pairs', () => {
    const error = apiError(422, { code: 'account.max_users', message: 'x', params: { max: 30, room: 'A' } });
    expect(errorMessage(i18n.getFixedT('en'), error)).toBe('An error occurred: max: 30, room: A');
    expect(errorMessage(i18n.getFixedT('de'), error)).toBe('Es ist ein Fehler aufgetreten: max: 30, room: A');
    expect(paramList({ ok: true, list: [1, 2] })).toBe('ok: true, list: [1,2]');
  });

  it('shows any other body as "{status}: {body}"', () => {
    expect(errorMessage(i18n.getFixedT('en'), apiError(500, { weird: 1 }))).toBe('500: {"weird":1}');
    expect(errorMessage(i18n.getFixedT('en'), apiError(500, 'boom'))).toBe('500: boom');
  });
});
