import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { URL as NodeUrl, fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// packages/contracts/src/plain/ is what the web app's start path imports (decision 049): nothing it loads at
// run time may reach zod, or all of zod is back in front of the first paint.

const here = fileURLToPath(new NodeUrl('../../../../packages/contracts/src/plain/', import.meta.url));

/** The modules `source` imports for their values (type-only imports are erased by the compiler). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gms)) {
    if (
      /^\{[^}]*\}$/s.test(match[1]!.trim()) &&
      match[1]!
        .replace(/[{}\s]/g, '')
        .split(',')
        .every((n) => n.startsWith('type'))
    )
      continue;
    specifiers.push(match[2]!);
  }
  for (const match of source.matchAll(/^import\s+'([^']+)'/gm)) specifiers.push(match[1]!);
  return specifiers;
}

/** Follows the value imports from `file`; answers the first chain that leaves our relative modules, if any. */
function zodPath(file: string, read: (path: string) => string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of valueImports(read(file))) {
    if (!specifier.startsWith('.')) return [file, specifier];
    const chain = zodPath(resolve(dirname(file), specifier), read, seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

const readSource = (path: string) => readFileSync(path, 'utf8');

describe('contracts/plain', () => {
  const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  test.each(files)('%s reaches no package at run time (no zod)', (file) => {
    expect(zodPath(resolve(here, file), readSource)).toBeNull();
  });

  test('a module importing zod, directly or through another, is caught (canary)', () => {
    const fake: Record<string, string> = {
      '/x/a.ts': "import type { Tile } from './b.ts';\nimport { ROLES } from './c.ts';\n",
      '/x/b.ts': "import { z } from 'zod';\n",
      '/x/c.ts': "export { z as zz } from 'zod';\n",
    };
    expect(zodPath('/x/a.ts', (p) => fake[p]!)).toEqual(['/x/a.ts', '/x/c.ts', 'zod']);
    expect(zodPath('/x/b.ts', (p) => fake[p]!)).toEqual(['/x/b.ts', 'zod']);
  });
});
