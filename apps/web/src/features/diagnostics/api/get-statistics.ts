import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { StatisticsSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/statistics?days=: school-wide counts per day over the period (admins). */
export function statisticsQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['diagnostics', 'statistics', { days }],
    queryFn: ({ signal }) =>
      apiRequest(`/api/statistics?days=${days}`, { schema: StatisticsSchema, requiresLogin: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStatistics(days: number) {
  return useQuery(statisticsQueryOptions(days));
}
