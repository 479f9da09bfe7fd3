import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { LOCALE_NAMES, LOCALES, RTL_LOCALES, type Locale } from '@aula/contracts';
import { Label } from '@/components/ui/label';

/** A text in every language the portal speaks, '' where it is not written (the editors' state). */
export type LanguageTexts = Record<Locale, string>;

export const languageTexts = (
  source?: Partial<Record<Locale, string>> | Record<string, string>,
): LanguageTexts => ({
  de: '',
  en: '',
  fa: '',
  ar: '',
  ...source,
});

/** Only the languages that were written, trimmed: what the server stores. */
export const writtenTexts = (texts: LanguageTexts): Partial<Record<Locale, string>> =>
  Object.fromEntries(LOCALES.flatMap((l) => (texts[l].trim() ? [[l, texts[l].trim()]] : [])));

export const directionOf = (lang: Locale) => (RTL_LOCALES.includes(lang) ? 'rtl' : 'ltr');

/**
 * One language's fields of a per-language editor. The legend and labels are in the interface's language, so
 * they keep its direction and alignment; only what is typed into the fields is in the group's language, so
 * its inputs get that `lang` and direction (issue 19 item 13).
 */
export function LanguageFieldset({
  lang,
  requiredLabel,
  children,
}: {
  lang: Locale;
  /** shown after the language's name for German, which every per-language text needs */
  requiredLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    for (const field of ref.current?.querySelectorAll('input, textarea') ?? []) {
      field.setAttribute('lang', lang);
      field.setAttribute('dir', directionOf(lang));
    }
  });
  return (
    <fieldset ref={ref} className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        <bdi lang={lang}>{LOCALE_NAMES[lang]}</bdi>
        {lang === 'de' ? ` (${requiredLabel})` : ''}
      </legend>
      {children}
    </fieldset>
  );
}

/** A row of radio buttons for one choice (a message's or banner's type). */
export function RadioChoice<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  label,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (value: T) => string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-primary"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A preview's heading with the language to preview in; the preview itself follows as children. */
export function LanguagePreview({
  id,
  title,
  languageLabel,
  lang,
  onLangChange,
  children,
}: {
  id: string;
  title: string;
  languageLabel: string;
  lang: Locale;
  onLangChange: (lang: Locale) => void;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-2" aria-labelledby={`${id}-preview`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`${id}-preview`} className="font-semibold">
          {title}
        </h3>
        <Label htmlFor={`${id}-preview-lang`} className="sr-only">
          {languageLabel}
        </Label>
        <select
          id={`${id}-preview-lang`}
          className="h-8 rounded-md border border-input bg-card px-2 text-sm"
          value={lang}
          onChange={(event) => onLangChange(event.target.value as Locale)}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <div dir={directionOf(lang)}>{children}</div>
    </section>
  );
}
