import { ONLINE_PING_MS, type AliveResponse } from '@aula/contracts';
import { ApiError, apiRequest, isNetworkError, trusted } from '@/lib/api-client';
import { deviceId } from '@/lib/device-id';
import { whenIdle } from '@/lib/idle';

/** Once per page load: a ping restarted by signing in again is the same device on the same day. */
let statisticsSent = false;

/**
 * spec 4.2, 4.4: while signed in, ping every 15 s; the statistics call goes once when the ping starts.
 * A network failure or a 503, with Aula's error body or without, calls onOffline with the error and the ping
 * itself, which the offline page repeats (decision 057): the ping is the one call whose 503 means offline
 * (decision 078). A proxy's 502 reaches the global handlers of the API client.
 * Returns a stop function.
 */
export function startOnlinePing(
  onOffline: (error: unknown, ping: () => Promise<unknown>) => void,
): () => void {
  let stopped = false;
  const request = () =>
    apiRequest('/api/users/alive', {
      method: 'POST',
      schema: trusted<AliveResponse>(),
      requiresLogin: true,
    });
  const ping = async () => {
    try {
      await request();
    } catch (error) {
      const lost = isNetworkError(error) || !navigator.onLine;
      if (!stopped && (lost || (error instanceof ApiError && error.status === 503)))
        onOffline(error, request);
    }
  };
  if (!statisticsSent) {
    statisticsSent = true;
    whenIdle('statistics', () =>
      apiRequest(`/api/statistics?id=${deviceId()}`, { method: 'POST', schema: trusted<unknown>() }),
    ).catch(() => undefined);
  }
  // the first ping at its step of the start plan (lib/idle.ts), then every 15 s
  void whenIdle('online-ping', () => (stopped ? undefined : ping()));
  const timer = window.setInterval(() => void ping(), ONLINE_PING_MS);
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}
