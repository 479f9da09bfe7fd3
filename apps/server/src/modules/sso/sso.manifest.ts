// What sso contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { logoutRoutes } from './sso-logout.routes.ts';
import { ssoRoutes } from './sso.routes.ts';
import { ssoDiagnostics } from './sso.contributors.ts';

export const ssoManifest: ModuleManifest = {
  name: 'sso',
  routes: [logoutRoutes, ssoRoutes],
  policy: {
    'POST /api/logout': { access: 'public', objects: 'self' },
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
  },
  diagnostics: ssoDiagnostics,
  notPersonalTables: {
    sso_requests:
      'sign-ins at the identity provider in flight, without a user (hashes, nonce, verifier; a checked SAML identity until claimed, at most two minutes)',
    saml_assertions: 'ids of SAML assertions already accepted (replay protection), without a user',
    sso_sessions:
      "the provider's sign-out handle of a live session (the ID token, a secret kept sealed; the NameID, which the exported external identities hold), deleted when the session signs out, and by a clean-up once it has ended otherwise or expired",
    saml_sp_keys: "the school's own SAML signing key pair, without a user",
  },
  secretPurposes: ['oidc-secret', 'sso-seal'],
  auditActions: ['login.sso_failed', 'sso.link', 'sso.logout', 'sso.logout_failed'],
};
