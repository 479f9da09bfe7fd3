import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryGate } from '@/components/query-gate';
import { useQuery } from '@tanstack/react-query';
import {
  BANNER_TYPES,
  DEFAULT_BANNER,
  LOCALES,
  MAX_BANNER_LINK_TEXT,
  MAX_BANNER_TEXT,
  type Banner,
  type BannerType,
  type Locale,
} from '@aula/contracts';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import {
  LanguageFieldset,
  LanguagePreview,
  RadioChoice,
  languageTexts,
  writtenTexts,
  type LanguageTexts,
} from '@/components/per-language';
import type { DashboardTabProps } from '@/lib/dashboard';
import { errorMessage } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { bannerQueryOptions, useSaveBanner } from '../api/banner';
import { BannerView } from './banner-view';

function BannerForm({ stored }: { stored: Banner }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveBanner();
  const [enabled, setEnabled] = useState(stored.enabled);
  const [type, setType] = useState<BannerType>(stored.type);
  const [text, setText] = useState<LanguageTexts>(languageTexts(stored.text));
  const [linkUrl, setLinkUrl] = useState(stored.linkUrl);
  const [linkText, setLinkText] = useState<LanguageTexts>(languageTexts(stored.linkText));
  const [previewLang, setPreviewLang] = useState<Locale>(currentLocale());
  const [localError, setLocalError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enabled && !text.de.trim()) {
      setLocalError(t('branding.germanRequired'));
      return;
    }
    if (linkUrl.trim() && !/^https?:\/\/\S+$/i.test(linkUrl.trim())) {
      setLocalError(t('branding.linkInvalid'));
      return;
    }
    setLocalError(null);
    save.mutate(
      { enabled, type, text: writtenTexts(text), linkUrl: linkUrl.trim(), linkText: writtenTexts(linkText) },
      { onSuccess: () => notify({ type: 'success', title: t('branding.bannerSaved') }) },
    );
  };
  const preview: Banner = {
    enabled,
    type,
    text: writtenTexts(text),
    linkUrl: linkUrl.trim(),
    linkText: writtenTexts(linkText),
  };
  const error = localError ?? (save.error ? errorMessage(t, save.error) : null);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <div>
        <p className="text-sm text-muted-foreground">{t('branding.bannerIntro')}</p>
      </div>
      <ErrorAlert message={error} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          className="size-4 accent-primary"
        />
        {t('branding.bannerEnabled')}
      </label>
      <RadioChoice
        name={`${id}-type`}
        legend={t('branding.type')}
        options={BANNER_TYPES}
        value={type}
        onChange={setType}
        label={(value) => t(`banner.types.${value}`)}
      />
      {LOCALES.map((lang) => (
        <LanguageFieldset key={lang} lang={lang} requiredLabel={t('branding.required')}>
          <FormField
            id={`${id}-text-${lang}`}
            label={t('branding.text')}
            maxLength={MAX_BANNER_TEXT}
            value={text[lang]}
            onChange={(event) => setText((v) => ({ ...v, [lang]: event.target.value }))}
          />
          <FormField
            id={`${id}-link-text-${lang}`}
            label={t('branding.linkText')}
            maxLength={MAX_BANNER_LINK_TEXT}
            value={linkText[lang]}
            onChange={(event) => setLinkText((v) => ({ ...v, [lang]: event.target.value }))}
          />
        </LanguageFieldset>
      ))}
      <FormField
        id={`${id}-link`}
        label={t('branding.linkUrl')}
        hint={t('branding.linkHint')}
        type="url"
        dir="ltr"
        value={linkUrl}
        onChange={(event) => setLinkUrl(event.target.value)}
      />
      <LanguagePreview
        id={id}
        title={t('branding.preview')}
        languageLabel={t('branding.previewLanguage')}
        lang={previewLang}
        onLangChange={setPreviewLang}
      >
        {preview.text.de ? (
          <BannerView banner={preview} lang={previewLang} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('branding.previewEmpty')}</p>
        )}
        {!enabled && <p className="text-sm text-muted-foreground">{t('branding.bannerOff')}</p>}
      </LanguagePreview>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** spec 2.3 dashboard banner tab: the banner above everyone's tiles. */
export default function BannerTab(_props: DashboardTabProps) {
  const banner = useQuery(bannerQueryOptions());
  return <QueryGate query={banner}>{(stored) => <BannerForm stored={stored ?? DEFAULT_BANNER} />}</QueryGate>;
}
