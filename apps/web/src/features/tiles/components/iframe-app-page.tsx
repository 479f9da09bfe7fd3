import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ExternalLink, Scale, TriangleAlert } from 'lucide-react';
import { tileTitle } from '@aula/contracts';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import { useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { appQueryOptions } from '../api/get-app';
import { isHttpUrl } from '../lib/tile-target';

const routeApi = getRouteApi('/app');

/** Embedded tiles get scripts, forms, popups and downloads, but never the portal's own window. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

function AppFrameState({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const app = useQuery({ ...appQueryOptions(id ?? 0), enabled: id !== undefined });

  if (id === undefined) {
    return <MessagePage icon={TriangleAlert} title={t('iframeApp.missing')} />;
  }
  if (app.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        className="flex flex-1 items-center justify-center text-muted-foreground"
      >
        {t('common.loading')}
      </div>
    );
  }
  if (app.isError || !isHttpUrl(app.data.url)) {
    return (
      <MessagePage
        icon={TriangleAlert}
        title={t('iframeApp.loadError')}
        actions={
          app.isError && (
            <Button variant="outline" loading={app.isFetching} onClick={() => void app.refetch()}>
              {t('common.retry')}
            </Button>
          )
        }
      >
        {app.isError && <p className="text-muted-foreground">{errorMessage(t, app.error)}</p>}
      </MessagePage>
    );
  }
  // The embed check found that the site refuses to be framed: say so instead of showing an empty frame.
  if (app.data.embeddable === false) {
    return (
      <MessagePage
        icon={TriangleAlert}
        title={t('iframeApp.refused')}
        actions={
          <Button asChild>
            <a href={app.data.url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('iframeApp.openInNewTab')}
            </a>
          </Button>
        }
      >
        <p className="text-muted-foreground">{t('iframeApp.refusedBody')}</p>
      </MessagePage>
    );
  }
  return (
    <iframe
      src={app.data.url}
      title={tileTitle(app.data, currentLocale())}
      sandbox={SANDBOX}
      className="w-full flex-1 border-0 bg-white"
    />
  );
}

export function IframeAppPage() {
  const { t } = useTranslation();
  const { id, title } = routeApi.useSearch();
  const router = useRouter();
  const navigate = useNavigate();
  const { open } = useDialogs();
  const app = useQuery({ ...appQueryOptions(id ?? 0), enabled: id !== undefined });
  const url = app.data && isHttpUrl(app.data.url) ? app.data.url : undefined;
  const shownTitle = app.data ? tileTitle(app.data, currentLocale()) : (title ?? t('pages.iframeApp'));

  const goBack = () => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/' });
  };

  return (
    <div className="flex h-dvh flex-col">
      <header className="flex h-12 shrink-0 items-center gap-2 border-b bg-card px-2 text-card-foreground">
        <Button variant="ghost" size="icon" aria-label={t('common.back')} onClick={goBack}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold">
          <bdi>{shownTitle}</bdi>
        </h1>
        {/* the imprint one step away on every page, the embedded app's too (DDG §5, decision 059) */}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('app.footer.imprint')}
          onClick={() => void open('legal')}
        >
          <Scale aria-hidden="true" />
        </Button>
        {url && (
          <Button asChild variant="ghost" size="sm">
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              <span className="mobile:sr-only">{t('iframeApp.openInNewTab')}</span>
            </a>
          </Button>
        )}
      </header>
      <main id="main" tabIndex={-1} className="outline-none flex min-h-0 flex-1 flex-col">
        <AppFrameState id={id} />
      </main>
    </div>
  );
}
