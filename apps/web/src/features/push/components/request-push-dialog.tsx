import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bell, BellOff, Download, Info, Send, ShieldAlert } from 'lucide-react';
import {
  PUSH_KINDS,
  QUIET_TIMES,
  hasRole,
  type PushKind,
  type PushSettingsResponse,
  type QuietHours,
  type UserInfo,
} from '@aula/contracts';
import { ErrorAlert, MessageBox, NoticeStatus } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame, DialogSection } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs, type DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { notify, withToast } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { pushConfigQueryOptions } from '../api/get-push-config';
import { pushSettingsQueryKey, pushSettingsQueryOptions } from '../api/get-push-settings';
import { useSendTestPush } from '../api/send-test-push';
import { useUpdatePushSettings } from '../api/update-push-settings';
import { usePushDevice } from '../hooks/use-push-device';
import { pushFailureText } from '../lib/failure-text';
import { formatQuietTime, quietRange } from '../lib/quiet-time';
import { rememberTurnedOffFor, settleOffer } from '../lib/offer-memo';
import { browserPushEnvironment, pushDialogState, pushSupport } from '../lib/push-support';
import { subscribe, unsubscribe } from '../lib/subscription';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-base text-card-foreground outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50 desktop:text-sm';
const checkClass = 'size-4 accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40';

const NONE = 'none';

/** The kinds this user gets at all: the server says; before it answers, sick notices are for teachers and above. */
function availableKinds(self: UserInfo, settings: PushSettingsResponse | undefined): PushKind[] {
  if (settings) return PUSH_KINDS.filter((kind) => settings.available.includes(kind));
  return PUSH_KINDS.filter((kind) => kind !== 'sick' || hasRole(self, 'teacher'));
}

/** What Aula sends and when not (issue 23): before the browser asks, so the user knows what they allow. */
function Explanation({ self, settings }: { self: UserInfo; settings: PushSettingsResponse | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <DialogSection id={`${id}-kinds`} title={t('push.kindsTitle')}>
        <ul className="grid list-disc gap-1 ps-5 text-sm">
          {availableKinds(self, settings).map((kind) => (
            <li key={kind}>{t(`push.kinds.${kind}`)}</li>
          ))}
        </ul>
      </DialogSection>
      <DialogSection id={`${id}-quiet`} title={t('push.quietTitle')}>
        <QuietHoursText settings={settings} withOwn />
      </DialogSection>
    </>
  );
}

/** The school's quiet hours for this user, and with `withOwn` the user's own (or how to get them). */
function QuietHoursText({
  settings,
  withOwn = false,
}: {
  settings: PushSettingsResponse | undefined;
  withOwn?: boolean;
}) {
  const { t } = useTranslation();
  if (!settings) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p>
        {settings.schoolQuiet
          ? t('push.schoolQuiet', quietRange(settings.schoolQuiet))
          : t('push.noSchoolQuiet')}
      </p>
      {withOwn && (
        <p>{settings.quiet ? t('push.ownQuiet', quietRange(settings.quiet)) : t('push.ownQuietLater')}</p>
      )}
      <p className="text-muted-foreground">{t('push.timeZone', { zone: settings.timeZone })}</p>
    </div>
  );
}

interface SettingsForm {
  kinds: Partial<Record<PushKind, boolean>>;
  start: string;
  end: string;
}

function formOf(settings: PushSettingsResponse): SettingsForm {
  return {
    kinds: { ...settings.kinds },
    start: settings.quiet?.start ?? NONE,
    end: settings.quiet?.end ?? QUIET_TIMES[14]!,
  };
}

function quietOf(form: SettingsForm): QuietHours | null {
  return form.start === NONE ? null : { start: form.start, end: form.end };
}

