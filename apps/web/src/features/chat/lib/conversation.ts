import type { ChatMessage } from '@aula/contracts';

// What the conversation shows, worked out from the cached pages: pure, so it is unit-tested without a page.

/** The pages (newest first, each newest first) as one list, oldest first, each message once. */
export function oldestFirst(pages: readonly { items: readonly ChatMessage[] }[]): ChatMessage[] {
  const seen = new Set<number>();
  const all: ChatMessage[] = [];
  for (const page of pages)
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  return all.sort((a, b) => a.id - b.id);
}

/** The calendar day of a time in the browser's zone, as YYYY-MM-DD (day separators). */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export type ConversationRow =
  { kind: 'day'; day: string; at: string } | { kind: 'message'; message: ChatMessage; showSender: boolean };

/**
 * Day separators before the first message of each day; in a group room the sender's name over the first of a
 * run of messages by one person (and again after a separator).
 */
export function conversationRows(messages: readonly ChatMessage[], group: boolean): ConversationRow[] {
  const rows: ConversationRow[] = [];
  let day = '';
  let sender: number | null | undefined;
  for (const message of messages) {
    const d = dayOf(message.createdAt);
    if (d !== day) {
      rows.push({ kind: 'day', day: d, at: message.createdAt });
      day = d;
      sender = undefined;
    }
    const senderId = message.sender?.id ?? null;
    rows.push({ kind: 'message', message, showSender: group && senderId !== sender });
    sender = senderId;
  }
  return rows;
}

export type Preview =
  | { kind: 'none' }
  | { kind: 'deleted' }
  | { kind: 'photo' }
  | { kind: 'file'; name: string }
  | { kind: 'text'; text: string };

/** The room list's one-line preview of the last message. */
export function previewOf(message: ChatMessage | null): Preview {
  if (!message) return { kind: 'none' };
  if (message.deletedAt) return { kind: 'deleted' };
  const text = message.body?.replace(/\s+/g, ' ').trim() ?? '';
  if (text) return { kind: 'text', text };
  if (message.file)
    return isImage(message.file.mime) ? { kind: 'photo' } : { kind: 'file', name: message.file.name };
  return { kind: 'none' };
}

export function isImage(mime: string): boolean {
  return mime.startsWith('image/');
}

/**
 * Seen indicator for the caller's own message: in a private room whether the other has seen it; in a group
 * room how many others have (a marker at or past the message).
 */
export function seenBy(
  message: ChatMessage,
  seen: readonly { userId: number; messageId: number }[],
  selfId: number,
): number {
  return seen.filter((s) => s.userId !== selfId && s.messageId >= message.id).length;
}

/** The caller's newest message that can still be edited (arrow up in an empty composer). */
export function lastOwnEditable(messages: readonly ChatMessage[], selfId: number): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.sender?.id === selfId && !m.deletedAt && m.body !== null) return m;
  }
  return undefined;
}

/** A client id for a send (ChatClientIdSchema: 8–64 of A–Z, a–z, 0–9, _ and -). */
export function newClientId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
