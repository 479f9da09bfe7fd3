import { useEffect } from 'react';
import { Outlet, useMatches, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { PRODUCT_NAME } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { configQueryOptions } from '@/lib/config';
import { useShortcuts } from '@/lib/shortcuts';

/** spec 1: "{page} - {product name}", or the product name alone on the home page. */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.name });
  const { title } = useSearch({ strict: false });

  let page: string | undefined;
  if (name === undefined) page = t('pages.notFound');
  else if (name === 'iframeApp' && title) page = title;
  else if (name !== 'root') page = t(`pages.${name}`);

  useEffect(() => {
    document.title = page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}

/** spec 8: a failed config fetch that is not an outage (502, 503, no network) gets a banner with reload. */
function CriticalErrorBanner() {
  const { t } = useTranslation();
  const { error } = useQuery(configQueryOptions());
  const outage =
    isNetworkError(error) || (error instanceof ApiError && (error.status === 502 || error.status === 503));
  if (!error || outage) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-3 border-b border-destructive bg-destructive/10 px-4 py-2 text-sm"
    >
      <TriangleAlert className="size-4 text-destructive" aria-hidden="true" />
      <span>{t('critical.config')}</span>
      <Button size="xs" variant="outline" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}

export function RootLayout() {
  useShortcuts();
  useDocumentTitle();
  return (
    <>
      <CriticalErrorBanner />
      <Outlet />
    </>
  );
}
