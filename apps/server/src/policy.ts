import type { FeatureName, Role } from '@aula/contracts';
import { MODULE_MANIFESTS } from './modules/manifests.ts';

/**
 * Who may call which route, on whose objects (SECURITY.md "Access"). Every /api route must have a row, in its
 * module's manifest (decision 090) or the platform's below; the server refuses to start otherwise, and
 * policy.int.test.ts walks every route with every role.
 * - access: 'public' (visitors too) or the least role needed (spec 6, cumulative).
 * - objects: whose data the route reaches; the service enforces it, the policy test probes it.
 *   'none': no school's data at all (answered without resolving the school or the session); 'self': only the caller's own; 'visible-tile': a tile the caller may
 *   see by spec 3.1 in the caller's school; 'school': the caller's school as a whole; 'managed-user': a user
 *   of the caller's school whom the caller may manage (SECURITY.md "Access"); 'sick-notice': a notice the
 *   caller may see (decision 062: pupils their own, teachers their groups' pupils' and their own, admins all);
 *   'camera-person': a person whose pictures the caller may see (decision 063: themself, a teacher the
 *   pupils of their groups, admins everyone); 'video-room': a room of the caller's school the caller is a
 *   member of (decision 067: owner, people, the room's groups; admins every room), or one named by its
 *   public code; 'chat-room': a chat room of the caller's school the caller is a member of (decision 072:
 *   people added one by one and the members of the room's groups; admins too only as members).
 */
export type Access = 'public' | Exclude<Role, 'logged_out'>;
export type ObjectScope =
  | 'none'
  | 'self'
  | 'visible-tile'
  | 'school'
  | 'managed-user'
  | 'sick-notice'
  | 'camera-person'
  | 'video-room'
  | 'chat-room';

export interface RoutePolicy {
  access: Access;
  objects: ObjectScope;
  /** State-changing routes that a cross-site party must be able to call (only the SAML ACS). */
  csrfExempt?: true;
  /**
   * A GET with a side effect that must not be started cross-site (decision 067: a room join may start the
   * meeting): it needs the custom header too, which a link, an image or a form cannot send.
   */
  csrfOnGet?: true;
  /**
   * The route needs a live session, not who its user is (decision 052): the guard reads the session and
   * its user's blocked flag only, and `req.user` stays null. Only for `student` access (any signed-in
   * user) on a route allowed during a forced step, which both need no more; a test holds both.
   */
  sessionOnly?: true;
  /**
   * What the route does while a superadmin impersonates (decision 081, SECURITY.md "Impersonation"):
   * 'refused' for what the superadmin must not do in the user's name: anything others would take as the
   * user's own words or acts (a chat post, a sick notice, a photo, a video join, a seen marker) and the
   * user's own secrets (password, 2FA, e-mail, the export); the request guard answers 403
   * `auth.not_while_impersonating` before the handler runs. 'allowed' for a state change decided harmless
   * (nobody sees it as the user's act). Reads need no entry. A test holds that every state-changing route
   * of the areas where people act for others to see (chat, sick notices, camera, video rooms, admin
   * messages) has one of the two. Push refuses in its own module with `push.impersonating` (decision 073).
   */
  whileImpersonating?: 'refused' | 'allowed';
  /**
   * The feature the route belongs to (decision 085): the request guard answers 404 while the school has it
   * switched off, for everyone, after the body is validated. Every route under a FEATURE_AREAS prefix has
   * its area's; a test holds it.
   */
  feature?: FeatureName;
}

/** The platform's own routes (app.ts): the OpenAPI document and its viewer. */
const PLATFORM_POLICY: Record<string, RoutePolicy> = {
  'GET /api/openapi.json': { access: 'public', objects: 'none' },
  'GET /api/docs': { access: 'public', objects: 'none' },
  // the OpenAPI viewer's own pages and static files
  'GET /api/docs/*': { access: 'public', objects: 'none' },
};

