import { HealthSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** The browser has a network and the API answers GET /api/health. */
export async function isApiReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await apiRequest('/api/health', { schema: HealthSchema });
    return true;
  } catch {
    return false;
  }
}