/** Which kinds, and the user's own quiet hours (decision 073: they only ever add to the school's). */
function PushSettingsForm({ settings }: { settings: PushSettingsResponse }) {
  const { t } = useTranslation();
  const id = useId();
  // what was entered stays after a failed save
  const [form, setForm] = useState(() => formOf(settings));
  const update = useUpdatePushSettings();
  const save = () =>
    update.mutate(
      { kinds: form.kinds, quiet: quietOf(form) },
      { onSuccess: () => notify({ type: 'success', title: t('push.settings.saved') }) },
    );
  const kinds = PUSH_KINDS.filter((kind) => settings.available.includes(kind));
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">{t('push.settings.kinds')}</legend>
        {kinds.map((kind) => (
          <div key={kind} className="flex items-start gap-3">
            <input
              id={`${id}-${kind}`}
              type="checkbox"
              role="switch"
              className={`${checkClass} mt-0.5 shrink-0`}
              checked={form.kinds[kind] ?? true}
              onChange={(event) =>
                setForm((current) => ({
                  ...current,
                  kinds: { ...current.kinds, [kind]: event.target.checked },
                }))
              }
            />
            <Label htmlFor={`${id}-${kind}`} className="leading-snug font-normal">
              {t(`push.kinds.${kind}`)}
            </Label>
          </div>
        ))}
      </fieldset>
      <fieldset className="grid gap-2" aria-describedby={`${id}-quiet-hint`}>
        <legend className="mb-2 font-semibold">{t('push.settings.quiet')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-start`}>{t('push.settings.quietStart')}</Label>
            <select
              id={`${id}-start`}
              className={selectClass}
              value={form.start}
              onChange={(event) => setForm((current) => ({ ...current, start: event.target.value }))}
            >
              <option value={NONE}>{t('push.settings.none')}</option>
              {QUIET_TIMES.map((time) => (
                <option key={time} value={time}>
                  {formatQuietTime(time)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-end`}>{t('push.settings.quietEnd')}</Label>
            <select
              id={`${id}-end`}
              className={selectClass}
              value={form.end}
              disabled={form.start === NONE}
              onChange={(event) => setForm((current) => ({ ...current, end: event.target.value }))}
            >
              {QUIET_TIMES.map((time) => (
                <option key={time} value={time}>
                  {formatQuietTime(time)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p id={`${id}-quiet-hint`} className="text-sm text-muted-foreground">
          {t('push.settings.quietHint')}
        </p>
      </fieldset>
      <ErrorAlert message={update.error ? errorMessage(t, update.error) : null} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** "Send me a test" (spec 7.1): the answer says how many devices it went to, or why none. */
function TestPush() {
  const { t } = useTranslation();
  const test = useSendTestPush();
  return (
    <div className="grid gap-2">
      <div>
        <Button type="button" variant="outline" loading={test.isPending} onClick={() => test.mutate()}>
          {!test.isPending && <Send aria-hidden="true" className="rtl:-scale-x-100" />}
          {t('push.test')}
        </Button>
      </div>
      <NoticeStatus message={test.data ? t('push.testSent', { count: test.data.devices }) : null} />
      <ErrorAlert message={test.error ? errorMessage(t, test.error) : null} />
    </div>
  );
}

/** spec 2.5 `request-push`: explains what Aula sends, then asks the browser (only on the user's click). */
export default function RequestPushDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  const { open } = useDialogs();
  const queryClient = useQueryClient();
  const impersonating = self?.impersonator != null;
  const config = useQuery(pushConfigQueryOptions());
  const enabled = config.data?.enabled === true && config.data.vapidKey !== null;
  const settings = useQuery({ ...pushSettingsQueryOptions(), enabled: enabled && !impersonating });
  const vapidKey = enabled ? config.data!.vapidKey : null;
  const device = usePushDevice(vapidKey);
  const [busy, setBusy] = useState<'allow' | 'off' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const selfId = self?.id;
  useEffect(() => {
    if (selfId !== undefined) void settleOffer(selfId, (id) => withToast((toast) => toast.dismiss(id)));
  }, [selfId]);

  if (!self) return null;

  const run = async (what: 'allow' | 'off', work: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(error);
    } finally {
      await device.refresh();
      void queryClient.invalidateQueries({ queryKey: pushSettingsQueryKey });
      setBusy(null);
    }
  };

  const allow = () =>
    run('allow', async () => {
      // the browser asks only now, on the user's click, never before (decision 073)
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'default') setFailure(new Error('dismissed'));
        return;
      }
      await subscribe(vapidKey!);
      await rememberTurnedOffFor(self.id, false);
    });

  const turnOff = () =>
    run('off', async () => {
      await unsubscribe();
      await rememberTurnedOffFor(self.id, true);
      notify({ type: 'success', title: t('push.turnedOff') });
    });

  const loading = config.isPending || (enabled && !device.checked);
  const state = pushDialogState({
    enabled,
    impersonating,
    support: pushSupport(browserPushEnvironment()),
    permission: device.permission,
    subscribed: device.subscribed,
  });
  const failureText =
    failure instanceof Error && failure.message === 'dismissed'
      ? t('push.failed.denied')
      : failure
        ? pushFailureText(t, failure)
        : null;

  const closeButton = (
    <DialogClose asChild>
      <Button variant="outline">{t('common.close')}</Button>
    </DialogClose>
  );

  let body;
  let footer = closeButton;
  if (config.error) {
    body = <ErrorAlert message={errorMessage(t, config.error)} />;
  } else if (loading) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner className="size-4" />
        {t('common.loading')}
      </p>
    );
  } else if (state === 'off' || state === 'impersonating') {
    body = (
      <MessageBox tone="notice" icon={Info}>
        {t(state === 'off' ? 'errors.push.not_configured' : 'errors.push.impersonating')}
      </MessageBox>
    );
  } else if (state === 'install-first') {
    body = (
      <MessageBox tone="notice" icon={Info}>
        {t('push.installFirst')}
      </MessageBox>
    );
    footer = (
      <>
        {closeButton}
        <Button onClick={() => void open('install')}>
          <Download aria-hidden="true" />
          {t('push.install')}
        </Button>
      </>
    );
  } else if (state === 'unsupported') {
    body = (
      <MessageBox tone="notice" icon={Info}>
        {t('push.unsupported')}
      </MessageBox>
    );
  } else if (state === 'denied') {
    body = (
      <MessageBox tone="notice" icon={ShieldAlert}>
        <p>{t('push.denied')}</p>
        <p className="mt-1">{t('push.deniedHow')}</p>
      </MessageBox>
    );
  } else if (state === 'ask') {
    body = (
      <>
        <Explanation self={self} settings={settings.data} />
        <p className="text-sm text-muted-foreground">{t('push.allowHint')}</p>
        <ErrorAlert message={failureText} />
      </>
    );
    footer = (
      <>
        {closeButton}
        <Button loading={busy === 'allow'} onClick={() => void allow()}>
          {busy !== 'allow' && <Bell aria-hidden="true" />}
          {t('push.allow')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <NoticeStatus message={t('push.enabled')} />
        <QuietHoursText settings={settings.data} />
        {settings.data ? (
          <PushSettingsForm settings={settings.data} />
        ) : (
          <ErrorAlert message={settings.error ? errorMessage(t, settings.error) : null} />
        )}
        <TestPush />
        <ErrorAlert message={failureText} />
      </>
    );
    footer = (
      <>
        <Button
          variant="ghost"
          className="desktop:me-auto"
          loading={busy === 'off'}
          onClick={() => void turnOff()}
        >
          {busy !== 'off' && <BellOff aria-hidden="true" />}
          {t('push.turnOff')}
        </Button>
        {closeButton}
      </>
    );
  }

  return (
    <DialogFrame title={t('dialogs.requestPush')} description={t('push.intro')} footer={footer}>
      <div className="grid gap-4" aria-busy={loading || busy !== null}>
        {body}
      </div>
    </DialogFrame>
  );
}
