// @vitest-environment node
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { tailwindClassesInSources } from '../../scripts/tw-merge-config';
import { cn } from './utils';

// Decision 094: cn() merges with tailwind-merge reduced to the classes written in src/. tailwind-merge keeps or
// drops each class by the classes after it, one pair at a time (a class goes when a later kept class conflicts
// with it), so a merge that agrees with the full one on every ordered pair of these classes (and on a class
// twice) agrees on every list of them: every component's defaults with whatever its callers pass.
const classes = tailwindClassesInSources();

/**
 * The variants and importance of a class (the variants as a set, then "!" if important):
 * tailwind-merge only lets classes of the same ones conflict, so only those pairs need comparing. What is in
 * brackets is left out, so arbitrary variants share one key (more pairs compared, none missed).
 */
function variantKey(name: string): string {
  const parts = name.replace(/\[[^\]]*\]/g, '[]').split(':');
  const base = parts.pop()!;
  return `${parts.sort().join(':')}:${base.startsWith('!') || base.endsWith('!') ? '!' : ''}`;
}

/** The ordered pairs of `list` that `merge` merges otherwise than the full tailwind-merge. */
function differences(list: string[], merge: (classes: string) => string): string[] {
  const found: string[] = [];
  const byVariant = new Map<string, string[]>();
  for (const name of list)
    byVariant.set(variantKey(name), [...(byVariant.get(variantKey(name)) ?? []), name]);
  for (const same of byVariant.values())
    for (const a of same)
      for (const b of same) {
        const pair = `${a} ${b}`;
        const want = twMerge(pair);
        const got = merge(pair);
        if (got !== want) found.push(`${pair} → ${got}, not ${want}`);
      }
  return found;
}

describe('cn (tailwind-merge reduced to the classes of src/)', () => {
  it('finds the Tailwind classes of the sources', () => {
    expect(classes.length).toBeGreaterThan(400);
    // a component's default (ui/button.tsx), a caller's class, a table's (tiles' colours), a variant's
    for (const name of [
      'inline-flex',
      'size-1/2',
      'bg-blue-700',
      'desktop:max-w-24',
      'focus-visible:ring-[3px]',
    ])
      expect(classes).toContain(name);
  });

  it('merges every pair of them as the full tailwind-merge does (else: node --import tsx scripts/tw-merge-config.ts, in apps/web)', () => {
    expect(differences(classes, cn).slice(0, 20)).toEqual([]);
  }, 60_000);

  it('a class the reduced configuration lacks is caught (canary)', () => {
    // a padding of 13 is written nowhere in src/ (nor here: Tailwind would make it a utility): the full merge drops
    // p-2 before it, the reduced one keeps both
    const unknown = ['p', '13'].join('-');
    expect(classes).not.toContain(unknown);
    const paddings = classes.filter((name) => /^p[xy]?-/.test(name));
    expect(paddings).toContain('p-2');
    expect(differences(paddings, cn)).toEqual([]);
    const found = differences([...paddings, unknown], cn);
    expect(found).toContain(`p-2 ${unknown} → p-2 ${unknown}, not ${unknown}`);
    expect(found).toContain(`${unknown} ${unknown} → ${unknown} ${unknown}, not ${unknown}`);
  });
});
