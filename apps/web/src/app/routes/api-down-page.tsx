import { OfflinePage } from './offline-page';

/** spec 8: a 502 (a proxy in front of Aula answers, Aula does not): Aula is not reachable, the device is fine. */
export function ApiDownPage() {
  return <OfflinePage unavailable />;
}
