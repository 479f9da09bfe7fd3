import type { FeatureManifest } from '@/lib/feature-manifest';

/** The own account's dialogs (decision 089). */
export const accountManifest = {
  dialogs: {
    'secondary-email': { role: 'student' },
    'change-password': { role: 'student' },
    'totp-setup': { role: 'student' },
    'data-export': { role: 'student' },
  },
} as const satisfies FeatureManifest;
