import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { ConnectionRetryPage } from './connection-retry-page';
import { useConnectionCheck } from './use-connection-check';

export function OfflinePage() {
  const { t } = useTranslation();
  return (
    <ConnectionRetryPage
      icon={WifiOff}
      title={t('offline.title')}
      body={t('offline.body')}
      stillFailing={t('offline.stillOffline')}
      connection={useConnectionCheck()}
    />
  );
}
