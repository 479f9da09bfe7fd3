import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// Issue 18: a rule that silently stops firing guards nothing. Each import rule of DESIGN.md gets a canary, a
// small file written into the tree where the rule applies, that must be refused with the rule's own message,
// beside a file that must pass (so a broken parse or resolver cannot pass for a refusal).
// no trailing slash: with ESLint's cwd as "/repo/", import-x's zones matched nothing (seen here)
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tag = `zz-lint-canary-${process.pid}`;
const written: string[] = [];

function put(path: string, code: string): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  written.push(file);
  return file;
}

const CASES = {
  cycleA: put(
    `apps/server/src/${tag}/a.ts`,
    `import { b } from './b.ts';\nexport const a = (): number => b();\n`,
  ),
  cycleB: put(
    `apps/server/src/${tag}/b.ts`,
    `import { a } from './a.ts';\nexport const b = (): number => (a ? 1 : 0);\n`,
  ),
  otherFeature: put(
    `apps/web/src/features/account/${tag}.ts`,
    `import { layoutQueryKey } from '@/features/tiles/api/get-layout';\nexport const k = layoutQueryKey;\n`,
  ),
  ownFeature: put(
    `apps/web/src/features/tiles/${tag}.ts`,
    `import { layoutQueryKey } from '@/features/tiles/api/get-layout';\nexport const k = layoutQueryKey;\n`,
  ),
  otherRepo: put(
    `apps/server/src/modules/totp/${tag}.service.ts`,
    `import { findUserForLogin } from '../auth/auth.repo.ts';\nexport const f = findUserForLogin;\n`,
  ),
  ownRepo: put(
    `apps/server/src/modules/totp/${tag}-own.service.ts`,
    `import { findTotpUser } from './totp.repo.ts';\nexport const f = findTotpUser;\n`,
  ),
  env: put(`apps/server/src/modules/totp/${tag}-env.ts`, `export const x = process.env.AULA_X;\n`),
  contracts: put(
    `packages/contracts/src/${tag}.ts`,
    `import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n`,
  ),
  serviceRequest: put(
    `apps/server/src/modules/totp/${tag}-req.service.ts`,
    `import type { FastifyRequest } from 'fastify';\nexport const f = (req: FastifyRequest): number => req.schoolId;\n`,
  ),
  serviceCtx: put(
    `apps/server/src/modules/totp/${tag}-ctx.service.ts`,
    `import type { Ctx } from '../../context.ts';\nexport const f = (ctx: Ctx): number => ctx.schoolId;\n`,
  ),
  serviceSchema: put(
    `apps/server/src/modules/totp/${tag}-schema.service.ts`,
    `import { users } from '../users/users.schema.ts';\nexport const t = users;\n`,
  ),
  long: put(
    `apps/server/src/modules/totp/${tag}-long.ts`,
    Array.from({ length: 401 }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n',
  ),
  short: put(
    `apps/server/src/modules/totp/${tag}-short.ts`,
    Array.from({ length: 400 }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n',
  ),
  routesRepo: put(
    `apps/server/src/modules/totp/${tag}.routes.ts`,
    `import { findTotpUser } from './totp.repo.ts';\nexport const f = findTotpUser;\n`,
  ),
  apiOutside: put(
    `apps/web/src/features/account/components/${tag}.ts`,
    `import { apiRequest } from '@/lib/api-client';\nimport { uploadRequest } from '@/lib/upload-request';\nexport const r = [apiRequest, uploadRequest];\nexport const f = () => fetch('/api/x');\n`,
  ),
  apiInside: put(
    `apps/web/src/features/account/api/${tag}.ts`,
    `import { apiRequest } from '@/lib/api-client';\nimport { uploadRequest } from '@/lib/upload-request';\nexport const r = [apiRequest, uploadRequest];\nexport const f = () => fetch('/api/x');\n`,
  ),
};

let results: Map<string, ESLint.LintResult>;

beforeAll(async () => {
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.values(CASES));
  results = new Map(linted.map((result) => [result.filePath, result]));
}, 120_000);

afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
  rmSync(join(root, `apps/server/src/${tag}`), { recursive: true, force: true });
});

/** The rules that refused the file, with their messages; a parse error shows as "fatal". */
function refusals(file: string): string[] {
  const result = results.get(file);
  if (!result) throw new Error(`${file} was not linted`);
  return result.messages.map((m) => `${m.fatal ? 'fatal' : m.ruleId}: ${m.message}`);
}

describe('the import rules fire (DESIGN.md, issue 18)', () => {
  it('an import cycle is refused', () => {
    expect(refusals(CASES.cycleA)).toContainEqual(expect.stringMatching(/^import-x\/no-cycle:/));
    expect(refusals(CASES.cycleB)).toContainEqual(expect.stringMatching(/^import-x\/no-cycle:/));
  });

  it('a feature importing another feature is refused; its own feature is not', () => {
    expect(refusals(CASES.otherFeature)).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths:/),
    );
    expect(refusals(CASES.ownFeature)).toEqual([]);
  });

  it("a module importing another module's repo is refused; its own repo is not", () => {
    expect(refusals(CASES.otherRepo)).toContainEqual(
      "@typescript-eslint/no-restricted-imports: '../auth/auth.repo.ts' import is restricted from being used by a pattern. call another module's service, never its repo",
    );
    expect(refusals(CASES.ownRepo)).toEqual([]);
  });

  it('process.env outside env.ts is refused', () => {
    expect(refusals(CASES.env)).toContainEqual(
      expect.stringMatching(/^no-restricted-properties: .*env\.ts only/),
    );
  });

  it('the contracts import nothing but zod', () => {
    expect(refusals(CASES.contracts)).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: .*only zod/),
    );
  });

  it('a service taking the request is refused; one taking the context is not', () => {
    expect(refusals(CASES.serviceRequest)).toContainEqual(
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*never the request or reply/),
    );
    expect(refusals(CASES.serviceCtx)).toEqual([]);
  });

  it("a service importing a table (another module's schema file) is refused", () => {
    expect(refusals(CASES.serviceSchema)).toContainEqual(
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*only \*\.repo\.ts and db\/ touch/),
    );
  });

  it('a source file over 400 lines is refused; one of 400 is not', () => {
    expect(refusals(CASES.long)).toContainEqual(
      expect.stringMatching(/^max-lines: .*Maximum allowed is 400/),
    );
    expect(refusals(CASES.short)).toEqual([]);
  });

  it('a routes file importing its own repo is refused', () => {
    expect(refusals(CASES.routesRepo)).toContainEqual(
      expect.stringMatching(
        /^@typescript-eslint\/no-restricted-imports: .*a routes file calls its service, never a repo/,
      ),
    );
  });

  it('a web feature calling the server outside its api/ folder is refused; inside it, it is not', () => {
    const refused = refusals(CASES.apiOutside);
    // both ways to call the server: apiRequest and the upload with progress
    expect(refused.filter((r) => /^no-restricted-imports: .*feature's api\/ folder/.test(r))).toHaveLength(2);
    expect(refused).toContainEqual(expect.stringMatching(/^no-restricted-syntax: .*feature's api\/ folder/));
    expect(refusals(CASES.apiInside)).toEqual([]);
  });
});
