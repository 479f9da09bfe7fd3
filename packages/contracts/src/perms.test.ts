import { describe, expect, it } from 'vitest';
import { permissionsFor } from './perms.ts';

const pupil = { roles: [], type: 'S' };
const teacher = { roles: [], type: 'L' };
const admin = { roles: ['admin'], type: 'L' };

describe('permissionsFor: room creation (spec 6, decision 067)', () => {
  it('teachers and admins may create rooms; pupils only where the school allows it', () => {
    expect(permissionsFor(teacher).createRooms).toBe(true);
    expect(permissionsFor(admin).createRooms).toBe(true);
    expect(permissionsFor(pupil).createRooms).toBe(false);
    expect(permissionsFor(pupil, { studentsCreateRooms: false }).createRooms).toBe(false);
    expect(permissionsFor(pupil, { studentsCreateRooms: true }).createRooms).toBe(true);
  });

  it('the school setting changes nothing else', () => {
    expect(permissionsFor(pupil, { studentsCreateRooms: true })).toEqual({
      ...permissionsFor(pupil),
      createRooms: true,
    });
  });
});
