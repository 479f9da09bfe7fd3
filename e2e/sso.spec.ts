import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, setUpJourney, signIn } from './journeys.ts';

// Issue 7: signing in through the school's identity provider, a real OpenID provider (oidc-provider) on
// loopback with its own login and consent pages; the admin sets it up in the sign-in services tab.

const journey = setUpJourney();
let op: TestOidcProvider;

beforeAll(async () => {
  op = await startOidcProvider({
    redirectUris: [`${journey.portal.base}/oidc/callback`],
    postLogoutRedirectUris: [`${journey.portal.base}/login?dialog=after-logout`],
    accounts: [
      {
        sub: 'nrw-sara',
        claims: { email: 'student@demo-schule.example', email_verified: true, given_name: 'Sara' },
      },
    ],
  });
});
afterAll(() => op?.close());

const ssoButton = (page: Page) =>
  page.getByRole('button', { name: de.sso.button.replace('{{label}}', 'Schulportal NRW') });

/** The provider's own (development) pages: any password, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.href.startsWith(op.issuer));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('sign in with the school identity provider (issue 7)', () => {
  it('an admin sets up the provider in the sign-in services tab; the secret is never shown again', async () => {
    const admin = await journey.open('/login');
    await signIn(admin, 'admin');
    await admin.goto(`${journey.portal.base}/dashboard/sso`);
    const section = admin.getByRole('region', { name: de.ssoSettings.title });
    const redirect = section.getByLabel(de.ssoSettings.redirectUri);
    expect(await redirect.inputValue()).toBe(`${journey.portal.base}/oidc/callback`);
    // a missing secret is named before anything is sent
    await section.getByLabel(de.ssoSettings.fields.label).fill('Schulportal NRW');
    await section.getByLabel(de.ssoSettings.fields.issuer).fill(op.issuer);
    await section.getByLabel(de.ssoSettings.fields.clientId).fill(op.clientId);
    await section.getByRole('button', { name: de.common.save }).click();
    await section.getByRole('alert').getByText(de.ssoSettings.secretRequired).waitFor();
    await section.getByLabel(de.ssoSettings.fields.clientSecret).fill(op.clientSecret);
    await section.getByRole('button', { name: de.common.save }).click();
    await admin.getByText(de.ssoSettings.saved, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(admin, 'settings with the identity provider');
    await section.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${screenshotDir}/dashboard-sso-oidc-de-1280-light.png` });
    await admin.reload();
    await section.getByText(de.ssoSettings.hints.secretSet).waitFor();
    expect(await section.getByLabel(de.ssoSettings.fields.clientSecret).inputValue()).toBe('');
    const settings = await call(journey.portal.base, '/api/config/oidc', {
      cookie: await loginAs(journey.portal.base, 'admin'),
    });
    expect(JSON.stringify(settings.body)).not.toContain(op.clientSecret);
  });

  it('a pupil signs in through the provider and lands on the home page; the button shows only while enabled', async () => {
    const before = await journey.open('/login');
    await before.getByLabel(de.login.username).waitFor();
    expect(await ssoButton(before).count()).toBe(0);
    await before.context().close();

    const cookie = await loginAs(journey.portal.base, 'admin');
    const on = await call(journey.portal.base, '/api/config/key/enable_moin_auth', {
      cookie,
      body: { value: 'true' },
    });
    expect(on.status).toBe(200);

    const page = await journey.open('/login');
    await ssoButton(page).click();
    await signInAtProvider(page, 'nrw-sara');
    await page.waitForURL(`${journey.portal.base}/`);
    await page.getByRole('list', { name: de.home.apps }).waitFor();
    await page.getByRole('button', { name: de.nav.userMenu.replace('{{name}}', 'Sara Schmidt') }).waitFor();
  });

  it('cancelling at the provider ends on the login page with a translated message', async () => {
    const page = await journey.open('/sso');
    await page.waitForURL((url) => url.href.startsWith(op.issuer));
    await page.getByRole('link', { name: /Cancel/ }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/oidc/callback');
    await page.getByText(de.errors.sso.denied).waitFor();
    await expectNoSeriousA11yViolations(page, 'sso denied');
    await page.screenshot({ path: `${screenshotDir}/sso-denied-de-1280-light.png` });
    // the password form is still there to use
    await page.goto(`${journey.portal.base}/login`);
    await signIn(page, 'student2');
  });

  it('on a shared computer, signing out signs out at the provider too: the next "Sign in with …" asks for the password again (issue 16)', async () => {
    const page = await journey.open('/login');
    await ssoButton(page).click();
    await signInAtProvider(page, 'nrw-sara');
    await page.waitForURL(`${journey.portal.base}/`);
    const userMenu = page.getByRole('button', { name: de.nav.userMenu.replace('{{name}}', 'Sara Schmidt') });
    await userMenu.click();
    await page.getByRole('menuitem', { name: de.nav.signOut }).click();
    await page.getByRole('dialog').getByRole('button', { name: de.nav.signOut }).click();
    // the provider's own "sign out?" page, in the top window where it can be answered
    await page.waitForURL((url) => url.href.startsWith(`${op.issuer}/session/end`));
    await page.getByRole('button', { name: /Yes, sign me out/ }).click();
    // back on Aula's login page with the after-logout dialog
    await page.waitForURL((url) => url.origin === journey.portal.base && url.pathname === '/login');
    const done = page.getByRole('dialog', { name: de.logout.doneTitle });
    await done.waitFor();
    expect(await done.getByText(de.logout.providerSignedIn).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'signed out at the provider');
    await done.getByRole('link', { name: de.logout.signInAgain }).click();
    await ssoButton(page).click();
    // the next person at this computer is asked for the password, not let in as Sara
    await page.waitForURL((url) => url.href.startsWith(op.issuer));
    await page.locator('input[name="password"]').waitFor();
  });
});
