// The one list of module manifests (decision 090): every module folder has a manifest and is in the list,
// and every route a manifest registers has its policy row in that same manifest.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModuleManifest } from '../core/module-manifest.ts';
import { AUDIT_ACTIONS } from '@aula/contracts';
import type { audit } from './audit/audit.service.ts';
import { SECRET_PURPOSES } from '../lib/secret-box.ts';
import { policyKey } from '../policy.ts';
import { MODULE_MANIFESTS } from './manifests.ts';

const MODULES_DIR = new URL('.', import.meta.url);

function moduleFolders(): string[] {
  return readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
}

/** Folders without `<m>/<m>.manifest.ts`, or whose manifest is not in the list (or named otherwise). */
function manifestGaps(folders: string[], manifests: readonly ModuleManifest[]): string[] {
  const listed = new Set(manifests.map((m) => m.name));
  const gaps: string[] = [];
  for (const folder of folders) {
    if (!existsSync(new URL(`${folder}/${folder}.manifest.ts`, MODULES_DIR)))
      gaps.push(`${folder}: no ${folder}.manifest.ts`);
    else if (!listed.has(folder)) gaps.push(`${folder}: not in MODULE_MANIFESTS`);
  }
  for (const name of listed) if (!folders.includes(name)) gaps.push(`${name}: no such folder`);
  if (listed.size !== manifests.length) gaps.push('a manifest is listed twice');
  return gaps;
}

/** The routes each manifest's plugins register under /api, as policy keys (HEAD counted as GET); one app. */
async function routesOf(manifests: readonly ModuleManifest[]): Promise<Map<ModuleManifest, string[]>> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const found = new Map<ModuleManifest, string[]>();
  for (const manifest of manifests) {
    const keys = new Set<string>();
    found.set(manifest, []);
    await app.register(
      async (api) => {
        // in the manifest's own context: sees only its routes
        api.addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) keys.add(policyKey(method, route.url));
        });
        for (const routes of manifest.routes ?? []) await api.register(routes);
      },
      { prefix: '/api' },
    );
    await app.after();
    found.set(manifest, [...keys]);
  }
  await app.ready();
  await app.close();
  return found;
}

/** Routes of each manifest without a row in it, and rows of it without a route of it. */
async function rowsNotOwned(manifests: readonly ModuleManifest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [manifest, routes] of await routesOf(manifests)) {
    const rows = Object.keys(manifest.policy ?? {});
    problems.push(
      ...routes.filter((k) => !rows.includes(k)).map((k) => `${manifest.name}: route ${k} has no row here`),
      ...rows.filter((k) => !routes.includes(k)).map((k) => `${manifest.name}: row ${k} has no route here`),
    );
  }
  return problems;
}

/** Names of `all` declared by no manifest or by more than one, from each manifest's list `of`. */
function notDeclaredOnce(
  all: readonly string[],
  manifests: readonly ModuleManifest[],
  of: (m: ModuleManifest) => readonly string[] | undefined,
): string[] {
  const by = new Map<string, string[]>();
  for (const m of manifests) for (const name of of(m) ?? []) by.set(name, [...(by.get(name) ?? []), m.name]);
  return [
    ...all
      .filter((name) => (by.get(name) ?? []).length !== 1)
      .map((n) => `${n}: ${by.get(n)?.join(', ') ?? 'none'}`),
    ...[...by.keys()].filter((name) => !all.includes(name)).map((n) => `${n}: not a known name`),
  ];
}

describe('the module manifests (decision 090)', () => {
  it('every module folder has a manifest, and every manifest is in MODULE_MANIFESTS once', () => {
    const folders = moduleFolders();
    expect(folders.length).toBeGreaterThan(10);
    expect(manifestGaps(folders, MODULE_MANIFESTS)).toEqual([]);
  });

  it('a folder without a manifest, or a manifest left out of the list, is reported (canary)', () => {
    const folders = moduleFolders();
    expect(manifestGaps([...folders, 'made-up-area'], MODULE_MANIFESTS)).toEqual([
      expect.stringMatching(/^made-up-area: /),
    ]);
    expect(manifestGaps(folders, MODULE_MANIFESTS.slice(1))).toEqual([
      `${MODULE_MANIFESTS[0]!.name}: not in MODULE_MANIFESTS`,
    ]);
  });

  it('every route of a manifest has its policy row in that manifest, and every row a route', async () => {
    expect(await rowsNotOwned(MODULE_MANIFESTS)).toEqual([]);
  }, 60_000);

  it('a route whose row is in another manifest, or a row without a route, is reported (canary)', async () => {
    const planted: ModuleManifest = {
      name: 'made-up-area',
      routes: [
        async (app) => {
          app.get('/made-up', async () => ({}));
        },
      ],
      policy: { 'GET /api/other-area': { access: 'student', objects: 'self' } },
    };
    expect(await rowsNotOwned([planted])).toEqual([
      'made-up-area: route GET /api/made-up has no row here',
      'made-up-area: row GET /api/other-area has no route here',
    ]);
  });

  it('every secret purpose and every audit action is declared by exactly one manifest', () => {
    expect(notDeclaredOnce(SECRET_PURPOSES, MODULE_MANIFESTS, (m) => m.secretPurposes)).toEqual([]);
    expect(notDeclaredOnce(AUDIT_ACTIONS, MODULE_MANIFESTS, (m) => m.auditActions)).toEqual([]);
  });

  it('a purpose or action declared twice, by none, or unknown is reported (canary)', () => {
    const twice: ModuleManifest = { name: 'made-up-area', secretPurposes: ['totp-seal'] };
    expect(notDeclaredOnce(SECRET_PURPOSES, [...MODULE_MANIFESTS, twice], (m) => m.secretPurposes)).toEqual([
      'totp-seal: totp, made-up-area',
    ]);
    expect(
      notDeclaredOnce([...AUDIT_ACTIONS, 'made_up.action'], MODULE_MANIFESTS, (m) => m.auditActions),
    ).toEqual(['made_up.action: none']);
    expect(notDeclaredOnce(['sick.report'], MODULE_MANIFESTS, (m) => m.auditActions)).toContain(
      'login.success: not a known name',
    );
    const claimsToo: ModuleManifest = { name: 'made-up-area', auditActions: ['sick.report'] };
    expect(notDeclaredOnce(AUDIT_ACTIONS, [...MODULE_MANIFESTS, claimsToo], (m) => m.auditActions)).toEqual([
      'sick.report: sick, made-up-area',
    ]);
  });

  it('an audit action outside the contracts’ AUDIT_ACTIONS is refused by the typecheck (canary)', () => {
    // one list: a manifest can claim, and audit() record, only an action of AUDIT_ACTIONS
    // @ts-expect-error -- not an action of AUDIT_ACTIONS
    const claimed: ModuleManifest = { name: 'made-up-area', auditActions: ['made_up.action'] };
    // @ts-expect-error -- not an action of AUDIT_ACTIONS
    const recorded: Parameters<typeof audit>[1] = 'made_up.action';
    const known: Parameters<typeof audit>[1][] = [...AUDIT_ACTIONS];
    expect([claimed.name, recorded, known.length]).toEqual([
      'made-up-area',
      'made_up.action',
      AUDIT_ACTIONS.length,
    ]);
  });
});
