import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { cameraManifest } from '@/features/camera/manifest';
import { chatManifest } from '@/features/chat/manifest';
import { cimManifest } from '@/features/cim/manifest';
import type { FeatureManifest } from '@/lib/feature-manifest';
import { DASHBOARD_FEATURE_MANIFESTS } from './dashboard-features';
import { DIALOG_COMPONENTS } from './dialogs/dialog-components';
import { DIALOGS, dialogsOf } from './dialogs/registry';
import { FEATURE_MANIFESTS } from './features';
import { featureRoutes, routeTree } from './router';

/** The dialog names that more than one manifest lists. */
function duplicateDialogIds(manifests: readonly FeatureManifest[]): string[] {
  const ids = manifests.flatMap((manifest) => Object.keys(manifest.dialogs ?? {}));
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
}

const pathOf = (route: AnyRoute) => (route.options as { path?: string }).path;

/** Every path in a route tree. */
function pathsOf(route: AnyRoute): string[] {
  const children = (route.children ?? []) as AnyRoute[];
  const path = pathOf(route);
  return [...(path ? [path] : []), ...children.flatMap(pathsOf)];
}

const pathsOfList = (manifests: readonly FeatureManifest[]) => {
  const { shell, bare } = featureRoutes(manifests);
  return [...shell, ...bare].map((route: AnyRoute) => pathOf(route));
};

const listed: readonly FeatureManifest[] = FEATURE_MANIFESTS;

/** Every features/<area>/manifest.ts with what it exports. */
const manifestFiles = import.meta.glob<Record<string, FeatureManifest>>('@/features/*/manifest.ts', {
  eager: true,
});

/** The manifest files none of the lists names, or more than one does. */
function listingProblems(lists: readonly (readonly FeatureManifest[])[]) {
  const all = lists.flat();
  const problems: string[] = [];
  for (const [file, exports] of Object.entries(manifestFiles)) {
    for (const manifest of Object.values(exports)) {
      const times = all.filter((entry) => entry === manifest).length;
      if (times !== 1) problems.push(`${file}: listed ${times} times`);
    }
  }
  return problems;
}

describe('the features’ manifests (decision 089)', () => {
  it('name each dialog once, and together exactly the registry’s dialogs of spec 2.5', () => {
    expect(duplicateDialogIds(listed)).toEqual([]);
    const ids = listed.flatMap((manifest) => Object.keys(manifest.dialogs ?? {}));
    expect([...ids].sort()).toEqual(Object.keys(DIALOGS).sort());
    expect(ids).toHaveLength(44);
    expect(Object.keys(DIALOG_COMPONENTS).sort()).toEqual([...ids].sort());
  });

  it('a dialog named by two manifests is found (canary)', () => {
    const planted = { dialogs: { 'chat:upload': { role: 'student' } } } as const;
    expect(duplicateDialogIds([...listed, planted])).toEqual(['chat:upload']);
  });

  it('the route table has every listed feature’s pages', () => {
    const tree = pathsOf(routeTree as unknown as AnyRoute);
    const paths = pathsOfList(listed);
    expect(paths).toEqual(expect.arrayContaining(['/app/camera', '/app/chat', '/b/$id', '/edit', '/app']));
    for (const path of paths) expect(tree, path).toContain(path);
    // the app's own pages besides them
    expect(tree).toEqual(expect.arrayContaining(['/', '/login', '/dashboard/$tab/{-$subpage}', '/offline']));
  });

  it('each feature’s manifest is in one list: features.ts, or dashboard-features.ts for tabs only', () => {
    // as many files as entries: with each file listed once, no list holds a manifest the glob did not find
    expect(Object.keys(manifestFiles).length).toBe(
      FEATURE_MANIFESTS.length + DASHBOARD_FEATURE_MANIFESTS.length,
    );
    expect(Object.keys(manifestFiles).length).toBeGreaterThan(20);
    expect(listingProblems([FEATURE_MANIFESTS, DASHBOARD_FEATURE_MANIFESTS])).toEqual([]);
  });

  it('a manifest in no list, or in both, is found (canary)', () => {
    const withoutCim = DASHBOARD_FEATURE_MANIFESTS.filter((manifest) => manifest !== cimManifest);
    expect(listingProblems([FEATURE_MANIFESTS, withoutCim])).toEqual([
      expect.stringMatching(/features\/cim\/manifest\.ts: listed 0 times$/),
    ]);
    expect(listingProblems([FEATURE_MANIFESTS, DASHBOARD_FEATURE_MANIFESTS, [chatManifest]])).toEqual([
      expect.stringMatching(/features\/chat\/manifest\.ts: listed 2 times$/),
    ]);
  });

  it('a feature left out of the list loses its pages and dialogs (canary)', () => {
    const without = listed.filter((manifest) => manifest !== cameraManifest && manifest !== chatManifest);
    const paths = pathsOfList(without);
    expect(paths).not.toContain('/app/camera');
    expect(paths).not.toContain('/app/camera/$laraId');
    expect(paths).not.toContain('/app/chat');
    expect(paths).toContain('/app/sick');
    // a list typed as any manifests has no dialog names in its type; the value has them
    const dialogs = dialogsOf(without) as object;
    expect(Object.keys(dialogs)).not.toContain('chat:upload');
    expect(Object.keys(dialogs)).toContain('sick');
  });
});
