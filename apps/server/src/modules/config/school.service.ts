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
import { getConfigValues, setConfigValue } from './config.service.ts';

/** GET /api/config/school: what everyone may see, visitors too (the login page and the installed app's name). */
export async function getSchoolIdentity(
  ctx: Pick<Ctx, 'db' | 'schoolId' | 'mailOptions'>,
): Promise<SchoolIdentity> {
  const config = await getConfigValues(ctx.db, ctx.schoolId, [
    'school_name',
    'accent_color',
    'logo_replacement',
  ]);
  return {
    name: config.school_name ?? '',
    accent: config.accent_color ?? '',
    logoUrl: config.logo_replacement || null,
    mailTransport: Boolean(ctx.mailOptions.smtpUrl),
  };
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
  return getSchoolIdentity(ctx);
}
