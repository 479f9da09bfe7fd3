import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { sessions, users } from '../apps/server/src/db/schema.ts';
import { DEMO_PASSWORD, screenshotDir, type ContextOptions } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney, userMenu, userMenuItems } from './journeys.ts';

const journey = setUpJourney();
type Texts = typeof de;

/** Signs in through the login page with any password and waits for the home page. */
async function signInWith(page: Page, username: string, password = DEMO_PASSWORD, t: Texts = de) {
  await page.getByLabel(t.login.username).fill(username);
  await page.getByLabel(t.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.login.submit }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function openAs(username: string, opts: ContextOptions = {}, t: Texts = de): Promise<Page> {
  const page = await journey.openSignedIn(username, '/', opts);
  await page.getByRole('list', { name: t.home.apps }).waitFor();
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');

async function openFromMenu(page: Page, title: string, t: Texts = de) {
  await userMenu(page, t).click();
  await page.getByRole('menuitem', { name: title }).click();
  await dialog(page).getByRole('heading', { level: 2, name: title }).waitFor();
}

async function userId(username: string): Promise<number> {
  const [row] = await journey.portal.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

describe('change password (spec 2.5, 5)', () => {
  it('shows every rule live, refuses a common password, and the new one signs in', async () => {
    const page = await openAs('student2');
    await openFromMenu(page, de.dialogs.changePassword);
    const d = dialog(page);
    const submit = d.getByRole('button', { name: de.account.changePassword.submit });
    const rule = (text: string) => d.getByRole('listitem').filter({ hasText: text });

    await d.getByLabel(de.account.changePassword.old).fill(DEMO_PASSWORD);
    await d.getByLabel(de.account.changePassword.new, { exact: true }).fill('sunshine');
    await d.getByLabel(de.account.changePassword.confirm).fill('sunshine');
    // the common list is a chunk of its own: the rule appears once it has loaded, unmet
    await expect.poll(() => rule(de.passwordRules.common).innerText()).toContain(de.passwordRules.notMet);
    expect(await rule(de.passwordRules.confirmation).innerText()).toContain(`(${de.passwordRules.met})`);
    expect(await submit.isDisabled()).toBe(true);

    // a name of the user is refused live too
    await d.getByLabel(de.account.changePassword.new, { exact: true }).fill('Yilmaz-im-Garten-2026');
    expect(await rule(de.passwordRules.no_names).innerText()).toContain(de.passwordRules.notMet);
    expect(await submit.isDisabled()).toBe(true);

    const fresh = 'Blauer-Elefant-tanzt-42';
    await d.getByLabel(de.account.changePassword.new, { exact: true }).fill(fresh);
    await d.getByLabel(de.account.changePassword.confirm).fill(fresh);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    for (const text of await d.getByRole('listitem').allInnerTexts()) {
      expect(text).toContain(`(${de.passwordRules.met})`);
    }

    // a wrong old password: said as such, the fields keep what was typed
    await d.getByLabel(de.account.changePassword.old).fill('not-the-password');
    await submit.click();
    await expect.poll(() => d.getByRole('alert').innerText()).toContain(de.account.changePassword.wrongOld);
    expect(await d.getByLabel(de.account.changePassword.new, { exact: true }).inputValue()).toBe(fresh);

    await d.getByLabel(de.account.changePassword.old).fill(DEMO_PASSWORD);
    await submit.click();
    await page.getByText(de.account.changePassword.done).waitFor();
    await expect.poll(() => dialog(page).count()).toBe(0);

    // another browser: the old password fails, the new one signs in
    const other = await journey.open('/login');
    await other.getByLabel(de.login.username).fill('student2');
    await other.getByLabel(de.login.password, { exact: true }).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: de.login.submit }).click();
    await other.getByRole('alert').getByText(de.errors.auth.wrong_password).waitFor();
    await signInWith(other, 'student2', fresh);
    await other.context().close();
    await page.context().close();
  });
});

describe('two-factor setup (spec 2.5 totp-setup, RFC 6238)', () => {
  it('shows the QR code and the key in fours; a code from the key turns it on; off again with the password', async () => {
    const page = await openAs('teacher2');
    await openFromMenu(page, de.dialogs.totpSetup);
    const d = dialog(page);
    await d.getByRole('img', { name: de.totpSetup.qrAlt }).waitFor();
    const grouped = await d.getByLabel(de.totpSetup.manualKey).innerText();
    expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const secret = grouped.replace(/\s/g, '');

    // a wrong code first: translated, the dialog stays
    await d.getByLabel(de.totpSetup.step2.replace('{{digits}}', '6')).fill('000000');
    await d.getByRole('button', { name: de.totpSetup.activate }).click();
    await expect.poll(() => d.getByRole('alert').innerText()).not.toBe('');

    await d.getByLabel(de.totpSetup.step2.replace('{{digits}}', '6')).fill(await generate({ secret }));
    // the password confirms the switch: missing, then wrong, then right
    await d.getByRole('button', { name: de.totpSetup.activate }).click();
    await d.getByRole('alert').getByText(de.totpSetup.passwordMissing).waitFor();
    await d.getByLabel(de.totpSetup.confirmPassword).fill('wrong-password');
    await d.getByRole('button', { name: de.totpSetup.activate }).click();
    await d.getByRole('alert').getByText(de.account.wrongPassword).waitFor();
    await d.getByLabel(de.totpSetup.confirmPassword).fill(DEMO_PASSWORD);
    await d.getByRole('button', { name: de.totpSetup.activate }).click();
    await page.getByText(de.totpSetup.enabled).waitFor();
    await expect.poll(() => dialog(page).count()).toBe(0);

    await openFromMenu(page, de.dialogs.totpSetup);
    await dialog(page).getByText(de.totpSetup.isOn).waitFor();
    await dialog(page).getByLabel(de.totpSetup.password).fill('wrong-password');
    await dialog(page).getByRole('button', { name: de.totpSetup.turnOff }).click();
    await dialog(page).getByRole('alert').getByText(de.account.wrongPassword).waitFor();
    await dialog(page).getByLabel(de.totpSetup.password).fill(DEMO_PASSWORD);
    await dialog(page).getByRole('button', { name: de.totpSetup.turnOff }).click();
    await page.getByText(de.totpSetup.disabled).waitFor();
    await page.context().close();
  });
});

describe('second e-mail address (spec 2.5 secondary-email, 5)', () => {
  it('says an invalid address is invalid, saves a valid one, and removes it', async () => {
    const page = await openAs('student3');
    await openFromMenu(page, de.dialogs.secondaryEmail);
    const d = dialog(page);
    await d.getByText('student3@demo-schule.example').waitFor();
    const field = d.getByLabel(de.account.email.second);
    await field.fill('mia-at-home');
    await field.blur();
    await d.getByRole('alert').getByText(de.areaErrors.mail.invalid).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await d.getByRole('button', { name: de.common.save }).click();
    await d.getByRole('alert').getByText(de.areaErrors.mail.invalid).waitFor();

    await field.fill('');
    await d.getByRole('button', { name: de.common.save }).click();
    await d.getByRole('alert').getByText(de.areaErrors.mail.missing).waitFor();

    await field.fill('mia.wagner@example.org');
    expect(await d.getByRole('alert').innerText()).toBe('');
    // reset codes may be mailed there: the password confirms the change
    await d.getByRole('button', { name: de.common.save }).click();
    await d.getByRole('alert').getByText(de.account.email.passwordMissing).waitFor();
    await d.getByLabel(de.account.email.password).fill(DEMO_PASSWORD);
    await d.getByRole('button', { name: de.common.save }).click();
    await page.getByText(de.account.email.saved).waitFor();
    await expect.poll(() => dialog(page).count()).toBe(0);

    await openFromMenu(page, de.dialogs.secondaryEmail);
    expect(await dialog(page).getByLabel(de.account.email.second).inputValue()).toBe(
      'mia.wagner@example.org',
    );
    await dialog(page).getByLabel(de.account.email.password).fill(DEMO_PASSWORD);
    await dialog(page).getByRole('button', { name: de.account.email.remove }).click();
    await page.getByText(de.account.email.removed).waitFor();
    await page.context().close();
  });
});

describe('data inquiry (spec 2.5 data-export)', () => {
  it('downloads a JSON file with the user’s own data under the server’s name', async () => {
    const page = await openAs('student4');
    await openFromMenu(page, de.dialogs.dataExport);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByRole('button', { name: de.dataExport.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const data = JSON.parse(text) as { user: Record<string, unknown> };
    expect(JSON.stringify(data.user)).toContain('Noah');
    expect(text).not.toContain(DEMO_PASSWORD);
    await page.getByText(de.dataExport.done).waitFor();
    await page.context().close();
  });
});

describe('impersonation (spec 4.3, SECURITY.md)', () => {
  it('a freshly signed-in superadmin acts as the student at once; the banner stops it', async () => {
    const page = await openAs('superadmin');
    await openFromMenu(page, de.dialogs.impersonate);
    const d = dialog(page);
    await d.getByLabel(de.impersonation.target).fill(String(await userId('student')));
    await d.getByLabel(de.impersonation.reason).fill('ab');
    await d.getByRole('button', { name: de.impersonation.start }).click();
    await d.getByRole('alert').getByText(de.impersonation.reasonTooShort.replace('{{min}}', '3')).waitFor();
    await d.getByLabel(de.impersonation.reason).fill('Ticket 4711: Kacheln fehlen');
    await d.getByRole('button', { name: de.impersonation.start }).click();

    const banner = page.getByRole('status').filter({ hasText: 'Sara Schmidt' });
    await banner.waitFor();
    expect(await banner.innerText()).toBe(
      de.impersonation.banner.replace('{{name}}', 'Sara Schmidt').replace('{{realName}}', 'Sam Super'),
    );
    await page.getByText(de.impersonation.timeLeft_other.replace('{{count}}', '30')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // the shown user is the student: the menu is hers and has no account changes
    const items = await userMenuItems(page);
    expect(items).toContain(de.dialogs.impersonate);
    expect(items).not.toContain(de.dialogs.changePassword);
    expect(await userMenu(page).getAttribute('aria-label')).toContain('Sara Schmidt');

    await page.getByRole('button', { name: de.impersonation.stop }).click();
    await page.getByText(de.impersonation.stopped.replace('{{name}}', 'Sam Super')).waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await userMenu(page).getAttribute('aria-label')).toContain('Sam Super');
    await page.context().close();
  });

  it('after more than 5 minutes the password is asked again, then the impersonation goes ahead', async () => {
    const page = await openAs('superadmin');
    // the sign-in is 10 minutes old (the server's clock decides, so the session row says so)
    const superadmin = await userId('superadmin');
    await journey.portal.database.db
      .update(sessions)
      .set({ authAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.userId, superadmin));
    await openFromMenu(page, de.dialogs.impersonate);
    await dialog(page)
      .getByLabel(de.impersonation.target)
      .fill(String(await userId('student')));
    await dialog(page).getByLabel(de.impersonation.reason).fill('Elterngespräch vorbereiten');
    await dialog(page).getByRole('button', { name: de.impersonation.start }).click();

    const reauth = page.getByRole('dialog', { name: de.dialogs.reenterPassword });
    await reauth.waitFor();
    await reauth.getByLabel(de.impersonation.password).fill('wrong-password');
    await reauth.getByRole('button', { name: de.impersonation.confirm }).click();
    await reauth.getByRole('alert').getByText(de.account.wrongPassword).waitFor();
    await reauth.getByLabel(de.impersonation.password).fill(DEMO_PASSWORD);
    await reauth.getByRole('button', { name: de.impersonation.confirm }).click();

    await page.getByRole('status').filter({ hasText: 'Sara Schmidt' }).waitFor();
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: de.impersonation.stop }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Sara Schmidt' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('accessibility and looks of the account dialogs', () => {
  const ids = [
    ['change-password', (t: Texts) => t.dialogs.changePassword],
    ['secondary-email', (t: Texts) => t.dialogs.secondaryEmail],
    ['totp-setup', (t: Texts) => t.dialogs.totpSetup],
    ['data-export', (t: Texts) => t.dialogs.dataExport],
    ['impersonate', (t: Texts) => t.dialogs.impersonate],
    ['reenter-password', (t: Texts) => t.dialogs.reenterPassword],
  ] as const;

  for (const { locale, width, colorScheme } of LOOKS) {
    const t = locale === 'ar' ? (ar as unknown as Texts) : de;
    const name = `${locale}-${width}-${colorScheme}`;
    it(`every dialog passes axe and is photographed: ${name}`, { timeout: 120_000 }, async () => {
      const page = await openAs('superadmin', { locale, width, colorScheme }, t);
      for (const [id, title] of ids) {
        await page.goto(`${journey.portal.base}/?dialog=${id}`);
        await dialog(page)
          .getByRole('heading', { level: 2, name: title(t) })
          .waitFor();
        if (id === 'totp-setup') await dialog(page).getByRole('img').waitFor();
        await expectNoSeriousA11yViolations(page, `${id} ${name}`);
        await page.screenshot({ path: `${screenshotDir}/account-${id}-${name}.png` });
      }
      await page.context().close();
    });
  }

  it(
    'the banner shows in both directions and on a phone, below the top bar’s controls',
    { timeout: 120_000 },
    async () => {
      const student = await userId('student');
      for (const { locale, width, colorScheme } of LOOKS) {
        const t = locale === 'ar' ? (ar as unknown as Texts) : de;
        const page = await openAs('superadmin', { locale, width, colorScheme }, t);
        await page.goto(`${journey.portal.base}/?dialog=impersonate`);
        await dialog(page).getByLabel(t.impersonation.target).fill(String(student));
        await dialog(page).getByLabel(t.impersonation.reason).fill('Support 123');
        await dialog(page).getByRole('button', { name: t.impersonation.start }).click();
        const stop = page.getByRole('button', { name: t.impersonation.stop });
        await stop.waitFor();
        await page.getByRole('list', { name: t.home.apps }).waitFor();
        // the banner sits below the top bar: no overlap with the user menu button
        const menu = (await userMenu(page, t).boundingBox())!;
        const stopBox = (await stop.boundingBox())!;
        expect(stopBox.y).toBeGreaterThanOrEqual(menu.y + menu.height);
        expect(stopBox.x + stopBox.width).toBeLessThanOrEqual(width);
        expect(stopBox.x).toBeGreaterThanOrEqual(0);
        await expectNoSeriousA11yViolations(page, `banner ${locale} ${width}`);
        await page.screenshot({
          path: `${screenshotDir}/impersonation-banner-${locale}-${width}-${colorScheme}.png`,
        });
        // it stays with the top bar when the page scrolls
        await page.mouse.wheel(0, 2000);
        const after = (await stop.boundingBox())!;
        expect(after.y).toBeLessThan(200);
        await stop.click();
        await expect.poll(() => stop.count()).toBe(0);
        await page.context().close();
      }
    },
  );
});
