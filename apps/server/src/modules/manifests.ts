// Every server module's manifest (core/module-manifest.ts, decision 090), in registration order: app.ts
// registers their routes under /api in this order, and the policy table, the jobs, the domain events, the data
// export and the diagnostics read this one list. A module folder missing here fails manifests.test.ts.
import { withOptions, type ModuleManifest } from '../core/module-manifest.ts';
import { appsRoutes } from './apps/apps.routes.ts';
import { bumpLayoutsHoldingApp } from './layout/layout-version.service.ts';
import { statusManifest } from './status/status.manifest.ts';
import { authManifest } from './auth/auth.manifest.ts';
import { ssoManifest } from './sso/sso.manifest.ts';
import { usersManifest } from './users/users.manifest.ts';
import { accountManifest } from './account/account.manifest.ts';
import { groupsManifest } from './groups/groups.manifest.ts';
import { layoutManifest } from './layout/layout.manifest.ts';
import { appsManifest } from './apps/apps.manifest.ts';
import { configManifest } from './config/config.manifest.ts';
import { mailManifest } from './mail/mail.manifest.ts';
import { totpManifest } from './totp/totp.manifest.ts';
import { userAdminManifest } from './user-admin/user-admin.manifest.ts';
import { dataExportManifest } from './data-export/data-export.manifest.ts';
import { cimManifest } from './cim/cim.manifest.ts';
import { messagesManifest } from './messages/messages.manifest.ts';
import { sickManifest } from './sick/sick.manifest.ts';
import { brandingManifest } from './branding/branding.manifest.ts';
import { cameraManifest } from './camera/camera.manifest.ts';
import { bbbManifest } from './bbb/bbb.manifest.ts';
import { chatManifest } from './chat/chat.manifest.ts';
import { eventsManifest } from './events/events.manifest.ts';
import { pushManifest } from './push/push.manifest.ts';
import { auditManifest } from './audit/audit.manifest.ts';
import { filesManifest } from './files/files.manifest.ts';
import { schoolsManifest } from './schools/schools.manifest.ts';

/**
 * The tiles' routes are given layout's rule for a tile about to be deleted (the layouts holding it get a new
 * version): wired here, above both, as apps imports no layout (decision 083).
 */
const appsWired: ModuleManifest = {
  ...appsManifest,
  routes: [withOptions(appsRoutes, { beforeTileDelete: bumpLayoutsHoldingApp })],
};

export const MODULE_MANIFESTS: readonly ModuleManifest[] = [
  statusManifest,
  authManifest,
  ssoManifest,
  usersManifest,
  accountManifest,
  groupsManifest,
  layoutManifest,
  appsWired,
  configManifest,
  mailManifest,
  totpManifest,
  userAdminManifest,
  dataExportManifest,
  cimManifest,
  messagesManifest,
  sickManifest,
  brandingManifest,
  cameraManifest,
  bbbManifest,
  chatManifest,
  eventsManifest,
  pushManifest,
  auditManifest,
  filesManifest,
  schoolsManifest,
];

/** Tables that hold nothing about a person, each module's; the export test fails on a table in no list at all. */
export const NOT_PERSONAL_TABLES: Readonly<Record<string, string>> = Object.assign(
  {},
  ...MODULE_MANIFESTS.map((m) => m.notPersonalTables ?? {}),
);
