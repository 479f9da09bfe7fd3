import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest } from '@/lib/feature-manifest';
import { optionalInt, optionalText } from '@/lib/search-params';
import { validateEditSearch } from './lib/edit-search';

/** The tiles: edit mode, the embedded app page and the editor's dialogs (decision 089). */
export const tilesManifest = {
  routes: [
    {
      path: '/edit',
      staticData: { name: 'edit', access: 'loggedIn' },
      validateSearch: validateEditSearch,
      component: lazyRouteComponent(() => import('./components/edit-page'), 'EditPage'),
    },
  ],
  bareRoutes: [
    {
      path: '/app',
      staticData: { name: 'iframeApp', access: 'loggedIn' },
      validateSearch: (search: Record<string, unknown>): { title?: string; id?: number } => ({
        title: optionalText(search.title),
        id: optionalInt(search.id),
      }),
      component: lazyRouteComponent(() => import('./components/iframe-app-page'), 'IframeAppPage'),
    },
  ],
  dialogs: {
    'add-apps': { role: 'student' },
    'create-app': { role: 'student' },
    'edit-app': { role: 'student' },
    'color-picker': { role: 'student' },
    'icon-picker': { role: 'student' },
    'group-change': { role: 'teacher' },
    filter: { role: 'student' },
    'group-selection': { role: 'teacher' },
  },
} as const satisfies FeatureManifest;
