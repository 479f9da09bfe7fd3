import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, trusted } from '@/lib/api-client';
import { setReports } from '../lib/chat-cache';

export interface ReportMessage {
  roomId: number;
  messageId: number;
  /** optional; empty when the reporter gives none */
  reason?: string;
}

/** POST /api/matrix/{roomId}/messages/{messageId}/report (decision 072): any member tells the room's teacher. */
export function reportMessage({ roomId, messageId, reason = '' }: ReportMessage) {
  return apiRequest(`/api/matrix/${roomId}/messages/${messageId}/report`, {
    method: 'POST',
    body: { reason },
    schema: trusted<unknown>(),
    requiresLogin: true,
  });
}

export function useReportMessage() {
  return useMutation({ mutationFn: reportMessage });
}

/** POST …/report/dismiss (decision 072): a moderator closes the open reports of a message. */
export function dismissReport({ roomId, messageId }: Omit<ReportMessage, 'reason'>) {
  return apiRequest(`/api/matrix/${roomId}/messages/${messageId}/report/dismiss`, {
    method: 'POST',
    schema: trusted<unknown>(),
    requiresLogin: true,
  });
}

export function useDismissReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReport,
    onSuccess: (_answer, { roomId, messageId }) => setReports(queryClient, roomId, messageId, 0),
  });
}
