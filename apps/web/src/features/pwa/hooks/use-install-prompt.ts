import { useSyncExternalStore } from 'react';
import { getInstallState, promptInstall, subscribeInstallState, type InstallState } from '../install-prompt';

const SERVER_STATE: InstallState = { canInstall: false, installed: false, platform: 'desktop' };

/** The install state (prompt available, already installed, platform) and the prompt itself. */
export function useInstallPrompt() {
  const state = useSyncExternalStore(subscribeInstallState, getInstallState, () => SERVER_STATE);
  return { ...state, promptInstall };
}
