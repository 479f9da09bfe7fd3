// `use-sync-external-store/shim` (react-i18next, TanStack's store) for React 19, which has the hook: the
// package answers React's own useSyncExternalStore there too, and its copy for React 17 is dead code on the
// start path (vite.config.ts aliases the package's shim to this module).
export { useSyncExternalStore } from 'react';
