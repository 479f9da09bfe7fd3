import type { FastifyRequest } from 'fastify';
import {
  BannerSchema,
  DEFAULT_BANNER,
  LOGIN_BG_STRATEGIES,
  type Banner,
  type LoginBg,
  type LoginBgStrategy,
  type Logo,
} from '@aula/contracts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { prepareUpload } from '../files/file-checks.ts';
import {
  checkQuota,
  deleteFiles,
  lockFiles,
  precheckQuota,
  readFile,
  storeFile,
} from '../files/files.service.ts';
import { getConfigValues, getServerConfigValue, setConfigValue } from './config.service.ts';

export const LOGIN_BG_PATH = '/api/config/login-bg/image';
export const LOGO_PATH = '/api/config/logo/image';

/** GET /api/config/banner: a stored banner that no longer parses counts as switched off. */
export async function getBanner(req: FastifyRequest): Promise<Banner> {
  const raw = await getServerConfigValue(req.server.db, req.schoolId, 'banner');
  try {
    const parsed = BannerSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_BANNER;
  } catch {
    return DEFAULT_BANNER;
  }
}

/** POST /api/config/banner: a banner that is on needs its German text (the fallback of spec 9). */
export async function setBanner(req: FastifyRequest, banner: Banner): Promise<Banner> {
  const clean = (t: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(t).filter(([, v]) => v)) as Banner['text'];
  const value: Banner = { ...banner, text: clean(banner.text), linkText: clean(banner.linkText) };
  if (value.enabled && !value.text.de) throw new AppError(422, 'config.invalid_value', { key: 'banner' });
  await setConfigValue(req.server.db, req.schoolId, 'banner', JSON.stringify(value));
  await audit(req, 'branding.change', {
    details: { what: 'banner', enabled: value.enabled, type: value.type },
  });
  return value;
}

async function fileIdOf(
  db: Db,
  schoolId: number,
  key: 'login_bg_file' | 'logo_file',
): Promise<number | null> {
  const id = Number(await getServerConfigValue(db, schoolId, key));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function getLoginBg(req: FastifyRequest): Promise<LoginBg> {
  const config = await getConfigValues(req.server.db, req.schoolId, ['login_bg', 'login_bg_strat']);
  const strategy = (LOGIN_BG_STRATEGIES as readonly string[]).includes(config.login_bg_strat ?? '')
    ? (config.login_bg_strat as LoginBgStrategy)
    : 'none';
  return { url: config.login_bg || null, strategy };
}

export async function getLogo(req: FastifyRequest): Promise<Logo> {
  const config = await getConfigValues(req.server.db, req.schoolId, ['show_lara_logo', 'logo_replacement']);
  return { show: config.show_lara_logo !== 'false', url: config.logo_replacement || null };
}

/**
 * Replaces (or removes) a branding image: the new file and the config keys change in one transaction,
 * and the public config key carries a versioned URL (the file id), so browsers may cache it for good.
 */
async function replaceImage(
  req: FastifyRequest,
  what: 'login-bg' | 'logo',
  image: { data: Buffer; mime: string; name: string } | null,
): Promise<void> {
  const fileKey = what === 'login-bg' ? 'login_bg_file' : 'logo_file';
  const urlKey = what === 'login-bg' ? 'login_bg' : 'logo_replacement';
  const path = what === 'login-bg' ? LOGIN_BG_PATH : LOGO_PATH;
  await transaction(req.server.db, async (tx) => {
    // the file as it is now, read after the lock: a parallel replacement may have changed it meanwhile
    await lockFiles(tx, req.schoolId);
    const old = await fileIdOf(tx, req.schoolId, fileKey);
    // the school's own file: no owner, so it counts to the school's quota only (decision 045)
    const id = image ? await storeFile(tx, { schoolId: req.schoolId, owner: null, ...image }) : null;
    await setConfigValue(tx, req.schoolId, fileKey, id ? String(id) : '');
    await setConfigValue(tx, req.schoolId, urlKey, id ? `${path}?v=${id}` : '');
    await deleteFiles(tx, req.schoolId, [old]);
    if (image) await checkQuota(tx, req.schoolId, null, image.data.length);
    await audit(req, 'branding.change', { details: { what, image: id !== null }, db: tx });
  });
}

/** Before the image work: a school at its quota is refused at once (the transaction still decides). */
async function precheckBranding(req: FastifyRequest, key: 'login_bg_file' | 'logo_file', upload: Buffer) {
  const replacing = await fileIdOf(req.server.db, req.schoolId, key);
  await precheckQuota(req.server.db, req.schoolId, null, {
    minBytes: 1,
    uploadedBytes: upload.length,
    replacing: [replacing],
  });
}

/** POST /api/config/login-bg: a new background (re-encoded without metadata), a strategy, or removal. */
export async function setLoginBg(
  req: FastifyRequest,
  opts: { file: Buffer | null; strategy?: LoginBgStrategy; remove: boolean },
): Promise<LoginBg> {
  if (opts.file) {
    await precheckBranding(req, 'login_bg_file', opts.file);
    await replaceImage(req, 'login-bg', await prepareUpload('login-bg', { data: opts.file }));
  } else if (opts.remove) await replaceImage(req, 'login-bg', null);
  if (opts.strategy) {
    await setConfigValue(req.server.db, req.schoolId, 'login_bg_strat', opts.strategy);
    await audit(req, 'config.change', { details: { key: 'login_bg_strat', value: opts.strategy } });
  }
  return getLoginBg(req);
}

/** POST /api/config/logo?show=: show the product logo or not, and the school's replacement logo. */
export async function setLogo(
  req: FastifyRequest,
  opts: { file: Buffer | null; show?: boolean; remove: boolean },
): Promise<Logo> {
  if (opts.file) {
    await precheckBranding(req, 'logo_file', opts.file);
    await replaceImage(req, 'logo', await prepareUpload('logo', { data: opts.file }));
  } else if (opts.remove) await replaceImage(req, 'logo', null);
  if (opts.show !== undefined) {
    await setConfigValue(req.server.db, req.schoolId, 'show_lara_logo', String(opts.show));
    await audit(req, 'config.change', { details: { key: 'show_lara_logo', value: String(opts.show) } });
  }
  return getLogo(req);
}

/** The stored image behind GET /api/config/login-bg/image and /logo/image. */
export async function brandingImage(req: FastifyRequest, what: 'login-bg' | 'logo') {
  const id = await fileIdOf(req.server.db, req.schoolId, what === 'login-bg' ? 'login_bg_file' : 'logo_file');
  const file = id ? await readFile(req.server.db, req.schoolId, id) : null;
  if (!file) throw AppError.notFound();
  return file;
}
