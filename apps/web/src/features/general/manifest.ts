import type { FeatureManifest } from '@/lib/feature-manifest';

/** The general dialogs: confirmations, the legal texts and help (decision 089). */
export const generalManifest = {
  dialogs: {
    'exit-confirmation': { role: 'student' },
    'publish-confirmation': { role: 'admin' },
    'exit-edit-mode-confirmation': { role: 'student' },
    'delete-app': { role: 'student' },
    delete: { role: 'student' },
    legal: { role: 'logged_out' },
    help: { role: 'logged_out' },
  },
} as const satisfies FeatureManifest;
