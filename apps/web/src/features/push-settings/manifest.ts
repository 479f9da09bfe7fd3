import type { FeatureManifest } from '@/lib/feature-manifest';

/** The push tab (issue 23, decision 073): the school's Web Push, offered while push is built (decision 089). */
export const pushSettingsManifest = {
  dashboardTabs: [
    {
      name: 'push',
      order: 60,
      feature: 'push',
      panel: () =>
        import('./components/push-settings-section').then((m) => ({ default: m.PushSettingsSection })),
    },
  ],
} as const satisfies FeatureManifest;
