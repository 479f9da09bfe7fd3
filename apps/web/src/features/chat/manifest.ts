import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest } from '@/lib/feature-manifest';
import { checkedByThePage } from '@/lib/search-params';
import type { ChatAddress } from './lib/chat-search-params';

/** The chat (issue 22): its page and its seven dialogs (decision 089). */
export const chatManifest = {
  routes: [
    // spec 2.2 /app/chat: `room` is the open conversation; the page checks its address (decision 049)
    {
      path: '/app/chat',
      staticData: { name: 'chat', access: 'loggedIn' },
      validateSearch: checkedByThePage<ChatAddress>(),
      component: lazyRouteComponent(() => import('./components/chat-page'), 'ChatPage'),
    },
  ],
  dialogs: {
    // decisions 070, 072: the dialogs say themselves when the caller may not (pupils: no rooms; the school's
    // chat_student_private), the server refuses too
    'chat:user-search': { role: 'student' },
    'chat:edit-msg': { role: 'student' },
    'chat:edit-room': { role: 'student' },
    'chat:create-room': { role: 'student' },
    'chat:upload': { role: 'student' },
    'chat:preview-img': { role: 'student' },
    'chat:history-msg': { role: 'student' },
  },
} as const satisfies FeatureManifest;
