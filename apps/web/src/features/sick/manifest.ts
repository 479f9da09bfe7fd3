import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest } from '@/lib/feature-manifest';
import { validateSickSearch } from './lib/sick-search-params';

/** The sick notices (decision 066): the list page and the report dialog (decision 089). */
export const sickManifest = {
  routes: [
    // the filters live in the address, so a reload or a shared link keeps them
    {
      path: '/app/sick',
      staticData: { name: 'sick', access: 'loggedIn' },
      validateSearch: validateSickSearch,
      component: lazyRouteComponent(() => import('./components/sick-list-page'), 'SickListPage'),
    },
  ],
  dialogs: {
    sick: { role: 'student' },
  },
} as const satisfies FeatureManifest;
