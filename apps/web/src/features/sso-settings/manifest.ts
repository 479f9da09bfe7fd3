import type { FeatureManifest } from '@/lib/feature-manifest';

/**
 * The sso tab "Anmeldedienste" (decision 060): the school's identity providers, then the identity import's role
 * groups, which are cim's (app/routes/sso-tab.tsx combines them; decision 089).
 */
export const ssoSettingsManifest = {
  dashboardTabs: [{ name: 'sso', order: 40, panel: 'app' }],
} as const satisfies FeatureManifest;
