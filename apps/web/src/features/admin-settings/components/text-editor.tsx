import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALES, RTL_LOCALES, type Locale, type TextKey, type Texts } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { textParagraphs } from '@/lib/config-texts';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { allTextsQueryOptions, useSaveTexts } from '../api/texts';

const empty: Record<Locale, string> = { de: '', en: '', fa: '', ar: '' };

/** One textarea per language with a plain-text preview; saves the changed languages at once. */
export function TextEditor({ textKey }: { textKey: TextKey }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(allTextsQueryOptions(textKey));
  const save = useSaveTexts(textKey);
  const [draft, setDraft] = useState<Record<Locale, string>>(empty);
  const [lang, setLang] = useState<Locale>('de');
  const stored = { ...empty, ...query.data?.texts };

  const [base, setBase] = useState(query.data);
  if (base !== query.data) {
    // the stored texts arrived or changed after a save: show them
    setBase(query.data);
    if (query.data) setDraft({ ...empty, ...query.data.texts });
  }

  const dirty = LOCALES.filter((l) => draft[l] !== stored[l]);
  const onSave = () => {
    const body: Texts = Object.fromEntries(dirty.map((l) => [l, draft[l]]));
    save.mutate(body, { onSuccess: () => notify({ type: 'success', title: t('adminSettings.saved') }) });
  };
  const dir = RTL_LOCALES.includes(lang) ? 'rtl' : 'ltr';

  if (query.isError) return <ErrorAlert message={errorMessage(t, query.error)} />;
  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('adminSettings.texts.language')} className="flex flex-wrap gap-2">
        {LOCALES.map((l) => (
          <Button
            key={l}
            type="button"
            variant={l === lang ? 'default' : 'outline'}
            aria-pressed={l === lang}
            onClick={() => setLang(l)}
          >
            {t(`adminSettings.texts.lang.${l}`)}
            {draft[l] !== stored[l] ? ' •' : ''}
          </Button>
        ))}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>
          {t('adminSettings.texts.textIn', { language: t(`adminSettings.texts.lang.${lang}`) })}
        </Label>
        <textarea
          id={`${id}-text`}
          lang={lang}
          dir={dir}
          rows={12}
          maxLength={20_000}
          value={draft[lang]}
          disabled={query.isLoading}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setDraft((d) => ({ ...d, [lang]: e.target.value }))}
          className="w-full rounded-md border border-input bg-background p-2 text-start"
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t('adminSettings.texts.hint')}
        </p>
      </div>
      {save.isError && <ErrorAlert message={errorMessage(t, save.error)} />}
      <div className="flex gap-2">
        <Button type="button" disabled={dirty.length === 0 || save.isPending} onClick={onSave}>
          {t('adminSettings.save')}
        </Button>
      </div>
      <section aria-labelledby={`${id}-preview`} className="rounded-md border p-4">
        <h3 id={`${id}-preview`} className="mb-2 font-semibold">
          {t('adminSettings.texts.preview')}
        </h3>
        <div lang={lang} dir={dir} className="grid gap-2 text-start">
          {textParagraphs(draft[lang]).map((p, i) => (
            <p key={i} className="whitespace-pre-line">
              {p}
            </p>
          ))}
          {draft[lang].trim() === '' && (
            <p className="text-muted-foreground">{t('adminSettings.texts.empty')}</p>
          )}
        </div>
      </section>
    </div>
  );
}
