import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGraph, knots, sourceFiles, twoWayPairs, type Graph } from '../../../scripts/import-graph.ts';

// Issue 33 (decision 083): the contracts have no import circle either. One node per file of
// packages/contracts/src; plain/ is the lower layer (zod-free, the web app's start path imports it, decision
// 049): its files import each other only, and the upper files import their types and values from there. The
// test lives here and not in the contracts, whose tsconfig has no Node types.
const contractsDir = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/contracts/src');

const files = sourceFiles(contractsDir);
const unitOf = (path: string): string | null => {
  const rel = relative(contractsDir, path);
  return rel.startsWith('..') ? null : rel.split(sep).join('/').replace(/\.ts$/, '');
};

/** Imports from a plain/ file to a file outside plain/ ("from->to"). */
function upwardFromPlain(graph: Graph): string[] {
  const bad: string[] = [];
  for (const [from, tos] of graph)
    if (from.startsWith('plain/'))
      for (const to of tos) if (!to.startsWith('plain/')) bad.push(`${from}->${to}`);
  return bad.sort();
}

describe('the contracts file graph', () => {
  const graph = buildGraph(files, unitOf);

  it('reads the contracts, plain/ included', () => {
    expect(graph.has('errors')).toBe(true);
    expect(graph.has('plain/errors')).toBe(true);
    expect(graph.get('errors')).toContain('plain/errors');
  });

  it('has no two files importing each other and no circle', () => {
    expect(twoWayPairs(graph)).toEqual([]);
    expect(knots(graph)).toEqual([]);
  });

  it('has plain/ import nothing above it', () => {
    expect(upwardFromPlain(graph)).toEqual([]);
  });

  it('refuses a planted type-only import from plain/ upwards (canary)', () => {
    const planted = join(contractsDir, 'plain/errors.ts');
    const read = (path: string) =>
      readFileSync(path, 'utf8') +
      (path === planted ? "\nimport type { ErrorCodeSchema } from '../errors.ts';\n" : '');
    const canary = buildGraph(files, unitOf, read);
    expect(twoWayPairs(canary)).toContain('errors<->plain/errors');
    expect(knots(canary).flat()).toEqual(expect.arrayContaining(['errors', 'plain/errors']));
    expect(upwardFromPlain(canary)).toEqual(['plain/errors->errors']);
  });
});
