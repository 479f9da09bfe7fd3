import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest, RouteMeta } from '@/lib/feature-manifest';

// lazy: a visitor who never uses the school's identity provider does not load its pages (first-paint budget)
const ssoPages = () => import('./components/sso-pages');

/** spec 2.1 /sso, /login/moin, /oidc/callback, and /saml/callback: the school's identity provider (decisions 038, 040). */
function ssoPage<const TPath extends string>(
  path: TPath,
  name: RouteMeta['name'],
  page: 'SsoRedirectPage' | 'OidcCallbackPage' | 'SamlCallbackPage',
) {
  return {
    path,
    // a callback opened by "Sign in again at …" counts as a visitor's (completesSsoSignIn, decision 079)
    staticData: { name, access: 'loggedOut', publicWithoutLogin: true },
    component: lazyRouteComponent(ssoPages, page),
  } as const;
}

/**
 * Signing in and out: the terms page, the identity provider's pages and the sign-out dialogs (decision 089).
 * The login page itself is app/router.tsx's, which adds the video rooms' room-code field to it.
 */
export const authManifest = {
  routes: [
    {
      path: '/terms',
      staticData: { name: 'terms', access: 'loggedIn' },
      component: lazyRouteComponent(() => import('./components/terms-page'), 'TermsPage'),
    },
    ssoPage('/sso', 'sso', 'SsoRedirectPage'),
    ssoPage('/login/moin', 'moinLogin', 'SsoRedirectPage'),
    ssoPage('/oidc/callback', 'moinCallback', 'OidcCallbackPage'),
    ssoPage('/saml/callback', 'samlCallback', 'SamlCallbackPage'),
  ],
  dialogs: {
    logout: { role: 'student' },
    'after-logout': { role: 'logged_out' },
  },
} as const satisfies FeatureManifest;
