import type { DataExport } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { exportContributors } from '../../lib/contributors.ts';
import { audit } from '../audit/audit.service.ts';
import {
  selectAccountKeyRows,
  selectChildRows,
  selectLinkedRows,
  selectSickPhotoFiles,
  selectUserRow,
  tablesReferencingUsers,
} from './data-export.repo.ts';

export const REDACTED = '[redacted]';

/**
 * Password and token hashes, TOTP seeds and a video room's meeting passwords (which let anyone into the
 * meeting on older BBB servers, decision 067) never leave the server, not even to their owner.
 */
export function isSecretColumn(table: string, column: string): boolean {
  // a reset code mailed minutes ago may still be valid: the outbox keeps address, subject and times only
  if (table === 'mail_outbox' && column === 'body') return true;
  // the browser's push authentication secret (RFC 8291): whoever holds it can read the device's pushes
  if (table === 'push_subscriptions' && column === 'auth') return true;
  return column.endsWith('_hash') || column.endsWith('_secret') || column.endsWith('_pw');
}

function exportValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  // file contents (the files table) as base64
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

function exportRow(table: string, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      isSecretColumn(table, column) && value !== null ? REDACTED : exportValue(value),
    ]),
  );
}

/** An audit entry of someone else's action on the user (a block, an impersonation) keeps that person's address out. */
function withoutOthersAddress(
  table: string,
  row: Record<string, unknown>,
  userId: number,
): Record<string, unknown> {
  if (table !== 'audit_log' || row.actor_id === userId) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'ip'));
}

/** What a moderator's export shows of a report they closed but did not make: the decision, not its source. */
const DECISION_COLUMNS = ['id', 'message_id', 'resolution', 'resolved_at', 'resolved_by'] as const;

/**
 * Who reported a message and why stays with the reporter and the moderators (SECURITY.md "Privacy", decision
 * 077): a report the user made is theirs in full; one they closed as a moderator (dismissed, or deleted the
 * message) keeps only what they decided, when, and on which message.
 */
function withoutReporter(
  table: string,
  row: Record<string, unknown>,
  userId: number,
): Record<string, unknown> {
  if (table !== 'chat_reports' || row.reporter_id === userId) return row;
  return Object.fromEntries(DECISION_COLUMNS.map((column) => [column, row[column]]));
}

/** The name a download gets: aula-data-<username>-<yyyy-mm-dd>.json, safe in a header. */
export function exportFileName(username: string, at: Date): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80) || 'user';
  return `aula-data-${safe}-${at.toISOString().slice(0, 10)}.json`;
}

/**
 * GET /api/users/data (SECURITY.md "Privacy"): every row linked to the caller, table by table, their files
 * as base64, secrets redacted. Audited first, so no export leaves without its entry (which it then shows).
 */
export async function exportOwnData(ctx: Ctx): Promise<{ fileName: string; data: DataExport }> {
  const { db } = ctx;
  if (!ctx.user) throw AppError.unauthorized();
  // a superadmin helps a user by looking, not by taking their data home (docs/decisions/028)
  if (ctx.session?.impersonatorId) throw new AppError(403, 'auth.not_while_impersonating');
  const userId = ctx.user.id;
  const now = ctx.clock();
  await audit(ctx, 'data.export', { actorId: userId, targetId: userId });

  const user = await selectUserRow(db, userId);
  if (!user) throw AppError.notFound();
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const link of tablesReferencingUsers()) tables[link.name] = await selectLinkedRows(db, link, userId);
  Object.assign(tables, await selectChildRows(db, userId));
  // the user name and the school's address only: a second address is the user's own claim, and anyone's
  // failed sign-ins under it would otherwise travel in this export
  const accountKeys = [user.username, user.email]
    .filter((key): key is string => typeof key === 'string' && key !== '')
    .map((key) => key.trim().toLowerCase());
  Object.assign(tables, await selectAccountKeyRows(db, ctx.schoolId, accountKeys));
  // the areas' own parts (lib/contributors.ts): camera pictures others took, the chat rooms the user is in, …
  for (const part of exportContributors()) Object.assign(tables, await part.tables(ctx, userId));
  // the photos of the notices about the user, also those another person reported (and so owns)
  const owned = new Set((tables.files ?? []).map((f) => f.id));
  tables.files = [
    ...(tables.files ?? []),
    ...(await selectSickPhotoFiles(db, userId)).filter((f) => !owned.has(f.id)),
  ];

  const sorted = Object.keys(tables).sort();
  return {
    fileName: exportFileName(ctx.user.username, now),
    data: {
      exported_at: now.toISOString(),
      user: exportRow('users', user),
      tables: Object.fromEntries(
        sorted.map((name) => [
          name,
          tables[name]!.map((r) =>
            exportRow(name, withoutReporter(name, withoutOthersAddress(name, r, userId), userId)),
          ),
        ]),
      ),
    },
  };
}
