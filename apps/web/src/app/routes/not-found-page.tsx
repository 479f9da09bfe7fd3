import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FileQuestion } from 'lucide-react';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} className="outline-none flex min-h-dvh items-center justify-center">
      <MessagePage
        icon={FileQuestion}
        title={t('notFound.title')}
        actions={
          <Button asChild>
            <Link to="/">{t('app.home')}</Link>
          </Button>
        }
      >
        <p className="text-muted-foreground">{t('notFound.body')}</p>
      </MessagePage>
    </main>
  );
}
