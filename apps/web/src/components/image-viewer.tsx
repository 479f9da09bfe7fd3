import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * One picture large, as a dialog shows it (decision 086): "loading" over a grey box until it is there, then
 * the picture within the box's width and 70 % of the screen's height, or `failedText` when it cannot load.
 */
export function ImageViewer({
  src,
  alt,
  width,
  height,
  failedText,
}: {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  failedText: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  return (
    <div className="relative grid min-h-40 place-items-center overflow-hidden rounded-md bg-muted">
      {state === 'loading' && (
        <p role="status" className="absolute flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('common.loading')}
        </p>
      )}
      {state === 'failed' ? (
        <ErrorAlert className="m-4" message={failedText} />
      ) : (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
          onLoad={() => setState('shown')}
          onError={() => setState('failed')}
        />
      )}
    </div>
  );
}

/** The outlined "download" link of a picture or file; `name` is the file's name, else the server's. */
export function DownloadLink({
  href,
  name,
  size,
  children,
}: {
  href: string;
  name?: string;
  size?: 'sm';
  children: ReactNode;
}) {
  return (
    <Button asChild variant="outline" size={size}>
      <a href={href} download={name ?? true}>
        <Download aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
