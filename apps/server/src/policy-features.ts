// Which routes belong to a switchable feature (decision 085): the policy row names it, the request guard answers
// 404 while it is off, and policy-features.test.ts holds every row of a feature's paths to its feature.
import type { FeatureName } from '@aula/contracts';
import { POLICY, type RoutePolicy } from './policy.ts';

/**
 * The routes of each switchable feature (decision 085), by path prefix: while the school has the feature off
 * they answer 404. Push is not here: its routes stay and answer `push.not_configured` (decision 073).
 */
export const FEATURE_AREAS: Readonly<Partial<Record<FeatureName, readonly string[]>>> = {
  chat: ['/api/matrix'],
  bbb: ['/api/bbb'],
  sick: ['/api/sick', '/api/students', '/api/student'],
  camera: ['/api/camera'],
};

/** The feature a route's path belongs to by FEATURE_AREAS, or undefined. */
export function areaFeature(key: string): FeatureName | undefined {
  const path = key.slice(key.indexOf(' ') + 1);
  const areas = Object.entries(FEATURE_AREAS) as [FeatureName, readonly string[]][];
  return areas.find(([, prefixes]) => prefixes.some((p) => path === p || path.startsWith(`${p}/`)))?.[0];
}

/** Rows whose `feature` is not their area's: missing under a feature's prefix, or named outside of it. */
export function featureMismatch(policy: Record<string, RoutePolicy> = POLICY): string[] {
  return Object.entries(policy)
    .filter(([key, row]) => row.feature !== areaFeature(key))
    .map(([key]) => key);
}