/** Every row: each module's from its manifest (modules/manifests.ts, decision 090), then the platform's. */
export const POLICY: Record<string, RoutePolicy> = Object.assign(
  {},
  ...MODULE_MANIFESTS.map((m) => m.policy ?? {}),
  PLATFORM_POLICY,
);

/**
 * What a signed-in user may still call while a forced step is pending (spec 4.2: a password someone else
 * gave, two-factor for teachers, the terms): doing the step, the page's frame and texts, signing in and out.
 * Everything else answers 403 with the step's code (request-guard.ts); routes with objects 'none' never
 * look at the session.
 */
export const DURING_FORCED_STEP: ReadonlySet<string> = new Set([
  'POST /api/login',
  'POST /api/login/refresh',
  'POST /api/logout',
  'POST /api/login/oidc',
  'POST /api/apps/moin/callback',
  'GET /api/apps/moin',
  'POST /api/login/saml',
  'POST /api/login/saml/complete',
  'POST /api/login/saml/acs',
  'GET /api/login/saml/metadata',
  'POST /api/v2/account/reset-code',
  'POST /api/v2/account/reset-code/check',
  'POST /api/v2/account/reset-code/reset',
  'GET /api/self',
  'PATCH /api/self/settings',
  'GET /api/perms',
  'POST /api/users/alive',
  'DELETE /api/users/impersonate',
  'POST /api/v2/password_changes',
  'POST /api/self/site-policy',
  'GET /api/totp/code',
  'POST /api/totp/code/verify',
  'GET /api/login/reauth',
  'POST /api/config/key',
  'GET /api/config/key/:key/:lang',
  'GET /api/config/banner',
  'GET /api/config/login-bg',
  'GET /api/config/login-bg/image',
  'GET /api/config/logo',
  'GET /api/config/logo/image',
  'GET /api/config/school',
]);

export function policyKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The row of a route: its exact key, or a row ending in `/*` that covers everything below it. */
export function policyFor(method: string, url: string): RoutePolicy | undefined {
  const key = policyKey(method, url);
  const exact = POLICY[key];
  if (exact) return exact;
  const prefix = Object.keys(POLICY).find((k) => k.endsWith('/*') && key.startsWith(k.slice(0, -1)));
  return prefix ? POLICY[prefix] : undefined;
}

/**
 * Rows that misuse `sessionOnly` (decision 052): a session-only route leaves `req.user` null, so it may only
 * need "any signed-in user" (`student`) and must be allowed during a forced step (the step check reads the user).
 */
export function sessionOnlyMisuse(
  policy: Record<string, RoutePolicy> = POLICY,
  duringForcedStep: ReadonlySet<string> = DURING_FORCED_STEP,
): string[] {
  return Object.entries(policy)
    .filter(([key, row]) => row.sessionOnly && (row.access !== 'student' || !duringForcedStep.has(key)))
    .map(([key]) => key);
}

/**
 * The areas where a user acts for others to see (decision 081): chat, sick notices, camera pictures, video
 * rooms, admin messages. Every state-changing route under these prefixes must say what it does while
 * impersonating.
 */
export const ACTING_AREAS = ['/api/matrix', '/api/sick', '/api/camera', '/api/bbb', '/api/messages'];

/** Whether a route changes state: every method but GET, and a GET with a side effect (`csrfOnGet`). */
export function changesState(key: string, row: RoutePolicy): boolean {
  return !key.startsWith('GET ') || row.csrfOnGet === true;
}

/** State-changing rows of the acting areas without a decision for impersonation (decision 081). */
export function impersonationUndecided(policy: Record<string, RoutePolicy> = POLICY): string[] {
  return Object.entries(policy)
    .filter(([key, row]) => {
      const path = key.slice(key.indexOf(' ') + 1);
      const inArea = ACTING_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
      return inArea && changesState(key, row) && row.whileImpersonating === undefined;
    })
    .map(([key]) => key);
}
