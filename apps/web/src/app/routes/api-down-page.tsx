import { useTranslation } from 'react-i18next';
import { ServerOff } from 'lucide-react';
import { ConnectionRetryPage } from './connection-retry-page';
import { useConnectionCheck } from './use-connection-check';

export function ApiDownPage() {
  const { t } = useTranslation();
  return (
    <ConnectionRetryPage
      icon={ServerOff}
      title={t('apiDown.title')}
      body={t('apiDown.body')}
      stillFailing={t('apiDown.stillDown')}
      connection={useConnectionCheck()}
    />
  );
}
