import { randomUUID } from 'node:crypto';
import type {
  AccountPasswordSchema,
  UserCreateSchema,
  UserSearchQuerySchema,
  UserUpdateSchema,
} from '@aula/contracts';
import { hasRole, type ManagedUser, type NameInfo, type OkResult, type UserList } from '@aula/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertPasswordAllowed } from '../account/password-policy.service.ts';
import { configValues } from '../config/config.service.ts';
import { audit } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { clearLoginLock } from '../auth/login-throttle.service.ts';
import { replaceUserGroups, schoolGroupIds } from '../groups/groups.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findNamesMet } from '../users/user-records.service.ts';
import { managedUser, mayManage } from './user-admin.service.ts';
import {
  findManagedUserRow,
  findUsers,
  insertUser,
  isUsernameTaken,
  setAdminPassword,
  updateUserFields,
  type ManagedUserRow,
} from '../users/user-records.service.ts';
import { displayName } from '../users/person.ts';

type Actor = NonNullable<Ctx['user']>;

function actorOf(ctx: Ctx): Actor {
  if (!ctx.user) throw AppError.unauthorized();
  return ctx.user;
}

function toManagedUser(actor: Actor, row: ManagedUserRow): ManagedUser {
  const groupIds = row.groups.map((g) => g.id);
  return {
    id: row.id,
    lara_id: row.laraId,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    type: row.type,
    roles: row.roles,
    groups: row.groups,
    blocked: row.blocked,
    lockedUntil: row.lockedUntil ? new Date(row.lockedUntil).toISOString() : null,
    totp: row.totp,
    hasPassword: row.hasPassword,
    deactivated: row.deactivated,
    imported: row.imported,
    manageable: mayManage(actor, { id: row.id, roles: row.roles, type: row.type, groupIds }),
  };
}

/** GET /api/v2/users: admins search everyone; teachers only the students of their own groups. */
export async function searchUsers(
  ctx: Ctx,
  query: z.output<typeof UserSearchQuerySchema>,
): Promise<UserList> {
  const actor = actorOf(ctx);
  const { rows, total } = await findUsers(ctx.db, ctx.schoolId, {
    ...(query.q ? { q: query.q } : {}),
    ...(query.group !== undefined ? { groupId: query.group } : {}),
    ...(query.role ? { role: query.role } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(hasRole(actor, 'admin') ? {} : { studentsOfGroups: actor.groupIds }),
    now: ctx.clock(),
    page: query.page,
    perPage: query.perPage,
  });
  return { items: rows.map((row) => toManagedUser(actor, row)), total };
}

/** GET /api/v2/users/:id: one user the caller may manage (another school's or unknown: 404). */
export async function getManagedUser(ctx: Ctx, userId: number): Promise<ManagedUser> {
  const actor = actorOf(ctx);
  const row = await findManagedUserRow(ctx.db, ctx.schoolId, userId, ctx.clock());
  if (!row) throw AppError.notFound();
  const user = toManagedUser(actor, row);
  if (!user.manageable) throw new AppError(403, 'users.not_allowed');
  return user;
}

/** Only superadmins give or take the admin role; nobody gives superadmin through the API (decision 033). */
function assertRolesAllowed(actor: Actor, before: readonly string[], after: readonly string[]): void {
  const changed = (role: string) => before.includes(role) !== after.includes(role);
  if (changed('superadmin')) throw new AppError(422, 'users.role_not_allowed', { role: 'superadmin' });
  if (changed('admin') && !hasRole(actor, 'superadmin'))
    throw new AppError(422, 'users.role_not_allowed', { role: 'admin' });
}

async function assertUsernameFree(ctx: Ctx, username: string, exceptId?: number): Promise<void> {
  if (await isUsernameTaken(ctx.db, ctx.schoolId, username, exceptId))
    throw new AppError(422, 'users.username_taken', { username });
}

async function assertGroupsExist(ctx: Ctx, groupIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(groupIds)];
  const found = await schoolGroupIds(ctx.db, ctx.schoolId, unique);
  if (found.length !== unique.length) throw new AppError(422, 'users.unknown_group');
  return unique;
}

