import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Eye, Megaphone, MessageSquareOff } from 'lucide-react';
import type { ChatConfig, ChatMessage } from '@aula/contracts';
import { ErrorAlert, MessageBox } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useConfirmDelete } from '@/lib/confirm';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { displayName, useSelf } from '@/lib/session';
import { useDeleteMessage } from '../api/delete-message';
import { chatMessagesQueryOptions } from '../api/messages';
import { useDismissReport } from '../api/report';
import { chatRoomQueryOptions } from '../api/room';
import { chatRoomsQueryOptions } from '../api/rooms';
import { useMarkSeen } from '../api/seen';
import { useSendMessage } from '../api/send-message';
import { pendingKey, pendingMessages } from '../lib/chat-cache';
import { conversationRows, lastOwnEditable, newClientId, oldestFirst, seenBy } from '../lib/conversation';
import { useOpenChatDialog } from '../hooks/use-chat-address';
import { dayLabel } from './chat-time';
import { Composer } from './composer';
import { ConversationHeader, PendingItem, announce } from './conversation-parts';
import { MessageItem, type MessageRights } from './message-item';
import { ReportDialog } from './report-dialog';

/** Within this many pixels of the end the conversation counts as showing its newest message. */
const AT_END_PX = 64;
/** Scrolled this close to the top, the older page is fetched. */
const LOAD_OLDER_PX = 160;

