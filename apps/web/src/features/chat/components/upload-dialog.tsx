import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Camera, FileUp, Paperclip } from 'lucide-react';
import { MAX_CHAT_MESSAGE } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatFileSize, formatNumber } from '@/lib/format';
import { chatConfigQueryOptions } from '../api/config';
import { useUploadChatFile } from '../api/upload';
import { isImage, newClientId } from '../lib/conversation';
import { acceptOf, checkUpload } from '../lib/upload-check';
import { useChatAddress } from '../hooks/use-chat-address';

/** An object URL for the chosen image, given back when the file changes or the dialog closes. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(() => (file && isImage(file.type) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * spec 2.5 `chat:upload`: choose a file or take a photo, see the photo before sending, add a caption, watch
 * the progress. Size and type are checked before sending where the browser can tell; a failed upload keeps the
 * file and the caption for another try (spec 8 "upload failed").
 */
export default function UploadDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const { room } = useChatAddress();
  const config = useQuery(chatConfigQueryOptions());
  const upload = useUploadChatFile();
  const [file, setFile] = useState<File | null>(null);
  const [clientId, setClientId] = useState(newClientId);
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(file);
  const accept = config.data ? acceptOf(config.data.uploadTypes) : undefined;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const check = config.data ? checkUpload(chosen, config.data) : null;
    if (check) {
      setProblem(t(`errors.${check.code}`, check.params));
      return;
    }
    setProblem(null);
    setFile(chosen);
    // a new file is a new message; a retry of the same one keeps its id, so it lands once
    setClientId(newClientId());
  };

  const send = () => {
    if (!file || room === undefined) return;
    if (caption.trim().length > MAX_CHAT_MESSAGE) {
      setProblem(t('chat.composer.tooLong', { max: MAX_CHAT_MESSAGE }));
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { roomId: room, file, body: caption.trim() || undefined, clientId, onProgress: setProgress },
      {
        onSuccess: close,
        onError: (error) => setProblem(errorMessage(t, error)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <DialogFrame
      title={t('dialogs.chatUpload')}
      description={
        config.data ? t('chat.upload.limits', { max: formatFileSize(config.data.maxUploadBytes) }) : undefined
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button onClick={send} disabled={!file || room === undefined} loading={upload.isPending}>
            {problem && file ? t('chat.upload.retry') : t('chat.upload.send')}
          </Button>
        </>
      }
    >
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
          <FileUp aria-hidden="true" />
          {file ? t('chat.upload.chooseOther') : t('chat.upload.chooseFile')}
        </Button>
        <Button variant="outline" onClick={() => photoInput.current?.click()} disabled={upload.isPending}>
          <Camera aria-hidden="true" />
          {t('chat.upload.takePhoto')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-upload-file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <input
          ref={photoInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {file && (
        <div className="grid gap-2">
          {preview ? (
            <img
              src={preview}
              alt={t('chat.upload.previewOf', { name: file.name })}
              className="max-h-64 w-auto max-w-full justify-self-center rounded-md object-contain"
            />
          ) : null}
          <p className="flex items-center gap-2 text-sm">
            <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 truncate font-medium">{file.name}</span>
            <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
          </p>
          <Label htmlFor={`${id}-caption`}>{t('chat.upload.caption')}</Label>
          <textarea
            id={`${id}-caption`}
            value={caption}
            rows={2}
            onChange={(event) => setCaption(event.target.value)}
            className="min-h-16 rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          />
        </div>
      )}
      {progress !== null && (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-progress`}>
            {t('chat.upload.sending', { percent: formatNumber(progress, { style: 'percent' }) })}
          </Label>
          <progress id={`${id}-progress`} max={1} value={progress} className="h-2 w-full accent-primary" />
        </div>
      )}
      <ErrorAlert message={problem} />
    </DialogFrame>
  );
}
