import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/message-box';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';

/** The spinner while a diagnostics query first loads, or its translated error; nothing once data is there. */
export function QueryState({ isPending, error }: { isPending: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (error) return <ErrorAlert message={errorMessage(t, error)} icon={AlertCircle} />;
  if (!isPending) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner className="size-4" />
      {t('diagnostics.loading')}
    </p>
  );
}
