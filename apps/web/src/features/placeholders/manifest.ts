import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest } from '@/lib/feature-manifest';

/**
 * What stands in until its issue builds it (docs/decisions/020-dialogs.md): the remote desktop's page and
 * three dialogs (decision 089).
 */
export const placeholdersManifest = {
  routes: [
    {
      path: '/guacamole',
      staticData: { name: 'guacamole', access: 'loggedIn' },
      component: lazyRouteComponent(() => import('./components/coming-soon-page'), 'ComingSoonPage'),
    },
  ],
  dialogs: {
    terms: { role: 'logged_out' },
    totp: { role: 'logged_out' },
    calendar: { role: 'student' },
  },
} as const satisfies FeatureManifest;
