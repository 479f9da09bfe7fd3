import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { config, users } from '../apps/server/src/db/schema.ts';
import { call, cookiesFrom, demoSchoolId } from '../apps/server/src/test/test-app.ts';
import { DEMO_PASSWORD, screenshotDir } from './browser.ts';
import { enableTotp, expectNoSeriousA11yViolations, setUpJourney } from './journeys.ts';

const journey = setUpJourney();

describe('the full sign-in journey (issue 5)', () => {
  it('TOTP sign-in, forced terms, forced password change, sign-out with the after-logout dialog', async () => {
    const { database } = journey.portal;
    const schoolId = await demoSchoolId(journey.portal);
    const secret = await enableTotp(journey.portal, 'teacher');
    for (const key of ['force_accept_policy', 'force_password_change']) {
      await database.db
        .insert(config)
        .values({ schoolId, key, value: 'true' })
        .onConflictDoUpdate({ target: [config.schoolId, config.key], set: { value: 'true' } });
    }
    await database.db
      .update(users)
      .set({ mustChangePassword: true, sitePolicyAccepted: false })
      .where(eq(users.username, 'teacher'));

    const page = await journey.open('/login');
    await page.getByLabel(de.login.username).fill('teacher');
    await page.getByLabel(de.login.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: de.login.submit }).click();

    // the second step: the code of the next time step (the setup spent the current one; ±1 is accepted)
    const code = page.getByLabel(de.login.code);
    await code.waitFor();
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: de.login.codeSubmit }).click();

    await page.waitForURL((url) => url.pathname === '/terms');
    // no forced dialog over the terms: they come first
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: de.terms.accept }).click();

    const dialog = page.getByRole('dialog', { name: de.dialogs.changePassword });
    await dialog.waitFor();
    await page.screenshot({ path: `${screenshotDir}/journey-forced-change-password.png` });
    await expectNoSeriousA11yViolations(page, 'forced change-password');
    // it cannot be dismissed: no close button, Escape and Back leave it open
    expect(await dialog.getByRole('button', { name: de.common.close }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('change-password');
    await page.goBack().catch(() => undefined);
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: de.nav.signOut }).count()).toBe(1);

    const fresh = 'Sonnenblumen-im-Herbst-77';
    await dialog.getByLabel(de.account.changePassword.old).fill(DEMO_PASSWORD);
    await dialog.getByLabel(de.account.changePassword.new, { exact: true }).fill(fresh);
    await dialog.getByLabel(de.account.changePassword.confirm).fill(fresh);
    await dialog.getByRole('button', { name: de.account.changePassword.submit }).click();
    await page.getByText(de.account.changePassword.done).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('list', { name: de.home.apps }).waitFor();

    // the user menu's sign-out goes through the logout dialog to the after-logout dialog
    await page
      .getByRole('button', { name: new RegExp(`^${de.nav.userMenu.replace('{{name}}', '')}`) })
      .click();
    await page.getByRole('menuitem', { name: de.nav.signOut }).click();
    const logout = page.getByRole('dialog', { name: de.logout.confirmTitle });
    await logout.getByRole('button', { name: de.nav.signOut }).click();
    await page.getByRole('dialog', { name: de.logout.doneTitle }).waitFor();
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('after-logout');

    // the new password (with the code) is the one that works now
    const again = await call(journey.portal.base, '/api/login', {
      body: { username: 'teacher', password: fresh },
    });
    expect(again.body).toMatchObject({ code: 'auth.totp_missing' });
    expect(cookiesFrom(again)).toBe('');
    await page.context().close();
  });
});
