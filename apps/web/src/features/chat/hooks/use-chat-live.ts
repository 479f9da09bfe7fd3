import { useQueryClient } from '@tanstack/react-query';
import { useAulaEvent } from '@/hooks/use-aula-event';
import { chatEventHandlers } from '../lib/chat-cache';

/** The chat's part of the live stream (decision 071): every chat.* event, and reset, applied to the cache. */
export function useChatLive(selfId: number | undefined): void {
  const qc = useQueryClient();
  const h = chatEventHandlers;
  useAulaEvent('chat.message', (data) => h['chat.message'](qc, data, selfId));
  useAulaEvent('chat.message.edited', (data) => h['chat.message.edited'](qc, data));
  useAulaEvent('chat.message.deleted', (data) => h['chat.message.deleted'](qc, data, selfId));
  useAulaEvent('chat.seen', (data) => h['chat.seen'](qc, data));
  useAulaEvent('chat.room', (data) => h['chat.room'](qc, data));
  useAulaEvent('chat.room.removed', (data) => h['chat.room.removed'](qc, data));
  useAulaEvent('chat.report', (data) => h['chat.report'](qc, data));
  useAulaEvent('reset', () => h.reset(qc));
}
