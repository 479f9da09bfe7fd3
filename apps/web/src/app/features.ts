// The one list of what the features contribute (decision 089): the router, the dialog registry and the
// dashboard read it. A feature left out here loses its pages and dialogs; app/features.test.ts checks both.
// The order is the route table's. Each dialog's code is the feature's dialog-code.ts (dialogs/dialog-components.ts).
import { accountManifest } from '@/features/account/manifest';
import { authManifest } from '@/features/auth/manifest';
import { bbbManifest } from '@/features/bbb/manifest';
import { cameraManifest } from '@/features/camera/manifest';
import { chatManifest } from '@/features/chat/manifest';
import { generalManifest } from '@/features/general/manifest';
import { impersonationManifest } from '@/features/impersonation/manifest';
import { placeholdersManifest } from '@/features/placeholders/manifest';
import { pushManifest } from '@/features/push/manifest';
import { pwaManifest } from '@/features/pwa/manifest';
import { settingsManifest } from '@/features/settings/manifest';
import { sickManifest } from '@/features/sick/manifest';
import { tilesManifest } from '@/features/tiles/manifest';
import { userManagerManifest } from '@/features/user-manager/manifest';

export const FEATURE_MANIFESTS = [
  tilesManifest,
  authManifest,
  sickManifest,
  cameraManifest,
  bbbManifest,
  chatManifest,
  placeholdersManifest,
  accountManifest,
  userManagerManifest,
  settingsManifest,
  generalManifest,
  impersonationManifest,
  pwaManifest,
  pushManifest,
] as const;
