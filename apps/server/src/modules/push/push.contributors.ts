// Push's part of the diagnostics (lib/contributors.ts, decision 084).
import type { DiagnosticsContributor } from '../../lib/contributors.ts';
import { pushConfigured } from './push-status.service.ts';

/** Push is set up when the feature is on and its keys open (decision 073). */
export const pushDiagnostics: DiagnosticsContributor = {
  integration: 'push',
  configured: (ctx) => pushConfigured(ctx, ctx.schoolId),
};
