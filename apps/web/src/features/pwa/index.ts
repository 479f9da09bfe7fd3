export { registerServiceWorker } from './register-sw';
export { usePwaUpdate } from './hooks/use-pwa-update';
export { usePwaUpdateToast } from './hooks/use-pwa-update-toast';
export { useInstallPrompt } from './hooks/use-install-prompt';
export type { InstallPlatform, InstallState } from './install-prompt';
