import { randomUUID } from 'node:crypto';
import { clampName, MAX_NAME_LENGTH, type OidcLinkField } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { snapshotReads } from '../config/config.service.ts';
import { usernameBase } from '../cim/cim-plan.ts';
import { addMembershipsIfMissing, readRoleGroups, rolesFromRoleGroups } from '../groups/groups.service.ts';
import { createUser, setUserRoles } from '../users/users.service.ts';
import {
  findGroupIdsByName,
  findUserByField,
  findUserByIdentity,
  findUsernamesLike,
  hasIdentity,
  insertIdentity,
  touchIdentity,
  type SsoProvider,
} from './sso.repo.ts';

// Which account an identity at the school's provider signs in to (decision 038), for OIDC and SAML alike.

export interface SsoIdentity {
  provider: SsoProvider;
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
  /** the provider vouches for the e-mail address (OIDC email_verified); linking by e-mail needs it */
  emailVerified: boolean;
}

export interface SsoMapping {
  linkClaim: string;
  linkField: OidcLinkField;
  createUsers: boolean;
  roleClaim: string;
  teacherValues: string;
  groupsClaim: string;
}

const MAX_CLAIM_VALUES = 200;

/** A claim as a list of strings: a list, a comma-separated string, or one value. */
export function claimValues(claims: Record<string, unknown>, name: string): string[] {
  if (!name) return [];
  const value = claims[name];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return list
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).trim())
    .filter((v) => v !== '' && v.length <= 200)
    .slice(0, MAX_CLAIM_VALUES);
}

