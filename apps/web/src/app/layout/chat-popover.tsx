import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Popover } from 'radix-ui';
import type { ChatMessage, ChatRoom } from '@aula/contracts';
import type { DeferredMenuProps } from '@/components/deferred-menu';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { chatRoomsQueryOptions } from '@/features/chat/api/rooms';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { ChatTrigger } from './top-bar-triggers';

/** How many rooms the popover lists; the chat page has them all. */
const SHOWN_ROOMS = 8;

/** Rooms with unread messages first, each part newest message first. */
export function popoverOrder(rooms: readonly ChatRoom[]): ChatRoom[] {
  const at = (room: ChatRoom) => room.lastMessage?.createdAt ?? room.createdAt;
  return [...rooms].sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0) || at(b).localeCompare(at(a)));
}

function Preview({ room, message }: { room: ChatRoom; message: ChatMessage | null }) {
  const { t } = useTranslation();
  if (!message) return <>{t('chat.popover.noMessages')}</>;
  const text =
    message.deletedAt !== null
      ? t('chat.popover.deleted')
      : message.file
        ? message.file.mime.startsWith('image/')
          ? t('chat.popover.photo')
          : t('chat.popover.file', { name: message.file.name })
        : (message.body ?? '');
  return (
    <>
      {room.kind === 'group' && message.sender && <bdi>{message.sender.name}: </bdi>}
      <bdi>{text}</bdi>
    </>
  );
}

/** The popover's body, mounted only while it is open: the room list is read then, not on the first screen. */
function ChatPopoverRooms() {
  const { t } = useTranslation();
  const rooms = useQuery(chatRoomsQueryOptions());
  if (rooms.isError) return <ErrorAlert message={errorMessage(t, rooms.error)} />;
  if (!rooms.data)
    return (
      <p role="status" className="text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  const list = popoverOrder(rooms.data.items).slice(0, SHOWN_ROOMS);
  if (list.length === 0) return <p className="text-muted-foreground">{t('chat.popover.empty')}</p>;
  const unread = rooms.data.items.reduce((sum, room) => sum + room.unread, 0);
  return (
    <>
      <p role="status" className="text-muted-foreground">
        {unread > 0
          ? t('chat.popover.unread', { count: unread, n: formatNumber(unread) })
          : t('chat.popover.allRead')}
      </p>
      <ul className="-mx-2 grid gap-0.5">
        {list.map((room) => (
          <li key={room.id}>
            <Link
              to="/app/chat"
              search={{ room: room.id }}
              className="flex items-center gap-2 rounded-md px-2 py-1.5 outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring coarse:min-h-11"
            >
              <span className="grid min-w-0 flex-1">
                <bdi className={room.unread > 0 ? 'truncate font-semibold' : 'truncate font-medium'}>
                  {room.name}
                </bdi>
                <span className="truncate text-xs text-muted-foreground">
                  <Preview room={room} message={room.lastMessage} />
                </span>
              </span>
              {room.unread > 0 && (
                <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  <span aria-hidden="true">{formatNumber(room.unread)}</span>
                  <span className="sr-only">
                    {t('chat.popover.unread', { count: room.unread, n: formatNumber(room.unread) })}
                  </span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * spec 2.6: the superadmin's chat popover while the school has Chat on (issue 22 item 4): the rooms with
 * unread messages first, with their count and last message, each a link into the chat, and "Chat öffnen".
 */
export function ChatPopover({ initiallyOpen }: DeferredMenuProps) {
  const { t } = useTranslation();
  return (
    <Popover.Root defaultOpen={initiallyOpen}>
      <Popover.Trigger asChild>
        <ChatTrigger />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={t('chat.popover.label')}
          className="z-50 grid w-80 max-w-[calc(100vw-1rem)] gap-3 rounded-md border bg-popover p-4 text-sm text-popover-foreground shadow-md"
        >
          <ChatPopoverRooms />
          <Button asChild size="sm" variant="outline">
            <Link to="/app/chat">{t('chat.popover.open')}</Link>
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
