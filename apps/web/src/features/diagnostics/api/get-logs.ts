import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LogPageSchema, type LogsExportQuery, type LogsQuery } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

function queryString(filter: Partial<LogsQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** GET /api/logs: one page of the audit log, newest first, filtered (admins). */
export function logsQueryOptions(filter: LogsQuery) {
  return queryOptions({
    queryKey: ['diagnostics', 'logs', filter],
    queryFn: ({ signal }) =>
      apiRequest(`/api/logs?${queryString(filter)}`, { schema: LogPageSchema, requiresLogin: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/logs/full: the same filters as a CSV download; a plain link, the browser saves the file. */
export function logsCsvUrl(filter: Partial<LogsExportQuery>): string {
  const query = queryString(filter);
  return query ? `/api/logs/full?${query}` : '/api/logs/full';
}

export function useLogs(filter: LogsQuery) {
  return useQuery(logsQueryOptions(filter));
}
