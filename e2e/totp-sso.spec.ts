import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { makeSetting, makeUser } from '../apps/server/src/test/factories.ts';
import { call, cookiesFrom, loginAs } from '../apps/server/src/test/test-app.ts';
import {
  signInAtProvider as walkProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../apps/server/src/test/oidc-provider.ts';
import { newContext, screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney } from './journeys.ts';

// Issue 32 item 8, decision 079: under force_2fa_teachers a teacher who signs in only through the school's
// identity provider (no password here) sets up two-factor with "Sign in again at <provider>" instead of a
// password field; the admin who switches the rule on without two-factor is warned at the switch.

const journey = setUpJourney();
let op: TestOidcProvider;
const LABEL = 'Schulportal NRW';
type Texts = typeof de;
const label = (text: string) => text.replace('{{label}}', LABEL);

beforeAll(async () => {
  op = await startOidcProvider({
    redirectUris: [`${journey.portal.base}/oidc/callback`],
    accounts: [
      { sub: 'nrw-tina', claims: { email: 'tina.sso@demo-schule.example', email_verified: true } },
      { sub: 'nrw-otto', claims: { email: 'otto.sso@demo-schule.example', email_verified: true } },
    ],
  });
  const admin = await loginAs(journey.portal.base, 'admin');
  const settings = await call(journey.portal.base, '/api/config/oidc', {
    method: 'PUT',
    cookie: admin,
    body: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      label: LABEL,
      linkClaim: 'email',
      linkField: 'email',
      createUsers: false,
      scopes: 'email',
    },
  });
  expect(settings.status, settings.text).toBe(200);
  const on = await call(journey.portal.base, '/api/config/key/enable_moin_auth', {
    cookie: admin,
    body: { value: 'true' },
  });
  expect(on.status).toBe(200);
  const staff = { role: 'teacher' as const, sitePolicyAccepted: true, password: null };
  await makeUser(journey.portal, {
    ...staff,
    username: 'tina.sso',
    firstName: 'Tina',
    lastName: 'Sommer',
    email: 'tina.sso@demo-schule.example',
  });
  await makeUser(journey.portal, {
    ...staff,
    username: 'otto.sso',
    firstName: 'Otto',
    lastName: 'Ohm',
    email: 'otto.sso@demo-schule.example',
  });
});
afterAll(() => op?.close());

