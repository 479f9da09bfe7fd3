import {
  CIM_COLUMNS,
  CIM_MAX_ROWS,
  CIM_REQUIRED_COLUMNS,
  CIM_ROLE_VALUES,
  EMAIL_PATTERN,
  MAX_GROUP_NAME_LENGTH,
  MAX_NAME_LENGTH,
  nameLength,
  normalizeName,
  SINGLE_LINE,
  type CimChangeFields,
  type CimColumn,
  type CimPlan,
  type CimRowErrorCode,
  type RoleGroups,
} from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { rolesFromRoleGroups } from '../groups/groups.service.ts';
import { CsvError, parseCsv } from './csv.ts';

const MAX_ID_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;
/** at most this many row errors are listed; params.count says how many there were */
export const MAX_LISTED_ROW_ERRORS = 500;

export interface ImportRow {
  line: number;
  /** the identity key stored in users.external_id (see identityKey) */
  key: string;
  firstName: string;
  lastName: string;
  email: string | null;
  type: 'L' | 'S';
  classes: string[];
}

export interface RowError {
  line: number;
  column?: CimColumn;
  code: CimRowErrorCode;
  /** the English text for API consumers */
  message: string;
}

const lower = (s: string) => s.toLowerCase();

/**
 * The identity of a row, kept in users.external_id: the directory's ID when the file has one;
 * else the e-mail address; else the role with last and first name. The class is not part of it:
 * it changes every school year, and a new key would mean a new account.
 */
export function identityKey(row: {
  id: string;
  email: string | null;
  type: string;
  lastName: string;
  firstName: string;
}) {
  if (row.id) return row.id;
  if (row.email) return `mail:${lower(row.email)}`;
  return `name:${row.type}:${lower(row.lastName)}|${lower(row.firstName)}`;
}

/** The class cell: one or more group names separated by `,` or `|`, each once (compared without case). */
export function splitClasses(cell: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of cell.split(/[,|]/)) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (name && !seen.has(lower(name))) {
      seen.add(lower(name));
      out.push(name);
    }
  }
  return out;
}

/** Header cells → column positions; unknown columns are ignored, a column named twice is an error. */
function mapHeader(header: string[]): Partial<Record<CimColumn, number>> {
  const positions: Partial<Record<CimColumn, number>> = {};
  header.forEach((cell, index) => {
    const name = lower(cell.trim());
    for (const [column, aliases] of Object.entries(CIM_COLUMNS) as [CimColumn, readonly string[]][]) {
      if (!aliases.includes(name)) continue;
      if (positions[column] !== undefined)
        throw new AppError(422, 'cim.invalid_file', { duplicate: cell.trim() });
      positions[column] = index;
    }
  });
  const missing = CIM_REQUIRED_COLUMNS.filter((c) => positions[c] === undefined);
  // the column keys, comma-separated: the client names them in the user's language
  if (missing.length > 0) throw new AppError(422, 'cim.missing_columns', { missing: missing.join(',') });
  return positions;
}

const MESSAGES: Record<CimRowErrorCode, string> = {
  column_count: 'more cells than the header has columns',
  last_name_missing: 'the last name is missing',
  first_name_missing: 'the first name is missing',
  role_invalid: 'the role is not one of Schüler, S, student, Lehrer, L, teacher',
  email_invalid: 'the e-mail address is not valid',
  too_long: 'the value is too long',
  control_character: 'the value holds a control character',
  duplicate: 'the same person as in an earlier line',
};

/**
 * Reads and checks the file: rows, or AppError cim.invalid_file / missing_columns / too_many_rows; row errors
 * are listed.
 */
