// The caller's permissions and the school's features (GET /api/perms), above the users module: it reads the
// school's configuration, which the owner of the users table must not import (issue 33, decision 083).
import { permissionsFor, type PermsResponse, type RoleSubject } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { serverConfigValue } from '../config/config.service.ts';

/** GET /api/perms: the caller's permissions (docs/decisions/018-permissions.md) and the school's features. */
export async function getPerms(ctx: Pick<Ctx, 'config'>, user: RoleSubject): Promise<PermsResponse> {
  const { features } = await ctx.config();
  const studentsCreateRooms = await serverConfigValue(ctx, 'students_create_rooms');
  return {
    // the effective permissions: room creation follows the school's students_create_rooms (decision 067)
    permissions: permissionsFor(user, { studentsCreateRooms: studentsCreateRooms === 'true' }),
    features: features.map((name) => ({ name })),
  };
}
