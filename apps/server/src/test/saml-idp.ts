// A real SAML 2.0 identity provider for the sign-in tests: Debian's SimpleSAMLphp (scripts/install-test-deps.sh
// installs it), served by `php -S` on loopback with the configuration in ./simplesamlphp, a fresh key pair,
// and Aula registered as the service provider. See ../../../../../shared/recipes (SimpleSAMLphp) for the origin.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WWW = '/usr/share/simplesamlphp/www';

export interface TestSamlIdp {
  url: string;
  /** the provider's metadata XML, as a school's admin would paste it */
  metadataXml: string;
  entityId: string;
  /** the signing key pair, PEM (tests that forge answers sign with another key, or with this one) */
  keyPem: string;
  certPem: string;
  close(): Promise<void>;
}

/** The people in simplesamlphp/authsources.php. */
export const IDP_PASSWORDS: Record<string, string> = {
  sara: 'sara-idp-pass',
  nora: 'nora-idp-pass',
  nobody: 'nobody-idp-pass',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A self-signed RSA key pair made with openssl, as PEM strings, in `dir`. */
export function makeKeyPair(dir: string, name: string, cn: string): { keyPem: string; certPem: string } {
  const key = join(dir, `${name}.key`);
  const crt = join(dir, `${name}.crt`);
  const res = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-sha256',
    '-days',
    '30',
    '-subj',
    `/CN=${cn}`,
    '-keyout',
    key,
    '-out',
    crt,
  ]);
  if (res.status !== 0) throw new Error(`openssl failed: ${res.stderr.toString()}`);
  return { keyPem: readFileSync(key, 'utf8'), certPem: readFileSync(crt, 'utf8') };
}

function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Starts SimpleSAMLphp with Aula (entity id and ACS address) registered as its service provider; with Aula's
 * single logout address and certificate (from its SP metadata), also for single logout: LogoutRequests and
 * AuthnRequests must then carry Aula's signature, and its LogoutResponses are signed.
 */
export async function startSamlIdp(sp: {
  entityId: string;
  acsUrl: string;
  sloUrl?: string;
  /** base64 DER */
  certificate?: string;
}): Promise<TestSamlIdp> {
  const dir = mkdtempSync(join(tmpdir(), 'aula-ssp-'));
  cpSync(fileURLToPath(new URL('./simplesamlphp/', import.meta.url)), dir, { recursive: true });
  for (const sub of ['cert', 'log', 'data', 'tmp', 'metadata'])
    mkdirSync(join(dir, sub), { recursive: true });
  const { keyPem, certPem } = makeKeyPair(join(dir, 'cert'), 'idp', 'Aula test identity provider');
  cpSync(join(dir, 'saml20-idp-hosted.php'), join(dir, 'metadata', 'saml20-idp-hosted.php'));
  writeFileSync(
    join(dir, 'metadata', 'saml20-sp-remote.php'),
    `<?php
$metadata[${phpString(sp.entityId)}] = [
    'AssertionConsumerService' => ${phpString(sp.acsUrl)},
    'NameIDFormat' => 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    'simplesaml.nameidattribute' => 'uid',
    'saml20.sign.response' => true,
    'saml20.sign.assertion' => true,${
      sp.sloUrl && sp.certificate
        ? `
    'SingleLogoutService' => [['Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', 'Location' => ${phpString(sp.sloUrl)}]],
    'certData' => ${phpString(sp.certificate)},
    'sign.logout' => true,
    'validate.logout' => true,
    'validate.authnrequest' => true,`
        : ''
    }
];
`,
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const entityId = `${url}/saml2/idp/metadata.php`;
  let metadataXml = '';
  for (let i = 0; i < 100 && !metadataXml; i++) {
    try {
      const res = await fetch(entityId);
      if (res.ok) metadataXml = await res.text();
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!metadataXml) {
    await close();
    throw new Error(`SimpleSAMLphp did not start: ${stderr}`);
  }
  return { url, metadataXml, entityId, keyPem, certPem, close };
}

/**
 * A minimal browser at the provider: follows redirects from the sign-in address, fills the login form, and
 * returns the form the provider's page would post to Aula (its action and fields), without posting it.
 */
export async function signInAtIdp(
  start: string,
  username: string,
  password = IDP_PASSWORDS[username] ?? 'wrong',
  jar = new Map<string, string>(),
): Promise<{ action: string; fields: Record<string, string> }> {
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const eq = kv!.indexOf('=');
      jar.set(kv!.slice(0, eq), kv!.slice(eq + 1));
    }
    return res;
  };
  const follow = async (res: Response, from: string) => {
    let url = from;
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await go(url);
    }
    return { res, url };
  };
  let { res, url } = await follow(await go(start), start);
  const loginPage = await res.text();
  const authState = loginPage.match(/name="AuthState" value="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  const formAction = loginPage.match(/<form[^>]*action="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  if (!authState || !formAction) throw new Error(`no login form at the provider: ${loginPage.slice(0, 300)}`);
  const action = new URL(formAction, url).href;
  ({ res, url } = await follow(
    await go(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password, AuthState: authState }),
    }),
    action,
  ));
  const page = await res.text();
  const post = page.match(/<form[^>]*action="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  const fields = Object.fromEntries(
    [...page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  if (!post || !fields.SAMLResponse) throw new Error(`no answer form at the provider: ${page.slice(0, 300)}`);
  return { action: new URL(post, url).href, fields };
}

/** Aula's SP metadata as SimpleSAMLphp needs it: the single logout address and the signing certificate. */
export async function spForIdp(base: string) {
  const xml = await (await fetch(`${base}/api/login/saml/metadata`)).text();
  const certificate = xml.match(/<ds:X509Certificate>([^<]+)</)?.[1]?.replace(/\s+/g, '');
  const sloUrl = xml.match(/<SingleLogoutService [^>]*Location="([^"]+)"/)?.[1];
  if (!certificate || !sloUrl) throw new Error(`no certificate or logout service in the SP metadata: ${xml}`);
  return {
    entityId: `${base}/api/login/saml/metadata`,
    acsUrl: `${base}/api/login/saml/acs`,
    sloUrl,
    certificate,
  };
}
