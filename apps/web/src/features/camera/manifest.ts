import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest } from '@/lib/feature-manifest';

/** spec 1, 2.2: the camera overview, the capture page and the picture view (issue 20, decision 089). */
export const cameraManifest = {
  routes: [
    {
      path: '/app/camera',
      staticData: { name: 'camera', access: 'loggedIn' },
      component: lazyRouteComponent(() => import('./components/camera-overview-page'), 'CameraOverviewPage'),
    },
    {
      path: '/app/camera/$laraId/new',
      staticData: { name: 'cameraNew', access: 'loggedIn' },
      component: lazyRouteComponent(() => import('./components/camera-capture-page'), 'CameraCapturePage'),
    },
    {
      path: '/app/camera/$laraId',
      staticData: { name: 'cameraView', access: 'loggedIn' },
      component: lazyRouteComponent(() => import('./components/camera-view-page'), 'CameraViewPage'),
    },
  ],
} as const satisfies FeatureManifest;
