// What camera contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { cameraRoutes } from './camera.routes.ts';
import { cameraExportContributor } from './camera.contributors.ts';

export const cameraManifest: ModuleManifest = {
  name: 'camera',
  routes: [cameraRoutes],
  policy: {
    // camera pictures (decision 063): each person's own, their teachers' and admins'; the service checks who
    'GET /api/camera': { access: 'student', objects: 'camera-person', feature: 'camera' },
    'GET /api/camera/:laraId': { access: 'student', objects: 'camera-person', feature: 'camera' },
    'POST /api/camera/:laraId': {
      access: 'student',
      objects: 'camera-person',
      feature: 'camera',
      ...OWN_ACT,
    },
    'GET /api/camera/pictures/:id': { access: 'student', objects: 'camera-person', feature: 'camera' },
    'DELETE /api/camera/pictures/:id': {
      access: 'student',
      objects: 'camera-person',
      feature: 'camera',
      ...OWN_ACT,
    },
  },
  exportContributors: [cameraExportContributor],
  auditActions: ['camera.upload', 'camera.delete'],
};
