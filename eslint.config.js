// ESLint flat config: type-aware TypeScript rules, React hooks, accessibility, and DESIGN.md's import rules.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const DB_PACKAGES = ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite'];
const SERVER_IMPORT_PATTERNS = [
  { group: DB_PACKAGES, allowTypeImports: true, message: 'only *.repo.ts and db/ touch the database' },
  // a module's tables are in its <area>.schema.ts, re-exported by db/schema.ts
  {
    group: ['**/db/schema*', '**/*.schema', '**/*.schema.ts'],
    message: 'only *.repo.ts and db/ touch the database',
  },
  {
    regex: '^\\.\\./(?:\\.\\./)*(?:modules/)?[a-z-]+/[a-z-]+\\.repo(\\.ts)?$',
    message: "call another module's service, never its repo",
    allowTypeImports: true,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/screenshots/**',
      '.test-reports/**',
      '.venv-fuzz/**',
      '.venv-s3/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // without these, import-x follows no TypeScript import and no-cycle never fires (issue 18)
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/external-module-folders':
        importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // contracts imports only zod and has no I/O
            { target: './packages/contracts', from: './apps' },
            // web and server never import each other
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // web: app -> features -> shared; no feature imports another
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.).*', message: 'contracts imports only zod' }] },
      ],
    },
  },
  {
    // server: only *.repo.ts, *.schema.ts and db/ touch the database; a module never reads another module's repo
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repo.ts',
      'apps/server/src/**/*.schema.ts',
      'apps/server/src/db/**',
      'apps/server/src/demo/**',
      'apps/server/src/test/**',
      '**/*.test.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: SERVER_IMPORT_PATTERNS }] },
  },
  {
    // inside a module, routes -> service -> repo: a routes file never imports a repo, its own included
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_IMPORT_PATTERNS,
            {
              group: ['**/*.repo', '**/*.repo.ts'],
              message: 'a routes file calls its service, never a repo',
            },
          ],
        },
      ],
    },
  },
  {
    // services take a context, never the HTTP request or reply (STYLE.md, decision 054): a job calls them too
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: SERVER_IMPORT_PATTERNS,
          paths: [
            {
              name: 'fastify',
              message: 'a service takes ctx: Ctx (context.ts), never the request or reply',
            },
          ],
        },
      ],
    },
  },
  {
    // a source file holds one job: over 400 lines it is doing several (issue 18); tests may be longer
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/src/test/**',
      'packages/contracts/src/common-passwords.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // only env.ts reads process.env
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: [
      'apps/server/src/env.ts',
      '**/*.test.ts',
      'apps/server/src/test/**',
      '**/vite.config.ts',
      '**/vitest.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'read the environment in env.ts only' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // STYLE.md "one endpoint, one file": a feature calls the server only from its api/ folder
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/app/**/*.{ts,tsx}',
      'apps/web/src/components/**/*.{ts,tsx}',
    ],
    ignores: ['apps/web/src/features/*/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/api-client',
              importNames: ['apiRequest'],
              message: "call the server from the feature's api/ folder (STYLE.md: one endpoint, one file)",
            },
            {
              name: '@/lib/upload-request',
              importNames: ['uploadRequest'],
              message: "call the server from the feature's api/ folder (STYLE.md: one endpoint, one file)",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch']",
          message: "call the server from the feature's api/ folder (STYLE.md: one endpoint, one file)",
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}', '**/vitest.config.ts', '**/vite.config.ts', '**/drizzle.config.ts'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },
  {
    files: ['**/*.test.ts', '**/*.spec.ts', 'apps/server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
