import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '@aula/contracts';
import { popoverOrder } from './chat-popover';

const room = (id: number, unread: number, at: string | null): ChatRoom => ({
  id,
  kind: 'group',
  name: `Raum ${id}`,
  peer: null,
  config: { announcements: false, uploads: true },
  unread,
  lastMessage: at
    ? {
        id: id * 10,
        roomId: id,
        sender: null,
        body: 'Hallo',
        file: null,
        createdAt: at,
        editedAt: null,
        deletedAt: null,
        clientId: null,
      }
    : null,
  memberCount: 2,
  isModerator: false,
  canPost: true,
  canEdit: false,
  canReport: true,
  reports: 0,
  createdAt: '2026-11-01T08:00:00.000Z',
});

describe('the superadmin chat popover (spec 2.6)', () => {
  it('lists the rooms with unread messages first, each part by its newest message', () => {
    const rooms = [
      room(1, 0, '2026-11-26T10:00:00.000Z'),
      room(2, 3, '2026-11-25T10:00:00.000Z'),
      room(3, 0, null),
      room(4, 1, '2026-11-26T09:00:00.000Z'),
      room(5, 0, '2026-11-26T11:00:00.000Z'),
    ];
    expect(popoverOrder(rooms).map((r) => r.id)).toEqual([4, 2, 5, 1, 3]);
  });
});
