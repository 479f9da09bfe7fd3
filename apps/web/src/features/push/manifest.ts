import type { FeatureManifest } from '@/lib/feature-manifest';

/** Push on this device: the request-push dialog (decision 089). */
export const pushManifest = {
  dialogs: {
    'request-push': { role: 'student' },
  },
} as const satisfies FeatureManifest;
