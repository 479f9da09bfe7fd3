import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export interface LanguageMenuProps {
  className?: string;
}

/** The language menu's trigger: the languages icon, or a spinner while a choice loads its strings; the real menu's state and handlers come in `props`. */
export function LanguageTrigger({
  className,
  pending = false,
  ...props
}: LanguageMenuProps & { pending?: boolean } & ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label={t('language.choose')}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={pending ? true : undefined}
      {...props}
    >
      {pending ? <Spinner /> : <Languages aria-hidden="true" />}
    </Button>
  );
}
