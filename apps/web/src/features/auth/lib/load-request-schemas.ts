import { whenIdle } from '@/lib/idle';

/** The sign-in forms' schemas (request-schemas.ts), loaded once. */
export function loadRequestSchemas() {
  return import('./request-schemas');
}

/** Fetches the schemas once the page is idle, so the first send does not wait for them. */
export function prefetchRequestSchemas(): void {
  whenIdle('request-schemas', loadRequestSchemas).catch(() => undefined);
}
