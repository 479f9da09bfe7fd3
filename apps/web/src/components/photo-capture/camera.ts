import { MAX_PHOTO_BYTES, PHOTO_MIMES } from '@aula/contracts';

export type Facing = 'user' | 'environment';

/** Why the live camera is not there; each has its own calm sentence (photoCapture.reason.*). */
export type CameraProblem = 'unsupported' | 'denied' | 'missing' | 'busy' | 'failed';

/**
 * The types the file picker offers, a phone's own JPEG first: the photos of the contracts' file-kind table;
 * the server checks the magic number again.
 */
export const PHOTO_TYPES: readonly string[] = [
  'image/jpeg',
  ...PHOTO_MIMES.filter((mime) => mime !== 'image/jpeg'),
];

/** JPEG quality of a taken photo: the server re-encodes it anyway, so the upload only needs to keep detail. */
export const JPEG_QUALITY = 0.9;
export const PHOTO_FILE_NAME = 'foto.jpg';

/** getUserMedia's DOMException name → what we tell the user (names per the Media Capture spec, plus old Chrome ones). */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || isNamed(error) ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

function isNamed(value: unknown): value is { name: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
  );
}

/** Whether this page can ask for the camera at all (getUserMedia exists only in secure contexts). */
export function hasCameraApi(nav: Pick<Navigator, 'mediaDevices'> | undefined): boolean {
  return typeof nav?.mediaDevices?.getUserMedia === 'function';
}

const SIZE = { width: { ideal: 1920 }, height: { ideal: 1080 } };

/**
 * The constraints for one facing: video only; `ideal` so a laptop with one camera still gets it, `exact` for
 * the front/back switch (a phone then picks that side's main camera; a device that does not tell its cameras'
 * sides refuses it, and the switch goes by device instead).
 */
export function videoConstraints(facing: Facing, exact = false): MediaStreamConstraints {
  return { audio: false, video: { facingMode: exact ? { exact: facing } : { ideal: facing }, ...SIZE } };
}

/** The constraints for one camera by its id (the switch on devices that do not say which side a camera is on). */
export function deviceConstraints(deviceId: string): MediaStreamConstraints {
  return { audio: false, video: { deviceId: { exact: deviceId }, ...SIZE } };
}

/** The camera after `current` in the device list (round the end), or null when there is no other. */
export function nextCameraId(
  devices: readonly Pick<MediaDeviceInfo, 'kind' | 'deviceId'>[],
  current: string | undefined,
): string | null {
  const ids = [
    ...new Set(devices.filter((d) => d.kind === 'videoinput' && d.deviceId).map((d) => d.deviceId)),
  ];
  if (ids.length === 0) return null;
  const next = ids[(ids.indexOf(current ?? '') + 1) % ids.length]!;
  return next === current ? null : next;
}

/** The side a running track reports, if it reports one (laptop and test cameras do not). */
export function reportedFacing(track: Pick<MediaStreamTrack, 'getSettings'> | undefined): Facing | null {
  const facing = track?.getSettings().facingMode;
  return facing === 'user' || facing === 'environment' ? facing : null;
}

export function otherFacing(facing: Facing): Facing {
  return facing === 'user' ? 'environment' : 'user';
}

/** The front/back switch is offered only when the device has more than one camera. */
export function countCameras(devices: readonly Pick<MediaDeviceInfo, 'kind' | 'deviceId'>[]): number {
  return new Set(devices.filter((d) => d.kind === 'videoinput').map((d, i) => d.deviceId || `#${i}`)).size;
}

/** A chosen file the portal will take, or why not (photoCapture.fileError.*). */
export function checkPhotoFile(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_PHOTO_BYTES) return 'size';
  if (file.size === 0) return 'type';
  return null;
}

/** Stops every track of a stream (the camera light goes off). */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