export function readImportFile(text: string): { rows: ImportRow[]; errors: RowError[] } {
  let csv;
  try {
    csv = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new AppError(422, 'cim.invalid_file', { line: err.line });
    throw err;
  }
  const [header, ...data] = csv;
  if (!header) throw new AppError(422, 'cim.invalid_file');
  const pos = mapHeader(header.cells);
  if (data.length === 0) throw new AppError(422, 'cim.invalid_file', { rows: 0 });
  if (data.length > CIM_MAX_ROWS) throw new AppError(422, 'cim.too_many_rows', { max: CIM_MAX_ROWS });

  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const firstLineOfKey = new Map<string, number>();
  for (const { line, cells } of data) {
    const fail = (code: CimRowErrorCode, column?: CimColumn) =>
      errors.push({ line, code, message: MESSAGES[code], ...(column ? { column } : {}) });
    if (cells.length > header.cells.length) {
      fail('column_count');
      continue;
    }
    const cell = (c: CimColumn) => {
      const i = pos[c];
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const before = errors.length;
    // the rule of every text in a request (the contracts' text()): no NUL or other control character
    for (const column of Object.keys(pos) as CimColumn[])
      if (!SINGLE_LINE.test(cell(column))) fail('control_character', column);
    if (errors.length > before) continue;
    // names as everyone will see them (decision 081): a name of invisible characters only is missing
    const lastName = normalizeName(cell('lastName'));
    const firstName = normalizeName(cell('firstName'));
    const roleCell = cell('role');
    const emailCell = cell('email');
    const id = cell('externalId');
    const classes = splitClasses(cell('classes'));
    if (!lastName) fail('last_name_missing', 'lastName');
    else if (nameLength(lastName) > MAX_NAME_LENGTH) fail('too_long', 'lastName');
    if (!firstName) fail('first_name_missing', 'firstName');
    else if (nameLength(firstName) > MAX_NAME_LENGTH) fail('too_long', 'firstName');
    const type = CIM_ROLE_VALUES[lower(roleCell)];
    if (!type) fail('role_invalid', 'role');
    if (emailCell.length > MAX_EMAIL_LENGTH) fail('too_long', 'email');
    else if (emailCell && !EMAIL_PATTERN.test(emailCell)) fail('email_invalid', 'email');
    if (id.length > MAX_ID_LENGTH) fail('too_long', 'externalId');
    if (classes.some((c) => c.length > MAX_GROUP_NAME_LENGTH)) fail('too_long', 'classes');
    if (errors.length > before || !type) continue;
    const email = emailCell || null;
    const key = identityKey({ id, email, type, lastName, firstName });
    const first = firstLineOfKey.get(key);
    if (first !== undefined) {
      errors.push({ line, code: 'duplicate', message: `${MESSAGES.duplicate} (${first})` });
      continue;
    }
    firstLineOfKey.set(key, line);
    rows.push({ line, key, firstName, lastName, email, type, classes });
  }
  return { rows, errors };
}

/** What the database holds that an import plans against. */
export interface ImportState {
  users: {
    id: number;
    externalId: string | null;
    username: string;
    firstName: string;
    lastName: string;
    email: string | null;
    type: 'L' | 'S';
    roles: string[];
    deactivatedAt: Date | null;
  }[];
  usernames: string[];
  groups: { id: number; name: string; type: string }[];
  memberships: { userId: number; groupId: number }[];
  roleGroups: RoleGroups;
}

/** The plan plus what applying it needs (group keys by lower-cased name, membership changes). */
export interface FullPlan {
  plan: CimPlan;
  creates: (CimPlan['create'][number] & { key: string })[];
  updates: {
    id: number;
    firstName: string;
    lastName: string;
    email: string | null;
    type: 'L' | 'S';
    addAdmin: boolean;
    reactivate: boolean;
  }[];
  /** group names (lower-cased) per user id or, for new users, per key */
  addMemberships: { userId: number | string; group: string }[];
  removeMemberships: { userId: number; groupId: number }[];
}

const TRANSLIT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'oe', å: 'aa' };

/** "Jörg-Peter Müller" → "joerg-peter.mueller": ASCII letters, digits, dots and dashes only. */
export function usernameBase(firstName: string, lastName: string): string {
  const part = (s: string) =>
    lower(s)
      .replace(/[äöüßæøå]/g, (c) => TRANSLIT[c]!)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, '-')
      .replace(/[^a-z0-9-]/g, '')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
  const base = [part(firstName), part(lastName)].filter(Boolean).join('.').slice(0, 40);
  return base || 'user';
}

function nextUsername(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'de'));

/**
 * What an import of these rows would do. Only users an import created (external_id set) are
 * matched, updated or deactivated; superadmins and admins are never deactivated. Imported users'
 * memberships in class groups follow the file; other groups are only added when the file names
 * them. Role groups add the teacher type or the admin role, never remove one.
 */
