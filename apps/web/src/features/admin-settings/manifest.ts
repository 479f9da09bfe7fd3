import type { FeatureManifest } from '@/lib/feature-manifest';

/** The school's settings and its texts: imprint, terms of use and help (decision 089). */
export const adminSettingsManifest = {
  dashboardTabs: [
    { name: 'settings', order: 30, panel: () => import('./components/settings-tab') },
    { name: 'imprint', order: 80, panel: () => import('./components/imprint-tab') },
    { name: 'terms', order: 90, panel: () => import('./components/terms-tab') },
    { name: 'help', order: 100, panel: () => import('./components/help-tab') },
  ],
} as const satisfies FeatureManifest;
