import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';

/** Shown in place of a route that failed; inside the app shell, so it brings no <main> of its own. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={TriangleAlert}
      title={t('errorPage.title')}
      actions={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
    >
      <p className="text-muted-foreground">{t('errorPage.body')}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(t, error)}</p>
    </MessagePage>
  );
}

export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <main id="main" tabIndex={-1} className="outline-none flex min-h-dvh items-center justify-center">
      <ErrorPage error={error} />
    </main>
  );
}
