// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../perms.ts.

/** spec 3.6: the feature list, entries with a name. */
export const FEATURE_NAMES = ['chat', 'bbb', 'sick', 'camera', 'guacamole', 'push'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
/** Remote desktop and push need outside services a school must configure first; the chat is built in (decision 070). */
export const DEFAULT_FEATURES: readonly FeatureName[] = ['chat', 'bbb', 'sick', 'camera'];
/**
 * The features whose apps and settings exist in this build (issue 19 item 4, decision 060): a setting or control
 * of another feature stays hidden. Each issue that builds a feature adds it here.
 */
export const BUILT_FEATURES: readonly FeatureName[] = ['sick', 'camera', 'bbb', 'chat', 'push'];

export function isFeatureBuilt(feature: FeatureName): boolean {
  return BUILT_FEATURES.includes(feature);
}
