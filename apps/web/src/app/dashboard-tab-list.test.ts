import { describe, expect, it } from 'vitest';
import { BUILT_FEATURES } from '@aula/contracts';
import { visibleDashboardTabs } from './dashboard-tab-list';
import { DASHBOARD_TABS } from './dashboard-tabs';

describe('the dashboard tabs offered (spec 2.3)', () => {
  it('an admin sees every tab but the identity import, a superadmin every tab', () => {
    expect(visibleDashboardTabs(false)).toEqual(DASHBOARD_TABS.filter((tab) => tab !== 'cim'));
    expect(visibleDashboardTabs(true)).toEqual([...DASHBOARD_TABS]);
  });

  it('the push tab is offered because push is built (issue 23)', () => {
    expect(BUILT_FEATURES).toContain('push');
    expect(visibleDashboardTabs(false)).toContain('push');
  });

  it('a tab of a feature that is not built is not offered', () => {
    const built = BUILT_FEATURES.filter((feature) => feature !== 'push');
    expect(visibleDashboardTabs(true, built)).not.toContain('push');
    expect(visibleDashboardTabs(true, built)).toContain('video');
  });
});
