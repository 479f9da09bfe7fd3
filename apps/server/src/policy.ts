import type { FeatureName, Role } from '@aula/contracts';

/**
 * Who may call which route, on whose objects (SECURITY.md "Access"). Every /api route must have a row;
 * the server refuses to start otherwise, and policy.int.test.ts walks every route with every role.
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

/** Shorthand for the rows below: refused while impersonating (decision 081). */
const OWN_ACT = { whileImpersonating: 'refused' } as const;
/** Shorthand for the rows below: a state change allowed while impersonating, decided (decision 081). */
const NOT_AN_ACT = { whileImpersonating: 'allowed' } as const;

export const POLICY: Record<string, RoutePolicy> = {
  'GET /api/health': { access: 'public', objects: 'none' },
  'POST /api/login': { access: 'public', objects: 'school' },
  'POST /api/login/refresh': { access: 'public', objects: 'self' },
  'POST /api/logout': { access: 'public', objects: 'self' },
  'POST /api/login/reauth': { access: 'student', objects: 'self', ...OWN_ACT },
  'GET /api/login/reauth': { access: 'student', objects: 'self' },
  // the school's identity provider (decision 038): visitors start and complete; admins configure
  'GET /api/apps/moin': { access: 'public', objects: 'school' },
  'POST /api/login/oidc': { access: 'public', objects: 'school' },
  'POST /api/apps/moin/callback': { access: 'public', objects: 'school' },
  'GET /api/config/oidc': { access: 'admin', objects: 'school' },
  'PUT /api/config/oidc': { access: 'admin', objects: 'school' },
  // SAML (decision 040): the ACS is posted to cross-site by the provider's page; signature, audience, time,
  // InResponseTo and unused assertion ids guard it, and it signs nobody in by itself
  'POST /api/login/saml': { access: 'public', objects: 'school' },
  'GET /api/login/saml/metadata': { access: 'public', objects: 'school' },
  'POST /api/login/saml/acs': { access: 'public', objects: 'school', csrfExempt: true },
  // single logout: the provider's LogoutResponse arrives as a top-level GET (decision 042)
  'GET /api/login/saml/slo': { access: 'public', objects: 'school' },
  'POST /api/login/saml/complete': { access: 'public', objects: 'school' },
  'GET /api/config/saml': { access: 'admin', objects: 'school' },
  'PUT /api/config/saml': { access: 'admin', objects: 'school' },
  // reset codes: anyone may ask; the answer never tells a known account from an unknown one
  'POST /api/v2/account/reset-code': { access: 'public', objects: 'school' },
  'POST /api/v2/account/reset-code/check': { access: 'public', objects: 'school' },
  'POST /api/v2/account/reset-code/reset': { access: 'public', objects: 'school' },
  'POST /api/v2/password_changes': { access: 'student', objects: 'self', ...OWN_ACT },
  'PUT /api/self/secondary-email': { access: 'student', objects: 'self', ...OWN_ACT },
  'POST /api/self/site-policy': { access: 'student', objects: 'self' },
  'GET /api/totp/code': { access: 'student', objects: 'self', ...OWN_ACT },
  'POST /api/totp/code/verify': { access: 'student', objects: 'self', ...OWN_ACT },
  'DELETE /api/totp/code': { access: 'student', objects: 'self', ...OWN_ACT },
  // teachers: students of their own groups; admins: everyone but superadmins (the service checks)
  'POST /api/users/:id/block': { access: 'teacher', objects: 'managed-user', ...OWN_ACT },
  'POST /api/users/:id/unlock': { access: 'teacher', objects: 'managed-user', ...OWN_ACT },
  'DELETE /api/users/:id/totp': { access: 'teacher', objects: 'managed-user', ...OWN_ACT },
  'POST /api/users/impersonate/:id': { access: 'superadmin', objects: 'managed-user' },
  // the impersonated session itself ends the impersonation, whatever that user's role
  'DELETE /api/users/impersonate': { access: 'student', objects: 'self' },
  'GET /api/users/data': { access: 'student', objects: 'self', ...OWN_ACT },
  'GET /api/mail/outbox': { access: 'admin', objects: 'school' },
  'GET /api/self': { access: 'student', objects: 'self' },
  'PATCH /api/self/settings': { access: 'student', objects: 'self' },
  // the caller's own permissions plus the school's feature list
  'GET /api/perms': { access: 'student', objects: 'school' },
  // the online ping every 15 s of every open tab (spec 3.6): the session, nothing more (decision 052)
  'POST /api/users/alive': { access: 'student', objects: 'self', sessionOnly: true },
  'GET /api/users/online': { access: 'student', objects: 'school' },
  'POST /api/statistics': { access: 'student', objects: 'school' },
  'GET /api/groups': { access: 'student', objects: 'school' },
  'GET /api/layout': { access: 'public', objects: 'visible-tile' },
  // personal: the caller's own; logged-in and logged-out: admins only (the service checks)
  'POST /api/layout': { access: 'student', objects: 'school' },
  'DELETE /api/layout': { access: 'student', objects: 'self' },
  'PATCH /api/layout/:id/new': { access: 'student', objects: 'visible-tile' },
  'GET /api/apps/types': { access: 'student', objects: 'school' },
  'POST /api/apps': { access: 'student', objects: 'school' },
  'GET /api/apps/:id': { access: 'public', objects: 'visible-tile' },
  // edit, delete and translate: the creator and the school's admins (the service checks)
  'PUT /api/apps/:id': { access: 'student', objects: 'visible-tile' },
  'DELETE /api/apps/:id': { access: 'student', objects: 'visible-tile' },
  'POST /api/apps/:id/translation': { access: 'student', objects: 'visible-tile' },
  'GET /api/apps/:id/icon': { access: 'public', objects: 'visible-tile' },
  'GET /api/apps/:id/download': { access: 'public', objects: 'visible-tile' },
  'POST /api/config/key': { access: 'public', objects: 'school' },
  // user manager (spec 2.6): teachers see and change students of their own groups, admins everyone but
  // superadmins; creating users is for admins, giving roles or groups too (the service checks)
  'GET /api/v2/users': { access: 'teacher', objects: 'managed-user' },
  'GET /api/v2/users/:id': { access: 'teacher', objects: 'managed-user' },
  'POST /api/v2/users': { access: 'admin', objects: 'school' },
  'PUT /api/v2/users/:id': { access: 'teacher', objects: 'managed-user' },
  // an account's password set by the manager (user-search password-reset): a managed user's only
  'POST /api/v2/accounts': { access: 'teacher', objects: 'managed-user' },
  // display names of users by id (chat, messages, logs); a bounded list, the caller's school only
  'POST /api/nameinfo': { access: 'student', objects: 'school' },
  'GET /api/groups/:group': { access: 'teacher', objects: 'school' },
  'POST /api/groups': { access: 'admin', objects: 'school' },
  'GET /api/config/roleGroups': { access: 'admin', objects: 'school' },
  'POST /api/config/roleGroups': { access: 'admin', objects: 'school' },
  // identity import (the cim tab): superadmins only, spec 2.3
  'POST /api/cim/import': { access: 'superadmin', objects: 'school' },
  // admin messages (spec 7.3): the caller's unseen ones; the rest is the messages tab of the dashboard
  'GET /api/messages/admin': { access: 'student', objects: 'self' },
  'POST /api/messages/admin/:id/seen': { access: 'student', objects: 'self', ...OWN_ACT },
  'GET /api/messages/admin/all': { access: 'admin', objects: 'school' },
  'GET /api/messages/admin/:id': { access: 'admin', objects: 'school' },
  'POST /api/messages/admin': { access: 'admin', objects: 'school', ...OWN_ACT },
  'PUT /api/messages/admin/:id': { access: 'admin', objects: 'school', ...OWN_ACT },
  'DELETE /api/messages/admin/:id': { access: 'admin', objects: 'school', ...OWN_ACT },
  // sick notices (decision 062): everyone reports and reads what they may see; teachers and admins process
  'GET /api/sick': { access: 'student', objects: 'sick-notice', feature: 'sick' },
  'POST /api/sick': { access: 'student', objects: 'sick-notice', feature: 'sick', ...OWN_ACT },
  'GET /api/sick/count': { access: 'student', objects: 'sick-notice', feature: 'sick' },
  'GET /api/sick/:id': { access: 'student', objects: 'sick-notice', feature: 'sick' },
  'GET /api/sick/:id/photo': { access: 'student', objects: 'sick-notice', feature: 'sick' },
  'PATCH /api/sick/:id': { access: 'teacher', objects: 'sick-notice', feature: 'sick', ...OWN_ACT },
  // the pupils a teacher may report for: their groups' pupils; admins every pupil
  'GET /api/students': { access: 'teacher', objects: 'managed-user', feature: 'sick' },
  'GET /api/student/:id': { access: 'teacher', objects: 'managed-user', feature: 'sick' },
  // settings and texts (dashboard tabs settings, imprint, terms, help); texts are read by everyone
  'GET /api/config/settings': { access: 'admin', objects: 'school' },
  'POST /api/config/key/:key': { access: 'admin', objects: 'school' },
  'GET /api/config/key/:key/:lang': { access: 'public', objects: 'school' },
  'POST /api/translation/:key': { access: 'admin', objects: 'school' },
  // branding: banner, login background and logo are shown to visitors too
  'GET /api/config/banner': { access: 'public', objects: 'school' },
  'POST /api/config/banner': { access: 'admin', objects: 'school' },
  'GET /api/config/login-bg': { access: 'public', objects: 'school' },
  'POST /api/config/login-bg': { access: 'admin', objects: 'school' },
  'GET /api/config/logo': { access: 'public', objects: 'school' },
  'GET /api/config/logo/image': { access: 'public', objects: 'school' },
  'GET /api/config/login-bg/image': { access: 'public', objects: 'school' },
  'POST /api/config/logo': { access: 'admin', objects: 'school' },
  // the school's identity (decision 059): the login page and the installed app's name need it before sign-in
  'GET /api/config/school': { access: 'public', objects: 'school' },
  'POST /api/config/school': { access: 'admin', objects: 'school' },
  // diagnostics (dashboard tabs status, statistics, logs, debug): aggregated, admins only
  'GET /api/status': { access: 'admin', objects: 'school' },
  'GET /api/statistics': { access: 'admin', objects: 'school' },
  'GET /api/logs': { access: 'admin', objects: 'school' },
  'GET /api/logs/full': { access: 'admin', objects: 'school' },
  'GET /api/errors': { access: 'admin', objects: 'school' },
  // camera pictures (decision 063): each person's own, their teachers' and admins'; the service checks who
  'GET /api/camera': { access: 'student', objects: 'camera-person', feature: 'camera' },
  'GET /api/camera/:laraId': { access: 'student', objects: 'camera-person', feature: 'camera' },
  'POST /api/camera/:laraId': { access: 'student', objects: 'camera-person', feature: 'camera', ...OWN_ACT },
  'GET /api/camera/pictures/:id': { access: 'student', objects: 'camera-person', feature: 'camera' },
  'DELETE /api/camera/pictures/:id': {
    access: 'student',
    objects: 'camera-person',
    feature: 'camera',
    ...OWN_ACT,
  },
  // video rooms (decision 067): members read and join; the owner and admins change (the service checks who);
  // a room code opens the room page and joins guests without login
  'GET /api/bbb': { access: 'student', objects: 'video-room', feature: 'bbb' },
  'POST /api/bbb': { access: 'student', objects: 'video-room', feature: 'bbb', ...OWN_ACT },
  'GET /api/bbb/people': { access: 'student', objects: 'school', feature: 'bbb' },
  'GET /api/bbb/:id': { access: 'public', objects: 'video-room', feature: 'bbb' },
  'PATCH /api/bbb/:id': { access: 'student', objects: 'video-room', feature: 'bbb', ...OWN_ACT },
  'DELETE /api/bbb/:id': { access: 'student', objects: 'video-room', feature: 'bbb', ...OWN_ACT },
  'GET /api/bbb/:id/join': {
    access: 'public',
    objects: 'video-room',
    feature: 'bbb',
    csrfOnGet: true,
    ...OWN_ACT,
  },
  // the chat (decisions 070, 072): everyone signed in; the service decides by membership and reach
  'GET /api/matrix/config': { access: 'student', objects: 'self', feature: 'chat' },
  'POST /api/matrix/login': { access: 'student', objects: 'self', feature: 'chat', ...NOT_AN_ACT },
  'GET /api/matrix/rooms': { access: 'student', objects: 'chat-room', feature: 'chat' },
  'POST /api/matrix/room': { access: 'teacher', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'POST /api/matrix/privateroom': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'POST /api/matrix/room/addUsers': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'POST /api/matrix/room/removeUsers': {
    access: 'student',
    objects: 'chat-room',
    feature: 'chat',
    ...OWN_ACT,
  },
  'POST /api/matrix/room/delete': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'POST /api/matrix/message/delete': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'GET /api/matrix/people': { access: 'student', objects: 'school', feature: 'chat' },
  'GET /api/matrix/file/:messageId': { access: 'student', objects: 'chat-room', feature: 'chat' },
  'GET /api/matrix/:roomId': { access: 'student', objects: 'chat-room', feature: 'chat' },
  'PATCH /api/matrix/:roomId': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'GET /api/matrix/:roomId/config': { access: 'student', objects: 'chat-room', feature: 'chat' },
  'POST /api/matrix/:roomId/config': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'GET /api/matrix/:roomId/messages': { access: 'student', objects: 'chat-room', feature: 'chat' },
  'POST /api/matrix/:roomId/messages': {
    access: 'student',
    objects: 'chat-room',
    feature: 'chat',
    ...OWN_ACT,
  },
  'POST /api/matrix/:roomId/upload': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'PUT /api/matrix/:roomId/messages/:messageId': {
    access: 'student',
    objects: 'chat-room',
    feature: 'chat',
    ...OWN_ACT,
  },
  'GET /api/matrix/:roomId/messages/:messageId/history': {
    access: 'student',
    objects: 'chat-room',
    feature: 'chat',
  },
  'POST /api/matrix/:roomId/seen': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
  'POST /api/matrix/:roomId/messages/:messageId/report': {
    access: 'student',
    objects: 'chat-room',
    feature: 'chat',
    ...OWN_ACT,
  },
  'POST /api/matrix/:roomId/messages/:messageId/report/dismiss': {
    access: 'student',
    objects: 'chat-room',
    feature: 'chat',
    ...OWN_ACT,
  },
  'GET /api/config/bbb': { access: 'admin', objects: 'school' },
  'PUT /api/config/bbb': { access: 'admin', objects: 'school' },
  'POST /api/config/bbb/test': { access: 'admin', objects: 'school' },
  // push (decision 073): the browser's part for everyone signed in, the contact and status for admins, the key
  // pair for superadmins; devices are the caller's own
  'GET /api/config/firebase': { access: 'student', objects: 'school' },
  'POST /api/config/firebase': { access: 'admin', objects: 'school' },
  'GET /api/config/firebase-backend': { access: 'admin', objects: 'school' },
  'POST /api/config/firebase-backend': { access: 'superadmin', objects: 'school' },
  'POST /api/users/firebase': { access: 'student', objects: 'self' },
  'DELETE /api/users/firebase': { access: 'student', objects: 'self' },
  'POST /api/users/firebase/test': { access: 'student', objects: 'self' },
  // the caller's own kinds and quiet hours
  'GET /api/users/firebase/settings': { access: 'student', objects: 'self' },
  'PUT /api/users/firebase/settings': { access: 'student', objects: 'self' },
  // the live event stream (decision 071): only the caller's own events and their school's
  'GET /api/events': { access: 'student', objects: 'self' },
  'GET /api/openapi.json': { access: 'public', objects: 'none' },
  'GET /api/docs': { access: 'public', objects: 'none' },
  // the OpenAPI viewer's own pages and static files
  'GET /api/docs/*': { access: 'public', objects: 'none' },
};

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
