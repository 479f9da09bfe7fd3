import {
  SamlSettingsSchema,
  type SamlSettings,
  type SamlSettingsUpdate,
  type SamlSettingsView,
} from '@aula/contracts';
import { type Ctx, portalOrigin } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { openSecret, purposeKey, sealSecret } from '../../lib/secret-box.ts';
import { audit } from '../audit/audit.service.ts';
import { freshReads, setConfigValue, type ServerConfigRead } from '../config/config.service.ts';
import { describeCertificate, MetadataError, parseIdpMetadata, type IdpDescriptor } from './saml-metadata.ts';
import { deleteSpKey, findSpKey, insertSpKeyIfMissing } from './sso.repo.ts';
import { makeSpKeyPair, type SpKeyPair } from './sp-certificate.ts';

// The school's SAML identity provider (decision 040): the admin's settings in config key "saml", what was read
// from the provider's metadata in "saml_idp". Nothing there is secret. Aula's own signing key pair (for
// requests and single logout, decision 042) is made on first need and kept in saml_sp_keys, the key sealed.

export interface LoadedSaml {
  settings: SamlSettings;
  idp: IdpDescriptor;
}

function parseJson<T>(raw: string, check: (v: unknown) => T | null): T | null {
  if (!raw) return null;
  try {
    return check(JSON.parse(raw));
  } catch {
    return null;
  }
}

async function readSettings(read: ServerConfigRead): Promise<SamlSettings | null> {
  return parseJson(await read('saml'), (v) => {
    const parsed = SamlSettingsSchema.safeParse(v);
    return parsed.success ? parsed.data : null;
  });
}

async function readIdp(read: ServerConfigRead): Promise<IdpDescriptor | null> {
  return parseJson(await read('saml_idp'), (v) => {
    const idp = v as Partial<IdpDescriptor> | null;
    return idp &&
      typeof idp.entityId === 'string' &&
      typeof idp.ssoUrl === 'string' &&
      Array.isArray(idp.certificates)
      ? (idp as IdpDescriptor)
      : null;
  });
}

/** Settings and provider, when both are stored (switched on or not), read through `read` (snapshot or fresh). */
export async function loadSaml(read: ServerConfigRead): Promise<LoadedSaml | null> {
  const [settings, idp] = await Promise.all([readSettings(read), readIdp(read)]);
  return settings && idp ? { settings, idp } : null;
}

/** Aula's own addresses as a SAML service provider: what the school registers at its provider. */
export function spAddresses(ctx: Ctx) {
  const origin = portalOrigin(ctx);
  return {
    entityId: `${origin}/api/login/saml/metadata`,
    metadataUrl: `${origin}/api/login/saml/metadata`,
    acsUrl: `${origin}/api/login/saml/acs`,
    sloUrl: `${origin}/api/login/saml/slo`,
  };
}

const spKeyContext = (schoolId: number) => `saml-sp-key:${schoolId}`;

/** Aula's signing key pair for this school: made and stored the first time anything needs it. */
export async function spSigningKey(ctx: Ctx): Promise<SpKeyPair> {
  const { db, secretKey } = ctx;
  const key = purposeKey(secretKey, 'sso-seal');
  let row = await findSpKey(db, ctx.schoolId);
  if (row) {
    try {
      return {
        certificate: row.certificate,
        privateKeyPem: openSecret(key, row.privateKeySealed, spKeyContext(ctx.schoolId)),
      };
    } catch {
      // sealed under another AULA_SECRET_KEY: a new pair, whose certificate the school registers again
      ctx.log.warn('saml signing key unreadable under the current secret key; making a new one');
      await deleteSpKey(db, ctx.schoolId);
      row = null;
    }
  }
  if (!row) {
    const made = makeSpKeyPair(new URL(spAddresses(ctx).entityId).host, ctx.clock());
    await insertSpKeyIfMissing(db, {
      schoolId: ctx.schoolId,
      certificate: made.certificate,
      privateKeySealed: sealSecret(key, made.privateKeyPem, spKeyContext(ctx.schoolId)),
    });
    row = (await findSpKey(db, ctx.schoolId))!;
  }
  return {
    certificate: row.certificate,
    privateKeyPem: openSecret(key, row.privateKeySealed, spKeyContext(ctx.schoolId)),
  };
}

async function view(ctx: Ctx): Promise<SamlSettingsView> {
  const fresh = freshReads(ctx.db, ctx.schoolId);
  const [settings, idp, spKey] = await Promise.all([readSettings(fresh), readIdp(fresh), spSigningKey(ctx)]);
  return {
    settings,
    idp: idp && {
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      sloUrl: idp.sloUrl ?? null,
      certificates: idp.certificates.map(describeCertificate),
    },
    sp: { ...spAddresses(ctx), certificate: describeCertificate(spKey.certificate) },
  };
}

/** GET /api/config/saml (admins). */
export function getSamlSettings(ctx: Ctx): Promise<SamlSettingsView> {
  return view(ctx);
}

/** PUT /api/config/saml (admins): new metadata replaces the provider; without it the stored one stays. */
export async function setSamlSettings(
  ctx: Ctx,
  input: SamlSettingsUpdate & SamlSettings,
): Promise<SamlSettingsView> {
  const { metadataXml, ...rest } = input;
  const settings = SamlSettingsSchema.parse(rest);
  let idp: IdpDescriptor | null = null;
  if (metadataXml?.trim()) {
    try {
      idp = parseIdpMetadata(metadataXml);
    } catch (err) {
      if (!(err instanceof MetadataError)) throw err;
      throw new AppError(422, 'sso.saml_metadata_invalid', { reason: err.reason }, undefined, [
        { path: 'metadataXml', code: err.reason, message: err.message },
      ]);
    }
  } else if (!(await readIdp(freshReads(ctx.db, ctx.schoolId)))) {
    throw new AppError(422, 'sso.saml_metadata_invalid', { reason: 'missing' }, undefined, [
      { path: 'metadataXml', code: 'missing', message: 'the identity provider metadata is needed' },
    ]);
  }
  await setConfigValue(ctx.db, ctx.schoolId, 'saml', JSON.stringify(settings));
  if (idp) await setConfigValue(ctx.db, ctx.schoolId, 'saml_idp', JSON.stringify(idp));
  await audit(ctx, 'config.change', {
    details: { key: 'saml', enabled: settings.enabled, ...(idp ? { idp: idp.entityId } : {}) },
  });
  return view(ctx);
}
