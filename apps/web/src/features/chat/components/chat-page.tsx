import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import { ErrorAlert } from '@/components/message-box';
import { deviceId } from '@/lib/device-id';
import { errorMessage } from '@/lib/error-message';
import { useSelf } from '@/lib/session';
import { cn } from '@/lib/utils';
import { chatLogin } from '../api/chat-login';
import { chatConfigQueryOptions } from '../api/config';
import { useChatAddress } from '../hooks/use-chat-address';
import { useChatLive } from '../hooks/use-chat-live';
import { Conversation } from './conversation';
import { RoomList } from './room-list';

/**
 * spec 2.2 /app/chat (issue 22): the rooms on the start side, the open conversation beside them; up to 768 px
 * two screens, the list and then the conversation, as the address's `room` says.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const { room } = useChatAddress();
  const config = useQuery(chatConfigQueryOptions());
  useChatLive(self?.id);

  // spec 3.6: the device id at the chat's login, once per page visit; a failure costs the chat nothing
  const loggedIn = useRef(false);
  useEffect(() => {
    if (loggedIn.current) return;
    loggedIn.current = true;
    chatLogin(deviceId()).catch(() => undefined);
  }, []);

  if (!self) return null;
  return (
    <div className="flex h-[calc(100dvh-8.5rem)] min-h-[24rem] overflow-hidden rounded-lg border bg-card text-card-foreground desktop:h-[calc(100dvh-12rem)]">
      <section
        aria-label={t('chat.list.label')}
        className={cn(
          'flex min-h-0 w-full flex-col desktop:w-80 desktop:shrink-0 desktop:border-e',
          room !== undefined && 'mobile:hidden',
        )}
      >
        {config.isError && (
          <div className="p-2">
            <ErrorAlert message={errorMessage(t, config.error)} />
          </div>
        )}
        <RoomList selected={room} config={config.data} />
      </section>
      <section
        aria-label={t('chat.conversation.region')}
        className={cn('flex min-h-0 min-w-0 flex-1 flex-col', room === undefined && 'mobile:hidden')}
      >
        {room === undefined ? (
          <div className="grid flex-1 place-content-center justify-items-center gap-2 p-6 text-center text-muted-foreground">
            <MessagesSquare className="size-10" aria-hidden="true" />
            <p>{t('chat.conversation.choose')}</p>
          </div>
        ) : (
          <Conversation key={room} roomId={room} selfId={self.id} config={config.data} />
        )}
      </section>
    </div>
  );
}
