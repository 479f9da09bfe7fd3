import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { IDP_PASSWORDS, spForIdp, startSamlIdp, type TestSamlIdp } from '../apps/server/src/test/saml-idp.ts';
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney } from './journeys.ts';

// Issue 7 (SAML): an admin sets up the school's SAML identity provider from its metadata, and a pupil signs
// in through it. The provider is Debian's SimpleSAMLphp on loopback, with its own login page and its own
// auto-posting answer page; docs/decisions/040-saml-sign-in.md.

const journey = setUpJourney();
let idp: TestSamlIdp;

beforeAll(async () => {
  // registered as a school would from Aula's metadata: ACS, single logout service and signing certificate
  idp = await startSamlIdp(await spForIdp(journey.portal.base));
});
afterAll(() => idp?.close());

const LABEL = 'Schul-Login';
const samlButton = (page: Page) =>
  page.getByRole('button', { name: de.sso.button.replace('{{label}}', LABEL) });

/** SimpleSAMLphp's own login page; its answer page posts itself to Aula's ACS. */
async function signInAtIdp(page: Page, username: string) {
  await page.waitForURL((url) => url.href.startsWith(idp.url));
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(IDP_PASSWORDS[username]!);
  await page.locator('input[name="password"]').press('Enter');
}

/** Sara signs in with the login page's button and signs out of Aula again through her menu. */
async function signInAsSaraThenSignOut(page: Page) {
  await samlButton(page).click();
  await signInAtIdp(page, 'sara');
  await page.waitForURL(`${journey.portal.base}/`);
  await page.getByRole('button', { name: de.nav.userMenu.replace('{{name}}', 'Sara Schmidt') }).click();
  await page.getByRole('menuitem', { name: de.nav.signOut }).click();
  await page.getByRole('dialog').getByRole('button', { name: de.nav.signOut }).click();
}

describe('sign in through the school SAML identity provider (issue 7)', () => {
  it('an admin pastes the provider metadata in the sign-in services tab and sees what was read from it', async () => {
    const admin = await journey.openSignedIn('admin', '/dashboard/sso');
    const section = admin.getByRole('region', { name: de.samlSettings.title });
    await section.getByText(de.samlSettings.idpNone).waitFor();
    expect(await section.getByLabel(de.samlSettings.acsUrl).inputValue()).toBe(
      `${journey.portal.base}/api/login/saml/acs`,
    );
    // something that is not metadata: a translated error, nothing stored
    await section.getByLabel(de.samlSettings.fields.label).fill(LABEL);
    await section.getByLabel(de.samlSettings.fields.metadataXml).fill('<html>not metadata</html>');
    await section.getByRole('button', { name: de.common.save }).click();
    await section.getByRole('alert').getByText(de.errors.sso.saml_metadata_invalid).waitFor();
    await section.getByText(de.samlSettings.idpNone).waitFor();
    await expectNoSeriousA11yViolations(admin, 'SAML settings with an error');
    // the real metadata; what the admin typed is still there after the error
    expect(await section.getByLabel(de.samlSettings.fields.label).inputValue()).toBe(LABEL);
    await section.getByLabel(de.samlSettings.fields.metadataXml).fill(idp.metadataXml);
    await section.getByLabel(de.samlSettings.fields.enabled).check();
    await section.getByLabel(de.samlSettings.fields.roleClaim).fill('eduPersonAffiliation');
    await section.getByRole('button', { name: de.common.save }).click();
    await admin.getByText(de.samlSettings.saved, { exact: true }).waitFor();
    await section.getByText(idp.entityId).waitFor();
    await section.getByText(/Aula test identity provider/).waitFor();
  });

  it('the stored provider reads right in every look', async () => {
    for (const look of LOOKS) {
      const page = await journey.openSignedIn('admin', '/dashboard/sso', look);
      const t = look.locale === 'ar' ? ar : de;
      const section = page.getByRole('region', { name: t.samlSettings.title });
      await section.getByText(idp.entityId).waitFor();
      await section.screenshot({
        path: `${screenshotDir}/dashboard-sso-saml-${look.locale}-${look.width}-${look.colorScheme}.png`,
      });
      await page.context().close();
    }
  });

  it('a pupil signs in with the button on the login page through SimpleSAMLphp and lands on the home page', async () => {
    const page = await journey.open('/login');
    await samlButton(page).click();
    await signInAtIdp(page, 'sara');
    await page.waitForURL(`${journey.portal.base}/`);
    await page.getByRole('list', { name: de.home.apps }).waitFor();
    await page.getByRole('button', { name: de.nav.userMenu.replace('{{name}}', 'Sara Schmidt') }).waitFor();
    // the one-time handle left the address bar and the history
    expect(page.url()).not.toContain('state=');
  });

  it('on a shared computer, signing out signs out at the provider too: the next "Sign in with …" asks for the password again (issue 16)', async () => {
    const page = await journey.open('/login');
    await signInAsSaraThenSignOut(page);
    // through the provider's single logout service and back to Aula's login page
    await page.waitForURL((url) => url.origin === journey.portal.base && url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('sso')).toBeNull();
    const done = page.getByRole('dialog', { name: de.logout.doneTitle });
    await done.waitFor();
    await expectNoSeriousA11yViolations(page, 'signed out at the SAML provider');
    await done.getByRole('link', { name: de.logout.signInAgain }).click();
    await samlButton(page).click();
    // the next person at this computer is asked for the password, not let in as Sara
    await page.waitForURL((url) => url.href.startsWith(idp.url));
    await page.locator('input[name="password"]').waitFor();
  });

  it('a provider without single logout: the signed-out dialog says so, and the next sign-in still asks for the password (ForceAuthn)', async () => {
    const admin = await loginAs(journey.portal.base, 'admin');
    const setUp = (metadataXml: string) =>
      call(journey.portal.base, '/api/config/saml', {
        method: 'PUT',
        cookie: admin,
        body: { enabled: true, label: LABEL, roleClaim: 'eduPersonAffiliation', metadataXml },
      });
    expect((await setUp(idp.metadataXml.replace(/<md:SingleLogoutService[^>]*\/>/g, ''))).status).toBe(200);
    try {
      const page = await journey.open('/login');
      await signInAsSaraThenSignOut(page);
      const done = page.getByRole('dialog', { name: de.logout.doneTitle });
      await done.getByText(de.logout.providerSignedIn).waitFor();
      await expectNoSeriousA11yViolations(page, 'signed out, provider still signed in');
      await page.screenshot({ path: `${screenshotDir}/signed-out-provider-signed-in-de-1280-light.png` });
      await done.getByRole('link', { name: de.logout.signInAgain }).click();
      await samlButton(page).click();
      await page.waitForURL((url) => url.href.startsWith(idp.url));
      await page.locator('input[name="password"]').waitFor();
    } finally {
      expect((await setUp(idp.metadataXml)).status).toBe(200);
    }
  });

  it('someone without an account here ends on the login page with a translated message', async () => {
    for (const look of LOOKS) {
      const page = await journey.open('/sso?via=saml', look);
      await signInAtIdp(page, 'nobody');
      await page.waitForURL((url) => url.pathname === '/login');
      const t = look.locale === 'ar' ? ar : de;
      await page.getByText(t.errors.sso.no_account).waitFor();
      await expectNoSeriousA11yViolations(page, `saml refused ${look.locale}`);
      await page.screenshot({
        path: `${screenshotDir}/saml-no-account-${look.locale}-${look.width}-${look.colorScheme}.png`,
      });
      await page.context().close();
    }
  });
});
