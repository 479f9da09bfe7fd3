import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasRole } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useSelf } from '@/lib/session';
import { pushStatusQueryOptions } from '../api/get-push-status';
import { PushContactForm } from './push-contact-form';
import { PushKeysPanel } from './push-keys-panel';
import { PushStatusPanel } from './push-status-panel';
import { SchoolQuietHours } from './school-quiet-hours';

/** The status section's shape while it loads, so the page does not jump when it arrives. */
function StatusSkeleton() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} aria-busy="true" className="grid gap-4 rounded-md border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('pushAdmin.status.title')}
      </h2>
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t('common.loading')}
      </p>
      <div aria-hidden="true" className="grid animate-pulse gap-3">
        <div className="h-5 w-64 max-w-full rounded bg-muted" />
        <div className="h-9 w-72 max-w-full rounded bg-muted" />
        <div className="h-48 w-full max-w-xl rounded-md bg-muted" />
      </div>
    </section>
  );
}

/**
 * Issue 23 item 1 (decision 073), the Push tab: status and figures, the school's quiet hours, the contact
 * address; the key pair for superadmins only (the server refuses everyone else as well).
 */
export function PushSettingsSection() {
  const { t } = useTranslation();
  const self = useSelf();
  const query = useQuery(pushStatusQueryOptions());
  const status = query.data;
  return (
    <div className="grid gap-6">
      <p className="max-w-prose text-sm">{t('pushAdmin.intro')}</p>
      {query.isError && (
        <ErrorAlert title={t('pushAdmin.loadFailed')} message={errorMessage(t, query.error)}>
          <Button
            type="button"
            variant="outline"
            size="sm"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('common.retry')}
          </Button>
        </ErrorAlert>
      )}
      {status ? (
        <PushStatusPanel
          status={status}
          refreshing={query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      ) : (
        !query.isError && <StatusSkeleton />
      )}
      <SchoolQuietHours />
      {status && <PushContactForm contact={status.contact} />}
      {status && hasRole(self, 'superadmin') && <PushKeysPanel />}
    </div>
  );
}
