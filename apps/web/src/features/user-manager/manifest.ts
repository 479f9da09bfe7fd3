import type { FeatureManifest } from '@/lib/feature-manifest';

/** The user manager and its user search (decision 089). */
export const userManagerManifest = {
  dialogs: {
    'user-manager': { role: 'teacher' },
    'user-search:block': { role: 'teacher' },
    'user-search:password-reset': { role: 'teacher' },
    'user-search:2fa': { role: 'teacher' },
  },
} as const satisfies FeatureManifest;
