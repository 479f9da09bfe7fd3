// The features that contribute only dashboard tabs (decision 089). Their manifests load with the dashboard (its
// page and the router's tab check import app/dashboard-tab-list.ts lazily), never with the first paint: the tabs'
// lazy imports with their preload lists weigh about 600 bytes brotli, four times the start path's headroom.
// A feature with pages or dialogs is listed in features.ts; a tab in its manifest counts on the start path.
import { adminSettingsManifest } from '@/features/admin-settings/manifest';
import { bbbSettingsManifest } from '@/features/bbb-settings/manifest';
import { brandingManifest } from '@/features/branding/manifest';
import { cimManifest } from '@/features/cim/manifest';
import { diagnosticsManifest } from '@/features/diagnostics/manifest';
import { messagesManifest } from '@/features/messages/manifest';
import { pushSettingsManifest } from '@/features/push-settings/manifest';
import { ssoSettingsManifest } from '@/features/sso-settings/manifest';

export const DASHBOARD_FEATURE_MANIFESTS = [
  messagesManifest,
  brandingManifest,
  adminSettingsManifest,
  ssoSettingsManifest,
  bbbSettingsManifest,
  pushSettingsManifest,
  diagnosticsManifest,
  cimManifest,
] as const;
