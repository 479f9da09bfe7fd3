import {
  hasRole,
  RoleGroupsSchema,
  type CreateGroupRequest,
  type Group,
  type GroupDetail,
  type RoleGroups,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishDomainEvent } from '../../lib/domain-events.ts';
import { audit } from '../audit/audit.service.ts';
import {
  freshReads,
  setConfigValue,
  snapshotReads,
  type ServerConfigRead,
} from '../config/config.service.ts';
import {
  findGroup,
  findGroupByNameCaseless,
  insertGroup,
  isGroupMember,
  listGroupMembers,
  listGroups,
} from './groups.repo.ts';
import * as repo from './groups.repo.ts';
import type { GroupReach } from './groups.repo.ts';
import { displayName } from '../users/person.ts';

export type { GroupReach };

/** GET /api/groups: every group of the school; filtering by another user's account needs a teacher. */
export async function getGroups(
  ctx: Ctx,
  query: { type?: Group['type']; account?: number },
): Promise<Group[]> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  if (query.account !== undefined && query.account !== user.id && !hasRole(user, 'teacher')) {
    throw AppError.forbidden();
  }
  return listGroups(ctx.db, ctx.schoolId, { type: query.type, userId: query.account });
}

/** GET /api/groups/:group: a group with its members; teachers see only groups they belong to. */
export async function getGroup(ctx: Ctx, groupId: number): Promise<GroupDetail> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  const db = ctx.db;
  const group = await findGroup(db, ctx.schoolId, groupId);
  if (!group) throw AppError.notFound();
  if (!hasRole(user, 'admin') && !(await isGroupMember(db, group.id, user.id))) throw AppError.forbidden();
  const members = await listGroupMembers(db, ctx.schoolId, group.id);
  return {
    ...group,
    members: members.map((m) => ({
      id: m.id,
      name: displayName(m),
      type: m.type,
    })),
  };
}

/** POST /api/groups (admins): names are unique per school, compared without case. */
export async function createGroup(ctx: Ctx, body: CreateGroupRequest): Promise<Group> {
  const db = ctx.db;
  const taken = () => new AppError(422, 'groups.name_taken', { name: body.name });
  if (await findGroupByNameCaseless(db, ctx.schoolId, body.name)) throw taken();
  const id = await insertGroup(db, ctx.schoolId, body);
  if (id === null) throw taken();
  await audit(ctx, 'group.create', { details: { groupId: id, name: body.name, type: body.type } });
  return { id, name: body.name, type: body.type };
}

/**
 * The stored role groups, read through `read` (the request's snapshot, or fresh in a transaction and before a
 * write); a value that no longer parses counts as none.
 */
