import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CameraGallery } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { PhotoCapture } from '@/components/photo-capture/photo-capture';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCameraGallery } from '../api/get-camera-gallery';
import { useUploadPicture } from '../api/upload-picture';
import { BackToOverview, GalleryProblem, Loading } from './camera-parts';

const routeApi = getRouteApi('/shell/app/camera/$laraId/new');

/** spec 1, 2.2 /app/camera/{laraId}/new: take a photo of the person (or choose one) and upload it. */
export function CameraCapturePage() {
  const { laraId } = routeApi.useParams();
  const gallery = useCameraGallery(laraId);
  if (gallery.data) return <Capture gallery={gallery.data} />;
  if (gallery.isError) return <GalleryProblem error={gallery.error} retry={() => void gallery.refetch()} />;
  return <Loading />;
}

function Capture({ gallery }: { gallery: CameraGallery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { person, mayCapture } = gallery;
  const upload = useUploadPicture();
  const [progress, setProgress] = useState<number | null>(null);
  // kept after a failed upload, so "try again" sends the same photo
  const [photo, setPhoto] = useState<File | null>(null);

  const toView = () => navigate({ to: '/app/camera/$laraId', params: { laraId: person.laraId } });

  const send = (file: File) => {
    setPhoto(file);
    setProgress(0);
    upload.mutate(
      { laraId: person.laraId, photo: file, onProgress: setProgress },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('camera.capture.saved', { name: person.name }) });
          void toView();
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-col gap-2">
        <BackToOverview />
        <header className="flex flex-col gap-1">
          <p className="text-sm font-medium text-muted-foreground">{t('pages.cameraNew')}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{person.name}</h1>
        </header>
      </div>

      {!mayCapture ? (
        <ErrorAlert message={t('errors.camera.not_allowed')} />
      ) : (
        <>
          <PhotoCapture
            onCapture={send}
            onCancel={() => void toView()}
            initialFacing={person.self ? 'user' : 'environment'}
            busy={upload.isPending}
            onDiscard={() => upload.reset()}
          />
          {progress !== null ? <UploadProgress fraction={progress} /> : null}
          <ErrorAlert message={upload.isError ? errorMessage(t, upload.error) : null}>
            {photo && !upload.isPending && mayRetry(upload.error) ? (
              <Button variant="outline" size="sm" onClick={() => send(photo)}>
                {t('common.retry')}
              </Button>
            ) : null}
          </ErrorAlert>
        </>
      )}
    </div>
  );
}

/** Sending the same photo again helps after a network or server failure, not after a refusal of it. */
function mayRetry(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
}

function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  const label = t('camera.capture.uploading');
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span aria-hidden="true">{formatNumber(fraction, { style: 'percent' })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={formatNumber(fraction, { style: 'percent' })}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