/** POST /api/v2/users (admins): a new user; without a password they set one with a reset code. */
export async function createUser(ctx: Ctx, body: z.output<typeof UserCreateSchema>): Promise<ManagedUser> {
  const actor = actorOf(ctx);
  if (ctx.session?.impersonatorId) throw new AppError(403, 'auth.not_while_impersonating');
  assertRolesAllowed(actor, [], body.roles);
  await assertUsernameFree(ctx, body.username);
  const groupIds = await assertGroupsExist(ctx, body.groupIds);
  const names = { firstName: body.first_name, lastName: body.last_name, username: body.username };
  if (body.password !== undefined) await assertPasswordAllowed(ctx, body.password, names);
  const now = ctx.clock();
  const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
  // spec 3.5 force_password_change: the school decides whether a new account's first password must be
  // changed; a password set later in the user manager says so itself (mustChange), and is always honoured
  const { force_password_change } = await configValues(ctx, ['force_password_change']);
  const id = await transaction(ctx.db, async (tx) => {
    const userId = await insertUser(tx, {
      schoolId: ctx.schoolId,
      laraId: randomUUID(),
      ...names,
      email: body.email ?? null,
      type: body.type,
      roles: [...new Set(body.roles)],
      passwordHash,
      passwordChangedAt: passwordHash ? now : null,
      mustChangePassword: passwordHash !== null && force_password_change === 'true',
    });
    await replaceUserGroups(tx, ctx.schoolId, userId, groupIds, now);
    await audit(ctx, 'user.create', {
      targetId: userId,
      details: {
        type: body.type,
        roles: body.roles,
        groups: groupIds.length,
        password: passwordHash !== null,
      },
      db: tx,
    });
    return userId;
  });
  const row = await findManagedUserRow(ctx.db, ctx.schoolId, id, now);
  return toManagedUser(actor, row!);
}

const TEACHER_FIELDS = new Set(['first_name', 'last_name', 'email']);

/** PUT /api/v2/users/:id: teachers change names and e-mail of their students; admins everything but superadmins. */
export async function updateUser(
  ctx: Ctx,
  userId: number,
  body: z.output<typeof UserUpdateSchema>,
): Promise<ManagedUser> {
  const actor = actorOf(ctx);
  const target = await managedUser(ctx, userId);
  const fields = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
  if (!hasRole(actor, 'admin') && fields.some((f) => !TEACHER_FIELDS.has(f)))
    throw new AppError(403, 'users.not_allowed');
  if (body.roles) assertRolesAllowed(actor, target.roles, body.roles);
  if (body.username !== undefined && body.username.toLowerCase() !== target.username.toLowerCase())
    await assertUsernameFree(ctx, body.username, target.id);
  const groupIds = body.groupIds ? await assertGroupsExist(ctx, body.groupIds) : undefined;
  await transaction(ctx.db, async (tx) => {
    await updateUserFields(tx, ctx.schoolId, target.id, {
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
      ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.roles !== undefined ? { roles: [...new Set(body.roles)] } : {}),
    });
    if (groupIds) await replaceUserGroups(tx, ctx.schoolId, target.id, groupIds, ctx.clock());
    if (fields.length)
      await audit(ctx, 'user.update', {
        targetId: target.id,
        // role and type changes are security-relevant (DESIGN.md "Logging"): before and after
        details: {
          fields,
          ...(body.roles ? { rolesBefore: target.roles, rolesAfter: body.roles } : {}),
          ...(body.type ? { typeBefore: target.type, typeAfter: body.type } : {}),
        },
        db: tx,
      });
  });
  const row = await findManagedUserRow(ctx.db, ctx.schoolId, target.id, ctx.clock());
  return toManagedUser(actor, row!);
}

/**
 * POST /api/v2/accounts (user-search password-reset): a teacher or admin gives a managed user a new
 * password, checked against the school's rules; their sessions end and a sign-in lock is lifted.
 */
export async function setAccountPassword(
  ctx: Ctx,
  body: z.output<typeof AccountPasswordSchema>,
): Promise<OkResult> {
  const target = await managedUser(ctx, body.userId);
  const row = await findManagedUserRow(ctx.db, ctx.schoolId, target.id, ctx.clock());
  await assertPasswordAllowed(ctx, body.password, {
    firstName: row!.firstName,
    lastName: row!.lastName,
    username: row!.username,
  });
  await setAdminPassword(
    ctx.db,
    ctx.schoolId,
    target.id,
    await hashPassword(body.password),
    body.mustChange,
    ctx.clock(),
  );
  await revokeUserSessions(ctx, target.id, 'admin');
  await clearLoginLock(ctx, target.username);
  await audit(ctx, 'user.password_set', { targetId: target.id, details: { mustChange: body.mustChange } });
  return { ok: true };
}

/**
 * POST /api/nameinfo: display names for ids of the caller's school, only of the people the caller meets
 * (decision 077): staff name everyone of the school; others their groups, rooms and chats. The rest are left
 * out like unknown ids.
 */
export async function nameInfo(ctx: Ctx, ids: readonly number[]): Promise<NameInfo> {
  const actor = actorOf(ctx);
  const caller = { id: actor.id, staff: hasRole(actor, 'teacher') };
  const rows = await findNamesMet(ctx.db, ctx.schoolId, caller, [...new Set(ids)]);
  return rows.map((r) => ({
    id: r.id,
    lara_id: r.laraId,
    name: displayName(r),
    type: r.type,
  }));
}
