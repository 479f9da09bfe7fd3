import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { MAX_CHAT_MESSAGE } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * The message field: Enter sends, Shift+Enter starts a new line (issue 22), arrow up in the empty field edits
 * the last own message. The text is cleared only once handed over; a failed send keeps it in the conversation.
 */
export function Composer({
  roomName,
  canUpload,
  onSend,
  onEditLast,
  onAttach,
}: {
  roomName: string;
  canUpload: boolean;
  onSend: (body: string) => void;
  onEditLast: () => boolean;
  onAttach: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [tooLong, setTooLong] = useState(false);

  const send = () => {
    const body = text.trim();
    if (!body) return;
    if (body.length > MAX_CHAT_MESSAGE) {
      setTooLong(true);
      return;
    }
    onSend(body);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // an input method composing a character (Japanese, Chinese, …) uses Enter itself
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    } else if (event.key === 'ArrowUp' && text === '' && onEditLast()) {
      event.preventDefault();
    }
  };

  return (
    <form
      className="grid gap-1 border-t p-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        {t('chat.composer.label', { name: roomName })}
      </Label>
      <div className="flex items-end gap-2">
        {canUpload && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('chat.composer.attach')}
            onClick={onAttach}
          >
            <Paperclip aria-hidden="true" />
          </Button>
        )}
        <textarea
          id={id}
          value={text}
          rows={1}
          placeholder={t('chat.composer.placeholder')}
          aria-describedby={`${id}-hint${tooLong ? ` ${id}-error` : ''}`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (tooLong && event.target.value.trim().length <= MAX_CHAT_MESSAGE) setTooLong(false);
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'field-sizing-content max-h-40 min-h-9 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-[3px] focus-visible:ring-ring coarse:min-h-11',
            tooLong && 'border-destructive',
          )}
        />
        <Button type="submit" size="icon" aria-label={t('chat.composer.send')}>
          <SendHorizontal className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="px-1 text-xs text-muted-foreground mobile:sr-only">
        {t('chat.composer.hint')}
      </p>
      {tooLong && (
        <p id={`${id}-error`} role="alert" className="px-1 text-sm text-destructive">
          {t('chat.composer.tooLong', { max: MAX_CHAT_MESSAGE })}
        </p>
      )}
    </form>
  );
}
