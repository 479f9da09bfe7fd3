// What areas add to the data export and to the diagnostics (issue 33, decision 084): each area names its part
// in its manifest (decision 090) and app.ts registers them at build, so the export and the diagnostics know no
// area. The wiring of this
// process's code, not state: every app built in a process registers the same parts (once).
import type { INTEGRATIONS } from '@aula/contracts';
import type { Ctx } from '../context.ts';

/** An outside system the status names: video, oidc, saml, push. */
export type Integration = (typeof INTEGRATIONS)[number];

/** Rows of the data export: table name (as the export shows it) to rows, e.g. `camera_picture_files`. */
export type ExportTables = Record<string, Record<string, unknown>[]>;

/** An area's part of a user's data export (GET /api/users/data): tables the generic walk does not find. */
export interface ExportContributor {
  /** the area, for reading */
  area: string;
  tables: (ctx: Ctx, userId: number) => Promise<ExportTables>;
}

/** An area's part of the server status (GET /api/status): whether its outside system is set up. */
export interface DiagnosticsContributor {
  integration: Integration;
  configured: (ctx: Ctx) => Promise<boolean>;
}

const exportParts: ExportContributor[] = [];
const diagnosticsParts: DiagnosticsContributor[] = [];

function addOnce<T>(list: T[], parts: readonly T[]): void {
  for (const part of parts) if (!list.includes(part)) list.push(part);
}

export function addExportContributors(parts: readonly ExportContributor[]): void {
  addOnce(exportParts, parts);
}

export function addDiagnosticsContributors(parts: readonly DiagnosticsContributor[]): void {
  addOnce(diagnosticsParts, parts);
}

/** The registered export parts, in the order registered. */
export function exportContributors(): readonly ExportContributor[] {
  return exportParts;
}

/** The registered diagnostics parts, in the order registered. */
export function diagnosticsContributors(): readonly DiagnosticsContributor[] {
  return diagnosticsParts;
}
