// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../messages.ts.

/**
 * The text in the reader's language, else German, else any language the school wrote (spec 9 fallback
 * de), with the language it is in (for the `lang` attribute).
 */
export function pickText(
  texts: Record<string, string | undefined>,
  lang: string,
): { text: string; lang: string } {
  for (const candidate of [lang, 'de', ...Object.keys(texts)]) {
    const text = texts[candidate]?.trim();
    if (text) return { text, lang: candidate };
  }
  return { text: '', lang };
}
