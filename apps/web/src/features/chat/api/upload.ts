import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChatMessageSchema, type ChatMessage } from '@aula/contracts';
import { uploadRequest } from '@/lib/upload-request';
import { addMessage } from '../lib/chat-cache';

export interface ChatUpload {
  roomId: number;
  file: File;
  /** the caption */
  body?: string;
  clientId: string;
  /** called with the share sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
}

/** POST /api/matrix/{roomId}/upload (multipart: file, body?, clientId; decision 070), with progress. */
export async function uploadChatFile({
  roomId,
  file,
  body,
  clientId,
  onProgress,
}: ChatUpload): Promise<ChatMessage> {
  const form = new FormData();
  form.set('clientId', clientId);
  if (body) form.set('body', body);
  // the file last: the server reads the fields before the stream
  form.set('file', file, file.name);
  return ChatMessageSchema.parse(
    await uploadRequest({ url: `/api/matrix/${roomId}/upload`, body: form, onProgress }),
  );
}

export function useUploadChatFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadChatFile,
    onSuccess: (message, { roomId }) => addMessage(queryClient, roomId, message, { own: true }),
  });
}
