import { describe, expect, it } from 'vitest';
import { hasRole, highestRole } from './roles.ts';

const student = { roles: [], type: 'S' };
const teacher = { roles: [], type: 'L' };
const admin = { roles: ['admin'], type: 'S' };
const superadmin = { roles: ['superadmin'], type: 'S' };

describe('hasRole (spec 6: cumulative roles)', () => {
  it.each([
    ['superadmin', [false, false, false, true]],
    ['admin', [false, false, true, true]],
    ['teacher', [false, true, true, true]],
    ['student', [true, true, true, true]],
    ['cim', [false, false, false, true]],
    ['logged_out', [true, true, true, true]],
  ] as const)('%s', (role, expected) => {
    expect([student, teacher, admin, superadmin].map((u) => hasRole(u, role))).toEqual(expected);
  });

  it('a visitor holds only logged_out', () => {
    for (const role of ['superadmin', 'admin', 'teacher', 'student', 'cim'] as const)
      expect(hasRole(null, role)).toBe(false);
    expect(hasRole(null, 'logged_out')).toBe(true);
  });

  it('type L makes a teacher even without roles; an admin of type S is a teacher too', () => {
    expect(hasRole(teacher, 'teacher')).toBe(true);
    expect(hasRole(admin, 'teacher')).toBe(true);
  });

  it('highestRole names the strongest role', () => {
    expect([null, student, teacher, admin, superadmin].map(highestRole)).toEqual([
      'logged_out',
      'student',
      'teacher',
      'admin',
      'superadmin',
    ]);
  });
});
