// The embed check against a real web site on loopback (the outside system), and the SSRF guard that
// must keep the server from reaching it unless the school allows the host.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { apps } from '../../db/schema.ts';
import { makeSetting } from '../../test/factories.ts';
import { SaveAppResponseSchema, TileSchema } from '@aula/contracts';
import { call, callAs, loginAs, setUpTestApp } from '../../test/test-app.ts';

let admin: string;
let site: Server;
let redirector: Server;
let siteHost: string;
let redirectorHost: string;
const siteRequests: string[] = [];
const redirectorRequests: string[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

const t = setUpTestApp();
beforeAll(async () => {
  admin = await loginAs(t.base, 'admin');
  site = createServer((req, res) => {
    siteRequests.push(req.url ?? '');
    if (req.url === '/deny') res.setHeader('x-frame-options', 'DENY');
    if (req.url === '/sameorigin') res.setHeader('x-frame-options', 'SAMEORIGIN');
    if (req.url === '/csp-none')
      res.setHeader('content-security-policy', "default-src 'self'; frame-ancestors 'none'");
    if (req.url === '/csp-other')
      res.setHeader('content-security-policy', 'frame-ancestors https://elsewhere.example');
    if (req.url === '/csp-portal') {
      res.setHeader('content-security-policy', `frame-ancestors 'self' ${t.base}`);
      res.setHeader('x-frame-options', 'DENY');
    }
    if (req.url === '/csp-star') res.setHeader('content-security-policy', 'frame-ancestors *');
    if (req.url === '/hang') return; // never answers
    res.setHeader('content-type', 'text/html');
    // a large body the check must not wait for
    res.end('<!doctype html><title>site</title>' + 'x'.repeat(200_000));
  });
  redirector = createServer((req, res) => {
    redirectorRequests.push(req.url ?? '');
    res.writeHead(302, { location: `http://${siteHost}/plain` }).end();
  });
  siteHost = await listen(site);
  redirectorHost = await listen(redirector);
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  await new Promise((resolve) => redirector?.close(resolve));
});
beforeEach(() => {
  siteRequests.length = 0;
  redirectorRequests.length = 0;
});

function allowHosts(value: string) {
  return makeSetting(t, 'embed_allowed_hosts', value);
}

async function iframeTile(url: string, target = 'iframe') {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: 'Eingebettet',
    url,
    target,
    color: 'sky-500',
    wantedPerms: 'everyone',
  }))
    form.append(name, value);
  const res = await call(t.base, '/api/apps', { cookie: admin, form });
  expect(res.status).toBe(201);
  return res.body as { bubble: { id: number; embeddable: boolean | null }; embedCheck: unknown };
}

describe('the embed check refuses private addresses (SSRF guard)', () => {
  it('a loopback site is not contacted at all: blocked-address, and the tile is saved', async () => {
    await allowHosts('');
    const res = await iframeTile(`http://${siteHost}/plain`);
    expect(res.embedCheck).toEqual({ embeddable: null, reason: 'blocked-address' });
    expect(res.bubble.embeddable).toBeNull();
    expect(siteRequests).toEqual([]);
    const [row] = await t.database.db
      .select({ checkedAt: apps.embedCheckedAt })
      .from(apps)
      .where(eq(apps.id, res.bubble.id));
    expect(row!.checkedAt).toBeInstanceOf(Date);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://10.0.0.1/',
    'http://0.0.0.0/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
  ])('refuses %s', async (url) => {
    const res = await iframeTile(url);
    expect(res.embedCheck).toEqual({ embeddable: null, reason: 'blocked-address' });
  });

  it('a host name resolving to loopback is refused when the socket connects', async () => {
    const port = siteHost.split(':')[1];
    const res = await iframeTile(`http://localhost:${port}/plain`);
    expect(res.embedCheck).toEqual({ embeddable: null, reason: 'blocked-address' });
    expect(siteRequests).toEqual([]);
  });

  it('a redirect from an allowed host to a private address is not followed', async () => {
    await allowHosts(redirectorHost);
    const res = await iframeTile(`http://${redirectorHost}/go`);
    expect(res.embedCheck).toEqual({ embeddable: null, reason: 'blocked-address' });
    expect(redirectorRequests).toEqual(['/go']);
    expect(siteRequests).toEqual([]);
  });
});

describe('the embed check reads X-Frame-Options and CSP frame-ancestors', () => {
  beforeAll(() => allowHosts(`${siteHost}, ${redirectorHost}`));

  it.each([
    ['/deny', { embeddable: false, reason: 'x-frame-options' }],
    ['/sameorigin', { embeddable: false, reason: 'x-frame-options' }],
    ['/csp-none', { embeddable: false, reason: 'frame-ancestors' }],
    ['/csp-other', { embeddable: false, reason: 'frame-ancestors' }],
    ['/csp-portal', { embeddable: true, reason: null }],
    ['/csp-star', { embeddable: true, reason: null }],
    ['/plain', { embeddable: true, reason: null }],
  ])('%s -> %j', async (path, expected) => {
    const res = await iframeTile(`http://${siteHost}${path}`);
    expect(res.embedCheck).toEqual(expected);
    expect(res.bubble.embeddable).toBe(expected.embeddable);
    expect(siteRequests).toEqual([path]);
  });

  it('follows a redirect between allowed hosts and checks the final answer', async () => {
    const res = await iframeTile(`http://${redirectorHost}/go`);
    expect(res.embedCheck).toEqual({ embeddable: true, reason: null });
    expect(siteRequests).toEqual(['/plain']);
  });

  it('a site that does not answer in time is unknown (timeout); the save still succeeds', async () => {
    const started = Date.now();
    const res = await iframeTile(`http://${siteHost}/hang`);
    expect(res.embedCheck).toEqual({ embeddable: null, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('an allowed host where nothing listens is unknown (unreachable)', async () => {
    const closed = createServer();
    const host = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    await allowHosts(host);
    const res = await iframeTile(`http://${host}/`);
    expect(res.embedCheck).toEqual({ embeddable: null, reason: 'unreachable' });
    await allowHosts(`${siteHost}, ${redirectorHost}`);
  });

  it('tiles that open elsewhere are not checked', async () => {
    const res = await iframeTile(`http://${siteHost}/deny`, 'newTab');
    expect(res.embedCheck).toBeNull();
    expect(res.bubble.embeddable).toBeNull();
    expect(siteRequests).toEqual([]);
  });

  it('an edit checks again and stores the new answer', async () => {
    const created = await iframeTile(`http://${siteHost}/plain`);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Eingebettet',
      url: `http://${siteHost}/deny`,
      target: 'iframe',
      color: 'sky-500',
      wantedPerms: 'everyone',
    }))
      form.append(name, value);
    const res = await callAs(SaveAppResponseSchema, t.base, `/api/apps/${created.bubble.id}`, {
      method: 'PUT',
      cookie: admin,
      form,
    });
    expect(res.body.embedCheck).toEqual({ embeddable: false, reason: 'x-frame-options' });
    const again = await callAs(TileSchema, t.base, `/api/apps/${created.bubble.id}`, { cookie: admin });
    expect(again.body.embeddable).toBe(false);
  });
});
