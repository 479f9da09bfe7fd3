import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  HELP_TOPICS,
  LOCALES,
  type ConfigText,
  type HelpTopic,
  type Locale,
  type TextKey,
} from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** The UI language as one of the four text languages (German when unknown). */
export function textLang(language: string | undefined): Locale {
  const base = (language ?? '').split('-')[0] as Locale;
  return LOCALES.includes(base) ? base : 'de';
}

/**
 * GET /api/config/key/:key/:lang (spec 7.4): a school text (imprint, terms, login_msg,
 * help.<topic>) in one language; the server falls back to German, then any language, then ''.
 * Visitors may read it. Query key ['config-text', key, lang]; invalidate ['config-text', key]
 * after saving.
 */
export function configTextQueryOptions(key: TextKey, lang: Locale) {
  return queryOptions({
    queryKey: ['config-text', key, lang],
    queryFn: (): Promise<ConfigText> =>
      apiRequest(`/api/config/key/${encodeURIComponent(key)}/${lang}`, { schema: trusted<ConfigText>() }),
    staleTime: 5 * 60_000,
  });
}

/** The text in the user's language; '' while loading, on error or when the school set none. */
export function useConfigText(key: TextKey, enabled = true): { text: string; isLoading: boolean } {
  const { i18n } = useTranslation();
  const query = useQuery({ ...configTextQueryOptions(key, textLang(i18n.language)), enabled });
  return { text: query.data?.text ?? '', isLoading: query.isLoading };
}

/** Plain text to paragraphs: blank lines separate paragraphs; single newlines stay line breaks. */
export function textParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The help topic of a page (route → topic): '/', '/edit', '/dashboard/…', '/login'; null elsewhere. */
export function helpTopicForPath(pathname: string): HelpTopic | null {
  const first = pathname.split('/')[1] ?? '';
  if (first === '') return 'home';
  return (HELP_TOPICS as readonly string[]).includes(first) ? (first as HelpTopic) : null;
}
