import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 33 "the map drifts": docs/ARCHITECTURE.md names every server module and web feature in its areas table
// and every table in "Tables and their owners". A new module, feature or table without its row fails here.
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

function tables(): string[] {
  const dir = join(root, 'apps/server/src/modules');
  return folders('apps/server/src/modules')
    .flatMap((m) =>
      readdirSync(join(dir, m))
        .filter((f) => f.endsWith('.schema.ts'))
        .flatMap((f) =>
          [...readFileSync(join(dir, m, f), 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)].map((x) => x[1]!),
        ),
    )
    .sort();
}

/** The text of a `## ` section, up to the next one. */
function section(title: string): string {
  const start = doc.indexOf(`\n## ${title}`);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no section "${title}"`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** The names a markdown table's column holds in backticks. */
function column(text: string, index: number): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n').filter((l) => l.startsWith('|'))) {
    const cell = line.split('|')[index + 1] ?? '';
    for (const m of cell.matchAll(/`([^`]+)`/g)) names.add(m[1]!);
  }
  return names;
}

const missing = (names: readonly string[], listed: Set<string>) => names.filter((n) => !listed.has(n));

const areas = section('Areas: where each part of the product lives');
const owners = section('Tables and their owners');

describe('docs/ARCHITECTURE.md', () => {
  it('lists every server module in the areas table', () => {
    expect(missing(folders('apps/server/src/modules'), column(areas, 2))).toEqual([]);
  });

  it('lists every web feature in the areas table', () => {
    expect(missing(folders('apps/web/src/features'), column(areas, 3))).toEqual([]);
  });

  it('lists every table with its owner', () => {
    expect(tables().length).toBeGreaterThan(40);
    expect(missing(tables(), column(owners, 0))).toEqual([]);
  });

  it('reports a module, a feature and a table it does not list (canary)', () => {
    expect(missing(['zz-made-up-module'], column(areas, 2))).toEqual(['zz-made-up-module']);
    expect(missing(['zz-made-up-feature'], column(areas, 3))).toEqual(['zz-made-up-feature']);
    // a table named elsewhere in the document (the module `events`) must still have its owner row
    expect(missing(['zz_made_up_table', 'users'], column(owners, 0))).toEqual(['zz_made_up_table']);
  });
});
