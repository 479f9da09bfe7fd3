// The caller's permissions and the school's features (GET /api/perms), above the users module: it reads the
// school's configuration, which the owner of the users table must not import (issue 33, decision 083).
import { permissionsFor, type PermsResponse, type RoleSubject } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { getEnabledFeatures, getServerConfigValue } from '../config/config.service.ts';

/** GET /api/perms: the caller's permissions (docs/decisions/018-permissions.md) and the school's features. */
export async function getPerms(db: Db, schoolId: number, user: RoleSubject): Promise<PermsResponse> {
  const [features, studentsCreateRooms] = await Promise.all([
    getEnabledFeatures(db, schoolId),
    getServerConfigValue(db, schoolId, 'students_create_rooms'),
  ]);
  return {
    // the effective permissions: room creation follows the school's students_create_rooms (decision 067)
    permissions: permissionsFor(user, { studentsCreateRooms: studentsCreateRooms === 'true' }),
    features: features.map((name) => ({ name })),
  };
}
