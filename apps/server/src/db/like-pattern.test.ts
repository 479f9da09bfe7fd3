import { describe, expect, it } from 'vitest';
import { likePattern } from './like-pattern.ts';

/** PostgreSQL's ILIKE with the default escape `\`: `%` any run, `_` any one character, `\x` the x itself. */
function ilike(value: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') source += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i').test(value);
}

describe('likePattern', () => {
  const search = '50%_a\\b';

  it('finds the searched text literally, wildcards and backslash included, in any case', () => {
    expect(likePattern(search)).toBe('%50\\%\\_a\\\\b%');
    expect(ilike('Rabatt 50%_A\\b heute', likePattern(search))).toBe(true);
    expect(ilike('50%_a\\b', likePattern(search))).toBe(true);
  });

  it('a % or _ in the search matches only itself, not any text (canary: unescaped, it would)', () => {
    const lookalike = '500 Tage ab';
    // the canary: the text taken as a pattern as it is matches what the search never named
    expect(ilike(lookalike, `%${search}%`)).toBe(true);
    expect(ilike(lookalike, likePattern(search))).toBe(false);
    expect(ilike('50%xa\\b', likePattern(search))).toBe(false);
    expect(ilike('50%_ab', likePattern(search))).toBe(false);
  });

  it('an empty search matches everything, as the search box does', () => {
    expect(ilike('irgendwas', likePattern(''))).toBe(true);
  });
});
