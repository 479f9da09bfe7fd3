import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { UserCog, UserRoundX } from 'lucide-react';
import { ImpersonateRequestSchema, MAX_REASON_LENGTH, type UserInfo } from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter, DialogFrame, FormFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useDialogs, type DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { displayName, useSelf } from '@/lib/session';
import { useStartImpersonation, type StartImpersonation } from '../api/start-impersonation';
import { useStopImpersonation } from '../hooks/use-stop-impersonation';
import { useSwitchSession } from '../hooks/use-switch-session';
import { waitForReauth } from '../lib/reauth-request';

type FieldError = 'target' | 'reason' | null;

function serverText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return t('impersonation.notFound');
  return errorMessage(t, error);
}

const textareaClass =
  'min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive desktop:text-sm';

function StartForm() {
  const { t } = useTranslation();
  const id = useId();
  const { open } = useDialogs();
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const [waiting, setWaiting] = useState(false);
  const start = useStartImpersonation();
  const switchSession = useSwitchSession();

  const run = async (request: StartImpersonation): Promise<void> => {
    let session;
    try {
      session = await start.mutateAsync(request);
    } catch (error) {
      if (!(error instanceof ApiError && error.errorBody?.code === 'auth.reauth_required')) return;
      // SECURITY.md: a sign-in older than 5 minutes needs the password again, then the same request
      setWaiting(true);
      const reauth = waitForReauth();
      void open('reenter-password');
      const confirmed = await reauth;
      setWaiting(false);
      if (confirmed) await run(request);
      else start.reset();
      return;
    }
    await switchSession(session);
    notify({ type: 'success', title: t('impersonation.started', { name: displayName(session.user) }) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const userId = Number(target.trim());
    if (!/^\d+$/.test(target.trim()) || !Number.isSafeInteger(userId) || userId <= 0) {
      setFieldError('target');
      return;
    }
    const parsed = ImpersonateRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError('reason');
      return;
    }
    setFieldError(null);
    void run({ userId, reason: parsed.data.reason });
  };

  const reauthPending =
    start.error instanceof ApiError && start.error.errorBody?.code === 'auth.reauth_required';
  const message =
    fieldError === 'target'
      ? t('impersonation.targetInvalid')
      : fieldError === 'reason'
        ? t('impersonation.reasonTooShort', { min: 3 })
        : start.error && !reauthPending
          ? serverText(t, start.error)
          : null;
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id={`${id}-target`}
        label={t('impersonation.target')}
        hint={t('impersonation.targetHint')}
        dir="ltr"
        inputMode="numeric"
        autoComplete="off"
        className="max-w-48"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        aria-invalid={
          fieldError === 'target' ||
          (start.error instanceof ApiError && start.error.status === 404) ||
          undefined
        }
        aria-describedby={errorId}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>{t('impersonation.reason')}</Label>
        <textarea
          id={`${id}-reason`}
          dir="auto"
          required
          minLength={3}
          maxLength={MAX_REASON_LENGTH}
          className={textareaClass}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={fieldError === 'reason' || undefined}
          aria-describedby={`${id}-reason-hint ${errorId}`}
        />
        <p id={`${id}-reason-hint`} className="text-sm text-muted-foreground">
          {t('impersonation.reasonHint')}
        </p>
      </div>
      <ErrorAlert id={errorId} message={message} />
      <FormFooter
        pending={start.isPending || waiting}
        submit={
          <>
            {!(start.isPending || waiting) && <UserCog aria-hidden="true" />}
            {t('impersonation.start')}
          </>
        }
      />
    </form>
  );
}

function StopPanel({ user }: { user: UserInfo & { impersonator: NonNullable<UserInfo['impersonator']> } }) {
  const { t } = useTranslation();
  const stop = useStopImpersonation();
  return (
    <div className="grid gap-4">
      <p>
        {t('impersonation.banner', { name: displayName(user), realName: displayName(user.impersonator) })}
      </p>
      <p className="text-sm text-muted-foreground">{t('impersonation.stopHint')}</p>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('common.close')}
          </Button>
        </DialogClose>
        <Button type="button" loading={stop.isPending} onClick={() => stop.mutate()}>
          {!stop.isPending && <UserRoundX aria-hidden="true" />}
          {t('impersonation.stop')}
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * spec 2.5 `impersonate`: a superadmin acts as another user of the school, with a reason that is
 * audited and shown in that user's data export; while impersonating it offers to stop. The registry
 * lets only superadmins and impersonating users open it.
 */
export default function ImpersonateDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const impersonator = self?.impersonator;
  if (self && impersonator) {
    return (
      <DialogFrame title={t('dialogs.impersonate')}>
        <StopPanel user={{ ...self, impersonator }} />
      </DialogFrame>
    );
  }
  return (
    <DialogFrame title={t('dialogs.impersonate')} description={t('impersonation.intro')}>
      <StartForm />
    </DialogFrame>
  );
}
