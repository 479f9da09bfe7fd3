import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { newContext } from './browser.ts';
import { setUpJourney } from './journeys.ts';

// Decision 080: every page carries a Content-Security-Policy with a nonce of its own. What an XSS would put
// into the page does not run; the app's own scripts, which carry the nonce, do.
const journey = setUpJourney();

interface Violation {
  directive: string;
  blocked: string;
}

/** Every CSP violation the page reports, recorded from before its first script (init scripts bypass the CSP). */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

const flag = (page: Page, name: string) =>
  page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name);

/** A same-origin script with a visible effect (it defines window.SwaggerUIBundle): an injected `src` to it. */
const SAME_ORIGIN_SCRIPT = '/api/docs/static/swagger-ui-bundle.js';

describe('the Content-Security-Policy of a page (decision 080)', () => {
  it('a script injected into the served page does not run, the nonce’d app does; each refusal is reported', async () => {
    const page = await (await newContext(journey.browser)).newPage();
    const violations = await recordViolations(page);
    let nonce = '';
    // The real server's answer for /login, with what a hole in a template would let an attacker add: an
    // inline script, a script from the same origin, an inline handler, a guessed nonce. The server's own
    // headers stay, its CSP with this answer's nonce among them.
    await page.route(`${journey.portal.base}/login`, async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
      const injected = [
        '<script>window.injectedInline = true</script>',
        `<script src="${SAME_ORIGIN_SCRIPT}"></script>`,
        '<img src="/missing-picture.png" alt="" onerror="window.injectedHandler = true">',
        '<script nonce="R3Vlc3NlZE5vbmNlMTIzNA==">window.guessedNonce = true</script>',
        // the positive control: the page's own nonce does let an inline script run
        `<script nonce="${nonce}">window.withPageNonce = true</script>`,
      ].join('');
      const body = (await res.text()).replace('</body>', `${injected}</body>`);
      await route.fulfill({ status: res.status(), headers, body });
    });
    await page.goto(`${journey.portal.base}/login`);
    // the app's module scripts carry the nonce and ran: the login form is there
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    await expect.poll(() => flag(page, 'withPageNonce')).toBe(true);
    // refused, and reported as refused (the handler once the missing picture has failed)
    await expect
      .poll(async () => (await violations()).map((v) => v.directive).sort())
      .toEqual(['script-src-attr', 'script-src-elem', 'script-src-elem', 'script-src-elem']);
    expect((await violations()).map((v) => v.blocked)).toContain(
      `${journey.portal.base}${SAME_ORIGIN_SCRIPT}`,
    );
    expect(await flag(page, 'injectedInline')).toBeUndefined();
    expect(await flag(page, 'SwaggerUIBundle')).toBeUndefined();
    expect(await flag(page, 'injectedHandler')).toBeUndefined();
    expect(await flag(page, 'guessedNonce')).toBeUndefined();
  });

  it('markup added into the running page cannot run script either: an inline handler, a javascript: link', async () => {
    const page = await journey.open('/login');
    const violations = await recordViolations(page);
    await page.reload();
    await page.getByRole('button', { name: de.login.submit }).waitFor();
    // what a text rendered as HTML would add (React renders every user text as text; this is the canary)
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        '<img src="/missing-picture.png" alt="" onerror="window.domHandler = true">' +
          '<a id="canary-link" href="javascript:window.javascriptLink = true">Canary</a>',
      ),
    );
    await page.locator('#canary-link').click();
    await expect
      .poll(async () => (await violations()).map((v) => v.directive).sort())
      .toEqual(['script-src-attr', 'script-src-elem']);
    expect(await flag(page, 'domHandler')).toBeUndefined();
    expect(await flag(page, 'javascriptLink')).toBeUndefined();
  });

  it('a pupil’s day breaks no rule of the policy: tiles, a dialog, the user menu, a lazy page, in dark mode', async () => {
    const context = await journey.signedInContext('student', { colorScheme: 'dark' });
    const page = await context.newPage();
    const violations = await recordViolations(page);
    await page.goto(`${journey.portal.base}/`);
    await page.getByRole('list', { name: de.home.apps }).waitFor();
    // a modal dialog: radix adds a <style> element to hold the page's scroll, with the page's nonce
    await page.getByRole('button', { name: de.dialogs.help }).click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => page.locator('style[nonce]').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // a lazy route: its code and styles come through the nonce'd scripts (strict-dynamic)
    await page.goto(`${journey.portal.base}/app/sick`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await violations()).toEqual([]);
  });
});
