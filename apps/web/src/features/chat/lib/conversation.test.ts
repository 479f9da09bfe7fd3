import { describe, expect, it } from 'vitest';
import { ChatClientIdSchema, type ChatMessage } from '@aula/contracts';
import {
  conversationRows,
  lastOwnEditable,
  newClientId,
  oldestFirst,
  previewOf,
  seenBy,
} from './conversation';

function msg(id: number, sender: number, createdAt: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    roomId: 1,
    sender: { id: sender, name: `P${sender}`, type: 'S' },
    body: `text ${id}`,
    file: null,
    createdAt,
    editedAt: null,
    deletedAt: null,
    clientId: null,
    ...extra,
  };
}

describe('conversation', () => {
  it('lists the pages oldest first, each message once', () => {
    const a = msg(1, 1, '2026-11-20T09:00:00');
    const b = msg(2, 2, '2026-11-20T09:01:00');
    const c = msg(3, 1, '2026-11-21T09:00:00');
    expect(oldestFirst([{ items: [c, b] }, { items: [b, a] }]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('puts a day separator before each day and names senders in group rooms at each change', () => {
    const list = [
      msg(1, 1, '2026-11-20T09:00:00'),
      msg(2, 1, '2026-11-20T09:01:00'),
      msg(3, 2, '2026-11-20T09:02:00'),
      msg(4, 2, '2026-11-21T08:00:00'),
    ];
    const rows = conversationRows(list, true).map((r) =>
      r.kind === 'day' ? `day ${r.day}` : `${r.message.id}${r.showSender ? '+name' : ''}`,
    );
    expect(rows).toEqual(['day 2026-11-20', '1+name', '2', '3+name', 'day 2026-11-21', '4+name']);
    expect(conversationRows(list, false).some((r) => r.kind === 'message' && r.showSender)).toBe(false);
  });

  it('previews text, a photo, a file by name, a deleted message', () => {
    const file = {
      name: 'blatt.pdf',
      mime: 'application/pdf',
      size: 10,
      width: null,
      height: null,
      url: '/f',
    };
    expect(previewOf(msg(1, 1, 'x', { body: ' Hallo\n du ' }))).toEqual({ kind: 'text', text: 'Hallo du' });
    expect(previewOf(msg(1, 1, 'x', { body: null, file: { ...file, mime: 'image/png' } }))).toEqual({
      kind: 'photo',
    });
    expect(previewOf(msg(1, 1, 'x', { body: null, file }))).toEqual({ kind: 'file', name: 'blatt.pdf' });
    expect(previewOf(msg(1, 1, 'x', { body: null, deletedAt: 'y' }))).toEqual({ kind: 'deleted' });
  });

  it('counts who else has seen a message, and finds the last own editable one', () => {
    const m = msg(5, 7, 'x');
    expect(
      seenBy(
        m,
        [
          { userId: 7, messageId: 9 },
          { userId: 8, messageId: 5 },
          { userId: 9, messageId: 4 },
        ],
        7,
      ),
    ).toBe(1);
    const list = [msg(1, 7, 'a'), msg(2, 8, 'b'), msg(3, 7, 'c', { deletedAt: 'd', body: null })];
    expect(lastOwnEditable(list, 7)?.id).toBe(1);
    expect(lastOwnEditable(list, 9)).toBeUndefined();
  });

  it('makes client ids the server accepts', () => {
    expect(ChatClientIdSchema.safeParse(newClientId()).success).toBe(true);
  });
});
