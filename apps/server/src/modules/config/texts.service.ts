import {
  hasRole,
  isTextKey,
  LOCALES,
  type ConfigText,
  type ConfigTextAll,
  type Locale,
  type Texts,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { deleteText, findTexts, upsertText } from './config.repo.ts';

function textKey(key: string) {
  if (!isTextKey(key)) throw AppError.notFound();
  return key;
}

async function readTexts(ctx: Ctx, key: string): Promise<Texts> {
  const rows = await findTexts(ctx.db, ctx.schoolId, key);
  const texts: Texts = {};
  for (const lang of LOCALES) {
    const row = rows.find((r) => r.lang === lang);
    if (row) texts[lang] = row.text;
  }
  return texts;
}

/**
 * GET /api/config/key/:key/:lang (spec 7.4): the text in one language, else German, else any
 * language, else ''. lang "all" gives every language to admins for the editor.
 */
export async function getText(
  ctx: Ctx,
  key: string,
  lang: Locale | 'all',
): Promise<ConfigText | ConfigTextAll> {
  const k = textKey(key);
  if (lang === 'all') {
    if (!ctx.user) throw AppError.unauthorized();
    if (!hasRole(ctx.user, 'admin')) throw AppError.forbidden();
    return { key: k, texts: await readTexts(ctx, k) };
  }
  const texts = await readTexts(ctx, k);
  const own = texts[lang];
  if (own) return { key: k, lang, text: own, fallback: false };
  const other = texts.de || LOCALES.map((l) => texts[l]).find((t) => t) || '';
  return { key: k, lang, text: other, fallback: other !== '' };
}

/** POST /api/translation/:key (spec 7.2): stores the given languages; '' deletes a language. */
export async function setTexts(ctx: Ctx, key: string, body: Texts): Promise<Texts> {
  const k = textKey(key);
  const db = ctx.db;
  const changed: Locale[] = [];
  for (const lang of LOCALES) {
    const text = body[lang];
    if (text === undefined) continue;
    if (text.trim() === '') await deleteText(db, ctx.schoolId, k, lang);
    else await upsertText(db, ctx.schoolId, k, lang, text);
    changed.push(lang);
  }
  // the texts themselves are public content; the log names the key and languages only
  if (changed.length > 0) await audit(ctx, 'config.text', { details: { key: k, langs: changed } });
  return readTexts(ctx, k);
}
