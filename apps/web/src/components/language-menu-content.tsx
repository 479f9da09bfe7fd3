import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, type Locale } from '@aula/contracts';
import { Spinner } from '@/components/ui/spinner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { DeferredMenuProps } from '@/components/deferred-menu';
import { LanguageTrigger, type LanguageMenuProps } from '@/components/language-trigger';
import { currentLocale, setLanguage } from '@/lib/i18n';
import { notify } from '@/lib/notify';

/**
 * The four interface languages by their native names. A choice loads its strings first (the menu stays
 * open and busy meanwhile), then applies at once and is remembered; offline, the language stays.
 */
export function LanguageMenuContent({ className, initiallyOpen }: LanguageMenuProps & DeferredMenuProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [open, setOpen] = useState(initiallyOpen);
  const [pending, setPending] = useState<Locale | null>(null);

  async function choose(code: Locale) {
    if (pending) return;
    if (code === locale) return setOpen(false);
    setPending(code);
    const switched = await setLanguage(code);
    setPending(null);
    if (switched) setOpen(false);
    else notify({ type: 'error', title: t('language.loadFailed') });
  }

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while focusable items remain.
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageTrigger className={className} pending={!!pending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-busy={pending ? true : undefined}>
        <DropdownMenuRadioGroup value={locale}>
          {LOCALES.map((code) => (
            <DropdownMenuRadioItem
              key={code}
              value={code}
              aria-busy={pending === code ? true : undefined}
              onSelect={(event) => {
                // stays open until the strings are here, so the pending state shows on the chosen item
                event.preventDefault();
                void choose(code);
              }}
            >
              <span lang={code} dir="auto">
                {LOCALE_NAMES[code]}
              </span>
              {pending === code && (
                <>
                  <Spinner className="ms-auto size-4" />
                  <span className="sr-only">{t('language.loading')}</span>
                </>
              )}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
