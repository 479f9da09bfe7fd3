import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, loginLocks, users } from '../../db/schema.ts';
import { likePattern } from '../../db/like-pattern.ts';

export interface UserFilter {
  q?: string;
  groupId?: number;
  role?: 'student' | 'teacher' | 'admin' | 'superadmin';
  status?: 'active' | 'blocked' | 'locked' | 'deactivated';
  /** teachers: only students who share one of these groups */
  studentsOfGroups?: readonly number[];
  now: Date;
  page: number;
  perPage: number;
}

// drizzle writes a column without its table inside a select list: name the outer table in subqueries
const outer = (column: string) => sql.raw(`"users"."${column}"`);

const isAdmin = sql`('admin' = any(${users.roles}) or 'superadmin' = any(${users.roles}))`;

function lockedUntil(now: Date) {
  return sql<Date | null>`(select ${loginLocks.lockedUntil} from ${loginLocks}
    where ${loginLocks.schoolId} = ${outer('school_id')} and ${loginLocks.accountKey} = lower(${outer('username')})
    and ${loginLocks.lockedUntil} > ${now.toISOString()}::timestamptz)`;
}

function managedColumns(now: Date) {
  return {
    id: users.id,
    laraId: users.laraId,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    type: users.type,
    roles: users.roles,
    blocked: users.blocked,
    lockedUntil: lockedUntil(now),
    totp: sql<boolean>`(${users.totpSecret} is not null)`,
    hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
    deactivated: sql<boolean>`(${users.deactivatedAt} is not null)`,
    imported: sql<boolean>`(${users.externalId} is not null)`,
    groups: sql<
      { id: number; name: string }[]
    >`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
      from ${groupMembers} gm join ${groups} g on g.id = gm.group_id where gm.user_id = ${outer('id')}), '[]'::json)`,
  };
}

export type ManagedUserRow = NonNullable<Awaited<ReturnType<typeof findManagedUserRow>>>;

function filterConditions(schoolId: number, f: UserFilter): SQL[] {
  const where: SQL[] = [eq(users.schoolId, schoolId)];
  if (f.q) {
    const pattern = likePattern(f.q);
    where.push(
      sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${pattern}
        or ${users.lastName} || ' ' || ${users.firstName} ilike ${pattern}
        or ${users.username} ilike ${pattern} or coalesce(${users.email}, '') ilike ${pattern})`,
    );
  }
  if (f.groupId !== undefined)
    where.push(
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${outer('id')} and ${groupMembers.groupId} = ${f.groupId})`,
    );
  if (f.role === 'superadmin') where.push(sql`'superadmin' = any(${users.roles})`);
  if (f.role === 'admin')
    where.push(sql`('admin' = any(${users.roles}) and not 'superadmin' = any(${users.roles}))`);
  if (f.role === 'teacher') where.push(sql`(${users.type} = 'L' and not ${isAdmin})`);
  if (f.role === 'student') where.push(sql`(${users.type} = 'S' and not ${isAdmin})`);
  if (f.status === 'blocked') where.push(eq(users.blocked, true));
  if (f.status === 'deactivated') where.push(sql`${users.deactivatedAt} is not null`);
  if (f.status === 'locked') where.push(sql`${lockedUntil(f.now)} is not null`);
  if (f.status === 'active')
    where.push(
      sql`(not ${users.blocked} and ${users.deactivatedAt} is null and ${lockedUntil(f.now)} is null)`,
    );
  if (f.studentsOfGroups) {
    const ids = f.studentsOfGroups.length ? [...f.studentsOfGroups] : [-1];
    where.push(sql`(${users.type} = 'S' and not ${isAdmin})`);
    where.push(
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${outer('id')} and ${inArray(groupMembers.groupId, ids)})`,
    );
  }
  return where;
}

export async function findUsers(db: Db, schoolId: number, f: UserFilter) {
  const rows = await db
    .select({ ...managedColumns(f.now), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(and(...filterConditions(schoolId, f)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findManagedUserRow(db: Db, schoolId: number, userId: number, now: Date) {
  const [row] = await db
    .select(managedColumns(now))
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function isUsernameTaken(db: Db, schoolId: number, username: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        sql`lower(${users.username}) = lower(${username})`,
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, values: NewUser): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUserFields(
  db: Db,
  schoolId: number,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}

export async function setAdminPassword(
  db: Db,
  schoolId: number,
  userId: number,
  passwordHash: string,
  mustChangePassword: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, mustChangePassword })
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}