export async function readRoleGroups(read: ServerConfigRead): Promise<RoleGroups> {
  try {
    const parsed = RoleGroupsSchema.safeParse(JSON.parse(await read('role_groups')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * What membership in these groups gives by the role groups: teacher (type L) and/or admin.
 * Group names are compared without case; names not mapped give nothing.
 */
export function rolesFromRoleGroups(
  roleGroups: RoleGroups,
  groupNames: readonly string[],
): { teacher: boolean; admin: boolean } {
  const names = new Set(groupNames.map((n) => n.toLowerCase()));
  const hit = roleGroups.filter((r) => names.has(r.group.toLowerCase()));
  return { teacher: hit.some((r) => r.role === 'teacher'), admin: hit.some((r) => r.role === 'admin') };
}

/** GET /api/config/roleGroups (admins). */
export async function getRoleGroups(ctx: Ctx): Promise<RoleGroups> {
  return readRoleGroups(snapshotReads(ctx));
}

const adminRows = (rows: RoleGroups) =>
  rows
    .filter((r) => r.role === 'admin')
    .map((r) => r.group.toLowerCase())
    .sort();

/**
 * POST /api/config/roleGroups (admins). Group names need not exist yet: the directory's groups
 * appear with the next import. Only a superadmin may add or remove a mapping to admin; an admin
 * saves the list with the admin rows unchanged (no one can raise their own roles).
 */
export async function setRoleGroups(ctx: Ctx, rows: RoleGroups): Promise<RoleGroups> {
  const user = ctx.user;
  if (!user) throw AppError.unauthorized();
  const db = ctx.db;
  const old = await readRoleGroups(freshReads(db, ctx.schoolId));
  if (!hasRole(user, 'superadmin') && adminRows(old).join('\n') !== adminRows(rows).join('\n')) {
    throw new AppError(403, 'users.role_not_allowed', { role: 'admin' });
  }
  await setConfigValue(db, ctx.schoolId, 'role_groups', JSON.stringify(rows));
  await audit(ctx, 'role_groups.change', { details: { old, new: rows } });
  return rows;
}

// Writes to the groups and group_members tables for other modules (docs/ARCHITECTURE.md "Tables and their
// owners"): each takes the database or the caller's transaction first.

/** The identity import's new class groups, with their ids. */
export function insertClassGroups(db: Db, schoolId: number, names: readonly string[]) {
  return repo.insertClassGroups(db, schoolId, names);
}

// Every membership change publishes group.members_changed in the same transaction (groups.events.ts): the chat's
// group rooms of the changed groups gain or lose members (decision 070). `at` is the caller's clock (ctx.clock()).

function membersChanged(
  db: Db,
  schoolId: number,
  changes: readonly { userId: number; groupId: number }[],
  at: Date,
): Promise<void> {
  return publishDomainEvent(db, { schoolId, clock: () => at }, 'group.members_changed', { changes, at });
}

/** Adds memberships, keeping those that exist (identity import). */
export async function addMemberships(
  db: Db,
  schoolId: number,
  rows: readonly { userId: number; groupId: number }[],
  at: Date,
): Promise<void> {
  await membersChanged(db, schoolId, await repo.addMemberships(db, schoolId, rows), at);
}

/** Removes these memberships (identity import). */
export async function removeMemberships(
  db: Db,
  schoolId: number,
  rows: readonly { userId: number; groupId: number }[],
  at: Date,
): Promise<void> {
  await membersChanged(db, schoolId, await repo.removeMemberships(db, schoolId, rows), at);
}

/** Puts a user in these groups, keeping the memberships they have (single sign-on). */
export async function addMembershipsIfMissing(
  db: Db,
  schoolId: number,
  userId: number,
  groupIds: readonly number[],
  at: Date,
): Promise<void> {
  const added = await repo.addMembershipsIfMissing(db, schoolId, userId, groupIds);
  await membersChanged(db, schoolId, added, at);
}

/** A user's groups become exactly these (user management). */
export async function replaceUserGroups(
  db: Db,
  schoolId: number,
  userId: number,
  groupIds: readonly number[],
  at: Date,
): Promise<void> {
  const { removed, added } = await repo.replaceUserGroups(db, schoolId, userId, groupIds);
  await membersChanged(db, schoolId, [...removed, ...added], at);
}

// Reads for other modules: who is whose teacher (camera, decision 063).

/** The pupils of the teacher's groups (type S, not deactivated), by last and first name. */
export function pupilsOfTeacher(db: Db, schoolId: number, teacherId: number) {
  return repo.listPupilsOfTeacher(db, schoolId, teacherId);
}

/** Whether the two users share a group. */
export function shareAGroup(db: Db, schoolId: number, a: number, b: number): Promise<boolean> {
  return repo.shareAGroup(db, schoolId, a, b);
}

/**
 * The groups a caller reaches (decisions 067, 072), for the video rooms' and the chat's pickers and reach
 * checks: matching q, or those of `only` that are in reach. `db` may be a transaction.
 */
export function findGroupsInReach(
  db: Db,
  schoolId: number,
  reach: GroupReach,
  opts: { q?: string; only?: number[]; limit: number },
): Promise<{ id: number; name: string }[]> {
  return repo.findGroupsInReach(db, schoolId, reach, opts);
}

/** The ids among `ids` that are groups of the school (the others are unknown or another school's). */
export function schoolGroupIds(db: Db, schoolId: number, ids: readonly number[]): Promise<number[]> {
  return repo.findSchoolGroupIds(db, schoolId, ids);
}
