import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Check, ImageUp, Info, RotateCcw, SwitchCamera } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorAlert, MessageBox } from '@/components/message-box';
import { cn } from '@/lib/utils';
import {
  JPEG_QUALITY,
  PHOTO_FILE_NAME,
  PHOTO_TYPES,
  cameraProblem,
  checkPhotoFile,
  countCameras,
  deviceConstraints,
  hasCameraApi,
  nextCameraId,
  otherFacing,
  reportedFacing,
  stopStream,
  videoConstraints,
  type CameraProblem,
  type Facing,
} from './camera';

export interface PhotoCaptureProps {
  /** The photo to use: a JPEG from the camera (`foto.jpg`) or the file the user chose. */
  onCapture: (photo: File) => void;
  onCancel: () => void;
  /** Which camera to start with: the pupil's own face ('user') or the room ('environment', the default). */
  initialFacing?: Facing;
  /** Disables "use" while the caller is busy with the photo (e.g. uploading it). */
  busy?: boolean;
  /** The photo under review was put aside (retake, another file): e.g. to clear the caller's upload error. */
  onDiscard?: () => void;
}

type Phase =
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'paused' }
  | { kind: 'fallback'; problem: CameraProblem }
  | { kind: 'review'; file: File; url: string; source: 'camera' | 'file' };

/**
 * Takes a photo with the device camera (live preview, front/back switch, review before use) and always offers
 * a file instead; when the camera cannot be used, the file picker becomes the way and a calm sentence says why.
 * The camera runs only while the preview shows: it stops on taking, on cancel, on unmount and when the tab is
 * hidden (decision 064).
 */
