import type { FeatureManifest } from '@/lib/feature-manifest';

/** The installable app's dialog (decision 089). */
export const pwaManifest = {
  dialogs: {
    install: { role: 'logged_out' },
  },
} as const satisfies FeatureManifest;
