// A real OpenID provider (oidc-provider, certified) on loopback for the sign-in tests: one client, the
// accounts given, PKCE required, and its development login and consent pages.
import Provider from 'oidc-provider';
import { createServer, type Server } from 'node:http';

export interface TestOidcAccount {
  sub: string;
  claims: Record<string, unknown>;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: {
  redirectUris: string[];
  /** where RP-initiated logout may send the browser back to (post_logout_redirect_uri) */
  postLogoutRedirectUris?: string[];
  /** false: a provider without an end_session_endpoint */
  endSession?: boolean;
  accounts: TestOidcAccount[];
  clientId?: string;
  clientSecret?: string;
  /** the client asks for auth_time in every ID token (OIDC Registration require_auth_time) */
  requireAuthTime?: boolean;
}): Promise<TestOidcProvider> {
  const clientId = opts.clientId ?? 'aula-portal';
  const clientSecret = opts.clientSecret ?? 'aula-portal-secret-0123456789';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        ...(opts.requireAuthTime ? { require_auth_time: true } : {}),
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'role'],
      groups: ['groups'],
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account.claims }) };
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: opts.endSession ?? true } },
    cookies: { keys: ['aula-test-oidc-cookie-key'] },
  });
  provider.proxy = false;
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's cookies of one browser, kept across sign-ins and sign-outs. */
export type CookieJar = Map<string, string>;

function keepCookies(jar: CookieJar, res: Response): void {
  for (const c of res.headers.getSetCookie()) {
    const [kv] = c.split(';');
    const eq = kv!.indexOf('=');
    jar.set(kv!.slice(0, eq), kv!.slice(eq + 1));
  }
}

const cookieHeader = (jar: CookieJar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * Walks the provider's pages as the browser holding `jar`: follows redirects until `done` says a target is
 * reached (returned without being followed), and answers each page with the form `answer` picks (a body:
 * POST; none: GET), failing on a page it cannot answer.
 */
async function walkProvider(
  start: string,
  jar: CookieJar,
  maxSteps: number,
  done: (next: URL) => boolean,
  answer: (html: string, url: string) => { url: string; body?: URLSearchParams } | undefined,
): Promise<URL> {
  let url = start;
  let body: URLSearchParams | undefined;
  for (let i = 0; i < maxSteps; i++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar) },
    });
    keepCookies(jar, res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (done(next)) return next;
      url = next.href;
      body = undefined;
      continue;
    }
    const html = await res.text();
    const step = answer(html, url);
    if (!step) throw new Error(`unexpected page ${res.status}: ${html.slice(0, 300)}`);
    ({ url, body } = step);
  }
  throw new Error('too many steps at the provider');
}

/**
 * A minimal browser for the provider's development pages: follows redirects, keeps the provider's
 * cookies (in `jar`, to go on as the same browser), signs in as `login` and consents (or cancels), and
 * stops at the first redirect to `stopAt`. `prompts` collects the pages the provider showed (login, consent).
 */
export async function signInAtProvider(
  start: string,
  login: string,
  stopAt: string,
  opts: { cancel?: boolean; jar?: CookieJar; prompts?: string[] } = {},
): Promise<URL> {
  const jar = opts.jar ?? new Map<string, string>();
  return walkProvider(
    start,
    jar,
    20,
    (next) => next.href.startsWith(stopAt),
    (html, url) => {
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
      if (!action || !prompt) return undefined;
      opts.prompts?.push(prompt);
      if (opts.cancel) {
        const abort = html.match(/href="([^"]*\/abort)"/)?.[1];
        if (!abort) throw new Error('no cancel link on the provider page');
        return { url: new URL(abort, url).href };
      }
      const fields: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
      return { url: new URL(action, url).href, body: new URLSearchParams(fields) };
    },
  );
}

/**
 * Follows an RP-initiated logout address as the browser holding `jar`: the provider's "sign out?" page is
 * answered yes, and the redirect back (post_logout_redirect_uri) is returned without being followed.
 */
export async function signOutAtProvider(start: string, jar: CookieJar): Promise<URL> {
  const origin = new URL(start).origin;
  return walkProvider(
    start,
    jar,
    10,
    (next) => !next.href.startsWith(origin),
    (html, url) => {
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
      if (!action || !xsrf) return undefined;
      return { url: new URL(action, url).href, body: new URLSearchParams({ xsrf, logout: 'yes' }) };
    },
  );
}
