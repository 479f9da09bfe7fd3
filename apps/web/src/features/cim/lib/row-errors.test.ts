import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { missingColumnsOf, rowErrorsOf, SAMPLE_CSV } from './row-errors';

describe('row errors of the identity import', () => {
  it('reads line, column and reason from the 422 cim.row_errors issues', () => {
    const error = new ApiError('/api/cim/import', 422, 'Unprocessable Entity', {
      code: 'cim.row_errors',
      message: '3 rows are invalid; nothing was imported',
      params: { count: 3 },
      issues: [
        { path: 'line.4.role', code: 'role_invalid', message: 'x' },
        { path: 'line.9', code: 'duplicate', message: 'y' },
        { path: 'body', code: 'other', message: 'z' },
      ],
    });
    expect(rowErrorsOf(error)).toEqual({
      total: 3,
      rows: [
        { line: 4, column: 'role', code: 'role_invalid' },
        { line: 9, code: 'duplicate' },
      ],
    });
  });

  it('is null for other errors', () => {
    expect(rowErrorsOf(new ApiError('/x', 422, '', { code: 'cim.invalid_file', message: 'm' }))).toBeNull();
    expect(rowErrorsOf(new Error('x'))).toBeNull();
  });

  it('the sample file has every column and German role names', () => {
    expect(SAMPLE_CSV.split('\r\n')[0]).toBe('ID;Nachname;Vorname;Klasse;Rolle;E-Mail');
    expect(SAMPLE_CSV).toContain('Schüler');
    expect(SAMPLE_CSV).toContain('Lehrer');
  });

  it('reads the missing columns of a 422 cim.missing_columns and drops names that are no column', () => {
    const missing = (value: unknown) =>
      missingColumnsOf(
        new ApiError('/x', 422, '', {
          code: 'cim.missing_columns',
          message: 'm',
          params: { missing: value },
        }),
      );
    expect(missing('lastName,role')).toEqual(['lastName', 'role']);
    expect(missing('role,constructor,__proto__')).toEqual(['role']);
    expect(missing(3)).toBeNull();
    expect(
      missingColumnsOf(new ApiError('/x', 422, '', { code: 'cim.invalid_file', message: 'm' })),
    ).toBeNull();
  });
});
