import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@aula/contracts';
import {
  cameraProblem,
  checkPhotoFile,
  countCameras,
  deviceConstraints,
  hasCameraApi,
  nextCameraId,
  otherFacing,
  reportedFacing,
  videoConstraints,
} from './camera';

describe('the camera problem a getUserMedia failure means', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['DevicesNotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'busy'],
    ['TrackStartError', 'busy'],
    ['AbortError', 'busy'],
    ['TypeError', 'failed'],
  ])('%s → %s', (name, problem) => {
    expect(cameraProblem(new DOMException('x', name))).toBe(problem);
    expect(cameraProblem({ name })).toBe(problem);
  });

  it('anything else is a plain failure', () => {
    expect(cameraProblem(undefined)).toBe('failed');
    expect(cameraProblem('NotAllowedError')).toBe('failed');
    expect(cameraProblem(new Error('boom'))).toBe('failed');
  });
});

describe('camera choices', () => {
  it('there is no camera API without mediaDevices.getUserMedia (an http page, an old browser)', () => {
    expect(hasCameraApi(undefined)).toBe(false);
    expect(hasCameraApi({ mediaDevices: undefined as unknown as MediaDevices })).toBe(false);
    expect(
      hasCameraApi({ mediaDevices: { getUserMedia: () => Promise.reject() } as unknown as MediaDevices }),
    ).toBe(true);
  });

  it('asks for video only, preferring the facing without demanding it', () => {
    const c = videoConstraints('user');
    expect(c.audio).toBe(false);
    expect(c.video).toMatchObject({ facingMode: { ideal: 'user' } });
    expect(videoConstraints('environment').video).toMatchObject({ facingMode: { ideal: 'environment' } });
  });

  it('the switch asks for the other side exactly, or for one camera by its id', () => {
    expect(videoConstraints('user', true).video).toMatchObject({ facingMode: { exact: 'user' } });
    expect(deviceConstraints('cam-2')).toMatchObject({
      audio: false,
      video: { deviceId: { exact: 'cam-2' } },
    });
  });

  it('without sides, the switch goes to the next camera in the list, round the end', () => {
    const cam = (deviceId: string) => ({ kind: 'videoinput' as const, deviceId });
    const list = [cam('a'), { kind: 'audioinput' as const, deviceId: 'mic' }, cam('b'), cam('c')];
    expect(nextCameraId(list, 'a')).toBe('b');
    expect(nextCameraId(list, 'c')).toBe('a');
    expect(nextCameraId(list, undefined)).toBe('a');
    expect(nextCameraId([cam('a')], 'a')).toBeNull();
    expect(nextCameraId([cam('')], undefined)).toBeNull();
  });

  it('a track tells its side only when the device knows it', () => {
    const track = (facingMode?: string) => ({ getSettings: () => ({ facingMode }) });
    expect(reportedFacing(track('environment'))).toBe('environment');
    expect(reportedFacing(track('user'))).toBe('user');
    expect(reportedFacing(track('left'))).toBeNull();
    expect(reportedFacing(track())).toBeNull();
    expect(reportedFacing(undefined)).toBeNull();
  });

  it('the switch flips between front and back', () => {
    expect(otherFacing('user')).toBe('environment');
    expect(otherFacing('environment')).toBe('user');
  });

  it('counts the video inputs only, once each', () => {
    const cam = (deviceId: string) => ({ kind: 'videoinput' as const, deviceId });
    expect(countCameras([])).toBe(0);
    expect(countCameras([{ kind: 'audioinput', deviceId: 'm' }, cam('a')])).toBe(1);
    expect(countCameras([cam('a'), cam('b'), cam('a')])).toBe(2);
    // before permission Chromium lists cameras with empty ids: each still counts
    expect(countCameras([cam(''), cam('')])).toBe(2);
  });
});

describe('a chosen file', () => {
  it('takes JPEG, PNG and WebP up to the upload limit', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/webp', size: MAX_PHOTO_BYTES })).toBeNull();
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(checkPhotoFile({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(checkPhotoFile({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(checkPhotoFile({ type: '', size: 1000 })).toBe('type');
    expect(checkPhotoFile({ type: 'image/jpeg', size: 0 })).toBe('type');
    expect(checkPhotoFile({ type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toBe('size');
  });
});
