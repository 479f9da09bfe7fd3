import { lazy } from 'react';

export { registerServiceWorker } from './register-sw';
export { usePwaUpdate } from './hooks/use-pwa-update';
export { usePwaUpdateToast } from './hooks/use-pwa-update-toast';
export { useInstallPrompt } from './hooks/use-install-prompt';
export type { InstallPlatform, InstallState } from './install-prompt';

// Loaded on first render: main.tsx imports this file, and the dialog must stay out of the start-up chunks.
export const InstallDialog = lazy(() => import('./components/install-dialog'));