export function buildPlan(rows: ImportRow[], state: ImportState): FullPlan {
  const byKey = new Map(state.users.map((u) => [u.externalId!, u]));
  const groupsByName = new Map(state.groups.map((g) => [lower(g.name), g]));
  const groupById = new Map(state.groups.map((g) => [g.id, g]));
  const groupName = new Map(state.groups.map((g) => [g.id, g.name]));
  const groupsCreate: string[] = [];
  for (const row of rows) {
    for (const c of row.classes) {
      if (!groupsByName.has(lower(c))) {
        groupsByName.set(lower(c), { id: 0, name: c, type: 'class' });
        groupsCreate.push(c);
      }
    }
  }
  const canonical = (c: string) => groupsByName.get(lower(c))!.name;
  const membershipsOf = new Map<number, number[]>();
  for (const m of state.memberships)
    membershipsOf.set(m.userId, [...(membershipsOf.get(m.userId) ?? []), m.groupId]);
  const taken = new Set(state.usernames.map(lower));

  const full: FullPlan = {
    plan: { create: [], update: [], deactivate: [], groupsCreate, rows: rows.length },
    creates: [],
    updates: [],
    addMemberships: [],
    removeMemberships: [],
  };
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(row.key);
    const classes = row.classes.map(canonical);
    const existing = byKey.get(row.key);
    if (!existing) {
      const granted = rolesFromRoleGroups(state.roleGroups, classes);
      const create = {
        line: row.line,
        username: nextUsername(usernameBase(row.firstName, row.lastName), taken),
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        type: granted.teacher ? ('L' as const) : row.type,
        classes: sorted(classes),
        admin: granted.admin,
      };
      full.plan.create.push(create);
      full.creates.push({ ...create, key: row.key });
      for (const c of classes) full.addMemberships.push({ userId: row.key, group: lower(c) });
      continue;
    }
    const current = membershipsOf.get(existing.id) ?? [];
    const wanted = new Set(classes.map(lower));
    const managed = current.filter((id) => {
      const g = groupById.get(id);
      return g && (g.type === 'class' || wanted.has(lower(g.name)));
    });
    const managedNames = new Set(managed.map((id) => lower(groupName.get(id)!)));
    // role groups look at the file's groups and the user's other, not imported, groups
    const others = current
      .map((id) => groupById.get(id)!)
      .filter((g) => g.type !== 'class' && !wanted.has(lower(g.name)))
      .map((g) => g.name);
    const granted = rolesFromRoleGroups(state.roleGroups, [...classes, ...others]);
    const type = granted.teacher ? 'L' : row.type;
    const addAdmin = granted.admin && !existing.roles.includes('admin');
    const before: CimChangeFields = {};
    const after: CimChangeFields = {};
    const diff = <K extends keyof CimChangeFields>(
      k: K,
      was: CimChangeFields[K],
      now: CimChangeFields[K],
    ) => {
      before[k] = was;
      after[k] = now;
    };
    if (existing.firstName !== row.firstName) diff('firstName', existing.firstName, row.firstName);
    if (existing.lastName !== row.lastName) diff('lastName', existing.lastName, row.lastName);
    if (existing.email !== row.email) diff('email', existing.email, row.email);
    if (existing.type !== type) diff('type', existing.type, type);
    const adds = classes.filter((c) => !managedNames.has(lower(c)));
    const removes = managed.filter((id) => !wanted.has(lower(groupName.get(id)!)));
    if (adds.length > 0 || removes.length > 0)
      diff('classes', sorted(managed.map((id) => groupName.get(id)!)), sorted(classes));
    if (addAdmin) diff('admin', false, true);
    if (existing.deactivatedAt) diff('active', false, true);
    if (Object.keys(after).length === 0) continue;
    full.plan.update.push({ line: row.line, id: existing.id, username: existing.username, before, after });
    full.updates.push({
      id: existing.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      type,
      addAdmin,
      reactivate: existing.deactivatedAt !== null,
    });
    for (const c of adds) full.addMemberships.push({ userId: existing.id, group: lower(c) });
    for (const groupId of removes) full.removeMemberships.push({ userId: existing.id, groupId });
  }
  for (const u of state.users) {
    if (seen.has(u.externalId!) || u.deactivatedAt) continue;
    if (u.roles.includes('superadmin') || u.roles.includes('admin')) continue;
    full.plan.deactivate.push({
      id: u.id,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
    });
  }
  return full;
}
