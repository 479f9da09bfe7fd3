import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_MESSAGE } from '@aula/contracts';
import { LoadingDialog } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useEditMessage } from '../api/edit-message';
import { useDialogMessage } from '../hooks/use-dialog-message';

function EditForm({
  roomId,
  messageId,
  initial,
  close,
}: {
  roomId: number;
  messageId: number;
  initial: string;
  close: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useEditMessage();

  const save = () => {
    const body = text.trim();
    if (!body) return setProblem(t('chat.edit.empty'));
    if (body.length > MAX_CHAT_MESSAGE)
      return setProblem(t('chat.composer.tooLong', { max: MAX_CHAT_MESSAGE }));
    if (body === initial.trim()) return close();
    setProblem(null);
    edit.mutate(
      { roomId, messageId, body },
      { onSuccess: close, onError: (error) => setProblem(errorMessage(t, error)) },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      save();
    }
  };

  return (
    <DialogFrame
      title={t('dialogs.chatEditMsg')}
      description={t('chat.edit.hint')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" form={`${id}-form`} loading={edit.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Label htmlFor={id}>{t('chat.edit.label')}</Label>
        <textarea
          id={id}
          value={text}
          rows={4}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.currentTarget.setSelectionRange(text.length, text.length)}
          className={cn(
            'min-h-24 rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
            problem && 'border-destructive',
          )}
        />
        <ErrorAlert id={`${id}-error`} message={problem} />
      </form>
    </DialogFrame>
  );
}

/** spec 2.5 `chat:edit-msg`: one's own message; Enter saves, Shift+Enter a new line, Escape closes. */
export default function EditMsgDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const { roomId, message, error } = useDialogMessage();
  const closeButton = (
    <DialogClose asChild>
      <Button variant="outline">{t('common.close')}</Button>
    </DialogClose>
  );
  if (message === undefined) return <LoadingDialog title={t('dialogs.chatEditMsg')} />;
  if (message === null || roomId === undefined || message.deletedAt || message.body === null)
    return (
      <DialogFrame title={t('dialogs.chatEditMsg')} footer={closeButton}>
        <ErrorAlert message={error ? errorMessage(t, error) : t('chat.messageMissing')} />
      </DialogFrame>
    );
  return <EditForm roomId={roomId} messageId={message.id} initial={message.body} close={close} />;
}
