import { describe, expect, it } from 'vitest';
import { impersonationUndecided, POLICY, policyFor, policyKey, sessionOnlyMisuse } from './policy.ts';

describe('policy lookup', () => {
  it('finds exact rows and treats HEAD like GET', () => {
    expect(policyFor('GET', '/api/self')?.access).toBe('student');
    expect(policyFor('HEAD', '/api/self')?.access).toBe('student');
    expect(policyKey('HEAD', '/api/layout')).toBe('GET /api/layout');
  });
  it('covers a subtree only through a row ending in /*', () => {
    expect(policyFor('GET', '/api/docs/static/index.html')?.access).toBe('public');
    expect(policyFor('POST', '/api/docs/static/x')).toBeUndefined();
    expect(policyFor('GET', '/api/unknown')).toBeUndefined();
  });
});

describe('session-only routes (decision 052)', () => {
  it('are open to any signed-in user and allowed during a forced step: nothing needs the user they do not read', () => {
    expect(Object.values(POLICY).some((row) => row.sessionOnly)).toBe(true);
    expect(sessionOnlyMisuse()).toEqual([]);
  });

  it('a session-only row for teachers, or one held at a forced step, is caught (canary)', () => {
    const planted = {
      'GET /api/x': { access: 'teacher', objects: 'self', sessionOnly: true },
      'POST /api/y': { access: 'student', objects: 'self', sessionOnly: true },
      'POST /api/z': { access: 'student', objects: 'self', sessionOnly: true },
    } as const;
    expect(sessionOnlyMisuse(planted, new Set(['GET /api/x', 'POST /api/z']))).toEqual([
      'GET /api/x',
      'POST /api/y',
    ]);
  });
});

describe('impersonation (decision 081)', () => {
  it('every state-changing route of chat, sick notices, camera, video rooms and admin messages has a decision', () => {
    expect(impersonationUndecided()).toEqual([]);
    // the rule is one table: the video join, a chat post, a sick notice and a photo are refused there
    for (const key of [
      'GET /api/bbb/:id/join',
      'POST /api/matrix/:roomId/messages',
      'POST /api/sick',
      'POST /api/camera/:laraId',
    ])
      expect(POLICY[key]?.whileImpersonating, key).toBe('refused');
  });

  it('a new state-changing route there without a decision is caught; reads and other areas are not (canary)', () => {
    const planted = {
      'POST /api/matrix/:roomId/pin': { access: 'student', objects: 'chat-room' },
      'DELETE /api/sick/:id': { access: 'teacher', objects: 'sick-notice' },
      'GET /api/bbb/:id/start': { access: 'student', objects: 'video-room', csrfOnGet: true },
      'POST /api/camera/:laraId': {
        access: 'student',
        objects: 'camera-person',
        whileImpersonating: 'refused',
      },
      'POST /api/matrix/login': { access: 'student', objects: 'self', whileImpersonating: 'allowed' },
      'GET /api/sick/:id': { access: 'student', objects: 'sick-notice' },
      'POST /api/sickbay': { access: 'student', objects: 'school' },
      'POST /api/layout': { access: 'student', objects: 'school' },
    } as const;
    expect(impersonationUndecided(planted)).toEqual([
      'POST /api/matrix/:roomId/pin',
      'DELETE /api/sick/:id',
      'GET /api/bbb/:id/start',
    ]);
  });
});
