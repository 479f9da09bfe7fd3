import {
  accentContrast,
  MIN_ACCENT_CONTRAST,
  type SchoolIdentity,
  type SchoolIdentityRequest,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { configValues, getConfigValues, setConfigValue } from './config.service.ts';

const IDENTITY_KEYS = ['school_name', 'accent_color', 'logo_replacement'] as const;

function identityOf(
  ctx: Pick<Ctx, 'mailOptions'>,
  config: Partial<Record<(typeof IDENTITY_KEYS)[number], string>>,
): SchoolIdentity {
  return {
    name: config.school_name ?? '',
    accent: config.accent_color ?? '',
    logoUrl: config.logo_replacement || null,
    mailTransport: Boolean(ctx.mailOptions.smtpUrl),
  };
}

/**
 * GET /api/config/school: what everyone may see, visitors too (the login page and the installed app's name),
 * from the request's configuration snapshot (decision 085).
 */
export async function getSchoolIdentity(ctx: Pick<Ctx, 'config' | 'mailOptions'>): Promise<SchoolIdentity> {
  return identityOf(ctx, await configValues(ctx, IDENTITY_KEYS));
}

/**
 * POST /api/config/school (admins): the name and the accent colour. An accent that white text cannot be read
 * on (WCAG AA, 4.5:1) is refused, as it is the primary buttons' colour and the links' on white surfaces.
 * Each changed key is audited as any config change is.
 */
export async function setSchoolIdentity(ctx: Ctx, body: SchoolIdentityRequest): Promise<SchoolIdentity> {
  const accent = body.accent.toLowerCase();
  if (accent !== '' && accentContrast(accent) < MIN_ACCENT_CONTRAST)
    throw new AppError(422, 'config.low_contrast', { ratio: accentContrast(accent) });
  const next = { school_name: body.name, accent_color: accent } as const;
  await transaction(ctx.db, async (tx) => {
    const old = await getConfigValues(tx, ctx.schoolId, ['school_name', 'accent_color']);
    for (const key of ['school_name', 'accent_color'] as const) {
      if (old[key] === next[key]) continue;
      await setConfigValue(tx, ctx.schoolId, key, next[key]);
      await audit(ctx, 'config.change', { details: { key, old: old[key], new: next[key] }, db: tx });
    }
  });
  // read back fresh: the snapshot may predate the write (decision 085)
  return identityOf(ctx, await getConfigValues(ctx.db, ctx.schoolId, IDENTITY_KEYS));
}
