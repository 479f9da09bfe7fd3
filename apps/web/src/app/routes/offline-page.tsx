import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { OFFLINE_RECHECK_MS } from '@aula/contracts';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import { useConnectionCheck } from './use-connection-check';

export function OfflinePage() {
  const { t } = useTranslation();
  const { check, checking, failed } = useConnectionCheck();

  useEffect(() => {
    let timer: number | undefined;
    // spec 4.4: re-checked 1 s after the browser reports a network again.
    const onOnline = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void check(), OFFLINE_RECHECK_MS);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearTimeout(timer);
    };
  }, [check]);

  return (
    <main className="flex min-h-dvh items-center justify-center">
      <MessagePage
        icon={WifiOff}
        title={t('offline.title')}
        actions={
          <Button loading={checking} onClick={() => void check()}>
            {t('common.retry')}
          </Button>
        }
      >
        <p className="text-muted-foreground">{t('offline.body')}</p>
        <p role="status" className="min-h-6 text-sm font-medium">
          {failed && !checking ? t('offline.stillOffline') : ''}
        </p>
      </MessagePage>
    </main>
  );
}
