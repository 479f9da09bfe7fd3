import { CIM_COLUMNS, cimRowErrorFromIssue, type CimColumn, type CimRowError } from '@aula/contracts';
import { ApiError } from '@/lib/api-client';

/** The row errors of a 422 cim.row_errors (listed as issues `line.<n>[.<column>]`), or null for any other error. */
export function rowErrorsOf(error: unknown): { total: number; rows: CimRowError[] } | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.errorBody;
  if (body?.code !== 'cim.row_errors') return null;
  const rows = (body.issues ?? []).map(cimRowErrorFromIssue).filter((r) => r !== null);
  const total = typeof body.params?.count === 'number' ? body.params.count : rows.length;
  return { total, rows };
}

/** A small example file with every column, German headers and `;` as German school software writes it. */
export const SAMPLE_CSV = [
  'ID;Nachname;Vorname;Klasse;Rolle;E-Mail',
  '1001;Muster;Max;5a;Schüler;',
  '1002;Beispiel;Bea;5a;Schüler;',
  '2001;Lehrkraft;Lena;5a,6b;Lehrer;lena.lehrkraft@schule.example',
  '',
].join('\r\n');

/**
 * The columns a 422 cim.missing_columns names (keys of CIM_COLUMNS, comma-separated in params.missing), or null
 * for any other error; the import section shows them by their translated names.
 */
export function missingColumnsOf(error: unknown): CimColumn[] | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.errorBody;
  if (body?.code !== 'cim.missing_columns' || typeof body.params?.missing !== 'string') return null;
  return body.params.missing.split(',').filter((c): c is CimColumn => Object.hasOwn(CIM_COLUMNS, c));
}
