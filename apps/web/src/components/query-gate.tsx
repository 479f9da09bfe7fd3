import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { ErrorAlert } from './message-box';

/** "Loading …" while a query first loads, its translated error when it fails, else what its data shows. */
export function QueryGate<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <ErrorAlert message={errorMessage(t, query.error)} />;
  if (query.data === undefined)
    return (
      <p role="status" className="text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  return <>{children(query.data)}</>;
}
