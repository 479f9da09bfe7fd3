import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginBackgroundStyle } from '@/lib/login-background';
import { useQuery } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { ICON_MIMES, LOGIN_BG_STRATEGIES, PHOTO_MIMES, type LoginBgStrategy } from '@aula/contracts';
import { Logo } from '@/components/logo';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { loginBgQueryOptions, logoQueryOptions, useSaveLoginBg, useSaveLogo } from '../api/branding-images';

// what the server takes (the file-kind table of the contracts): a background is a photo, a logo an icon
const PHOTO_ACCEPT = PHOTO_MIMES.join(',');
const ICON_ACCEPT = ICON_MIMES.join(',');

/** A file button: the native input stays, labelled, and keyboard-reachable; picking a file uploads it. */
function FilePick({
  label,
  accept,
  busy,
  onFile,
}: {
  label: string;
  accept: string;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onFile(file);
    event.target.value = '';
  };
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-label={label}
        className="sr-only"
        onChange={onChange}
        tabIndex={-1}
      />
      <Button type="button" variant="outline" loading={busy} onClick={() => input.current?.click()}>
        {!busy && <ImageUp aria-hidden="true" />}
        {label}
      </Button>
    </>
  );
}

function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorAlert message={error ? errorMessage(t, error) : null} />;
}

function BackgroundSection() {
  const { t } = useTranslation();
  const id = useId();
  const bg = useQuery(loginBgQueryOptions());
  const save = useSaveLoginBg();
  const strategy = bg.data?.strategy ?? 'none';
  const upload = (file: File) =>
    save.mutate({ file }, { onSuccess: () => notify({ type: 'success', title: t('branding.bgSaved') }) });
  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('branding.bgTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('branding.bgIntro')}</p>
      <ErrorLine error={save.error} />
      <div
        role="img"
        aria-label={bg.data?.url ? t('branding.bgPreview') : t('branding.bgNone')}
        className="flex h-48 items-center justify-center rounded-md border bg-muted"
        style={bg.data?.url ? loginBackgroundStyle(bg.data.url, strategy) : undefined}
      >
        <div className="h-20 w-16 rounded-md border bg-card shadow-sm" aria-hidden="true" />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilePick
          label={bg.data?.url ? t('branding.bgReplace') : t('branding.bgUpload')}
          accept={PHOTO_ACCEPT}
          busy={save.isPending && save.variables?.file !== undefined}
          onFile={upload}
        />
        {bg.data?.url && (
          <Button type="button" variant="ghost" onClick={() => save.mutate({ remove: true })}>
            <Trash2 aria-hidden="true" />
            {t('branding.bgRemove')}
          </Button>
        )}
        <div className="grid gap-1">
          <Label htmlFor={`${id}-strategy`}>{t('branding.strategy')}</Label>
          <select
            id={`${id}-strategy`}
            className="h-10 rounded-md border border-input bg-card px-3 text-sm"
            value={strategy}
            onChange={(event) => save.mutate({ strategy: event.target.value as LoginBgStrategy })}
          >
            {LOGIN_BG_STRATEGIES.map((s) => (
              <option key={s} value={s}>
                {t(`branding.strategies.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('branding.bgHint')}</p>
    </section>
  );
}

export function LogoSection() {
  const { t } = useTranslation();
  const id = useId();
  const logo = useQuery(logoQueryOptions());
  const save = useSaveLogo();
  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('branding.logoTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('branding.logoIntro')}</p>
      <ErrorLine error={save.error} />
      <div className="flex items-center gap-4">
        <div className="flex size-16 items-center justify-center rounded-md border bg-card">
          {logo.data?.url ? (
            <img src={logo.data.url} alt={t('branding.logoCurrent')} className="size-12 object-contain" />
          ) : logo.data?.show ? (
            <Logo className="size-12" />
          ) : (
            <span className="text-xs text-muted-foreground">{t('branding.logoNone')}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <FilePick
            label={logo.data?.url ? t('branding.logoReplace') : t('branding.logoUpload')}
            accept={ICON_ACCEPT}
            busy={save.isPending && save.variables?.file !== undefined}
            onFile={(file) =>
              save.mutate(
                { file },
                { onSuccess: () => notify({ type: 'success', title: t('branding.logoSaved') }) },
              )
            }
          />
          {logo.data?.url && (
            <Button type="button" variant="ghost" onClick={() => save.mutate({ remove: true })}>
              <Trash2 aria-hidden="true" />
              {t('branding.logoRemove')}
            </Button>
          )}
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={logo.data?.show ?? true}
          disabled={!logo.data}
          onChange={(event) => save.mutate({ show: event.target.checked })}
          className="size-4 accent-primary"
        />
        {t('branding.showProductLogo')}
      </label>
      <p className="text-sm text-muted-foreground">{t('branding.logoHint')}</p>
    </section>
  );
}

/**
 * spec 2.3 login-bg tab: the sign-in page's background and strategy (issue 6). The logo moved to the school
 * tab with the school's name and colour (issue 19 item 5, decision 059).
 */
export function LoginBgSections() {
  return (
    <div className="grid gap-10">
      <BackgroundSection />
    </div>
  );
}

export default LoginBgSections;
