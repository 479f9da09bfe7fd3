import { describe, expect, it } from 'vitest';
import { BUILT_FEATURES, type RoleSubject } from '@aula/contracts';
import { diagnosticsManifest } from '@/features/diagnostics/manifest';
import type { FeatureManifest } from '@/lib/feature-manifest';
import de from '@/locales/de.json';
import { DASHBOARD_FEATURE_MANIFESTS } from './dashboard-features';
import {
  DASHBOARD_TABS,
  dashboardTab,
  mayOpenTab,
  panelOf,
  tabListProblems,
  visibleDashboardTabs,
} from './dashboard-tab-list';
import { FEATURE_MANIFESTS } from './features';

const admin: RoleSubject = { roles: ['admin'], type: 'L' };
const superadmin: RoleSubject = { roles: ['superadmin'], type: 'L' };
const names = (tabs: readonly { name: string }[]) => tabs.map((tab) => tab.name);

const listed: readonly FeatureManifest[] = [...FEATURE_MANIFESTS, ...DASHBOARD_FEATURE_MANIFESTS];
const tabNames = Object.keys(de.dashboard.tabs);

describe('the dashboard tabs offered (spec 2.3)', () => {
  it('come from the manifests in the tab list’s order', () => {
    expect(names(DASHBOARD_TABS)).toEqual([
      'messages',
      'banner',
      'settings',
      'sso',
      'video',
      'push',
      'status',
      'imprint',
      'terms',
      'help',
      'cim',
      'statistics',
      'debug',
      'logs',
      'login-bg',
      'school',
    ]);
  });

  it('an admin sees every tab but the identity import, a superadmin every tab', () => {
    expect(names(visibleDashboardTabs(admin))).toEqual(names(DASHBOARD_TABS).filter((tab) => tab !== 'cim'));
    expect(names(visibleDashboardTabs(superadmin))).toEqual(names(DASHBOARD_TABS));
    const cim = dashboardTab('cim');
    expect(cim && mayOpenTab(admin, cim)).toBe(false);
    expect(cim && mayOpenTab(superadmin, cim)).toBe(true);
  });

  it('a name no manifest declares is no tab (the router sends it to the 404 page)', () => {
    expect(dashboardTab('logs')?.name).toBe('logs');
    expect(dashboardTab('nonsense')).toBeUndefined();
    expect(dashboardTab('toString')).toBeUndefined();
  });

  it('the push tab is offered because push is built (issue 23)', () => {
    expect(BUILT_FEATURES).toContain('push');
    expect(names(visibleDashboardTabs(admin))).toContain('push');
  });

  it('a tab of a feature that is not built is not offered', () => {
    const built = BUILT_FEATURES.filter((feature) => feature !== 'push');
    expect(names(visibleDashboardTabs(superadmin, built))).not.toContain('push');
    expect(names(visibleDashboardTabs(superadmin, built))).toContain('video');
  });
});

describe('the manifests’ dashboard tabs (decision 089)', () => {
  it('declare each named tab exactly once, and no tab without a name in the strings', () => {
    expect(tabListProblems(listed, tabNames)).toEqual({ missing: [], duplicated: [], unnamed: [] });
    expect(DASHBOARD_TABS).toHaveLength(16);
  });

  it('a tab whose manifest is left out is found missing (canary)', () => {
    const without = listed.filter((manifest) => manifest !== diagnosticsManifest);
    expect(tabListProblems(without, tabNames).missing).toEqual(['status', 'statistics', 'debug', 'logs']);
  });

  it('a tab declared by two manifests is found duplicated (canary)', () => {
    const planted = { dashboardTabs: [{ name: 'logs', order: 1, panel: 'app' }] } as const;
    expect(tabListProblems([...listed, planted], tabNames).duplicated).toEqual(['logs']);
  });

  it('give each tab a distinct order and a screen to load', () => {
    const orders = DASHBOARD_TABS.map((tab) => tab.order);
    expect(new Set(orders).size).toBe(orders.length);
    for (const tab of DASHBOARD_TABS) expect(typeof panelOf(tab), tab.name).toBe('function');
  });

  it('a tab left to app/ without a screen there is found (canary)', () => {
    expect(panelOf({ name: 'school', order: 1, panel: 'app' })).toBeUndefined();
  });
});
