import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  againstFloors,
  buildGraph,
  firstFolderUnder,
  knots,
  sourceFiles,
  twoWayPairs,
} from '../../../scripts/import-graph.ts';

// Issue 33 "modules in one direction" (decision 083): the server modules import each other in one direction
// only, floor by floor as docs/ARCHITECTURE.md "The floors of the house" lists them. The graph is built from
// the source (every import, re-export, dynamic import and `import type` of a non-test file), one node per
// folder under modules/.
const modulesDir = join(dirname(fileURLToPath(import.meta.url)), 'modules');

/** From the ground up: a module imports modules on lower floors only. */
const FLOORS: readonly (readonly string[])[] = [
  ['schools'],
  ['users', 'events'],
  ['audit'],
  ['config'],
  ['auth', 'files', 'groups', 'mail'],
  ['account', 'apps', 'bbb', 'branding', 'camera', 'chat', 'cim', 'messages', 'sick', 'status', 'totp'],
  ['layout', 'push', 'sso', 'user-admin'],
  ['data-export'],
];

const files = sourceFiles(modulesDir);
const unitOf = firstFolderUnder(modulesDir);

describe('the module graph', () => {
  const graph = buildGraph(files, unitOf);
  const settled = graph;

  it('has a floor for every module and a module for every floor entry', () => {
    const modules = [...graph.keys()].sort();
    expect(FLOORS.flat().sort()).toEqual(modules);
  });

  it('has no two modules importing each other and no knot', () => {
    expect(twoWayPairs(settled)).toEqual([]);
    expect(knots(settled)).toEqual([]);
  });

  it('has no import against the floors', () => {
    expect(againstFloors(settled, FLOORS)).toEqual([]);
  });

  it('refuses a planted two-way import, a type-only one included (canary)', () => {
    const planted = join(modulesDir, 'users/users.service.ts');
    const read = (path: string) =>
      readFileSync(path, 'utf8') +
      (path === planted ? "\nimport type { UserList } from '../user-admin/user-manager.service.ts';\n" : '');
    const canary = buildGraph(files, unitOf, read);
    expect(twoWayPairs(canary)).toContain('user-admin<->users');
    expect(knots(canary).flat()).toEqual(expect.arrayContaining(['users', 'user-admin']));
    expect(againstFloors(canary, FLOORS)).toContain('users->user-admin');
  });

  it('reports a module on no floor (canary)', () => {
    const graph = new Map([['zz-new-area', new Set(['users'])]]);
    expect(againstFloors(graph, FLOORS)).toEqual(['unplaced:zz-new-area']);
  });
});
