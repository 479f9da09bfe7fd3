// The school's BigBlueButton server (decision 067): the settings as JSON in config key "bbb", the shared
// secret sealed in "bbb_secret" (lib/secret-box.ts) exactly like the OIDC client secret, never sent to any
// browser and never logged or audited. The admin's connection test says the one thing that is wrong.
import {
  BbbSettingsSchema,
  type BbbSettings,
  type BbbSettingsUpdate,
  type BbbSettingsView,
  type BbbTestProblem,
  type BbbTestResult,
} from '@aula/contracts';
import type { BbbTestInputSchema } from '@aula/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { openSecret, purposeKey, sealSecret } from '../../lib/secret-box.ts';
import { audit } from '../audit/audit.service.ts';
import {
  freshReads,
  setConfigValue,
  snapshotReads,
  type ServerConfigRead,
} from '../config/config.service.ts';
import { apiVersion, BbbError, isMeetingRunning, type BbbServer } from './bbb-client.ts';

const SETTINGS_KEY = 'bbb' as const;
const SECRET_KEY = 'bbb_secret' as const;
const secretContext = (schoolId: number) => `bbb-secret:${schoolId}`;

export interface LoadedBbb {
  settings: BbbSettings;
  secret: string | null;
}

/** The server's settings and shared secret, read through `read`: a request's snapshot or fresh. */
export async function loadBbb(
  read: ServerConfigRead,
  schoolId: number,
  secretKey: Buffer,
): Promise<LoadedBbb | null> {
  const raw = await read(SETTINGS_KEY);
  if (!raw) return null;
  let settings: BbbSettings;
  try {
    const parsed = BbbSettingsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    settings = parsed.data;
  } catch {
    return null;
  }
  const sealed = await read(SECRET_KEY);
  let secret: string | null = null;
  if (sealed) {
    try {
      // trimmed also when stored before PUT trimmed it: BBB's secrets never have spaces around them
      secret =
        openSecret(purposeKey(secretKey, 'bbb-secret'), sealed, secretContext(schoolId)).trim() || null;
    } catch {
      // sealed under another key (AULA_SECRET_KEY changed): the admin enters it again
      secret = null;
    }
  }
  return { settings, secret };
}

function serverOf(settings: BbbSettings, secret: string): BbbServer {
  return {
    url: settings.url,
    secret,
    algorithm: settings.checksumAlgorithm,
    allowInternal: settings.allowInternal,
  };
}

/** The school's server, or null when none is configured (no settings, or no secret to sign with). */
export async function bbbServer(ctx: Ctx): Promise<BbbServer | null> {
  const loaded = await loadBbb(snapshotReads(ctx), ctx.schoolId, ctx.secretKey);
  return loaded?.secret ? serverOf(loaded.settings, loaded.secret) : null;
}

function view(loaded: LoadedBbb | null): BbbSettingsView {
  return { settings: loaded?.settings ?? null, secretSet: Boolean(loaded?.secret) };
}

/** GET /api/config/bbb (admins): the settings, the secret only as "set". */
export async function getBbbSettings(ctx: Ctx): Promise<BbbSettingsView> {
  return view(await loadBbb(freshReads(ctx.db, ctx.schoolId), ctx.schoolId, ctx.secretKey));
}

/**
 * PUT /api/config/bbb (admins): an empty or missing secret keeps the stored one; null settings remove the
 * server and its secret. Audited without the secret (only whether it changed).
 */
export async function setBbbSettings(ctx: Ctx, input: BbbSettingsUpdate): Promise<BbbSettingsView> {
  if (input.settings === null) {
    await setConfigValue(ctx.db, ctx.schoolId, SETTINGS_KEY, '');
    await setConfigValue(ctx.db, ctx.schoolId, SECRET_KEY, '');
    await audit(ctx, 'config.change', { details: { key: SETTINGS_KEY, removed: true } });
    return view(null);
  }
  const settings = BbbSettingsSchema.parse(input.settings);
  await setConfigValue(ctx.db, ctx.schoolId, SETTINGS_KEY, JSON.stringify(settings));
  if (input.secret)
    await setConfigValue(
      ctx.db,
      ctx.schoolId,
      SECRET_KEY,
      sealSecret(purposeKey(ctx.secretKey, 'bbb-secret'), input.secret, secretContext(ctx.schoolId)),
    );
  await audit(ctx, 'config.change', {
    details: {
      key: SETTINGS_KEY,
      url: settings.url,
      checksumAlgorithm: settings.checksumAlgorithm,
      allowInternal: settings.allowInternal,
      secretChanged: Boolean(input.secret),
    },
  });
  return view(await loadBbb(freshReads(ctx.db, ctx.schoolId), ctx.schoolId, ctx.secretKey));
}

const result = (problem: BbbTestProblem | null, version: string | null = null): BbbTestResult => ({
  ok: problem === null,
  problem,
  version,
});

function problemOf(err: unknown): BbbTestProblem {
  if (!(err instanceof BbbError)) throw err;
  switch (err.failure) {
    case 'blocked_address':
      return 'blocked_address';
    case 'unreachable':
      return 'unreachable';
    case 'timeout':
      return 'timeout';
    case 'not_bbb':
      return 'not_bbb';
    case 'checksum_error':
      return 'wrong_secret';
    case 'failed':
      return 'server_error';
  }
}

/**
 * POST /api/config/bbb/test (admins): the settings in the body (before saving) or the stored ones, and the
 * secret in the body or the stored one. First the API root must answer as BBB does (<version>), then a
 * signed call (isMeetingRunning of a meeting that does not exist) must not be refused with checksumError.
 */
export async function testBbbConnection(
  ctx: Ctx,
  input: z.output<typeof BbbTestInputSchema>,
): Promise<BbbTestResult> {
  const stored = await loadBbb(freshReads(ctx.db, ctx.schoolId), ctx.schoolId, ctx.secretKey);
  const settings = input.settings ?? stored?.settings;
  const secret = input.secret || stored?.secret;
  if (!settings || !secret) return result('not_configured');
  const server = serverOf(settings, secret);
  let version: string;
  try {
    version = await apiVersion(server);
  } catch (err) {
    return result(problemOf(err));
  }
  try {
    await isMeetingRunning(server, 'aula-connection-test');
  } catch (err) {
    const problem = problemOf(err);
    // the root answered as BBB: an unreadable answer to a signed call is the server's trouble
    return result(problem === 'not_bbb' ? 'server_error' : problem, version);
  }
  return result(null, version);
}
