// The live event stream of this tab (DESIGN.md Realtime; decision 071). Consumers subscribe to event types;
// the stream itself is started after the first paint by app/live-events.ts and stopped at sign-out.
import { EVENT_DATA, type EventData, type EventType } from '@aula/contracts';

export type EventHandler<T extends EventType> = (data: EventData<T>, id: number) => void;

const handlers = new Map<EventType, Set<EventHandler<EventType>>>();

/**
 * Calls `handler` for every event of `type` this tab's stream receives, with its data and id; returns the
 * unsubscribe function. Consumers that show server state subscribe to `reset` too and refetch.
 */
export function subscribe<T extends EventType>(type: T, handler: EventHandler<T>): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  // one function may be subscribed twice (two components); each subscription is its own entry
  const entry: EventHandler<EventType> = (data, id) => handler(data as EventData<T>, id);
  set.add(entry);
  return () => {
    set.delete(entry);
    if (set.size === 0 && handlers.get(type) === set) handlers.delete(type);
  };
}

function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_DATA, type);
}

/**
 * Hands one received event to its handlers. An unknown type (a newer server) or data that does not match the
 * contract is ignored; a handler that throws does not keep the others from running. Exported for tests.
 */
export function dispatchEvent(type: string, rawData: string, id: number): void {
  if (!isEventType(type)) return;
  const set = handlers.get(type);
  if (!set || set.size === 0) return;
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    return;
  }
  const parsed = EVENT_DATA[type].safeParse(json);
  if (!parsed.success) return;
  for (const handler of [...set]) {
    try {
      handler(parsed.data as EventData<EventType>, id);
    } catch (error) {
      reportError(error);
    }
  }
}
