// Single sign-on's part of the diagnostics (lib/contributors.ts, decision 084): the school's identity providers.
import type { DiagnosticsContributor } from '../../lib/contributors.ts';
import { snapshotReads } from '../config/config.service.ts';
import { loadOidc } from './oidc-settings.service.ts';
import { loadSaml } from './saml-settings.service.ts';

export const ssoDiagnostics: readonly DiagnosticsContributor[] = [
  // OpenID Connect (decision 038), with its secret that opens
  {
    integration: 'oidc',
    configured: async (ctx) => !!(await loadOidc(snapshotReads(ctx), ctx.schoolId, ctx.secretKey)),
  },
  // SAML (decision 040), with the provider's metadata
  { integration: 'saml', configured: async (ctx) => !!(await loadSaml(snapshotReads(ctx))) },
];
