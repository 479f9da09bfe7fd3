import { useTranslation } from 'react-i18next';
import { ServerOff, WifiOff } from 'lucide-react';
import { PRODUCT_NAME } from '@aula/contracts';
import { ConnectionRetryPage } from './connection-retry-page';
import { useConnectionCheck } from './use-connection-check';

/**
 * spec 4.4: the offline page; it blames the device only when the network is gone, otherwise Aula (decision 057).
 * `unavailable`: the 502 page (spec 8), where a proxy answers and Aula does not.
 */
export function OfflinePage({ unavailable = false }: { unavailable?: boolean }) {
  const { t } = useTranslation();
  const connection = useConnectionCheck();
  const area = unavailable || connection.reason !== 'network' ? 'apiDown' : 'offline';
  const product = PRODUCT_NAME;
  return (
    <ConnectionRetryPage
      icon={area === 'offline' ? WifiOff : ServerOff}
      title={t(`${area}.title`, { product })}
      body={t(`${area}.body`, { product })}
      stillFailing={t(`${area}.still`, { product })}
      connection={connection}
    />
  );
}
