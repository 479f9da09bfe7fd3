import { describe, expect, it } from 'vitest';
import { BUILT_FEATURES } from '@aula/contracts';
import { DASHBOARD_TABS, isDashboardTab, visibleDashboardTabs } from './dashboard-tabs';

describe('the dashboard tabs (spec 2.3)', () => {
  it('an admin sees every tab but the identity import, a superadmin every tab', () => {
    expect(visibleDashboardTabs(false)).toEqual(DASHBOARD_TABS.filter((tab) => tab !== 'cim'));
    expect(visibleDashboardTabs(true)).toEqual([...DASHBOARD_TABS]);
  });

  it('the push tab is there because push is built (issue 23)', () => {
    expect(BUILT_FEATURES).toContain('push');
    expect(visibleDashboardTabs(false)).toContain('push');
    expect(isDashboardTab('push')).toBe(true);
  });

  it('a tab of a feature that is not built is neither offered nor an address', () => {
    const built = BUILT_FEATURES.filter((feature) => feature !== 'push');
    expect(visibleDashboardTabs(true, built)).not.toContain('push');
    expect(isDashboardTab('push', built)).toBe(false);
    expect(isDashboardTab('video', built)).toBe(true);
  });

  it('an unknown name is no tab', () => {
    expect(isDashboardTab('firebase')).toBe(false);
  });
});
