import type { FeatureManifest } from '@/lib/feature-manifest';

/** The diagnostics: status, statistics, debug (the mail outbox) and logs (decision 089). */
export const diagnosticsManifest = {
  dashboardTabs: [
    { name: 'status', order: 70, panel: () => import('./components/status-tab') },
    { name: 'statistics', order: 120, panel: () => import('./components/statistics-tab') },
    { name: 'debug', order: 130, panel: () => import('./components/debug-tab') },
    { name: 'logs', order: 140, panel: () => import('./components/logs-tab') },
  ],
} as const satisfies FeatureManifest;
