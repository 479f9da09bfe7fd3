import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { chatHistoryQueryOptions } from '../api/history';
import { useChatAddress } from '../hooks/use-chat-address';

/** spec 2.5 `chat:history-msg`: every version of an edited message, the first at the top, each with its time. */
export default function HistoryMsgDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const { room, msg } = useChatAddress();
  const history = useQuery({
    ...chatHistoryQueryOptions(room ?? 0, msg ?? 0),
    enabled: room !== undefined && msg !== undefined,
  });
  const items = history.data?.items ?? [];
  return (
    <DialogFrame
      title={t('dialogs.chatHistoryMsg')}
      footer={
        <DialogClose asChild>
          <Button variant="outline">{t('common.close')}</Button>
        </DialogClose>
      }
    >
      {room === undefined || msg === undefined ? (
        <ErrorAlert message={t('chat.messageMissing')} />
      ) : history.isError ? (
        <ErrorAlert message={errorMessage(t, history.error)} />
      ) : !history.data ? (
        <LoadingStatus />
      ) : (
        <ol className="grid gap-3">
          {items.map((version, index) => (
            <li key={`${version.at}-${index}`} className="grid gap-1 rounded-md border p-3">
              <span className="text-xs text-muted-foreground">
                {index === 0
                  ? t('chat.history.original')
                  : index === items.length - 1
                    ? t('chat.history.current')
                    : t('chat.history.version', { n: index + 1 })}
                {' · '}
                <time dateTime={version.at}>{formatDateTime(new Date(version.at))}</time>
              </span>
              <p className="text-sm break-words whitespace-pre-wrap">{version.body}</p>
            </li>
          ))}
        </ol>
      )}
    </DialogFrame>
  );
}
