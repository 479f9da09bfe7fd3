import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { setUpJourney } from './journeys.ts';
import { newContext, type ContextOptions } from './browser.ts';

// Decision 048: a language's strings are two chunks, its start-up areas and the whole language.
const languageChunk = (code: string) =>
  new RegExp(`/assets/${code}(-[\\w-]{8}|\\.json_startup_lang-[\\w-]{8})\\.js$`);

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );
const KEYS = [...new Set([...keysOf(de), ...keysOf(en), ...keysOf(ar)])];

const journey = setUpJourney();

/**
 * A new profile whose page records, from before its first script, every text, title, label or placeholder
 * holding a translation key: what a user would see if strings were missing for a moment.
 */
async function openWatched(path: string, opts: ContextOptions, prepare?: (page: Page) => Promise<void>) {
  const page = await (await newContext(journey.browser, opts)).newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.addInitScript((keys: string[]) => {
    const known = new Set(keys);
    const seen: string[] = [];
    Object.assign(window, { rawKeys: seen });
    const check = (text: string | null | undefined) => {
      for (const [match] of (text ?? '').matchAll(/\b[a-z]+(\.[a-zA-Z_]+)+\b/g))
        if (known.has(match)) seen.push(match);
    };
    const visit = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) check(node.textContent);
      if (node instanceof Element) {
        for (const name of ['aria-label', 'title', 'placeholder']) check(node.getAttribute(name));
        node.childNodes.forEach(visit);
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'childList') record.addedNodes.forEach(visit);
        else if (record.type === 'characterData') check(record.target.textContent);
        else if (record.target instanceof Element)
          check(record.target.getAttribute(record.attributeName ?? ''));
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'title', 'placeholder'],
    });
  }, KEYS);
  await prepare?.(page);
  await page.goto(journey.portal.base + path);
  return { page, requested };
}

const rawKeys = (page: Page) => page.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys);
const documentLanguage = (page: Page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

/** Holds every request for `pattern` until the returned release() is called. */
async function hold(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(pattern, async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, held };
}

describe('languages load on demand (spec 1, issue 17)', () => {
  it('the watcher notices a raw key (canary)', async () => {
    const { page } = await openWatched('/login', {});
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    await page.evaluate(() => document.body.append('login.submit'));
    await expect.poll(() => rawKeys(page)).toEqual(['login.submit']);
  });

  it('switching on a slow connection shows the chosen item busy, then Arabic right to left, never a raw key', async () => {
    const { page, requested } = await openWatched('/login', {});
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    // the whole German language follows the first paint; no other language is fetched
    await expect.poll(() => requested.some((path) => /\/assets\/de-/.test(path))).toBe(true);
    expect(requested.filter((path) => /\/assets\/(en|fa|ar)[-.]/.test(path))).toEqual([]);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 400_000 / 8,
      uploadThroughput: 400_000 / 8,
    });
    const arabic = await hold(page, languageChunk('ar'));
    await page.getByRole('button', { name: de.language.choose }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();

    await expect.poll(() => arabic.held.length).toBeGreaterThan(0);
    const item = page.getByRole('menuitemradio', { name: /العربية/ });
    await expect.poll(() => item.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => item.innerText()).toContain(de.language.loading);
    expect(await page.getByRole('button', { name: de.language.choose }).getAttribute('aria-busy')).toBe(
      'true',
    );
    // nothing switches before the strings are here, the direction included
    expect(await documentLanguage(page)).toEqual(['de', 'ltr']);
    expect(await page.getByRole('button', { name: de.login.submit }).count()).toBe(1);

    arabic.release();
    await expect.poll(() => page.getByRole('button', { name: ar.login.submit }).count()).toBe(1);
    expect(await documentLanguage(page)).toEqual(['ar', 'rtl']);
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await page.getByRole('button', { name: ar.language.choose }).getAttribute('aria-busy')).toBeNull();

    // a lazy dialog's area came with the switch
    await page.getByRole('link', { name: ar.login.continueWithout }).click();
    await page.getByRole('button', { name: ar.dialogs.help }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('heading', { level: 2 }).innerText())
      .toBe(ar.help.title);
    expect(await rawKeys(page)).toEqual([]);
  });

  it('a first visit with Arabic as the browser language renders Arabic right to left, and fetches no German', async () => {
    const { page, requested } = await openWatched('/login', { locale: 'ar' });
    await page.getByRole('button', { name: ar.login.submit }).waitFor();
    expect(await documentLanguage(page)).toEqual(['ar', 'rtl']);
    expect(await page.title()).toBe(`${ar.pages.login} - Aula`);
    await expect.poll(() => requested.some((path) => /\/assets\/ar-/.test(path))).toBe(true);
    expect(requested.filter((path) => /\/assets\/(de|en|fa)[-.]/.test(path))).toEqual([]);
    expect(await rawKeys(page)).toEqual([]);
  });

  it('a lazy dialog in the first address waits for its strings instead of showing raw keys', async () => {
    let whole: Awaited<ReturnType<typeof hold>> | undefined;
    const { page } = await openWatched('/login?dialog=help', {}, async (p) => {
      whole = await hold(p, /\/assets\/de-[\w-]{8}\.js$/);
    });
    // the dialog's frame is up and waits, the page beneath is in German
    await page.getByRole('dialog').getByRole('heading', { name: de.common.loading }).waitFor();
    await expect.poll(() => whole?.held.length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: de.login.submit, includeHidden: true }).count()).toBe(1);
    whole?.release();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('heading', { level: 2 }).innerText())
      .toBe(de.help.title);
    expect(await rawKeys(page)).toEqual([]);
  });

  it('a language that cannot be loaded (offline) keeps the current one and says so', async () => {
    const { page } = await openWatched('/login', {});
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    await page.route(languageChunk('en'), (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: de.language.choose }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.getByText(de.language.loadFailed).count()).toBe(1);
    expect(await documentLanguage(page)).toEqual(['de', 'ltr']);
    expect(await page.getByRole('button', { name: de.login.submit }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('aula.lang'))).toBeNull();
    expect(await rawKeys(page)).toEqual([]);
  });
});