function claimText(claims: Record<string, unknown>, name: string, max = 100): string {
  const value = claims[name];
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** A name claim, normalised and cut to a first or last name's length (decision 081). */
function nameClaim(claims: Record<string, unknown>, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? clampName(value, MAX_NAME_LENGTH) : '';
}

interface Granted {
  teacher: boolean;
  admin: boolean;
  groups: string[];
}

async function granted(ctx: Ctx, identity: SsoIdentity, mapping: SsoMapping): Promise<Granted> {
  const groups = claimValues(identity.claims, mapping.groupsClaim);
  const byGroups = rolesFromRoleGroups(await readRoleGroups(snapshotReads(ctx)), groups);
  const teacherValues = new Set(
    mapping.teacherValues
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );
  const byRole = claimValues(identity.claims, mapping.roleClaim).some((v) =>
    teacherValues.has(v.toLowerCase()),
  );
  return { teacher: byGroups.teacher || byRole, admin: byGroups.admin, groups };
}

/**
 * What the provider says only ever adds: teacher, admin (through the role groups) and memberships of
 * existing groups; it never takes a role away and never gives superadmin.
 */
async function applyGrants(
  ctx: Ctx,
  user: { id: number; type: 'L' | 'S'; roles: string[] },
  grant: Granted,
): Promise<void> {
  const type = grant.teacher ? 'L' : user.type;
  const roles = grant.admin && !user.roles.includes('admin') ? [...user.roles, 'admin'] : user.roles;
  if (type !== user.type || roles !== user.roles) {
    await setUserRoles(ctx.db, user.id, type, roles);
    await audit(ctx, 'role_groups.change', {
      actorId: user.id,
      targetId: user.id,
      details: { via: 'sso', teacher: type === 'L', admin: roles.includes('admin') },
    });
  }
  const groupIds = await findGroupIdsByName(ctx.db, ctx.schoolId, grant.groups);
  await addMembershipsIfMissing(ctx.db, ctx.schoolId, user.id, groupIds, ctx.clock());
}

function refuseAccount(ctx: Ctx, identity: SsoIdentity, reason: string, status = 403) {
  return audit(ctx, 'login.sso_failed', { details: { provider: identity.provider, reason } }).then(() => {
    throw new AppError(status, reason === 'disabled' ? 'auth.account_disabled' : 'sso.no_account');
  });
}

/**
 * The account of an identity: the one linked before (issuer and subject); else, on the first sign-in, the one
 * whose `linkField` equals the `linkClaim` (e-mail only when the provider verified it), which is then linked;
 * else a new account when the school allows it. Superadmins never sign in through the provider.
 */
export async function resolveSsoUser(
  ctx: Ctx,
  identity: SsoIdentity,
  mapping: SsoMapping,
): Promise<{ id: number }> {
  const { db } = ctx;
  const now = ctx.clock();
  const grant = await granted(ctx, identity, mapping);
  type Account = NonNullable<Awaited<ReturnType<typeof findUserByIdentity>>>;
  let user: Account | null = await findUserByIdentity(db, ctx.schoolId, identity.issuer, identity.subject);
  if (user) {
    await touchIdentity(db, ctx.schoolId, identity.issuer, identity.subject, now);
  } else {
    const linkValue = claimText(identity.claims, mapping.linkClaim, 254);
    const mayLink = linkValue !== '' && (mapping.linkField !== 'email' || identity.emailVerified);
    const candidate = mayLink ? await findUserByField(db, ctx.schoolId, mapping.linkField, linkValue) : null;
    if (candidate && !candidate.roles.includes('superadmin')) {
      // an account linked to another subject of this provider stays with it: no silent takeover
      if (await hasIdentity(db, candidate.id, identity.issuer))
        return refuseAccount(ctx, identity, 'linked_elsewhere');
      await insertIdentity(db, {
        schoolId: ctx.schoolId,
        userId: candidate.id,
        provider: identity.provider,
        issuer: identity.issuer,
        subject: identity.subject,
        lastLoginAt: now,
      });
      await audit(ctx, 'sso.link', {
        actorId: candidate.id,
        targetId: candidate.id,
        details: { provider: identity.provider, by: mapping.linkField },
      });
      user = candidate;
    } else if (mapping.createUsers && !candidate) {
      user = await createSsoUser(ctx, identity, grant);
    } else {
      return refuseAccount(ctx, identity, 'no_account');
    }
  }
  if (!user) return refuseAccount(ctx, identity, 'no_account');
  if (user.roles.includes('superadmin')) return refuseAccount(ctx, identity, 'no_account');
  if (user.blocked || user.deactivatedAt) {
    await audit(ctx, 'login.blocked', { targetId: user.id, details: { method: identity.provider } });
    throw new AppError(403, 'auth.account_disabled');
  }
  await applyGrants(ctx, user, grant);
  return { id: user.id };
}

async function createSsoUser(ctx: Ctx, identity: SsoIdentity, grant: Granted) {
  const { claims } = identity;
  // names as everyone will see them (decision 081): normalised, invisible characters gone, at most 100
  const name = nameClaim(claims, 'name');
  const firstName = nameClaim(claims, 'given_name') || name.split(' ').slice(0, -1).join(' ') || name;
  const lastName = nameClaim(claims, 'family_name') || name.split(' ').slice(-1)[0] || '';
  const email = identity.emailVerified ? claimText(claims, 'email', 254) || null : null;
  const preferred = claimText(claims, 'preferred_username', 60).toLowerCase();
  const base = /^[a-z0-9._-]{3,60}$/.test(preferred) ? preferred : usernameBase(firstName, lastName);
  return transaction(ctx.db, async (tx) => {
    const taken = await findUsernamesLike(tx, ctx.schoolId, base);
    let username = base;
    for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
    const type: 'L' | 'S' = grant.teacher ? 'L' : 'S';
    const roles = grant.admin ? ['admin'] : [];
    const id = await createUser(tx, {
      schoolId: ctx.schoolId,
      laraId: randomUUID(),
      username,
      firstName,
      lastName,
      email,
      type,
      roles,
    });
    await insertIdentity(tx, {
      schoolId: ctx.schoolId,
      userId: id,
      provider: identity.provider,
      issuer: identity.issuer,
      subject: identity.subject,
      lastLoginAt: ctx.clock(),
    });
    await audit(ctx, 'user.create', {
      actorId: id,
      targetId: id,
      details: { via: identity.provider, username, type },
      db: tx,
    });
    return { id, blocked: false, deactivatedAt: null, type, roles };
  });
}
