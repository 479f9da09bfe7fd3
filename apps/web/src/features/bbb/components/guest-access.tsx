import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, RefreshCw } from 'lucide-react';
import type { RoomDetails } from '@aula/contracts';
import { ErrorAlert, NoticeStatus } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useUpdateRoom } from '../api/update-room';

/** The guest link of a room: the room page any visitor with the code may open (helper W2's /b/{code}). */
export function guestLink(origin: string, code: string): string {
  return `${origin}/b/${code}`;
}

/** The code spelled out one character at a time, so a screen reader reads "a b c" and not a word. */
export function spelledCode(code: string): string {
  return [...code].join(' ');
}

/**
 * room-details' code part (decision 068): the room's code in large letters to read out, copy buttons for the
 * code and the guest link, and for moderators "Neuen Code erzeugen" after a confirmation that says the old
 * links stop working (PATCH revokeCode).
 */
export function GuestAccess({ room }: { room: RoomDetails }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateRoom();
  const [copied, setCopied] = useState<'code' | 'link' | 'failed' | null>(null);
  const [asking, setAsking] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const renewRef = useRef<HTMLButtonElement>(null);
  const link = guestLink(window.location.origin, room.code);
  const mayRenew = room.isModerator || room.canEdit;

  // the question takes focus; once answered, focus goes back to the button that asked it
  const backToRenew = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (backToRenew.current) {
      backToRenew.current = false;
      renewRef.current?.focus();
    }
  }, [asking]);

  const copy = (what: 'code' | 'link') => {
    setRenewed(false);
    // the clipboard exists only in secure contexts; without it the text stays selectable on screen
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return setCopied('failed');
    clipboard.writeText(what === 'code' ? room.code : link).then(
      () => setCopied(what),
      () => setCopied('failed'),
    );
  };

  const renew = () =>
    update.mutate(
      { id: room.id, patch: { revokeCode: true } },
      {
        onSuccess: () => {
          backToRenew.current = true;
          setAsking(false);
          setCopied(null);
          setRenewed(true);
        },
      },
    );

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('bbb.details.code')}
      </h3>
      <p
        className="text-center font-mono text-3xl font-bold tracking-[0.2em] break-all desktop:text-4xl"
        dir="ltr"
        translate="no"
      >
        <span aria-hidden="true">{room.code}</span>
        <span className="sr-only">{spelledCode(room.code)}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        {t(room.settings.guestPolicy === 'none' ? 'bbb.details.codeMembers' : 'bbb.details.codeGuests')}
      </p>
      <div className="grid gap-1">
        <p className="text-sm font-medium">{t('bbb.details.guestLink')}</p>
        <p
          className="rounded-md border bg-card px-3 py-2 font-mono text-sm break-all"
          dir="ltr"
          translate="no"
        >
          {link}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => copy('code')}>
          <Copy aria-hidden="true" />
          {t('bbb.details.copyCode')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => copy('link')}>
          <Copy aria-hidden="true" />
          {t('bbb.details.copyLink')}
        </Button>
        {mayRenew && !asking && (
          <Button
            ref={renewRef}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setRenewed(false);
              setAsking(true);
            }}
          >
            <RefreshCw aria-hidden="true" />
            {t('bbb.details.renew')}
          </Button>
        )}
      </div>
      <NoticeStatus
        message={
          copied === 'code'
            ? t('bbb.details.copiedCode')
            : copied === 'link'
              ? t('bbb.details.copiedLink')
              : renewed
                ? t('bbb.details.renewed', { code: room.code })
                : null
        }
      />
      <ErrorAlert message={copied === 'failed' ? t('bbb.details.copyFailed') : null} />
      {asking && (
        <div
          role="group"
          aria-labelledby={`${id}-ask`}
          className="grid gap-3 rounded-md border border-destructive/60 bg-destructive/5 p-3"
        >
          <p id={`${id}-ask`} className="text-sm">
            {t('bbb.details.renewAsk')}
          </p>
          <ErrorAlert message={update.isError ? errorMessage(t, update.error) : null} />
          <div className="flex flex-wrap gap-2">
            <Button
              ref={confirmRef}
              type="button"
              variant="destructive"
              size="sm"
              loading={update.isPending}
              onClick={renew}
            >
              <RefreshCw aria-hidden="true" />
              {t('bbb.details.renewConfirm')}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={update.isPending}
              onClick={() => {
                update.reset();
                backToRenew.current = true;
                setAsking(false);
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
