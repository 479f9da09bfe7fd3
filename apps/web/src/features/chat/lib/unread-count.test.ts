import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '@aula/contracts';
import { totalUnread } from './unread-count';
import { titleWithUnread } from './unread-title';

const room = (id: number, unread: number): ChatRoom => ({
  id,
  kind: 'group',
  name: `Raum ${id}`,
  peer: null,
  config: { announcements: false, uploads: true },
  unread,
  lastMessage: null,
  memberCount: 3,
  isModerator: false,
  canPost: true,
  canEdit: false,
  canReport: true,
  reports: 0,
  createdAt: '2026-11-20T08:00:00.000Z',
});

describe('the unread count in the page title (issue 22 item 4)', () => {
  it('adds up the unread messages of every room', () => {
    expect(totalUnread(undefined)).toBe(0);
    expect(totalUnread({ items: [] })).toBe(0);
    expect(totalUnread({ items: [room(1, 2), room(2, 0), room(3, 5)] })).toBe(7);
  });

  it('puts the count in front of the title, and nothing when all is read', () => {
    expect(titleWithUnread('Aula', 3, null)).toBe('(3) Aula');
    expect(titleWithUnread('Chat - Aula', 0, null)).toBe('Chat - Aula');
    expect(titleWithUnread('Aula', 250, null)).toBe('(99+) Aula');
  });

  it('shows the alert mark after the count', () => {
    expect(titleWithUnread('Aula', 1, 'Neue Nachricht')).toBe('(1) Neue Nachricht · Aula');
  });
});
