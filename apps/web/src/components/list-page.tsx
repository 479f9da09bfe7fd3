import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { ErrorAlert } from '@/components/message-box';
import { MessagePage } from '@/components/message-page';
import { Pager, pageRangeText } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

/**
 * The frame of a page that lists what the address filters (decision 086): the heading with its sentence and
 * the page's main action, then whatever the page puts below (a count, its filters, the `ListResults`).
 */
export function ListPage({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-72 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        {action}
      </header>
      {children}
    </div>
  );
}

/** A list page whose area the school has switched off (the server refuses every call): say so, not "not found". */
export function FeatureOffPage({ icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={icon}
      title={title}
      actions={
        <Button asChild variant="outline">
          <Link to="/">{t('app.home')}</Link>
        </Button>
      }
    >
      <p className="text-muted-foreground">{text}</p>
    </MessagePage>
  );
}

/** The dashed box of an empty list (or a page past its end), with its sentence and what to do next. */
export function ListEmpty({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('grid justify-items-start gap-3 rounded-lg border border-dashed p-6', className)}>
      {children}
    </div>
  );
}

interface Page<T> {
  items: T[];
  total: number;
}

/**
 * One page of a server-paged list in its four states (decision 086): a skeleton of three cards with "loading"
 * while the first page comes, the error with "retry" (above the rows it already had), `empty` for no rows
 * (`pastEnd` for a page past the end, when the page offers a way back), else "11–20 of 45" and the rows; the
 * pager below moves through the address and scrolls back to the top.
 */
export function ListResults<T extends { id: number }>({
  label,
  query,
  page,
  perPage,
  loading,
  skeleton,
  empty,
  pastEnd,
  pagesLabel,
  onPage,
  renderItem,
}: {
  /** the list's landmark name */
  label: string;
  query: Pick<UseQueryResult<Page<T>>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  page: number;
  perPage: number;
  loading: string;
  /** the classes of the three bars of each skeleton card (size and shape, e.g. `h-5 w-48`) */
  skeleton: readonly [string, string, string];
  empty: ReactNode;
  pastEnd?: ReactNode;
  /** the pager's landmark name, where the default "Pages" is not enough */
  pagesLabel?: string;
  /** a page chosen in the pager; the list has already asked to scroll to the top */
  onPage: (page: number) => void;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = query.data;
  return (
    <section aria-label={label} aria-busy={query.isFetching} className="grid gap-3">
      {query.isError && (
        <ErrorAlert message={errorMessage(t, query.error)}>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </ErrorAlert>
      )}
      {data === undefined ? (
        query.isError ? null : (
          <ListSkeleton loading={loading} bars={skeleton} />
        )
      ) : data.items.length === 0 && data.total > 0 && pastEnd !== undefined ? (
        // a page past the end (the last row of the page went away, or an old address)
        pastEnd
      ) : data.items.length === 0 ? (
        empty
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{pageRangeText(t, page, perPage, data.total)}</p>
          <ul className="grid gap-3">
            {data.items.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
        </>
      )}
      <Pager
        label={pagesLabel}
        page={page}
        perPage={perPage}
        total={data?.total ?? 0}
        onPage={(p) => {
          onPage(p);
          window.scrollTo({ top: 0 });
        }}
      />
    </section>
  );
}

function ListSkeleton({ loading, bars }: { loading: string; bars: readonly string[] }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {loading}
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="grid animate-pulse gap-3 rounded-lg border p-4">
          {bars.map((bar) => (
            <div key={bar} className={cn('rounded bg-muted', bar)} />
          ))}
        </div>
      ))}
    </div>
  );
}
