import { useTranslation } from 'react-i18next';
import { ServerOff } from 'lucide-react';
import { PRODUCT_NAME } from '@aula/contracts';
import { ConnectionRetryPage } from './connection-retry-page';
import { useConnectionCheck } from './use-connection-check';

/** spec 8: a 502 (a proxy in front of Aula answers, Aula does not): Aula is not reachable, the device is fine. */
export function ApiDownPage() {
  const { t } = useTranslation();
  const product = PRODUCT_NAME;
  return (
    <ConnectionRetryPage
      icon={ServerOff}
      title={t('apiDown.title', { product })}
      body={t('apiDown.body', { product })}
      stillFailing={t('apiDown.stillDown', { product })}
      connection={useConnectionCheck()}
    />
  );
}
