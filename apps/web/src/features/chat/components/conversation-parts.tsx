import type { TFunction } from 'i18next';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Megaphone, Settings } from 'lucide-react';
import type { ChatMessage, ChatRoom, ChatRoomDetails } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { previewOf } from '../lib/conversation';
import type { PendingMessage } from '../lib/chat-cache';
import { useOpenChatDialog } from '../hooks/use-chat-address';

export function PendingItem({ pending, onRetry }: { pending: PendingMessage; onRetry: () => void }) {
  const { t } = useTranslation();
  const failed = pending.status === 'failed';
  return (
    <li className="flex max-w-[85%] flex-col items-start gap-0.5 self-start desktop:max-w-[70%]">
      <div
        className={
          failed
            ? 'rounded-2xl border border-destructive px-3 py-2 text-sm'
            : 'rounded-2xl bg-primary/60 px-3 py-2 text-sm text-primary-foreground'
        }
      >
        <p dir="auto" className="break-words whitespace-pre-wrap">
          {pending.body}
        </p>
      </div>
      {failed ? (
        <span className="flex flex-wrap items-center gap-2 px-1 text-xs text-destructive">
          {t('chat.pending.failed')}
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t('chat.pending.retry')}
          </Button>
        </span>
      ) : (
        <span className="px-1 text-xs text-muted-foreground">{t('chat.pending.sending')}</span>
      )}
    </li>
  );
}

export function ConversationHeader({ room }: { room: ChatRoom | ChatRoomDetails }) {
  const { t } = useTranslation();
  const open = useOpenChatDialog();
  return (
    <header className="flex items-center gap-2 border-b p-2">
      <Button asChild variant="ghost" size="icon" className="desktop:hidden">
        <Link to="/app/chat" search={{}} aria-label={t('chat.header.back')}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </Button>
      <div className="me-auto grid min-w-0">
        <h2 className="flex items-center gap-1.5 truncate font-semibold">
          {room.config.announcements && <Megaphone className="size-4 shrink-0" aria-hidden="true" />}
          <span className="truncate">{room.name}</span>
        </h2>
        <p className="truncate text-xs text-muted-foreground">
          {room.kind === 'private'
            ? t('chat.header.private')
            : t('chat.header.members', { count: room.memberCount })}
        </p>
      </div>
      {room.canEdit && room.kind === 'group' && (
        <Button size="sm" variant="outline" onClick={() => void open('chat:edit-room')}>
          <Settings aria-hidden="true" />
          {t('chat.header.editRoom')}
        </Button>
      )}
    </header>
  );
}

/** What the live region says of a message from someone else. */
export function announce(t: TFunction, message: ChatMessage): string {
  const preview = previewOf(message);
  const text =
    preview.kind === 'text'
      ? preview.text
      : preview.kind === 'photo'
        ? t('chat.list.photo')
        : preview.kind === 'file'
          ? preview.name
          : '';
  return t('chat.live.newMessage', { name: message.sender?.name ?? t('chat.message.formerMember'), text });
}
