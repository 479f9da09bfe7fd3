// The import graph between folders ("units") of a source tree, for the module-graph test (issue 33): every
// import, re-export, dynamic import() and `import type` of a non-test .ts file counts, as TypeScript's own
// pre-processor reads them, so a type-only edge closes a circle like any other.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** unit -> the units it imports (never itself) */
export type Graph = Map<string, Set<string>>;

/** Every .ts file under `dir` that is not a test, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(path);
  }
  return out.sort();
}

/** The relative specifiers a file imports (type-only ones too). */
export function importsOf(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('.'));
}

/**
 * The graph of units from a list of files: `unitOf(path)` names the unit of a file (an absolute path)
 * or returns null for a file outside every unit; `read` gives a file's text.
 */
export function buildGraph(
  files: readonly string[],
  unitOf: (path: string) => string | null,
  read: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const from = unitOf(file);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const spec of importsOf(read(file))) {
      const to = unitOf(resolve(dirname(file), spec));
      if (to !== null && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The unit of a file under `root`: its first folder there (`modules/users/x.ts` -> `users`). */
export function firstFolderUnder(root: string): (path: string) => string | null {
  return (path) => {
    const rel = relative(root, path);
    if (rel.startsWith('..')) return null;
    const parts = rel.split(sep);
    return parts.length > 1 ? parts[0]! : null;
  };
}

/** Pairs of units that import each other, each once, sorted ("a<->b"). */
export function twoWayPairs(graph: Graph): string[] {
  const pairs: string[] = [];
  for (const [a, tos] of graph)
    for (const b of tos) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a}<->${b}`);
  return pairs.sort();
}

/** The strongly connected components with more than one unit (Tarjan), largest first. */
export function knots(graph: Graph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length);
}

/** The graph without the given edges ("from->to"). */
export function withoutEdges(graph: Graph, edges: readonly string[]): Graph {
  const drop = new Set(edges);
  return new Map(
    [...graph].map(([from, tos]) => [from, new Set([...tos].filter((to) => !drop.has(`${from}->${to}`)))]),
  );
}

/**
 * Edges that go against a layer order: `floors` lists the floors from the bottom, each a list of units; a
 * unit may import units on its own floor's lower floors only (a unit on floor n imports floors < n). Units
 * on no floor are reported as "unplaced:<unit>".
 */
export function againstFloors(graph: Graph, floors: readonly (readonly string[])[]): string[] {
  const floorOf = new Map<string, number>();
  floors.forEach((units, i) => units.forEach((u) => floorOf.set(u, i)));
  const bad: string[] = [];
  for (const [from, tos] of graph) {
    if (!floorOf.has(from)) bad.push(`unplaced:${from}`);
    for (const to of tos) {
      if (!floorOf.has(to)) continue;
      if (floorOf.has(from) && floorOf.get(to)! >= floorOf.get(from)!) bad.push(`${from}->${to}`);
    }
  }
  return [...new Set(bad)].sort();
}
