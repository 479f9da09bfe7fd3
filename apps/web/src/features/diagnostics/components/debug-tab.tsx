import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardTabProps } from '@/lib/dashboard';
import { formatDateTime } from '@/lib/format';
import { useErrors } from '../api/get-errors';
import { useOutbox } from '../api/get-outbox';
import { PagedDataTable } from '@/components/data-table';

const PER_PAGE = 20;

/** The mails the portal sent or kept (the outbox when no SMTP server is set up); bodies for superadmins only. */
function Outbox() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useOutbox(page, PER_PAGE);
  return (
    <section aria-labelledby="debug-outbox" className="grid gap-3">
      <h2 id="debug-outbox" className="text-lg font-semibold">
        {t('diagnostics.debug.outbox')}
      </h2>
      <PagedDataTable
        query={query}
        loading={t('diagnostics.loading')}
        empty={t('diagnostics.debug.noMails')}
        pagesLabel={t('diagnostics.debug.outboxPages')}
        page={page}
        perPage={PER_PAGE}
        onPage={setPage}
        caption={t('diagnostics.debug.outbox')}
        rowKey={(row) => row.id}
        columns={[
          {
            heading: t('diagnostics.debug.created'),
            cell: (mail) => formatDateTime(new Date(mail.created_at)),
          },
          { heading: t('diagnostics.debug.to'), cell: (mail) => <span dir="ltr">{mail.to}</span> },
          {
            heading: t('diagnostics.debug.subject'),
            cell: (mail) => (
              <>
                {mail.subject}
                {mail.body && (
                  <details>
                    <summary className="cursor-pointer text-muted-foreground">
                      {t('diagnostics.debug.body')}
                    </summary>
                    <pre className="max-w-xl text-xs whitespace-pre-wrap">{mail.body}</pre>
                  </details>
                )}
              </>
            ),
          },
          {
            heading: t('diagnostics.debug.state'),
            cell: (mail) =>
              mail.error
                ? t('diagnostics.debug.failed', { error: mail.error })
                : mail.sent_at
                  ? t('diagnostics.debug.sent', { time: formatDateTime(new Date(mail.sent_at)) })
                  : t('diagnostics.debug.kept'),
          },
        ]}
      />
    </section>
  );
}

/** Recent unexpected server errors: where and which kind, with the request id to find the server log line. */
function RecentErrors() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useErrors(page, PER_PAGE);
  return (
    <section aria-labelledby="debug-errors" className="grid gap-3">
      <h2 id="debug-errors" className="text-lg font-semibold">
        {t('diagnostics.debug.errors')}
      </h2>
      <PagedDataTable
        query={query}
        loading={t('diagnostics.loading')}
        empty={t('diagnostics.debug.noErrors')}
        pagesLabel={t('diagnostics.debug.errorPages')}
        page={page}
        perPage={PER_PAGE}
        onPage={setPage}
        caption={t('diagnostics.debug.errors')}
        rowKey={(row) => row.id}
        columns={[
          {
            heading: t('diagnostics.debug.at'),
            cell: (e) => formatDateTime(new Date(e.at), { dateStyle: 'medium', timeStyle: 'medium' }),
          },
          {
            heading: t('diagnostics.debug.route'),
            cell: (e) => (
              <span dir="ltr">
                {e.status} {e.method} {e.route}
              </span>
            ),
          },
          {
            heading: t('diagnostics.debug.error'),
            cell: (e) => <span dir="ltr">{e.message ? `${e.name} (${e.message})` : e.name}</span>,
          },
          {
            heading: t('diagnostics.debug.requestId'),
            className: 'font-mono text-xs',
            cell: (e) => <span dir="ltr">{e.requestId}</span>,
          },
        ]}
      />
    </section>
  );
}

/** spec 2.3 debug tab: the mail outbox and the recent server errors, both paged. */
export default function DebugTab(_props: DashboardTabProps) {
  return (
    <div className="grid gap-8">
      <Outbox />
      <RecentErrors />
    </div>
  );
}
