import type { FeatureManifest } from '@/lib/feature-manifest';

/**
 * The school's look: the banner and school tabs, and the login-bg tab, whose sign-in message editor is the
 * admin settings' (app/routes/login-bg-tab.tsx combines them; decision 089).
 */
export const brandingManifest = {
  dashboardTabs: [
    { name: 'banner', order: 20, panel: () => import('./components/banner-tab') },
    { name: 'login-bg', order: 150, panel: 'app' },
    { name: 'school', order: 160, panel: () => import('./components/school-tab') },
  ],
} as const satisfies FeatureManifest;
