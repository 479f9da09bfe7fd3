// The logs tab's address: `/dashboard/logs?action=login.failed&actor=anna&from=2026-01-01&to=2026-01-31&page=2`,
// checked by the tab itself (the dashboard route only knows `id`). A value of the wrong shape is dropped, never an
// error, so a mistyped address still opens the tab (decision 049).
import { AUDIT_ACTIONS, type AuditActionName, type LogsExportQuery } from '@aula/contracts';
import { optionalInt, optionalOneOf, optionalText } from '@/lib/search-params';

/** The filters as the address writes them; absent means no filter, page 1. */
export interface LogsAddress {
  action?: AuditActionName;
  actor?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** A whole day as the date field writes it (`2026-01-31`), or nothing. */
function day(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

export function validateLogsSearch(search: Record<string, unknown>): LogsAddress {
  return {
    action: optionalOneOf(AUDIT_ACTIONS, search.action),
    actor: optionalText(search.actor)?.trim().slice(0, 100) || undefined,
    from: day(search.from),
    to: day(search.to),
    page: optionalInt(search.page, { positive: true }),
  };
}

/** The filters as the form and GET /api/logs take them ('' for no filter). */
export function logsFilter(address: LogsAddress): Required<LogsExportQuery> {
  return {
    action: address.action ?? '',
    actor: address.actor ?? '',
    from: address.from ?? '',
    to: address.to ?? '',
  };
}

/** The form's filters as the address writes them: a filter left empty is left out, and the page starts again. */
export function logsAddress(filter: LogsExportQuery): LogsAddress {
  return {
    action: optionalOneOf(AUDIT_ACTIONS, filter.action),
    actor: filter.actor?.trim() || undefined,
    from: day(filter.from),
    to: day(filter.to),
    page: undefined,
  };
}
