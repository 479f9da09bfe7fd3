import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { OFFLINE_RECHECK_MS } from '@aula/contracts';
import { ConnectionRetryPage } from './connection-retry-page';
import { useConnectionCheck } from './use-connection-check';

export function OfflinePage() {
  const { t } = useTranslation();
  const connection = useConnectionCheck();
  const { check } = connection;

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
    <ConnectionRetryPage
      icon={WifiOff}
      title={t('offline.title')}
      body={t('offline.body')}
      stillFailing={t('offline.stillOffline')}
      connection={connection}
    />
  );
}
