import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Hourglass, LogIn } from 'lucide-react';
import { MAX_GUEST_NAME_LENGTH, normalizeName, type PublicRoom } from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { displayName, useSelf } from '@/lib/session';
import { useRoomJoin } from '../api/join-room';

/**
 * Joining: a guest's name field (kept on every error) or the signed-in user's own name, Beitreten, then the
 * waiting state while no moderator has started the meeting, which asks again by itself (useRoomJoin).
 */
export function JoinPanel({ room, autoJoin }: { room: PublicRoom; autoJoin: boolean }) {
  const { t } = useTranslation();
  const self = useSelf();
  const navigate = useNavigate({ from: '/b/$id' });
  const id = useId();
  const { state, join, cancel } = useRoomJoin(room.id ?? room.code);
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const joinRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const waiting = state.step === 'waiting';

  // the chooser's "join" link: a member goes in at once; the address loses ?join=1, so Back does not repeat it
  const autoJoined = useRef(false);
  useEffect(() => {
    if (!autoJoin || autoJoined.current) return;
    autoJoined.current = true;
    void navigate({ search: (prev) => ({ ...prev, join: undefined }), replace: true });
    if (room.member) join();
  }, [autoJoin, room.member, join, navigate]);

  // the join button leaves while waiting: the focus goes to the way out, and back when it is taken
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (waiting && !wasWaiting.current) cancelRef.current?.focus();
    if (!waiting && wasWaiting.current && state.step === 'idle') joinRef.current?.focus();
    wasWaiting.current = waiting;
  }, [waiting, state.step]);

  // a signed-in person who is not a member joins as a guest, under their own name
  const guest = !room.member;
  const refused = guest && room.guestPolicy === 'none';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (room.member) return join();
    if (self) return join(displayName(self));
    // the server's normaliser (decision 081): a name of invisible characters only is no name
    const typed = normalizeName(name);
    if (typed === '') {
      setNameMissing(true);
      nameRef.current?.focus();
      return;
    }
    setNameMissing(false);
    join(typed);
  };

  const error = nameMissing
    ? t('errors.bbb.guest_name_required')
    : state.step === 'failed'
      ? errorMessage(t, state.error)
      : null;

  const status =
    state.step === 'waiting' ? (
      <div className="grid gap-2 rounded-md border bg-muted/50 p-4">
        <p className="flex items-center gap-2 font-medium">
          <Hourglass className="size-4 shrink-0" aria-hidden="true" />
          {t('bbb.join.waitingTitle')}
        </p>
        <p className="text-sm text-muted-foreground">{t('bbb.join.waitingBody')}</p>
      </div>
    ) : state.step === 'redirecting' ? (
      <p className="flex items-center gap-2 text-sm">
        <Spinner className="size-4" />
        {t('bbb.join.redirecting')}
      </p>
    ) : null;

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border bg-card p-4 desktop:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('bbb.join.title')}
      </h2>
      {/* one polite region, there from the start, so the waiting state is announced once when it comes */}
      <div role="status" className="empty:absolute">
        {status}
      </div>
      {waiting ? (
        <div>
          <Button ref={cancelRef} variant="outline" onClick={cancel}>
            {t('common.cancel')}
          </Button>
        </div>
      ) : refused ? (
        <Refused signedIn={self !== null} />
      ) : state.step === 'redirecting' ? null : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <ErrorAlert id={`${id}-error`} message={error} />
          {self ? (
            <p className="text-sm">{t('bbb.join.as', { name: displayName(self) })}</p>
          ) : (
            <FormField
              ref={nameRef}
              id={`${id}-name`}
              label={t('bbb.join.name')}
              hint={t('bbb.join.nameHint')}
              autoComplete="name"
              maxLength={MAX_GUEST_NAME_LENGTH}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={nameMissing || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
          {guest && room.guestPolicy === 'approval' && (
            <p className="text-sm text-muted-foreground">{t('bbb.join.approval')}</p>
          )}
          <div>
            <Button ref={joinRef} type="submit" size="lg" loading={state.step === 'joining'}>
              {t('bbb.join.submit')}
            </Button>
          </div>
          {!self && <SignInHint />}
        </form>
      )}
    </section>
  );
}

/** A room without guests: a visitor may be a member who has not signed in yet. */
function Refused({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <ErrorAlert message={signedIn ? t('errors.bbb.not_member') : t('errors.bbb.guests_not_allowed')} />
      {!signedIn && <SignInHint />}
    </div>
  );
}

function SignInHint() {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      {t('bbb.join.memberHint')}
      <Link
        to="/login"
        className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline desktop:min-h-0"
      >
        <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('nav.signIn')}
      </Link>
    </p>
  );
}
