import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ExternalLink, Scale, TriangleAlert, Unplug } from 'lucide-react';
import { tileTitle } from '@aula/contracts';
import { MessagePage } from '@/components/message-page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { appQueryOptions } from '../api/get-app';
import { isHttpUrl } from '../lib/tile-target';

const routeApi = getRouteApi('/app');

/** Embedded tiles get scripts, forms, popups and downloads, but never the portal's own window. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

/** Without a `load` event after this long, the app is offered in a new tab (issue 19 item 11, decision 058). */
export const IFRAME_LOAD_TIMEOUT_MS = 6_000;

function OpenInNewTab({ url, variant }: { url: string; variant?: 'ghost' }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant} size={variant ? 'sm' : undefined}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        {t('iframeApp.openInNewTab')}
      </a>
    </Button>
  );
}

/**
 * The embedded app with a loading state until its frame's `load` event; an app that has not loaded after
 * IFRAME_LOAD_TIMEOUT_MS gets an overlay that offers it in a new tab, which works where framing is refused.
 */
function EmbeddedApp({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'slow' | 'loaded' | 'waiting'>('loading');
  useEffect(() => {
    const timer = setTimeout(
      () => setState((current) => (current === 'loading' ? 'slow' : current)),
      IFRAME_LOAD_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <iframe
        src={url}
        title={title}
        sandbox={SANDBOX}
        onLoad={() => setState('loaded')}
        className="w-full flex-1 border-0 bg-white"
      />
      {(state === 'loading' || state === 'waiting') && (
        <div
          role="status"
          aria-busy="true"
          className="absolute inset-0 flex items-center justify-center gap-2 bg-background text-muted-foreground"
        >
          <Spinner className="size-5" />
          {t('iframeApp.loading')}
        </div>
      )}
      {state === 'slow' && (
        <section
          aria-labelledby="iframe-slow-title"
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-background px-4 text-center"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Unplug className="size-8" aria-hidden="true" />
          </span>
          <div role="alert" className="grid gap-4">
            <h2 id="iframe-slow-title" className="text-xl font-semibold">
              {t('tileHelp.appSlow.title')}
            </h2>
            <p className="max-w-md text-muted-foreground">{t('tileHelp.appSlow.body')}</p>
          </div>
          <div className="flex flex-wrap items-center justify-center gap-2">
            <OpenInNewTab url={url} />
            <Button variant="outline" onClick={() => setState('waiting')}>
              {t('tileHelp.appSlow.keepWaiting')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

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
        actions={<OpenInNewTab url={app.data.url} />}
      >
        <p className="text-muted-foreground">{t('iframeApp.refusedBody')}</p>
      </MessagePage>
    );
  }
  // a new address starts over: its own loading state and timer
  return <EmbeddedApp key={app.data.url} url={app.data.url} title={tileTitle(app.data, currentLocale())} />;
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
          className="mobile:size-11"
          aria-label={t('app.footer.imprint')}
          onClick={() => void open('legal')}
        >
          <Scale aria-hidden="true" />
        </Button>
        {/* with its words on phones too: an unlabelled icon was the only way out of a broken app */}
        {url && <OpenInNewTab url={url} variant="ghost" />}
      </header>
      <main id="main" tabIndex={-1} className="outline-none flex min-h-0 flex-1 flex-col">
        <AppFrameState id={id} />
      </main>
    </div>
  );
}
