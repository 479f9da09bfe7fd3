// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../perms.ts.

/** spec 3.6: the feature list, entries with a name. */
export const FEATURE_NAMES = ['chat', 'bbb', 'sick', 'camera', 'guacamole', 'push'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
/** Chat, remote desktop and push need outside services a school must configure first. */
export const DEFAULT_FEATURES: readonly FeatureName[] = ['bbb', 'sick', 'camera'];
