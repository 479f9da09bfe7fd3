import type { UserInfo } from '@aula/contracts';
import type { FeatureManifest } from '@/lib/feature-manifest';

/** Impersonation: starting and stopping it (decision 089). */
export const impersonationManifest = {
  dialogs: {
    // spec 2.6, 6: superadmins start it; whoever is impersonating sees it to stop
    impersonate: { role: 'superadmin', alsoFor: (self: UserInfo) => self.impersonator !== null },
    'reenter-password': { role: 'student' },
  },
} as const satisfies FeatureManifest;
