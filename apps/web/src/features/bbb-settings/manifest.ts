import type { FeatureManifest } from '@/lib/feature-manifest';

/** The video tab (issue 21, decision 069): the school's BigBlueButton server (decision 089). */
export const bbbSettingsManifest = {
  dashboardTabs: [
    {
      name: 'video',
      order: 50,
      panel: () =>
        import('./components/bbb-settings-section').then((m) => ({ default: m.BbbSettingsSection })),
    },
  ],
} as const satisfies FeatureManifest;
