import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { StudentListSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/students?q=: the pupils a teacher (their groups') or an admin (all) may report for. */
export function studentsQueryOptions(q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: ['sick', 'students', query],
    queryFn: ({ signal }) =>
      apiRequest(`/api/students?${new URLSearchParams({ q: query, perPage: '20' }).toString()}`, {
        schema: StudentListSchema,
        requiresLogin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