export function PhotoCapture({
  onCapture,
  onCancel,
  initialFacing = 'environment',
  busy = false,
  onDiscard,
}: PhotoCaptureProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const takeRef = useRef<HTMLButtonElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // the camera last used, so a retake or a tab shown again comes back to it rather than to the default
  const lastDevice = useRef<string | null>(null);
  // every start gets a number; a stream that arrives for an older one (unmounted, switched) is stopped at once
  const attempt = useRef(0);
  const [facing, setFacing] = useState<Facing>(initialFacing);
  const [cameras, setCameras] = useState(0);
  const [phase, setPhase] = useState<Phase>(() =>
    hasCameraApi(globalThis.navigator) ? { kind: 'starting' } : { kind: 'fallback', problem: 'unsupported' },
  );
  const [fileError, setFileError] = useState<'type' | 'size' | 'take' | null>(null);
  const [hasFrame, setHasFrame] = useState(false);
  // the visibility handler and the first start read the phase without re-subscribing on every change
  const phaseRef = useRef(phase);
  useLayoutEffect(() => {
    phaseRef.current = phase;
  }, [phase]);

  const stop = useCallback(() => {
    attempt.current += 1;
    stopStream(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  /**
   * Starts the camera: the first time by facing; 'same' again the camera last used (retake, a tab shown
   * again); 'switch' the other side, or on a device that does not tell sides the next camera in its list.
   */
  const start = useCallback(
    async (want: Facing, how: 'facing' | 'same' | 'switch' = 'facing') => {
      stop();
      const mine = attempt.current;
      if (!hasCameraApi(globalThis.navigator)) {
        setPhase({ kind: 'fallback', problem: 'unsupported' });
        return;
      }
      setPhase({ kind: 'starting' });
      const media = navigator.mediaDevices;
      const last = lastDevice.current;
      try {
        let stream: MediaStream;
        if (how === 'same' && last) {
          stream = await media.getUserMedia(deviceConstraints(last)).catch((error: unknown) => {
            if (cameraProblem(error) !== 'missing') throw error;
            return media.getUserMedia(videoConstraints(want));
          });
        } else if (how === 'switch') {
          stream = await media.getUserMedia(videoConstraints(want, true)).catch(async (error: unknown) => {
            const other = nextCameraId(await media.enumerateDevices(), last ?? undefined);
            if (cameraProblem(error) !== 'missing' || !other) throw error;
            return media.getUserMedia(deviceConstraints(other));
          });
        } else {
          stream = await media.getUserMedia(videoConstraints(want));
        }
        if (mine !== attempt.current) {
          stopStream(stream);
          return;
        }
        streamRef.current = stream;
        const [track] = stream.getVideoTracks();
        lastDevice.current = track?.getSettings().deviceId ?? null;
        const side = reportedFacing(track);
        if (side) setFacing(side);
        track?.addEventListener('ended', () => {
          if (streamRef.current === stream) {
            stop();
            setPhase({ kind: 'fallback', problem: 'missing' });
          }
        });
        setPhase({ kind: 'live' });
        // device ids are listed in full only once the camera is allowed, so count after the stream started
        const devices = await media.enumerateDevices().catch(() => []);
        if (mine === attempt.current) setCameras(countCameras(devices));
      } catch (error) {
        if (mine === attempt.current) setPhase({ kind: 'fallback', problem: cameraProblem(error) });
      }
    },
    [stop],
  );

  // attach the stream once the <video> is rendered for it
  useEffect(() => {
    const video = videoRef.current;
    if (phase.kind !== 'live' || !video || !streamRef.current) return;
    if (video.srcObject !== streamRef.current) video.srcObject = streamRef.current;
    video.play().catch(() => undefined);
  }, [phase.kind]);

  // the take button is enabled, and focused, once the video shows its first frame
  useEffect(() => {
    if (phase.kind === 'live' && hasFrame) takeRef.current?.focus();
  }, [phase.kind, hasFrame]);

  useEffect(() => {
    if (phaseRef.current.kind === 'starting') void start(initialFacing);
    return stop;
  }, [start, stop, initialFacing]);

  // a hidden tab gives the camera back; it comes back when the tab does, if the preview was showing
  useEffect(() => {
    const onVisibility = () => {
      const kind = phaseRef.current.kind;
      if (document.hidden && (kind === 'live' || kind === 'starting')) {
        stop();
        setPhase({ kind: 'paused' });
      } else if (!document.hidden && kind === 'paused') {
        void start(facing, 'same');
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [facing, start, stop]);

  // the still's object URL lives as long as its review
  const reviewUrl = phase.kind === 'review' ? phase.url : null;
  useEffect(() => {
    if (!reviewUrl) return;
    return () => URL.revokeObjectURL(reviewUrl);
  }, [reviewUrl]);

  const take = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth || !video.videoHeight) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          setFileError('take');
          return;
        }
        stop();
        const file = new File([blob], PHOTO_FILE_NAME, { type: 'image/jpeg', lastModified: Date.now() });
        setFileError(null);
        setPhase({ kind: 'review', file, url: URL.createObjectURL(file), source: 'camera' });
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  };

  const switchCamera = () => {
    const next = otherFacing(facing);
    setFacing(next);
    void start(next, 'switch');
  };

  const chooseFile = () => fileRef.current?.click();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    onDiscard?.();
    const problem = checkPhotoFile(file);
    setFileError(problem);
    if (problem) return;
    stop();
    setPhase({ kind: 'review', file, url: URL.createObjectURL(file), source: 'file' });
  };

  const retake = () => {
    setFileError(null);
    onDiscard?.();
    if (phase.kind === 'review' && phase.source === 'file') {
      chooseFile();
      return;
    }
    void start(facing, 'same');
  };

  const use = () => {
    if (phase.kind !== 'review') return;
    onCapture(phase.file);
  };

  const cancel = () => {
    stop();
    onCancel();
  };

  const cameraShown = phase.kind === 'starting' || phase.kind === 'live' || phase.kind === 'paused';
  const fallback = phase.kind === 'fallback';
  const onPhone = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

  return (
    <div className="flex flex-col gap-3" data-slot="photo-capture">
      {fallback ? (
        <div role="status">
          <MessageBox tone="notice" icon={Info}>
            <p>{t(`photoCapture.reason.${phase.problem}`)}</p>
            {phase.problem === 'denied' ? (
              <p className="mt-1 text-muted-foreground">{t('photoCapture.allowHint')}</p>
            ) : null}
          </MessageBox>
        </div>
      ) : null}

      {cameraShown ? (
        <div className="relative flex min-h-48 items-center justify-center overflow-hidden rounded-lg bg-black">
          <video
            ref={videoRef}
            playsInline
            muted
            autoPlay
            // the take button waits for the first frame: before it the video has no size to draw
            onLoadedMetadata={() => setHasFrame(true)}
            onEmptied={() => setHasFrame(false)}
            aria-label={t('photoCapture.preview')}
            className={cn(
              'max-h-[60dvh] w-full object-contain',
              facing === 'user' && '-scale-x-100',
              phase.kind !== 'live' && 'invisible',
            )}
          />
          {phase.kind !== 'live' ? (
            <p className="absolute inset-0 flex items-center justify-center gap-2 p-4 text-center text-sm text-white">
              <Spinner className="size-5 text-white" />
              {phase.kind === 'paused' ? t('photoCapture.paused') : t('photoCapture.starting')}
            </p>
          ) : null}
        </div>
      ) : null}

      {phase.kind === 'review' ? <Still file={phase.file} url={phase.url} /> : null}

      <ErrorAlert message={fileError ? t(`photoCapture.fileError.${fileError}`) : null} />

      <div className="flex flex-wrap items-center justify-center gap-2">
        {phase.kind === 'live' ? (
          <>
            <Button type="button" ref={takeRef} size="lg" onClick={take} disabled={!hasFrame}>
              <Camera aria-hidden="true" />
              {t('photoCapture.take')}
            </Button>
            {cameras > 1 ? (
              <Button type="button" variant="outline" size="lg" onClick={switchCamera}>
                <SwitchCamera aria-hidden="true" />
                {t('photoCapture.switch')}
              </Button>
            ) : null}
          </>
        ) : null}
        {phase.kind === 'review' ? (
          <>
            <Button type="button" size="lg" onClick={use} loading={busy}>
              <Check aria-hidden="true" />
              {t('photoCapture.use')}
            </Button>
            <Button type="button" variant="outline" size="lg" onClick={retake} disabled={busy}>
              <RotateCcw aria-hidden="true" />
              {phase.source === 'file' ? t('photoCapture.chooseOther') : t('photoCapture.retake')}
            </Button>
          </>
        ) : null}
        {fallback ? (
          <Button type="button" size="lg" onClick={chooseFile}>
            <ImageUp aria-hidden="true" />
            {t('photoCapture.chooseFile')}
          </Button>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-center gap-2">
        {!fallback && phase.kind !== 'review' ? (
          <Button type="button" variant="ghost" onClick={chooseFile}>
            <ImageUp aria-hidden="true" />
            {t('photoCapture.chooseFile')}
          </Button>
        ) : null}
        {fallback && phase.problem !== 'unsupported' ? (
          <Button type="button" variant="ghost" onClick={() => void start(facing)}>
            <RotateCcw aria-hidden="true" />
            {t('photoCapture.tryCamera')}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={cancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>

      <input
        ref={fileRef}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        capture={onPhone ? facing : undefined}
        onChange={onFile}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-file"
      />
    </div>
  );
}

/** The photo under review; a file the browser cannot show (it may still be one the server reads) by its name. */
function Still({ file, url }: { file: File; url: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === url) {
    return (
      <p
        role="img"
        aria-label={t('photoCapture.still')}
        className="flex min-h-32 items-center justify-center rounded-lg bg-muted p-4 text-center text-sm break-all text-muted-foreground"
      >
        {file.name}
      </p>
    );
  }
  return (
    <img
      src={url}
      alt={t('photoCapture.still')}
      onError={() => setBroken(url)}
      className="max-h-[60dvh] w-full rounded-lg bg-muted object-contain"
    />
  );
}
