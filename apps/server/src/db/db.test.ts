import { describe, expect, it } from 'vitest';
import { isDbUnavailable } from './index.ts';

describe('isDbUnavailable', () => {
  it('recognises lost and refused connections, also when wrapped', () => {
    expect(
      isDbUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isDbUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(
      isDbUnavailable(new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '08006' }) })),
    ).toBe(true);
  });
  it('does not mistake a bad query for an outage', () => {
    expect(isDbUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBe(
      false,
    );
    expect(isDbUnavailable(new Error('boom'))).toBe(false);
  });
});
