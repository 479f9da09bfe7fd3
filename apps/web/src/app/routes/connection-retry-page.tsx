import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import type { useConnectionCheck } from './use-connection-check';

interface ConnectionRetryPageProps {
  icon: LucideIcon;
  title: string;
  body: string;
  stillFailing: string;
  connection: ReturnType<typeof useConnectionCheck>;
}

/** The offline and api-down pages: a message, a retry button and the result of the last retry. */
export function ConnectionRetryPage({
  icon,
  title,
  body,
  stillFailing,
  connection,
}: ConnectionRetryPageProps) {
  const { t } = useTranslation();
  const { check, checking, failed } = connection;
  return (
    <main id="main" tabIndex={-1} className="outline-none flex min-h-dvh items-center justify-center">
      <MessagePage
        icon={icon}
        title={title}
        actions={
          <Button loading={checking} onClick={() => void check()}>
            {t('common.retry')}
          </Button>
        }
      >
        <p className="text-muted-foreground">{body}</p>
        <p role="status" className="min-h-6 text-sm font-medium">
          {failed && !checking ? stillFailing : ''}
        </p>
      </MessagePage>
    </main>
  );
}
