import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ImageOff } from 'lucide-react';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** The way back to everyone on the overview, above a person's pages. */
export function BackToOverview() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="sm" className="-ms-2 self-start">
      <Link to="/app/camera">
        <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        {t('camera.backToOverview')}
      </Link>
    </Button>
  );
}

/** A person's page whose gallery could not be loaded: "not found or not allowed" for a 404, the error otherwise. */
export function GalleryProblem({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return (
      <div className="flex flex-col gap-4">
        <BackToOverview />
        <div className="flex flex-col items-start gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <ImageOff className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{t('camera.notFound.title')}</h1>
          <p className="text-muted-foreground">{t('camera.notFound.body')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <BackToOverview />
      <ErrorAlert message={errorMessage(t, error)}>
        <Button variant="outline" size="sm" onClick={retry}>
          {t('common.retry')}
        </Button>
      </ErrorAlert>
    </div>
  );
}

export function Loading({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner className="size-4" />
      {children ?? t('common.loading')}
    </p>
  );
}
