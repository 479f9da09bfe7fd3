import { z } from './zod.ts';
import { UserTypeSchema } from './roles.ts';

// The identity import (the cim tab, superadmins only): a CSV export of the school administration software.

export const CIM_MAX_ROWS = 5000;
export const CIM_MAX_BYTES = 5 * 1024 * 1024;

/** Accepted header names per column, compared lower-cased and trimmed (German and English). */
export const CIM_COLUMNS = {
  lastName: ['nachname', 'familienname', 'lastname', 'last name', 'last_name', 'surname'],
  firstName: ['vorname', 'rufname', 'firstname', 'first name', 'first_name', 'given name'],
  classes: ['klasse', 'klassen', 'class', 'classes', 'gruppen', 'groups'],
  role: ['rolle', 'role', 'typ', 'type'],
  email: ['e-mail', 'email', 'mail', 'e-mail-adresse'],
  externalId: ['id', 'externalid', 'external id', 'external_id', 'kennung'],
} as const;
export type CimColumn = keyof typeof CIM_COLUMNS;
export const CIM_REQUIRED_COLUMNS: readonly CimColumn[] = ['lastName', 'firstName', 'role'];

/** Role cell values, lower-cased: S student, L teacher (spec 3.3). */
export const CIM_ROLE_VALUES: Record<string, 'S' | 'L'> = {
  schüler: 'S',
  schueler: 'S',
  schülerin: 'S',
  s: 'S',
  student: 'S',
  lehrer: 'L',
  lehrerin: 'L',
  lehrkraft: 'L',
  l: 'L',
  teacher: 'L',
};

/** Why a row was refused; the 422 cim.row_errors lists them as issues `line.<n>[.<column>]`. */
export const CIM_ROW_ERRORS = [
  'column_count',
  'last_name_missing',
  'first_name_missing',
  'role_invalid',
  'email_invalid',
  'too_long',
  'control_character',
  'duplicate',
] as const;
export type CimRowErrorCode = (typeof CIM_ROW_ERRORS)[number];

export const CimQuerySchema = z.strictObject({
  // anything but "false" is a dry run: a call without the flag changes nothing
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v !== 'false'),
});

/** The fields an import sets on a user; `classes` are the group names of the row. */
export const CimPersonSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  type: UserTypeSchema,
  classes: z.array(z.string()),
});
export type CimPerson = z.infer<typeof CimPersonSchema>;

export const CimChangeFieldsSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().nullable().optional(),
  type: UserTypeSchema.optional(),
  classes: z.array(z.string()).optional(),
  admin: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type CimChangeFields = z.infer<typeof CimChangeFieldsSchema>;

export const CimPlanSchema = z.object({
  create: z.array(
    CimPersonSchema.extend({ line: z.number().int(), username: z.string(), admin: z.boolean() }),
  ),
  update: z.array(
    z.object({
      line: z.number().int(),
      id: z.number().int(),
      username: z.string(),
      before: CimChangeFieldsSchema,
      after: CimChangeFieldsSchema,
    }),
  ),
  deactivate: z.array(
    z.object({ id: z.number().int(), username: z.string(), firstName: z.string(), lastName: z.string() }),
  ),
  groupsCreate: z.array(z.string()),
  /** rows read from the file (empty lines not counted) */
  rows: z.number().int(),
});
export type CimPlan = z.infer<typeof CimPlanSchema>;

export const CimCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  groupsCreated: z.number().int(),
  rows: z.number().int(),
});
export type CimCounts = z.infer<typeof CimCountsSchema>;

/** POST /api/cim/import: the plan (dry run) or the counts of what was applied */
export const CimImportResultSchema = z.discriminatedUnion('dryRun', [
  z.object({ dryRun: z.literal(true), plan: CimPlanSchema }),
  z.object({ dryRun: z.literal(false), counts: CimCountsSchema }),
]);
export type CimImportResult = z.infer<typeof CimImportResultSchema>;

/** A row error as the web shows it, read back from an issue of the 422 cim.row_errors body. */
export interface CimRowError {
  line: number;
  column?: string;
  code: string;
}

export function cimRowErrorFromIssue(issue: { path: string; code: string }): CimRowError | null {
  const m = /^line\.(\d+)(?:\.(\w+))?$/.exec(issue.path);
  if (!m) return null;
  return { line: Number(m[1]), ...(m[2] ? { column: m[2] } : {}), code: issue.code };
}
