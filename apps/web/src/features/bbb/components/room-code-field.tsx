import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { normalizeRoomCode } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export interface RoomCodeFieldProps {
  /** a sentence above the field (the login page says who it is for) */
  intro?: boolean;
  /** what the field starts with (the room page's "try again" keeps the code that failed) */
  initial?: string;
  className?: string;
}

/**
 * "Raumcode eingeben" (issue 21 item 4): the code a teacher reads out, in any spelling (`ABC 234 XYZ`,
 * `abc234xyz`), leads to the room page /b/{code}; anything else is refused here with the code's shape.
 */
export function RoomCodeField({ intro = false, initial = '', className }: RoomCodeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = normalizeRoomCode(value);
    if (!code) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    void navigate({ to: '/b/$id', params: { id: code } });
  };

  return (
    <form noValidate onSubmit={onSubmit} className={cn('grid gap-2', className)}>
      <Label htmlFor={`${id}-code`}>{t('bbb.code.label')}</Label>
      {intro && (
        <p id={`${id}-intro`} className="text-sm text-muted-foreground">
          {t('bbb.code.intro')}
        </p>
      )}
      <div className="flex gap-2">
        <Input
          ref={input}
          id={`${id}-code`}
          name="room-code"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="abc-234-xyz"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={20}
          className="font-mono"
          aria-invalid={invalid || undefined}
          aria-describedby={
            [intro ? `${id}-intro` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
          }
        />
        <Button type="submit" variant="outline" className="h-10 coarse:h-11">
          {t('bbb.code.submit')}
        </Button>
      </div>
      {/* only while there is one: the login and home pages keep a single alert region of their own */}
      {invalid && <ErrorAlert id={`${id}-error`} message={t('bbb.code.invalid')} />}
    </form>
  );
}