/** The open room: its messages (newest at the end, older pages on scrolling back), and the composer. */
export function Conversation({
  roomId,
  selfId,
  config,
}: {
  roomId: number;
  selfId: number;
  config: ChatConfig | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const details = useQuery(chatRoomQueryOptions(roomId));
  const listed = useQuery({
    ...chatRoomsQueryOptions(),
    select: (list) => list.items.find((r) => r.id === roomId),
  });
  const pages = useInfiniteQuery(chatMessagesQueryOptions(roomId));
  const pending = useQuery({
    queryKey: pendingKey(roomId),
    queryFn: () => pendingMessages(queryClient, roomId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const send = useSendMessage();
  const remove = useDeleteMessage();
  const dismiss = useDismissReport();
  const seen = useMarkSeen();
  // decision 081: a superadmin acting as the user reads along; writing and seen markers are the user's own
  const self = useSelf();
  const impersonating = !!self?.impersonator;
  const confirmDelete = useConfirmDelete();
  const open = useOpenChatDialog();
  const [reporting, setReporting] = useState<{ message: ChatMessage; opener: HTMLElement | undefined }>();

  const room = details.data ?? listed.data;
  const messages = useMemo(() => oldestFirst(pages.data?.pages ?? []), [pages.data]);
  const rows = useMemo(() => conversationRows(messages, room?.kind === 'group'), [messages, room?.kind]);
  const newest = messages.at(-1);
  const oldestId = messages[0]?.id;
  const pendingList = pending.data ?? [];

  // the scroller is there once the room and the first page are: scrolling waits for both
  const ready = room !== undefined && pages.data !== undefined;
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const seenSent = useRef(0);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const markSeen = useCallback(() => {
    if (impersonating) return;
    if (!newest || !atEnd.current || document.visibilityState !== 'visible') return;
    if (newest.id <= seenSent.current) return;
    seenSent.current = newest.id;
    seen.mutate({ roomId, messageId: newest.id });
  }, [impersonating, newest, roomId, seen]);

  // an older page keeps the message that was on screen where it was
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [oldestId]);

  // a new message, or a pending one, shows at the end if the reader was there
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [ready, newest?.id, pendingList.length]);

  // what grows later (a photo loading, the seen markers arriving) keeps the end in view if the reader was there
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current && !anchor.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [ready]);

  // a first page that does not fill the view: fetch further back at once
  useEffect(() => {
    const el = scroller.current;
    if (el && el.scrollHeight <= el.clientHeight && hasNextPage) loadOlder();
  }, [ready, oldestId, hasNextPage, loadOlder]);

  useEffect(() => {
    markSeen();
    document.addEventListener('visibilitychange', markSeen);
    return () => document.removeEventListener('visibilitychange', markSeen);
  }, [markSeen]);

  // a polite announcement of messages from others that arrive while the room is open (not of the first page)
  const [live, setLive] = useState<{ heard?: number; text: string }>({ text: '' });
  if (pages.data && live.heard === undefined) setLive({ heard: newest?.id ?? 0, text: '' });
  else if (newest && live.heard !== undefined && newest.id > live.heard) {
    const fromOther = newest.sender?.id !== selfId && !newest.deletedAt;
    setLive({ heard: newest.id, text: fromOther ? announce(t, newest) : live.text });
  }

  if (details.error instanceof ApiError && [403, 404].includes(details.error.status))
    return (
      <div className="grid place-content-center gap-3 p-6 text-center">
        <p className="text-muted-foreground">{t('chat.missing')}</p>
        <Button asChild variant="outline">
          <Link to="/app/chat" search={{}}>
            {t('chat.header.back')}
          </Link>
        </Button>
      </div>
    );
  if (!room)
    return details.isError ? (
      <div className="p-4">
        <ErrorAlert message={errorMessage(t, details.error)} />
      </div>
    ) : (
      <p role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t('common.loading')}
      </p>
    );

  const isModerator = room.isModerator;
  const isOwner = details.data?.owner?.id === selfId;
  const seenList = details.data?.seen ?? [];
  const rightsOf = (message: ChatMessage): MessageRights => {
    const own = message.sender?.id === selfId;
    const deleted = message.deletedAt !== null;
    // while impersonating only reading is offered (decision 081): the server refuses the rest
    const acts = !impersonating && !deleted;
    return {
      edit: own && acts && message.body !== null,
      history: message.editedAt !== null && !deleted,
      delete: acts && (own || isModerator || isOwner),
      // not in a private chat, and not for the room's moderators (they dismiss instead)
      report: room.canReport && !own && acts,
      dismiss: (isModerator || isOwner) && acts && (message.reports ?? 0) > 0,
    };
  };
  const seenLabel = (message: ChatMessage): string | null | undefined => {
    if (!config?.seenIndicator) return undefined;
    const count = seenBy(message, seenList, selfId);
    if (count === 0) return null;
    return room.kind === 'private' ? t('chat.message.seen') : t('chat.message.seenBy', { count });
  };
  const sendText = (body: string) => send.mutate({ roomId, body, clientId: newClientId() });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ConversationHeader room={room} />
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto px-2 py-3 desktop:px-4"
        onScroll={(event) => {
          const el = event.currentTarget;
          atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_END_PX;
          if (el.scrollTop < LOAD_OLDER_PX) loadOlder();
          if (atEnd.current) markSeen();
        }}
      >
        <div ref={content}>
          {pages.isError ? (
            <ErrorAlert message={errorMessage(t, pages.error)}>
              <Button size="sm" variant="outline" onClick={() => void pages.refetch()}>
                {t('common.retry')}
              </Button>
            </ErrorAlert>
          ) : !pages.data ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" />
              {t('common.loading')}
            </p>
          ) : (
            <>
              <div className="flex justify-center pb-2">
                {hasNextPage ? (
                  <Button size="sm" variant="ghost" loading={isFetchingNextPage} onClick={loadOlder}>
                    {t('chat.conversation.older')}
                  </Button>
                ) : messages.length > 0 ? (
                  <p className="text-xs text-muted-foreground">{t('chat.conversation.start')}</p>
                ) : null}
              </div>
              {messages.length === 0 && pendingList.length === 0 && (
                <p className="py-8 text-center text-sm text-muted-foreground">
                  {t('chat.conversation.empty')}
                </p>
              )}
              <ol
                aria-label={t('chat.conversation.label', { name: room.name })}
                className="flex flex-col gap-2"
              >
                {rows.map((row) =>
                  row.kind === 'day' ? (
                    <li key={`day-${row.day}`} className="flex justify-center py-1">
                      <span className="rounded-full bg-muted px-3 py-0.5 text-xs text-muted-foreground">
                        {dayLabel(t, row.at)}
                      </span>
                    </li>
                  ) : (
                    <MessageItem
                      key={row.message.id}
                      message={row.message}
                      own={row.message.sender?.id === selfId}
                      showSender={row.showSender}
                      seen={seenLabel(row.message)}
                      rights={rightsOf(row.message)}
                      isModerator={isModerator || isOwner}
                      actions={{
                        onEdit: () => void open('chat:edit-msg', { msg: row.message.id }),
                        onHistory: () => void open('chat:history-msg', { msg: row.message.id }),
                        onPreview: () => void open('chat:preview-img', { msg: row.message.id }),
                        onReport: (opener) => setReporting({ message: row.message, opener }),
                        onDismiss: () =>
                          dismiss.mutate(
                            { roomId, messageId: row.message.id },
                            { onError: (error) => notify({ type: 'error', title: errorMessage(t, error) }) },
                          ),
                        onDelete: () =>
                          void confirmDelete({
                            title: t('chat.delete.title'),
                            description: t('chat.delete.body'),
                            confirmLabel: t('common.delete'),
                          }).then(
                            (yes) =>
                              yes &&
                              remove.mutate(
                                { roomId, messageId: row.message.id },
                                {
                                  onError: (error) =>
                                    notify({ type: 'error', title: errorMessage(t, error) }),
                                },
                              ),
                          ),
                      }}
                    />
                  ),
                )}
                {pendingList.map((p) => (
                  <PendingItem
                    key={p.clientId}
                    pending={p}
                    onRetry={() => send.mutate({ roomId, body: p.body, clientId: p.clientId })}
                  />
                ))}
              </ol>
            </>
          )}
        </div>
      </div>
      <div aria-live="polite" className="sr-only">
        {live.text}
      </div>
      {impersonating ? (
        <div className="border-t p-2">
          <MessageBox tone="notice" icon={Eye}>
            {t('chat.composer.impersonating', { name: self ? displayName(self) : '' })}
          </MessageBox>
        </div>
      ) : room.canPost ? (
        <Composer
          key={roomId}
          roomName={room.name}
          canUpload={room.config.uploads}
          onSend={sendText}
          onAttach={() => void open('chat:upload')}
          onEditLast={() => {
            const last = lastOwnEditable(messages, selfId);
            if (last) void open('chat:edit-msg', { msg: last.id });
            return last !== undefined;
          }}
        />
      ) : (
        <div className="border-t p-2">
          {room.kind === 'private' ? (
            <MessageBox tone="notice" icon={MessageSquareOff}>
              {t('chat.composer.peerUnavailable', { name: room.name })}
            </MessageBox>
          ) : (
            <MessageBox tone="notice" icon={Megaphone}>
              {t('chat.composer.announcementsOnly')}
            </MessageBox>
          )}
        </div>
      )}
      {reporting && (
        <ReportDialog
          roomId={roomId}
          messageId={reporting.message.id}
          senderName={reporting.message.sender?.name ?? t('chat.message.formerMember')}
          opener={reporting.opener}
          onClose={() => setReporting(undefined)}
        />
      )}
    </div>
  );
}
