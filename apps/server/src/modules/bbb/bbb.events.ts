// The domain events of video rooms (lib/domain-events.ts, decision 084).

/** A room's meeting was started: the first join created it (`starterId` null: a guest's join cannot). */
export interface RoomStarted {
  roomId: number;
  starterId: number | null;
}

declare module '../../lib/domain-events.ts' {
  interface DomainEvents {
    'room.started': RoomStarted;
  }
}
