import { useTranslation } from 'react-i18next';
import { LoaderCircle } from 'lucide-react';

export function PendingPage() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      className="flex items-center justify-center gap-2 py-24 text-muted-foreground"
    >
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
