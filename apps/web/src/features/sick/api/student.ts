import { queryOptions } from '@tanstack/react-query';
import { StudentDetailSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/student/{id}: one pupil with the notices the caller may see of them (shown under the choice). */
export function studentQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: ['sick', 'student', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/student/${id}`, { schema: StudentDetailSchema, requiresLogin: true, signal }),
    enabled: id !== null,
  });
}
