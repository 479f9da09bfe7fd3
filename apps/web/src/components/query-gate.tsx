import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { ErrorAlert } from './message-box';

/**
 * The one loading-and-error gate for a query: a spinner with "Loading …" (or `loading`) while it first loads,
 * its translated error when it fails, and what its data shows once there is data. A refetch that fails
 * shows its error above the data it already had.
 */
export function QueryGate<T>({
  query,
  loading,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>;
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const error = query.isError ? <ErrorAlert message={errorMessage(t, query.error)} /> : null;
  if (query.data === undefined)
    return (
      error ?? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {loading ?? t('common.loading')}
        </p>
      )
    );
  return (
    <>
      {error}
      {children(query.data)}
    </>
  );
}
