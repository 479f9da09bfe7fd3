// Side effects between areas as domain events (issue 33, decision 084): the area that changes something
// publishes what happened; the areas concerned subscribe in their own module. In process only, and not the live
// stream to browsers (modules/events, publishEvent). Each area declares its events' payloads by merging them
// into DomainEvents from its own `<area>.events.ts`:
//
//   declare module '../../lib/domain-events.ts' {
//     interface DomainEvents { 'sick.reported': SickReported }
//   }
//
// Two kinds of handler: one that writes (queues a push, raises chat events) runs inside the publishing
// transaction, so its rows commit or roll back with the change; one that only notifies runs after the outermost
// commit, and its failure is logged and never undoes the change (nor is it retried: at most once).
import type { FastifyBaseLogger } from 'fastify';
import type { ConfigReader, ConfigSnapshot } from '../context.ts';
import { inTransaction, isForeignTransaction, onCommit, transaction, type Db } from '../db/index.ts';
import type { Clock } from './clock.ts';

/** The events and their payloads; each publishing area adds its own (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;

/**
 * Who published, as the handlers see it: the school, the clock of the change, a logger and the publisher's
 * configuration snapshot (decision 085: a handler reads no configuration the request has read already).
 */
export interface EventOrigin {
  schoolId: number;
  clock: Clock;
  log: FastifyBaseLogger;
  config: (db?: Db) => Promise<ConfigSnapshot>;
}

/**
 * What a publisher passes: a context (Ctx has all four); without a logger, the app's is used; without a
 * configuration snapshot, the handlers share one read in the publishing transaction.
 */
export type PublishOrigin = Pick<EventOrigin, 'schoolId' | 'clock'> &
  Partial<Pick<EventOrigin, 'log' | 'config'>>;

export type DomainHandler<N extends DomainEventName = DomainEventName> =
  | {
      event: N;
      kind: 'in-transaction';
      /** for the log: who handles it, e.g. `push: chat message` */
      name: string;
      handle: (tx: Db, payload: DomainEvents[N], origin: EventOrigin) => Promise<unknown>;
    }
  | {
      event: N;
      kind: 'after-commit';
      name: string;
      handle: (payload: DomainEvents[N], origin: EventOrigin) => Promise<unknown> | void;
    };

/** Any one handler, its payload type tied to its event. */
export type AnyDomainHandler = { [N in DomainEventName]: DomainHandler<N> }[DomainEventName];

/** A handler that writes: it runs in the publishing transaction, and its failure rolls the change back. */
export function inTransactionHandler<N extends DomainEventName>(
  event: N,
  name: string,
  handle: (tx: Db, payload: DomainEvents[N], origin: EventOrigin) => Promise<unknown>,
): DomainHandler<N> {
  return { event, kind: 'in-transaction', name, handle };
}

/** A handler that only notifies: it runs after the commit; its failure is logged, the change stays. */
export function afterCommitHandler<N extends DomainEventName>(
  event: N,
  name: string,
  handle: (payload: DomainEvents[N], origin: EventOrigin) => Promise<unknown> | void,
): DomainHandler<N> {
  return { event, kind: 'after-commit', name, handle };
}

// The wiring of this process's code, not state: every app built in a process subscribes the same handlers
// (a Set, so twice is once); what another instance needs travels through the database.
const handlers = new Set<AnyDomainHandler>();
let appLog: FastifyBaseLogger | null = null;
let appConfig: ConfigReader | null = null;

/**
 * Subscribes handlers (buildApp does, for every area; a test may add its own). Answers the undo. `log` is the
 * app's logger and `readConfig` its configuration reader, for a publisher that has none of its own.
 */
export function subscribeDomainEvents(
  list: readonly AnyDomainHandler[],
  log?: FastifyBaseLogger,
  readConfig?: ConfigReader,
): () => void {
  if (log) appLog = log;
  if (readConfig) appConfig = readConfig;
  const added = list.filter((h) => !handlers.has(h));
  for (const h of added) handlers.add(h);
  return () => {
    for (const h of added) handlers.delete(h);
  };
}

function originOf(db: Db, origin: PublishOrigin): EventOrigin {
  const log = origin.log ?? appLog;
  const read = appConfig;
  if (!log || (!origin.config && !read))
    throw new Error('domain events: no logger or configuration reader (no app has subscribed handlers)');
  let snapshot: Promise<ConfigSnapshot> | null = null;
  const config = origin.config ?? ((tx?: Db) => (snapshot ??= read!(tx ?? db, origin.schoolId)));
  return { schoolId: origin.schoolId, clock: origin.clock, log, config };
}

/**
 * Publishes an event of the change `db` is the transaction of: its in-transaction handlers run now, one after
 * the other in the order subscribed, in `db`; its after-commit handlers once the outermost transaction has
 * committed (never after a rollback). Given the database itself (a change that wrote nothing else), the
 * in-transaction handlers get a transaction of their own, and a failure there is the caller's to handle.
 */
export async function publishDomainEvent<N extends DomainEventName>(
  db: Db,
  from: PublishOrigin,
  event: N,
  payload: DomainEvents[N],
): Promise<void> {
  if (isForeignTransaction(db))
    throw new Error(`domain event ${event}: publish in a transaction opened by transaction()`);
  if (!inTransaction(db)) return transaction(db, (tx) => publishDomainEvent(tx, from, event, payload));
  const origin = originOf(db, from);
  // the handler of event N was made by one of the two functions above, for N: its payload is DomainEvents[N]
  const mine = [...handlers].filter((h) => h.event === event) as unknown as DomainHandler<N>[];
  for (const h of mine) {
    if (h.kind === 'in-transaction') await h.handle(db, payload, origin);
    else onCommit(db, () => runAfterCommit(h, payload, origin));
  }
}

async function runAfterCommit<N extends DomainEventName>(
  h: Extract<DomainHandler<N>, { kind: 'after-commit' }>,
  payload: DomainEvents[N],
  origin: EventOrigin,
): Promise<void> {
  try {
    await h.handle(payload, origin);
  } catch (err) {
    origin.log.error(
      { err, event: h.event, handler: h.name },
      'domain event: an after-commit handler failed',
    );
  }
}
