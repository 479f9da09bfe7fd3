// Import cycles between source files (decision 092): the check that ESLint's import-x/no-cycle did, as one
// pass over the tree. A file's value imports are its edges: `import … from`, `export … from`, a bare
// `import '…'` and `import('…')`; `import type`, `export type` and an import whose every name is a type are
// not (TypeScript erases them, so they close no circle at run time). Paths resolve as the TypeScript resolver
// of the ESLint config does: relative paths, the web app's `@/` and the workspace packages' `@aula/<name>`.
// scripts/value-cycles.test.ts runs it on the tree and on a planted cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The folders whose .ts and .tsx files ESLint lints (eslint.config.js), relative to the root. */
export const LINTED_FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SKIPPED = new Set(['node_modules', 'dist', 'drizzle', 'screenshots']);

export function lintedFiles(root: string, folders = LINTED_FOLDERS): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  return out.sort();
}

/** The specifiers a file imports as values, in the order they appear. */
export function valueImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const fileCache = new Map<string, boolean>();
const isFile = (p: string) => {
  let found = fileCache.get(p);
  if (found === undefined) fileCache.set(p, (found = existsSync(p) && statSync(p).isFile()));
  return found;
};
const exportsCache = new Map<string, Record<string, string> | null>();
function packageExports(pkg: string): Record<string, string> | null {
  if (!exportsCache.has(pkg)) {
    const file = join(pkg, 'package.json');
    exportsCache.set(pkg, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).exports ?? {}) : null);
  }
  return exportsCache.get(pkg)!;
}

/** The file a specifier names, or null for a package outside the workspace (or a file that is not there). */
export function resolveImport(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = join(root, 'apps/web/src', specifier.slice(2));
  else if (specifier.startsWith('@aula/')) {
    const [, name, ...rest] = specifier.split('/');
    const pkg = join(root, 'packages', name!);
    const target = packageExports(pkg)?.[rest.length ? `./${rest.join('/')}` : '.'];
    return target ? resolve(pkg, target) : null;
  } else return null;
  const stem = base.replace(/\.(js|mjs|cjs)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (/\.tsx?$/.test(candidate) && isFile(candidate)) return candidate;
  return null;
}

/** Every import cycle among `files`, each as the list of files around it (relative to root), first file first. */
export function importCycles(root: string, files: readonly string[]): string[][] {
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = valueImports(file, readFileSync(file, 'utf8'))
      .map((s) => resolveImport(root, file, s))
      .filter((t): t is string => t !== null && known.has(t));
    edges.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components, iteratively (the tree is deep enough to matter for recursion)
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node)!;
      if (frame.i < targets.length) {
        const target = targets[frame.i++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && edges.get(frame.node)!.includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((c) => c.map((f) => relative(root, f)).sort());
}
