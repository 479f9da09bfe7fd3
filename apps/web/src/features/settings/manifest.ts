import type { FeatureManifest } from '@/lib/feature-manifest';

/** The personal settings dialog (decision 089). */
export const settingsManifest = {
  dialogs: {
    settings: { role: 'student' },
  },
} as const satisfies FeatureManifest;
