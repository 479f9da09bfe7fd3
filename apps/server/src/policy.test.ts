import { describe, expect, it } from 'vitest';
import { policyFor, policyKey } from './policy.ts';

describe('policy lookup', () => {
  it('finds exact rows and treats HEAD like GET', () => {
    expect(policyFor('GET', '/api/self')?.access).toBe('student');
    expect(policyFor('HEAD', '/api/self')?.access).toBe('student');
    expect(policyKey('HEAD', '/api/layout')).toBe('GET /api/layout');
  });
  it('covers a subtree only through a row ending in /*', () => {
    expect(policyFor('GET', '/api/docs/static/index.html')?.access).toBe('public');
    expect(policyFor('POST', '/api/docs/static/x')).toBeUndefined();
    expect(policyFor('GET', '/api/unknown')).toBeUndefined();
  });
});
