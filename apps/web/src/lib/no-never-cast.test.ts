// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Issue 33: `x as never` switches the type check off where it matters most (a translation key, an error shape);
// lib/i18n-keys.ts and components/form-kit.tsx type those instead. Found in the syntax tree, so the words in a
// comment or a string do not count.
const src = fileURLToPath(new URL('..', import.meta.url));

function neverCasts(fileName: string, text: string): number[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    const cast = ts.isAsExpression(node) || ts.isTypeAssertionExpression(node);
    if (cast && node.type.kind === ts.SyntaxKind.NeverKeyword)
      lines.push(file.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no `as never` in apps/web/src', () => {
  it('the canary: a cast to never is found, in a .ts and a .tsx, and the words in a comment or string are not', () => {
    expect(neverCasts('a.tsx', "const k = t(key as never);\n// as never\nconst s = 'x as never';")).toEqual([
      1,
    ]);
    expect(
      neverCasts('b.ts', 'const a = 1;\nconst b = <never>a;\nconst c = (a as unknown) as never;'),
    ).toEqual([2, 3]);
    expect(neverCasts('c.ts', 'const a = 1 as number;')).toEqual([]);
  });

  it('no source or test file of the web app casts to never', { timeout: 120_000 }, () => {
    const found = sources(src).flatMap((path) =>
      neverCasts(path, readFileSync(path, 'utf8')).map((line) => `${relative(src, path)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
