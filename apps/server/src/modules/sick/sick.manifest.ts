// What sick contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { sickRoutes } from './sick.routes.ts';
import { sickRetentionJob } from './sick.jobs.ts';

export const sickManifest: ModuleManifest = {
  name: 'sick',
  routes: [sickRoutes],
  policy: {
    // sick notices (decision 062): everyone reports and reads what they may see; teachers and admins process
    'GET /api/sick': { access: 'student', objects: 'sick-notice', feature: 'sick' },
    'POST /api/sick': { access: 'student', objects: 'sick-notice', feature: 'sick', ...OWN_ACT },
    'GET /api/sick/count': { access: 'student', objects: 'sick-notice', feature: 'sick' },
    'GET /api/sick/:id': { access: 'student', objects: 'sick-notice', feature: 'sick' },
    'GET /api/sick/:id/photo': { access: 'student', objects: 'sick-notice', feature: 'sick' },
    'PATCH /api/sick/:id': { access: 'teacher', objects: 'sick-notice', feature: 'sick', ...OWN_ACT },
    // the pupils a teacher may report for: their groups' pupils; admins every pupil
    'GET /api/students': { access: 'teacher', objects: 'managed-user', feature: 'sick' },
    'GET /api/student/:id': { access: 'teacher', objects: 'managed-user', feature: 'sick' },
  },
  jobs: [sickRetentionJob],
  auditActions: [
    'sick.report',
    'sick.list',
    'sick.read',
    'sick.student_read',
    'sick.photo_read',
    'sick.process',
    'sick.unprocess',
    'sick.retention_delete',
  ],
};
