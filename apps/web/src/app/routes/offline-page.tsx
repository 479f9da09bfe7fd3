import { useTranslation } from 'react-i18next';
import { ServerOff, WifiOff } from 'lucide-react';
import { PRODUCT_NAME } from '@aula/contracts';
import { ConnectionRetryPage } from './connection-retry-page';
import { useConnectionCheck } from './use-connection-check';

/** spec 4.4: the offline page; it blames the device only when the network is gone (decision 057). */
export function OfflinePage() {
  const { t } = useTranslation();
  const connection = useConnectionCheck();
  const network = connection.reason === 'network';
  const product = PRODUCT_NAME;
  return (
    <ConnectionRetryPage
      icon={network ? WifiOff : ServerOff}
      title={network ? t('offline.title') : t('apiDown.title', { product })}
      body={network ? t('offline.body') : t('apiDown.body', { product })}
      stillFailing={network ? t('offline.stillOffline') : t('apiDown.stillDown', { product })}
      connection={connection}
    />
  );
}
