import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, lintedFiles } from './value-cycles.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A small tree in the temp folder laid out like ours: files → their text. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'aula-cycles-'));
  made.push(dir);
  writeFileSync(join(dir, 'package.json'), '{}');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const cyclesIn = (dir: string) => importCycles(dir, lintedFiles(dir));

describe('import cycles between files (decision 092)', () => {
  // the whole tree: about a thousand files parsed (no type-checking), a few seconds on a busy machine
  it('the tree has none', { timeout: 60_000 }, () => {
    expect(cyclesIn(root)).toEqual([]);
  });

  it('a planted two-way import is refused (the canary)', () => {
    const dir = tree({
      'apps/server/src/x/a.ts': "import { b } from './b.ts';\nexport const a = () => b();\n",
      'apps/server/src/x/b.ts': "import { a } from './a.ts';\nexport const b = () => (a ? 1 : 0);\n",
    });
    expect(cyclesIn(dir)).toEqual([['apps/server/src/x/a.ts', 'apps/server/src/x/b.ts']]);
  });

  it('a longer circle through a re-export, an index file, a lazy import and the aliases is found', () => {
    const dir = tree({
      'packages/p/package.json': '{ "exports": { ".": "./src/index.ts" } }',
      'packages/p/src/index.ts': "export * from './one';\n",
      'packages/p/src/one.ts': "export const one = () => import('@/page');\n",
      'apps/web/src/page.tsx': "import { two } from './lib';\nexport const page = two;\n",
      'apps/web/src/lib/index.ts': "import { one } from '@aula/p';\nexport const two = one;\n",
    });
    expect(cyclesIn(dir)).toEqual([
      [
        'apps/web/src/lib/index.ts',
        'apps/web/src/page.tsx',
        'packages/p/src/index.ts',
        'packages/p/src/one.ts',
      ],
    ]);
  });

  it('imports of types alone close no circle (TypeScript erases them)', () => {
    const dir = tree({
      'apps/server/src/y/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'apps/server/src/y/b.ts':
        "import { type A } from './a.ts';\nexport type { A as Again } from './a.ts';\nexport type B = { a?: A };\n",
    });
    expect(cyclesIn(dir)).toEqual([]);
  });

  it('a mixed import of a type and a value is a value import', () => {
    const dir = tree({
      'apps/server/src/z/a.ts': "import { type B, b } from './b.ts';\nexport const a = (x: B) => b(x);\n",
      'apps/server/src/z/b.ts': "import './a.ts';\nexport type B = number;\nexport const b = (x: B) => x;\n",
    });
    expect(cyclesIn(dir)).toHaveLength(1);
  });
});
