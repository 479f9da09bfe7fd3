import { Link, useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';

/** The one page for every route whose feature is not built yet; its title is the route's page name. */
export function ComingSoonPage({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.name });
  const page = name ? t(`pages.${name}`) : t('pages.root');
  return (
    <MessagePage
      icon={Construction}
      title={detail ? `${page}: ${detail}` : page}
      actions={
        <Button asChild variant="outline">
          <Link to="/">{t('app.home')}</Link>
        </Button>
      }
    >
      <p className="text-muted-foreground">{t('placeholder.body')}</p>
    </MessagePage>
  );
}
