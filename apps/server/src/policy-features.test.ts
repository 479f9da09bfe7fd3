import { describe, expect, it } from 'vitest';
import { areaFeature, featureMismatch } from './policy-features.ts';
import { POLICY } from './policy.ts';

describe('feature rows (decision 085)', () => {
  it('every route of chat, video rooms, sick notices and the camera names its feature, and no other route does', () => {
    expect(featureMismatch()).toEqual([]);
    expect(POLICY['POST /api/matrix/:roomId/messages']?.feature).toBe('chat');
    expect(POLICY['POST /api/sick']?.feature).toBe('sick');
    expect(POLICY['GET /api/student/:id']?.feature).toBe('sick');
    expect(POLICY['GET /api/bbb/:id/join']?.feature).toBe('bbb');
    expect(POLICY['DELETE /api/camera/pictures/:id']?.feature).toBe('camera');
    // the video server's settings stay reachable while the feature is off, to set it up first
    expect(POLICY['GET /api/config/bbb']?.feature).toBeUndefined();
  });

  it('a feature route without its feature, one with another, and a feature named outside its paths are caught (canary)', () => {
    const planted = {
      'POST /api/matrix/planted': { access: 'student', objects: 'chat-room' },
      'GET /api/sick/planted': { access: 'student', objects: 'sick-notice', feature: 'camera' },
      'GET /api/self/planted': { access: 'student', objects: 'self', feature: 'chat' },
      'GET /api/bbb/planted': { access: 'student', objects: 'video-room', feature: 'bbb' },
    } as const;
    expect(featureMismatch(planted)).toEqual([
      'POST /api/matrix/planted',
      'GET /api/sick/planted',
      'GET /api/self/planted',
    ]);
  });

  it('a path belongs to a feature by its whole first segments, not by a shared beginning', () => {
    expect(areaFeature('GET /api/students')).toBe('sick');
    expect(areaFeature('GET /api/bbbx')).toBeUndefined();
    expect(areaFeature('GET /api/config/bbb')).toBeUndefined();
  });
});
