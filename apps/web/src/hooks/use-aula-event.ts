import { useEffect, useRef } from 'react';
import type { EventType } from '@aula/contracts';
import { subscribe, type EventHandler } from '@/lib/events';

/**
 * Runs `handler` for every event of `type` on this tab's live stream while the component is mounted. The
 * latest handler is used, so it may be an inline function; the subscription is made once per type.
 */
export function useAulaEvent<T extends EventType>(type: T, handler: EventHandler<T>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe(type, (data, id) => latest.current(data, id)), [type]);
}
