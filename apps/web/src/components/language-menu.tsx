import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LOCALE_NAMES, LOCALES, type Locale } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { currentLocale, setLanguage } from '@/lib/i18n';
import { notify } from '@/lib/notify';

/**
 * The four interface languages by their native names. A choice loads its strings first (the menu stays
 * open and busy meanwhile), then applies at once and is remembered; offline, the language stays.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [open, setOpen] = useState(false);
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
        <Button
          variant="ghost"
          size="icon"
          className={className}
          aria-label={t('language.choose')}
          aria-busy={pending ? true : undefined}
        >
          {pending ? <Spinner /> : <Languages aria-hidden="true" />}
        </Button>
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
