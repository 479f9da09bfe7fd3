import { lazy } from 'react';
import type { DialogCode } from '@/lib/feature-manifest';
import type { chatManifest } from './manifest';

// one chunk with the chat's seven dialogs (issue 22)
const chatDialog = () => import('./components/chat-dialogs');

/** The code of the chat's dialogs, loaded with the dialog frame (decision 089). */
export const chatDialogCode: DialogCode<typeof chatManifest> = {
  'chat:user-search': lazy(chatDialog),
  'chat:edit-msg': lazy(chatDialog),
  'chat:edit-room': lazy(chatDialog),
  'chat:create-room': lazy(chatDialog),
  'chat:upload': lazy(chatDialog),
  'chat:preview-img': lazy(chatDialog),
  'chat:history-msg': lazy(chatDialog),
};
