/**
 * The ILIKE pattern of a search box: rows containing `text`, with its own `%`, `_` and `\` escaped, so a
 * search for "a_b" finds that text and not any character between a and b (PostgreSQL's default escape is `\`).
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
