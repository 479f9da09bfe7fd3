import { randomUUID } from 'node:crypto';
import type { CimCounts, CimImportResult } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { freshReads } from '../config/config.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import {
  addMemberships,
  insertClassGroups,
  readRoleGroups,
  removeMemberships,
} from '../groups/groups.service.ts';
import { deactivateUsers, insertImportedUsers, updateImportedUsers } from '../users/users.service.ts';
import { buildPlan, MAX_LISTED_ROW_ERRORS, readImportFile, type ImportState } from './cim-plan.ts';
import {
  findImportedMemberships,
  findImportedUsers,
  findSchoolGroups,
  findUsernames,
  lockImport,
} from './cim.repo.ts';
import { decodeCsv } from './csv.ts';

async function loadState(db: Db, schoolId: number): Promise<ImportState> {
  const [users, usernames, groups, memberships, roleGroups] = await Promise.all([
    findImportedUsers(db, schoolId),
    findUsernames(db, schoolId),
    findSchoolGroups(db, schoolId),
    findImportedMemberships(db, schoolId),
    readRoleGroups(freshReads(db, schoolId)),
  ]);
  return { users, usernames, groups, memberships, roleGroups };
}

/** The file as text; the row errors as a 422 listing each line, before anything is read from the db. */
function readFile(body: unknown) {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(422, 'cim.invalid_file');
  const { rows, errors } = readImportFile(decodeCsv(body));
  if (errors.length > 0) {
    throw new AppError(
      422,
      'cim.row_errors',
      { count: errors.length },
      undefined,
      errors.slice(0, MAX_LISTED_ROW_ERRORS).map((e) => ({
        path: `line.${e.line}${e.column ? `.${e.column}` : ''}`,
        code: e.code,
        message: e.message,
      })),
    );
  }
  return rows;
}

/**
 * POST /api/cim/import (superadmins): a dry run answers the plan and changes nothing; otherwise the
 * same plan, computed again under a per-school lock, is applied in one transaction.
 */
export async function importIdentities(ctx: Ctx, body: unknown, dryRun: boolean): Promise<CimImportResult> {
  const rows = readFile(body);
  const db = ctx.db;
  if (dryRun) {
    const { plan } = buildPlan(rows, await loadState(db, ctx.schoolId));
    return { dryRun: true, plan };
  }
  const now = ctx.clock();
  const { counts, deactivated } = await transaction(db, async (tx) => {
    await lockImport(tx, ctx.schoolId);
    // the state is read inside the transaction (PostgreSQL's parallel reads need separate connections)
    const state: ImportState = {
      users: await findImportedUsers(tx, ctx.schoolId),
      usernames: await findUsernames(tx, ctx.schoolId),
      groups: await findSchoolGroups(tx, ctx.schoolId),
      memberships: await findImportedMemberships(tx, ctx.schoolId),
      roleGroups: await readRoleGroups(freshReads(tx, ctx.schoolId)),
    };
    const full = buildPlan(rows, state);
    const { plan } = full;

    const groupIds = new Map(state.groups.map((g) => [g.name.toLowerCase(), g.id]));
    for (const g of await insertClassGroups(tx, ctx.schoolId, plan.groupsCreate))
      groupIds.set(g.name.toLowerCase(), g.id);

    const created = await insertImportedUsers(
      tx,
      ctx.schoolId,
      full.creates.map((c) => ({
        laraId: randomUUID(),
        externalId: c.key,
        username: c.username,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        type: c.type,
        roles: c.admin ? ['admin'] : [],
      })),
    );
    const idOfKey = new Map(created.map((u) => [u.externalId!, u.id]));
    await updateImportedUsers(tx, ctx.schoolId, full.updates);
    const deactivatedIds = plan.deactivate.map((d) => d.id);
    await deactivateUsers(tx, ctx.schoolId, deactivatedIds, now);
    await removeMemberships(tx, ctx.schoolId, full.removeMemberships, now);
    await addMemberships(
      tx,
      ctx.schoolId,
      full.addMemberships.map((m) => ({
        userId: typeof m.userId === 'number' ? m.userId : idOfKey.get(m.userId)!,
        groupId: groupIds.get(m.group)!,
      })),
      now,
    );
    const counts: CimCounts = {
      created: plan.create.length,
      updated: plan.update.length,
      deactivated: deactivatedIds.length,
      groupsCreated: plan.groupsCreate.length,
      rows: plan.rows,
    };
    await audit(ctx, 'cim.import', { details: { ...counts }, db: tx });
    return { counts, deactivated: deactivatedIds };
  });
  // SECURITY.md: a user who left the school is signed out at once (the session check refuses them too)
  for (const id of deactivated) await revokeUserSessions(ctx, id, 'blocked');
  return { dryRun: false, counts };
}
