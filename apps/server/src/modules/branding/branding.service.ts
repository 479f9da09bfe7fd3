import {
  BannerSchema,
  DEFAULT_BANNER,
  LOGIN_BG_STRATEGIES,
  type Banner,
  type LoginBg,
  type LoginBgStrategy,
  type Logo,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { prepareUpload, uploaderOf } from '../files/file-checks.ts';
import { deleteFiles, lockFiles, readFile } from '../files/files.service.ts';
import { fileUpload, type FileUpload } from '../files/file-upload.ts';
import {
  configValues,
  getConfigValues,
  getServerConfigValue,
  serverConfigValue,
  setConfigValue,
} from '../config/config.service.ts';

export const LOGIN_BG_PATH = '/api/config/login-bg/image';
export const LOGO_PATH = '/api/config/logo/image';

// The reads answer from the request's configuration snapshot (decision 085); a route that has just written
// a key reads it back fresh, as the snapshot may predate the write.

/** GET /api/config/banner: a stored banner that no longer parses counts as switched off. */
export async function getBanner(ctx: Ctx): Promise<Banner> {
  const raw = await serverConfigValue(ctx, 'banner');
  try {
    const parsed = BannerSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_BANNER;
  } catch {
    return DEFAULT_BANNER;
  }
}

/** POST /api/config/banner: a banner that is on needs its German text (the fallback of spec 9). */
export async function setBanner(ctx: Ctx, banner: Banner): Promise<Banner> {
  const clean = (t: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(t).filter(([, v]) => v)) as Banner['text'];
  const value: Banner = { ...banner, text: clean(banner.text), linkText: clean(banner.linkText) };
  if (value.enabled && !value.text.de) throw new AppError(422, 'config.invalid_value', { key: 'banner' });
  await setConfigValue(ctx.db, ctx.schoolId, 'banner', JSON.stringify(value));
  await audit(ctx, 'branding.change', {
    details: { what: 'banner', enabled: value.enabled, type: value.type },
  });
  return value;
}

type FileKey = 'login_bg_file' | 'logo_file';

const fileId = (raw: string): number | null => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The stored file of a branding image, fresh: in a transaction after the lock, where it is replaced. */
async function freshFileIdOf(db: Db, schoolId: number, key: FileKey): Promise<number | null> {
  return fileId(await getServerConfigValue(db, schoolId, key));
}

/** The stored file of a branding image as the request's snapshot has it. */
async function fileIdOf(ctx: Ctx, key: FileKey): Promise<number | null> {
  return fileId(await serverConfigValue(ctx, key));
}

const LOGIN_BG_KEYS = ['login_bg', 'login_bg_strat'] as const;
const LOGO_KEYS = ['show_lara_logo', 'logo_replacement'] as const;

function loginBgOf(config: Partial<Record<(typeof LOGIN_BG_KEYS)[number], string>>): LoginBg {
  const strategy = (LOGIN_BG_STRATEGIES as readonly string[]).includes(config.login_bg_strat ?? '')
    ? (config.login_bg_strat as LoginBgStrategy)
    : 'none';
  return { url: config.login_bg || null, strategy };
}

function logoOf(config: Partial<Record<(typeof LOGO_KEYS)[number], string>>): Logo {
  return { show: config.show_lara_logo !== 'false', url: config.logo_replacement || null };
}

export async function getLoginBg(ctx: Ctx): Promise<LoginBg> {
  return loginBgOf(await configValues(ctx, LOGIN_BG_KEYS));
}

export async function getLogo(ctx: Ctx): Promise<Logo> {
  return logoOf(await configValues(ctx, LOGO_KEYS));
}

/**
 * Replaces (or removes) a branding image: the new file and the config keys change in one transaction,
 * and the public config key carries a versioned URL (the file id), so browsers may cache it for good.
 */
async function replaceImage(
  ctx: Ctx,
  what: 'login-bg' | 'logo',
  image: { files: FileUpload; file: { data: Buffer; mime: string; name: string } } | null,
): Promise<void> {
  const fileKey = what === 'login-bg' ? 'login_bg_file' : 'logo_file';
  const urlKey = what === 'login-bg' ? 'login_bg' : 'logo_replacement';
  const path = what === 'login-bg' ? LOGIN_BG_PATH : LOGO_PATH;
  await transaction(ctx.db, async (tx) => {
    // the file as it is now, read after the lock: a parallel replacement may have changed it meanwhile
    await lockFiles(tx, ctx.schoolId);
    const old = await freshFileIdOf(tx, ctx.schoolId, fileKey);
    const id = image ? await image.files.store(tx, image.file) : null;
    await setConfigValue(tx, ctx.schoolId, fileKey, id ? String(id) : '');
    await setConfigValue(tx, ctx.schoolId, urlKey, id ? `${path}?v=${id}` : '');
    await deleteFiles(tx, ctx.schoolId, [old]);
    if (image) await image.files.check(tx);
    await audit(ctx, 'branding.change', { details: { what, image: id !== null }, db: tx });
  });
}

/** Before the image work: a school at its quota is refused at once (the transaction still decides). */
async function precheckBranding(ctx: Ctx, key: FileKey, upload: Buffer): Promise<FileUpload> {
  const replacing = await fileIdOf(ctx, key);
  // the school's own file: no owner, so it counts to the school's quota only (decision 045)
  const files = fileUpload(ctx, null);
  await files.precheck({ minBytes: 1, uploadedBytes: upload.length, replacing: [replacing] });
  return files;
}

/** POST /api/config/login-bg: a new background (re-encoded without metadata), a strategy, or removal. */
export async function setLoginBg(
  ctx: Ctx,
  opts: { file: Buffer | null; strategy?: LoginBgStrategy; remove: boolean },
): Promise<LoginBg> {
  if (opts.file) {
    const files = await precheckBranding(ctx, 'login_bg_file', opts.file);
    await replaceImage(ctx, 'login-bg', {
      files,
      file: await prepareUpload('login-bg', { data: opts.file }, uploaderOf(ctx)),
    });
  } else if (opts.remove) await replaceImage(ctx, 'login-bg', null);
  if (opts.strategy) {
    await setConfigValue(ctx.db, ctx.schoolId, 'login_bg_strat', opts.strategy);
    await audit(ctx, 'config.change', { details: { key: 'login_bg_strat', value: opts.strategy } });
  }
  return loginBgOf(await getConfigValues(ctx.db, ctx.schoolId, LOGIN_BG_KEYS));
}

/** POST /api/config/logo?show=: show the product logo or not, and the school's replacement logo. */
export async function setLogo(
  ctx: Ctx,
  opts: { file: Buffer | null; show?: boolean; remove: boolean },
): Promise<Logo> {
  if (opts.file) {
    const files = await precheckBranding(ctx, 'logo_file', opts.file);
    await replaceImage(ctx, 'logo', {
      files,
      file: await prepareUpload('logo', { data: opts.file }, uploaderOf(ctx)),
    });
  } else if (opts.remove) await replaceImage(ctx, 'logo', null);
  if (opts.show !== undefined) {
    await setConfigValue(ctx.db, ctx.schoolId, 'show_lara_logo', String(opts.show));
    await audit(ctx, 'config.change', { details: { key: 'show_lara_logo', value: String(opts.show) } });
  }
  return logoOf(await getConfigValues(ctx.db, ctx.schoolId, LOGO_KEYS));
}

/** The stored image behind GET /api/config/login-bg/image and /logo/image. */
export async function brandingImage(ctx: Ctx, what: 'login-bg' | 'logo') {
  const id = await fileIdOf(ctx, what === 'login-bg' ? 'login_bg_file' : 'logo_file');
  const file = id ? await readFile(ctx.db, ctx.schoolId, id) : null;
  if (!file) throw AppError.notFound();
  return file;
}
