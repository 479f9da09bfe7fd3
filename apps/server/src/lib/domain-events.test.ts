import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Db } from '../db/index.ts';
import type { RoomStarted } from '../modules/bbb/bbb.events.ts';
import type { SickReported } from '../modules/sick/sick.events.ts';
import { pushEventHandlers } from '../modules/push/push.events.ts';
import { chatEventHandlers } from '../modules/chat/chat.events.ts';
import {
  afterCommitHandler,
  inTransactionHandler,
  publishDomainEvent,
  type DomainEventName,
  type EventOrigin,
} from './domain-events.ts';

// The payload types are checked by the typecheck (`tsc -p apps/server`, which includes this file): each
// `@ts-expect-error` below is a canary that fails the typecheck the day the wrong use it marks compiles.

describe('domain event payloads are typed by their event', () => {
  it('a handler is given its own event’s payload, and the origin', () => {
    const h = inTransactionHandler('sick.reported', 'test', async (tx, payload, origin) => {
      expectTypeOf(tx).toEqualTypeOf<Db>();
      expectTypeOf(payload).toEqualTypeOf<SickReported>();
      expectTypeOf(origin).toEqualTypeOf<EventOrigin>();
    });
    expect(h).toMatchObject({ event: 'sick.reported', kind: 'in-transaction' });
    const after = afterCommitHandler('room.started', 'test', (payload) => {
      expectTypeOf(payload).toEqualTypeOf<RoomStarted>();
    });
    expect(after.kind).toBe('after-commit');
  });

  it('canaries: a field another event has, an event nobody declared, a payload short of a field', () => {
    // @ts-expect-error sick.reported has no roomId
    inTransactionHandler('sick.reported', 'test', async (_tx, payload) => payload.roomId);
    // @ts-expect-error no area declares sick.deleted
    afterCommitHandler('sick.deleted', 'test', () => {});
    const publishShort = (db: Db, origin: EventOrigin) =>
      // @ts-expect-error room.started needs starterId
      publishDomainEvent(db, origin, 'room.started', { roomId: 1 });
    expect(typeof publishShort).toBe('function');
  });

  it('the names the areas publish are the registry’s', () => {
    expectTypeOf<DomainEventName>().toEqualTypeOf<
      | 'session.ended'
      | 'user.sessions_revoked'
      | 'group.members_changed'
      | 'chat.message_sent'
      | 'sick.reported'
      | 'room.started'
      | 'admin_message.published'
    >();
    // push and chat subscribe by kind: every handler of theirs writes, so runs in the publishing transaction
    const wiring = [...pushEventHandlers, ...chatEventHandlers].map((h) => `${h.event} ${h.kind}`);
    expect(wiring.sort()).toEqual([
      'admin_message.published in-transaction',
      'chat.message_sent in-transaction',
      'group.members_changed in-transaction',
      'room.started in-transaction',
      'session.ended in-transaction',
      'sick.reported in-transaction',
      'user.sessions_revoked in-transaction',
    ]);
  });
});
