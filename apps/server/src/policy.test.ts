import { describe, expect, it } from 'vitest';
import { POLICY, policyFor, policyKey, sessionOnlyMisuse } from './policy.ts';

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

describe('session-only routes (decision 052)', () => {
  it('are open to any signed-in user and allowed during a forced step: nothing needs the user they do not read', () => {
    expect(Object.values(POLICY).some((row) => row.sessionOnly)).toBe(true);
    expect(sessionOnlyMisuse()).toEqual([]);
  });

  it('a session-only row for teachers, or one held at a forced step, is caught (canary)', () => {
    const planted = {
      'GET /api/x': { access: 'teacher', objects: 'self', sessionOnly: true },
      'POST /api/y': { access: 'student', objects: 'self', sessionOnly: true },
      'POST /api/z': { access: 'student', objects: 'self', sessionOnly: true },
    } as const;
    expect(sessionOnlyMisuse(planted, new Set(['GET /api/x', 'POST /api/z']))).toEqual([
      'GET /api/x',
      'POST /api/y',
    ]);
  });
});