/** The provider's development pages: the login form (any password), then consent when it asks. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.href.startsWith(op.issuer));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // the consent page comes once per browser; afterwards the provider sends the browser straight back
  const consent = page.getByRole('button', { name: 'Continue' });
  const back = (url: URL) => url.origin === journey.portal.base;
  // both settle either way, so the one that loses the race leaves no rejection behind
  const next = await Promise.race([
    consent.waitFor().then(
      () => 'consent' as const,
      () => 'gone' as const,
    ),
    page.waitForURL(back).then(
      () => 'back' as const,
      () => 'gone' as const,
    ),
  ]);
  if (next === 'consent') await consent.click();
}

describe('the settings tab warns an admin without two-factor (decision 079)', () => {
  it.each(LOOKS)(
    'ticking force_2fa_teachers says they are held back next, before saving ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async ({ locale, width, colorScheme }) => {
      await makeSetting(journey.portal, 'force_2fa_teachers', 'false');
      const t: Texts = locale === 'ar' ? (ar as Texts) : de;
      const page = await journey.openSignedIn('admin', '/dashboard/settings', { locale, width, colorScheme });
      const box = page.getByRole('checkbox', { name: t.adminSettings.keys.force_2fa_teachers.label });
      await box.waitFor();
      const warning = page.getByText(t.adminSettings.force2faSelfWarning);
      expect(await warning.count()).toBe(0);
      await box.check();
      await warning.waitFor();
      // the warning is part of the switch's description, so a screen reader reads it with the box
      const describedBy = (await box.getAttribute('aria-describedby')) ?? '';
      const described = await page.evaluate(
        (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
        describedBy.split(' '),
      );
      expect(described).toContain(t.adminSettings.force2faSelfWarning);
      await expectNoSeriousA11yViolations(page, 'force_2fa warning');
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${screenshotDir}/force-2fa-warning-${locale}-${width}-${colorScheme}.png`,
      });
      // nothing was saved; taking the tick back takes the warning away
      const stored = await call<Record<string, string>>(journey.portal.base, '/api/config/settings', {
        cookie: await loginAs(journey.portal.base, 'admin'),
      });
      expect(stored.body.force_2fa_teachers).toBe('false');
      await box.uncheck();
      await page.getByText(t.adminSettings.force2faSelfWarning).waitFor({ state: 'detached' });
      await page.context().close();
    },
  );
});

describe('two-factor for a teacher who signs in only through the identity provider (decision 079)', () => {
  // The callback page opens as a visitor's although the browser still holds the old session: before, the
  // old session's calls (self, perms, the forced dialog) raced the callback, and a 418 answer to one of them
  // cleared the new session's cookies (lib/session.ts completesSsoSignIn).
  it(
    'under force_2fa_teachers she signs in again at the provider from the dialog, the QR code stays, the code switches it on, and the tiles follow',
    { timeout: 120_000 },
    async () => {
      await makeSetting(journey.portal, 'force_2fa_teachers', 'true');
      const page = await journey.open('/login');
      await page.getByRole('button', { name: label(de.sso.button) }).click();
      await signInAtProvider(page, 'nrw-tina');
      await page.waitForURL((url) => url.origin === journey.portal.base && url.pathname === '/');
      const dialog = page.getByRole('dialog', { name: de.dialogs.totpSetup });
      await dialog.getByText(de.totpSetup.forcedIntro).waitFor();
      const key = async () =>
        (await dialog.locator('code[aria-labelledby]').textContent())!.replace(/\s/g, '');
      const again = dialog.getByRole('button', { name: label(de.totpSetup.signInAgain) });
      await again.waitFor();
      const secret = await key();
      // no password field: the account has none
      expect(await dialog.getByLabel(de.totpSetup.confirmPassword).count()).toBe(0);
      // switching on without the fresh sign-in names what is missing and goes to the button
      await dialog.getByLabel(de.totpSetup.step2.replace('{{digits}}', '6')).fill(await generate({ secret }));
      await dialog.getByRole('button', { name: de.totpSetup.activate }).click();
      await dialog.getByText(label(de.totpSetup.signInAgainFirst)).waitFor();
      expect(await again.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectNoSeriousA11yViolations(page, 'totp setup, sign in again');

      await again.click();
      // the provider asks for the password again although it still holds her session (prompt=login)
      await signInAtProvider(page, 'nrw-tina');
      await page.waitForURL((url) => url.origin === journey.portal.base && url.pathname === '/');
      await dialog.getByText(label(de.totpSetup.signedInAgain)).waitFor();
      expect(await key()).toBe(secret);
      expect(await again.count()).toBe(0);
      await dialog.getByLabel(de.totpSetup.step2.replace('{{digits}}', '6')).fill(await generate({ secret }));
      await dialog.getByRole('button', { name: de.totpSetup.activate }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('list', { name: de.home.apps }).waitFor();
      const self = await page.evaluate(async () => (await fetch('/api/self')).json());
      expect(self.totp_enabled).toBe(true);
      await page.context().close();
    },
  );

  it.each(LOOKS)(
    'the dialog before and after signing in again ($locale, $width px, $colorScheme)',
    { timeout: 90_000 },
    async ({ locale, width, colorScheme }) => {
      await makeSetting(journey.portal, 'force_2fa_teachers', 'true');
      const t: Texts = locale === 'ar' ? (ar as Texts) : de;
      // Otto signs in at the provider outside the browser; his session's cookies go into each look's profile
      const signIn = async (fresh: boolean, cookie = '') => {
        const start = await call<{ url: string }>(journey.portal.base, '/api/login/oidc', {
          cookie,
          body: fresh ? { fresh: true } : {},
        });
        const back = await walkProvider(start.body.url, 'nrw-otto', `${journey.portal.base}/oidc/callback`);
        const done = await call(journey.portal.base, '/api/apps/moin/callback', {
          body: { query: back.search },
          cookie: cookiesFrom(start),
        });
        expect(done.status, done.text).toBe(200);
        return cookiesFrom(done);
      };
      const show = async (cookie: string, name: string) => {
        const context: BrowserContext = await newContext(journey.browser, { locale, width, colorScheme });
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const eq = pair.indexOf('=');
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: journey.portal.base };
          }),
        );
        const page = await context.newPage();
        await page.goto(`${journey.portal.base}/`);
        const dialog = page.getByRole('dialog', { name: t.dialogs.totpSetup });
        await dialog.getByRole('img', { name: t.totpSetup.qrAlt }).waitFor();
        return { page, dialog, shot: () => page.screenshot({ path: `${screenshotDir}/${name}.png` }) };
      };
      const stale = await show(await signIn(false), `totp-sso-${locale}-${width}-${colorScheme}`);
      const labelled = (text: string) => text.replace('{{label}}', LABEL);
      await stale.dialog.getByRole('button', { name: labelled(t.totpSetup.signInAgain) }).waitFor();
      await stale.dialog.getByText(labelled(t.totpSetup.signInAgainIntro)).scrollIntoViewIfNeeded();
      await stale.shot();
      await stale.page.context().close();
      const fresh = await show(await signIn(true), `totp-sso-fresh-${locale}-${width}-${colorScheme}`);
      await fresh.dialog.getByText(labelled(t.totpSetup.signedInAgain)).scrollIntoViewIfNeeded();
      await fresh.shot();
      await fresh.page.context().close();
    },
  );
});
