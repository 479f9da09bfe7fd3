import type { FeatureManifest } from '@/lib/feature-manifest';

/** The identity import (cim): its tab, for superadmins only (spec 2.3; decision 089). */
export const cimManifest = {
  dashboardTabs: [{ name: 'cim', order: 110, role: 'cim', panel: () => import('./components/cim-tab') }],
} as const satisfies FeatureManifest;
