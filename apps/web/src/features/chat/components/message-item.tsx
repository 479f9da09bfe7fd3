import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Check,
  CheckCheck,
  Download,
  Flag,
  History,
  MoreVertical,
  Pencil,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import type { ChatMessage } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatFileSize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { isImage } from '../lib/conversation';
import { messageTime } from './chat-time';

/** What the caller may do with one message (decision 072); the server checks again. */
export interface MessageRights {
  edit: boolean;
  history: boolean;
  delete: boolean;
  report: boolean;
  dismiss: boolean;
}

export interface MessageActions {
  onEdit: () => void;
  onHistory: () => void;
  onDelete: () => void;
  /** with the menu's button, where focus returns after the report */
  onReport: (opener: HTMLElement | undefined) => void;
  onDismiss: () => void;
  onPreview: () => void;
}

function FileView({
  message,
  own,
  onPreview,
}: {
  message: ChatMessage;
  own: boolean;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const file = message.file;
  if (!file) return null;
  if (isImage(file.mime))
    return (
      <button
        type="button"
        onClick={onPreview}
        aria-label={t('chat.message.openImage', { name: file.name })}
        className="block overflow-hidden rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <img
          src={file.url}
          alt={file.name}
          loading="lazy"
          width={file.width ?? undefined}
          height={file.height ?? undefined}
          className="h-auto max-h-48 w-auto max-w-full object-contain"
        />
      </button>
    );
  return (
    <a
      href={file.url}
      download={file.name}
      className={cn(
        'flex items-center gap-2 rounded-md border px-2 py-1.5 underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring coarse:min-h-11',
        own ? 'border-primary-foreground/40' : 'border-border bg-background',
      )}
    >
      <Download className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 truncate">{file.name}</span>
      <span className="shrink-0 text-xs opacity-80">{formatFileSize(file.size)}</span>
    </a>
  );
}

/**
 * One message of the conversation: own messages on the start side of the reading direction (issue 22), the
 * others on the end side; deleted ones keep their place; its actions in a menu named after the message.
 */
export function MessageItem({
  message,
  own,
  showSender,
  seen,
  rights,
  actions,
  isModerator,
}: {
  message: ChatMessage;
  own: boolean;
  showSender: boolean;
  /** own messages with the seen indicator on: the label, or null when no one has seen it yet */
  seen: string | null | undefined;
  rights: MessageRights;
  actions: MessageActions;
  isModerator: boolean;
}) {
  const { t } = useTranslation();
  const deleted = message.deletedAt !== null;
  const senderName = message.sender?.name ?? t('chat.message.formerMember');
  const anyAction = rights.edit || rights.history || rights.delete || rights.report || rights.dismiss;
  const reports = isModerator ? (message.reports ?? 0) : 0;
  const trigger = useRef<HTMLButtonElement>(null);
  const photo = !deleted && message.file !== null && isImage(message.file.mime);
  return (
    <li
      className={cn(
        'group flex max-w-[85%] flex-col gap-0.5 desktop:max-w-[70%]',
        own ? 'self-start items-start' : 'self-end items-end',
      )}
      data-own={own || undefined}
    >
      {showSender && !own && (
        <span className="px-1 text-xs font-medium text-muted-foreground">{senderName}</span>
      )}
      <div className={cn('flex items-start gap-1', !own && 'flex-row-reverse')}>
        <div
          className={cn(
            'grid min-w-0 gap-1 rounded-2xl text-sm',
            photo ? 'p-1 [&>p]:px-2 [&>p]:pb-1' : 'px-3 py-2',
            deleted
              ? 'border border-dashed bg-transparent text-muted-foreground italic'
              : own
                ? 'bg-primary text-primary-foreground'
                : 'bg-muted text-foreground',
          )}
        >
          {/* a screen reader hears who wrote each message, also where the name is not shown */}
          <span className="sr-only">{own ? t('chat.message.you') : senderName}: </span>
          {deleted ? (
            <span>{t('chat.deleted')}</span>
          ) : (
            <>
              <FileView message={message} own={own} onPreview={actions.onPreview} />
              {message.body ? (
                <p dir="auto" className="break-words whitespace-pre-wrap">
                  {message.body}
                </p>
              ) : null}
            </>
          )}
        </div>
        {anyAction && (
          // not modal: an item opens a dialog, which takes the focus from the closing menu
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                ref={trigger}
                variant="ghost"
                size="icon"
                className="size-8 shrink-0 text-muted-foreground"
                aria-label={t('chat.message.actions', {
                  name: own ? t('chat.message.you') : senderName,
                  time: messageTime(message.createdAt),
                })}
              >
                <MoreVertical aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align={own ? 'start' : 'end'}>
              {rights.edit && (
                <DropdownMenuItem onSelect={actions.onEdit}>
                  <Pencil aria-hidden="true" />
                  {t('chat.message.edit')}
                </DropdownMenuItem>
              )}
              {rights.history && (
                <DropdownMenuItem onSelect={actions.onHistory}>
                  <History aria-hidden="true" />
                  {t('chat.message.history')}
                </DropdownMenuItem>
              )}
              {rights.report && (
                <DropdownMenuItem onSelect={() => actions.onReport(trigger.current ?? undefined)}>
                  <Flag aria-hidden="true" />
                  {t('chat.message.report')}
                </DropdownMenuItem>
              )}
              {rights.dismiss && (
                <DropdownMenuItem onSelect={actions.onDismiss}>
                  <ShieldCheck aria-hidden="true" />
                  {t('chat.message.dismiss')}
                </DropdownMenuItem>
              )}
              {rights.delete && (
                <DropdownMenuItem onSelect={actions.onDelete} className="text-destructive">
                  <Trash2 aria-hidden="true" />
                  {t('chat.message.delete')}
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <span className="flex flex-wrap items-center gap-x-2 px-1 text-xs text-muted-foreground">
        <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
        {message.editedAt && !deleted && <span>{t('chat.message.edited')}</span>}
        {reports > 0 && (
          <span className="inline-flex items-center gap-1 rounded-full bg-destructive/15 px-2 font-medium text-destructive">
            <Flag className="size-3" aria-hidden="true" />
            {t('chat.message.reported', { count: reports })}
          </span>
        )}
        {own && seen !== undefined && !deleted && (
          <span className="inline-flex items-center gap-1">
            {seen ? (
              <CheckCheck className="size-3.5" aria-hidden="true" />
            ) : (
              <Check className="size-3.5" aria-hidden="true" />
            )}
            {seen ?? t('chat.message.sent')}
          </span>
        )}
      </span>
    </li>
  );
}
