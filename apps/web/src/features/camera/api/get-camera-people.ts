import { queryOptions, useQuery } from '@tanstack/react-query';
import { CameraPeopleSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/camera: the people the caller may photograph, themself first, then the pupils of their groups. */
export function cameraPeopleQueryOptions() {
  return queryOptions({
    queryKey: ['camera', 'people'],
    queryFn: ({ signal }) =>
      apiRequest('/api/camera', { schema: CameraPeopleSchema, requiresLogin: true, signal }),
  });
}

export function useCameraPeople() {
  return useQuery(cameraPeopleQueryOptions());
}
