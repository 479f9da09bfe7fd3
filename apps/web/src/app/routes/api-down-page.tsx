import { useTranslation } from 'react-i18next';
import { ServerOff } from 'lucide-react';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import { useConnectionCheck } from './use-connection-check';

export function ApiDownPage() {
  const { t } = useTranslation();
  const { check, checking, failed } = useConnectionCheck();
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <MessagePage
        icon={ServerOff}
        title={t('apiDown.title')}
        actions={
          <Button loading={checking} onClick={() => void check()}>
            {t('common.retry')}
          </Button>
        }
      >
        <p className="text-muted-foreground">{t('apiDown.body')}</p>
        <p role="status" className="min-h-6 text-sm font-medium">
          {failed && !checking ? t('apiDown.stillDown') : ''}
        </p>
      </MessagePage>
    </main>
  );
}
