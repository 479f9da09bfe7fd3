import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Trash2 } from 'lucide-react';
import { PhotoCapture } from '@/components/photo-capture/photo-capture';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/lib/format';

/** The chosen photo as a data URL for its preview (read once per photo; nothing to revoke). */
function usePreview(photo: File | null): string | null {
  const [preview, setPreview] = useState<{ photo: File; url: string } | null>(null);
  useEffect(() => {
    if (!photo) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ photo, url: reader.result });
    };
    reader.readAsDataURL(photo);
    return () => reader.abort();
  }, [photo]);
  return preview && preview.photo === photo ? preview.url : null;
}

/**
 * The photo of a sick notice (when the school takes them, enable_sick_photo): taken with the camera or chosen
 * from the device through the shared PhotoCapture; once chosen it shows small with its size, to be replaced
 * or removed. It stays in the form's state, so a failed send keeps it.
 */
export default function PhotoSection({
  id,
  photo,
  onPhoto,
  error,
  errorId,
  disabled,
}: {
  id: string;
  photo: File | null;
  onPhoto: (photo: File | null) => void;
  error: string | null;
  errorId: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [capturing, setCapturing] = useState(false);
  const preview = usePreview(photo);
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={error ? errorId : `${id}-hint`}
      className="grid gap-2 outline-none"
    >
      <h3 id={`${id}-title`} className="text-sm font-medium">
        {t('sickReport.photo.title')}
      </h3>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('sickReport.photo.hint')}
      </p>
      {capturing ? (
        <PhotoCapture
          initialFacing="environment"
          onCapture={(file) => {
            onPhoto(file);
            setCapturing(false);
          }}
          onCancel={() => setCapturing(false)}
        />
      ) : photo ? (
        <div className="flex flex-wrap items-center gap-3">
          {preview ? (
            <img
              src={preview}
              alt={t('sickReport.photo.preview')}
              className="h-24 w-auto max-w-40 rounded-md border object-contain"
            />
          ) : (
            <div className="h-24 w-32 rounded-md border bg-muted" />
          )}
          <div className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{formatFileSize(photo.size)}</span>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={disabled}
                onClick={() => setCapturing(true)}
              >
                <Camera aria-hidden="true" />
                {t('sickReport.photo.replace')}
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => onPhoto(null)}
              >
                <Trash2 aria-hidden="true" />
                {t('sickReport.photo.remove')}
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <div>
          <Button type="button" variant="outline" disabled={disabled} onClick={() => setCapturing(true)}>
            <Camera aria-hidden="true" />
            {t('sickReport.photo.add')}
          </Button>
        </div>
      )}
      <ErrorAlert id={errorId} message={error} />
    </section>
  );
}
