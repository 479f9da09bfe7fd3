import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Flag, MessageSquarePlus, Megaphone, Users } from 'lucide-react';
import type { ChatConfig, ChatRoom } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { chatRoomsQueryOptions } from '../api/rooms';
import { byLastMessage } from '../lib/chat-cache';
import { previewOf } from '../lib/conversation';
import { useOpenChatDialog } from '../hooks/use-chat-address';
import { listTime } from './chat-time';

function PreviewText({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const preview = previewOf(room.lastMessage);
  switch (preview.kind) {
    case 'none':
      return <span className="italic">{t('chat.list.noMessages')}</span>;
    case 'deleted':
      return <span className="italic">{t('chat.deleted')}</span>;
    case 'photo':
      return <>{t('chat.list.photo')}</>;
    case 'file':
      return <>{preview.name}</>;
    case 'text':
      return <>{preview.text}</>;
  }
}

function RoomItem({ room, selected }: { room: ChatRoom; selected: boolean }) {
  const { t } = useTranslation();
  const Icon = room.kind === 'private' ? null : room.config.announcements ? Megaphone : Users;
  return (
    <li>
      <Link
        to="/app/chat"
        search={{ room: room.id }}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-0.5 rounded-md px-3 py-2 text-start outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring coarse:min-h-11',
          selected && 'bg-accent',
        )}
      >
        <span className="flex min-w-0 items-center gap-1.5 font-medium">
          {Icon && <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />}
          <span className="truncate">{room.name}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          {room.lastMessage ? (
            <time dateTime={room.lastMessage.createdAt}>{listTime(room.lastMessage.createdAt)}</time>
          ) : null}
        </span>
        {/* its own direction: a German preview in the Arabic list is cut at its own end */}
        <span dir="auto" className="truncate text-start text-sm text-muted-foreground">
          <PreviewText room={room} />
        </span>
        <span className="flex items-center gap-1 justify-self-end">
          {room.reports > 0 ? (
            <span className="inline-flex min-w-5 items-center justify-center gap-0.5 rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground">
              <Flag className="size-3" aria-hidden="true" />
              <span aria-hidden="true">{room.reports}</span>
              <span className="sr-only">{t('chat.list.reports', { count: room.reports })}</span>
            </span>
          ) : null}
          {room.unread > 0 ? (
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              <span aria-hidden="true">{room.unread}</span>
              <span className="sr-only">{t('chat.list.unread', { count: room.unread })}</span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

function Skeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 p-2">
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden="true" className="grid animate-pulse gap-2 rounded-md px-3 py-2">
          <div className="h-4 w-32 rounded bg-muted" />
          <div className="h-3 w-48 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/** The start side of /app/chat (on a phone its first screen): the rooms, newest conversation first. */
export function RoomList({
  selected,
  config,
}: {
  selected: number | undefined;
  config: ChatConfig | undefined;
}) {
  const { t } = useTranslation();
  const rooms = useQuery(chatRoomsQueryOptions());
  const open = useOpenChatDialog();
  const items = rooms.data ? [...rooms.data.items].sort(byLastMessage) : undefined;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b p-2">
        <h1 className="me-auto px-1 text-lg font-semibold">{t('pages.chat')}</h1>
        {config?.canStartPrivate !== false && (
          <Button size="sm" variant="outline" onClick={() => void open('chat:user-search')}>
            <MessageSquarePlus aria-hidden="true" />
            {t('chat.list.newChat')}
          </Button>
        )}
        {config?.canCreateRooms && (
          <Button size="sm" variant="outline" onClick={() => void open('chat:create-room')}>
            <Users aria-hidden="true" />
            {t('chat.list.createRoom')}
          </Button>
        )}
      </div>
      <nav
        aria-label={t('chat.list.label')}
        aria-busy={rooms.isFetching}
        className="min-h-0 flex-1 overflow-y-auto"
      >
        {rooms.isError && (
          <div className="p-2">
            <ErrorAlert message={errorMessage(t, rooms.error)}>
              <Button size="sm" variant="outline" onClick={() => void rooms.refetch()}>
                {t('common.retry')}
              </Button>
            </ErrorAlert>
          </div>
        )}
        {!items ? (
          rooms.isError ? null : (
            <Skeleton />
          )
        ) : items.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">{t('chat.list.empty')}</p>
        ) : (
          <ul className="grid gap-0.5 p-1">
            {items.map((room) => (
              <RoomItem key={room.id} room={room} selected={room.id === selected} />
            ))}
          </ul>
        )}
      </nav>
    </div>
  );
}
