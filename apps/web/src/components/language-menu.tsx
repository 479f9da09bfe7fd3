import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LOCALE_NAMES, LOCALES, isLocale } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { currentLocale, setLanguage } from '@/lib/i18n';

/** The four interface languages by their native names; the choice applies at once and is remembered. */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while focusable items remain.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={className} aria-label={t('language.choose')}>
          <Languages aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(value) => {
            if (isLocale(value)) void setLanguage(value);
          }}
        >
          {LOCALES.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code} dir="auto">
              {LOCALE_NAMES[code]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
