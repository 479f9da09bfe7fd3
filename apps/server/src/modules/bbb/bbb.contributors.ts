// The video rooms' part of the diagnostics (lib/contributors.ts, decision 084).
import type { DiagnosticsContributor } from '../../lib/contributors.ts';
import { snapshotReads } from '../config/config.service.ts';
import { loadBbb } from './bbb-settings.service.ts';

/** Video rooms are set up with the school's BigBlueButton server and its secret (decision 067). */
export const bbbDiagnostics: DiagnosticsContributor = {
  integration: 'video',
  configured: async (ctx) =>
    Boolean((await loadBbb(snapshotReads(ctx), ctx.schoolId, ctx.secretKey))?.secret),
};
