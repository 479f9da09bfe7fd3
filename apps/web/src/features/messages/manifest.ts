import type { FeatureManifest } from '@/lib/feature-manifest';

/** The admin messages: the dashboard's first tab, with its subpages new and edit (decision 089). */
export const messagesManifest = {
  dashboardTabs: [{ name: 'messages', order: 10, panel: () => import('./components/messages-tab') }],
} as const satisfies FeatureManifest;
