import { useRef, useState } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Camera, Eye, ImagePlus, Trash2 } from 'lucide-react';
import type { CameraGallery, CameraPicture } from '@aula/contracts';
import { DownloadLink } from '@/components/image-viewer';
import { ErrorAlert, MessageBox } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { useConfirmDelete } from '@/lib/confirm';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { useDeletePicture } from '../api/delete-picture';
import { useCameraGallery } from '../api/get-camera-gallery';
import { pictureUrl } from '../api/picture-url';
import { BackToOverview, GalleryProblem, Loading } from './camera-parts';

const routeApi = getRouteApi('/shell/app/camera/$laraId');

/** spec 1, 2.2 /app/camera/{laraId}: one person's pictures, newest first, to download or delete. */
export function CameraViewPage() {
  const { laraId } = routeApi.useParams();
  const gallery = useCameraGallery(laraId);
  if (gallery.data) return <Gallery gallery={gallery.data} />;
  if (gallery.isError) return <GalleryProblem error={gallery.error} retry={() => void gallery.refetch()} />;
  return <Loading />;
}

function Gallery({ gallery }: { gallery: CameraGallery }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // decision 081: a superadmin acting as the user looks at the pictures; taking and deleting are the user's acts
  const impersonating = !!useSelf()?.impersonator;
  const { person, pictures } = gallery;
  const mayCapture = gallery.mayCapture && !impersonating;
  const remove = useDeletePicture();
  const confirmDelete = useConfirmDelete();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = async (picture: CameraPicture) => {
    const date = formatDateTime(new Date(picture.createdAt));
    const confirmed = await confirmDelete({
      title: t('camera.view.deleteTitle'),
      description: t('camera.view.deleteBody', { name: person.name, date }),
      confirmLabel: t('common.delete'),
    });
    if (!confirmed) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(picture.id);
      notify({ type: 'success', title: t('camera.view.deleted') });
      headingRef.current?.focus();
    } catch (error) {
      setDeleteError(errorMessage(t, error));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackToOverview />
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
              {person.name}
            </h1>
            <p className="text-muted-foreground">{t('camera.pictureCount', { count: pictures.length })}</p>
          </div>
          {mayCapture && pictures.length > 0 ? (
            <Button asChild>
              <Link to="/app/camera/$laraId/new" params={{ laraId: person.laraId }}>
                <ImagePlus aria-hidden="true" />
                {t('camera.view.newPhoto')}
              </Link>
            </Button>
          ) : null}
        </header>
      </div>

      {impersonating ? (
        <MessageBox tone="notice" icon={Eye}>
          {t('camera.view.impersonating')}
        </MessageBox>
      ) : null}
      <ErrorAlert message={deleteError} />

      {pictures.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-6">
          <p className="text-muted-foreground">
            {mayCapture
              ? t('camera.view.empty', { name: person.name })
              : t('camera.view.emptyNoCapture', { name: person.name })}
          </p>
          {mayCapture ? (
            <Button asChild>
              <Link to="/app/camera/$laraId/new" params={{ laraId: person.laraId }}>
                <Camera aria-hidden="true" />
                {t('camera.takePhoto')}
              </Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className="flex flex-col gap-6" aria-label={t('camera.view.pictures', { name: person.name })}>
          {pictures.map((picture, index) => (
            <PictureItem
              key={picture.id}
              picture={picture}
              deletable={picture.deletable && !impersonating}
              name={person.name}
              eager={index === 0}
              deleting={remove.isPending && remove.variables === picture.id}
              onDelete={() => void onDelete(picture)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function PictureItem({
  picture,
  deletable,
  name,
  eager,
  deleting,
  onDelete,
}: {
  picture: CameraPicture;
  deletable: boolean;
  name: string;
  eager: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const date = formatDateTime(new Date(picture.createdAt));
  return (
    <li>
      <figure className="flex flex-col gap-2 rounded-xl border bg-card p-2 text-card-foreground desktop:p-3">
        <img
          src={pictureUrl(picture.id)}
          width={picture.width}
          height={picture.height}
          alt={t('camera.view.alt', { name, date })}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="mx-auto h-auto max-h-[75dvh] w-auto max-w-full rounded-lg bg-muted object-contain"
        />
        <figcaption className="flex flex-wrap items-center justify-between gap-2 px-1">
          <span className="text-sm text-muted-foreground">
            <time dateTime={picture.createdAt}>{date}</time>
            {picture.takenBy ? ` · ${t('camera.view.takenBy', { name: picture.takenBy.name })}` : ''}
          </span>
          <span className="flex flex-wrap gap-2">
            <DownloadLink href={pictureUrl(picture.id, 'download')} size="sm">
              {t('camera.view.download')} <span className="sr-only">{t('camera.view.ofDate', { date })}</span>
            </DownloadLink>
            {deletable ? (
              <Button variant="outline" size="sm" onClick={onDelete} loading={deleting}>
                {deleting ? null : <Trash2 aria-hidden="true" />}
                {t('common.delete')} <span className="sr-only">{t('camera.view.ofDate', { date })}</span>
              </Button>
            ) : null}
          </span>
        </figcaption>
      </figure>
    </li>
  );
}
