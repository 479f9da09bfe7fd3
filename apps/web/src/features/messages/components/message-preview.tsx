import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { LOCALES, LOCALE_NAMES, type AdminMessageDetail } from '@aula/contracts';
import { directionOf } from '@/components/per-language';
import { Button } from '@/components/ui/button';
import { windowText } from '../lib/window-text';
import { MessageCard } from './message-card';

/** /dashboard/messages/preview?id=: the saved message as each language's readers see it. */
export function MessagePreview({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">{t('messages.preview')}</h2>
      <p className="text-sm text-muted-foreground">
        {message.groups.length ? message.groups.map((g) => g.name).join(', ') : t('messages.everyone')} ·{' '}
        {windowText(t, message)}
      </p>
      {LOCALES.map((lang) => (
        <section key={lang} className="grid gap-2" aria-label={LOCALE_NAMES[lang]}>
          <h3 className="text-sm font-medium">{LOCALE_NAMES[lang]}</h3>
          <div dir={directionOf(lang)}>
            <MessageCard message={message} lang={lang} />
          </div>
        </section>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to="/dashboard/$tab/{-$subpage}" params={{ tab: 'messages', subpage: undefined }}>
            {t('common.back')}
          </Link>
        </Button>
        <Button asChild>
          <Link
            to="/dashboard/$tab/{-$subpage}"
            params={{ tab: 'messages', subpage: 'edit' }}
            search={{ id: message.id }}
          >
            <Pencil aria-hidden="true" />
            {t('messages.edit')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
