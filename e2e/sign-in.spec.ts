import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { config, mailOutbox, users } from '../apps/server/src/db/schema.ts';
import { demoSchoolId } from '../apps/server/src/test/test-app.ts';
import { DEMO_PASSWORD, screenshotDir } from './browser.ts';
import {
  enableTotp,
  expectNoSeriousA11yViolations,
  LOOKS,
  setUpJourney,
  signIn,
  submitLogin,
} from './journeys.ts';

const journey = setUpJourney();
const { open } = journey;
const locales = { de, ar } as const;
type Strings = typeof de;

const alert = (page: Page) => page.getByRole('alert').first();
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A school setting (spec 3.5) written straight into the config table, as an admin would set it. */
async function setConfig(key: string, value: string): Promise<void> {
  const schoolId = await demoSchoolId(journey.portal);
  await journey.portal.database.db
    .insert(config)
    .values({ schoolId, key, value })
    .onConflictDoUpdate({ target: [config.schoolId, config.key], set: { value } });
}

/** A user who has not accepted the site policy yet (the demo school's users all have). */
async function withoutAcceptedPolicy(username: string): Promise<void> {
  await journey.portal.database.db
    .update(users)
    .set({ sitePolicyAccepted: false })
    .where(eq(users.username, username));
}

async function clearConfig(key: string): Promise<void> {
  const schoolId = await demoSchoolId(journey.portal);
  await journey.portal.database.db
    .delete(config)
    .where(and(eq(config.schoolId, schoolId), eq(config.key, key)));
}

/** The newest reset code mailed to a user (the outbox: no SMTP server in these journeys). */
async function latestResetCode(username: string): Promise<string> {
  const { db } = journey.portal.database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await db
        .select({ body: mailOutbox.body })
        .from(mailOutbox)
        .where(eq(mailOutbox.userId, user!.id))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      code = /\b([A-Z2-9]{4}-?[A-Z2-9]{4})\b/.exec(mail?.body ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * Aula's cookies but the device cookie, which stays after signing out on purpose (decision 074): it is no token
 * (it opens nothing, only spares this browser the sign-in challenge) and names nobody.
 */
const sessionCookies = (names: string[]) =>
  names.filter((name) => name.includes('aula_') && name !== 'aula_dev');

/** What the browser still holds: storage keys, IndexedDB names and cookies. */
async function browserState(page: Page) {
  const storage = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
  const cookies = (await page.context().cookies()).map((c) => c.name);
  return { ...storage, cookies };
}

afterEach(async () => {
  await clearConfig('force_accept_policy');
  await clearConfig('logout_on_idle_time');
});

describe('signing in', () => {
  it('a wrong password keeps the name; ten failures lock the account with the minutes to wait', async () => {
    const page = await open('/login');
    await page.getByLabel(de.login.username).fill('student4');
    const locked = de.login.locked_other.split('{{count}}')[0]!;
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      await page.getByLabel(de.login.password, { exact: true }).fill(`falsch-${attempt}`);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/login')),
        page.getByRole('button', { name: de.login.submit }).click(),
      ]);
      await expect.poll(() => alert(page).innerText()).not.toBe('');
      const text = await alert(page).innerText();
      expect(await page.getByLabel(de.login.username).inputValue()).toBe('student4');
      expect(await page.getByLabel(de.login.password, { exact: true }).inputValue()).toBe('');
      if (text.includes(locked)) break;
      expect(text).toContain(de.errors.auth.wrong_password);
    }
    await expect.poll(() => alert(page).innerText()).toMatch(/\d+ Minute/);
    expect(await alert(page).innerText()).toContain(locked);
    // the right password does not help while the lock lasts
    await page.getByLabel(de.login.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: de.login.submit }).click();
    await expect.poll(() => alert(page).innerText()).toContain(locked);
    expect(pathOf(page)).toBe('/login');
  });

  it('with TOTP on, the password step leads to a code step; wrong codes are named, Back keeps the name', async () => {
    const secret = await enableTotp(journey.portal, 'student3');
    const page = await open('/login');
    await submitLogin(page, 'student3');
    const code = page.getByLabel(de.login.code);
    await code.waitFor();
    expect(await page.getByRole('heading', { name: de.login.codeTitle }).count()).toBe(1);
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'code step');

    // a code that is not six digits is refused here; a wrong one by the server
    await code.fill('12');
    await page.getByRole('button', { name: de.login.codeSubmit }).click();
    await expect.poll(() => alert(page).innerText()).toContain(de.login.codeInvalid);
    const now = Date.now();
    const right = await generate({ secret, epoch: Math.floor(now / 1000) + 30 });
    const wrong = right === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/login')),
      page.getByRole('button', { name: de.login.codeSubmit }).click(),
    ]);
    await expect.poll(() => alert(page).innerText()).toContain(de.errors.auth.wrong_code);
    expect(await code.inputValue()).toBe('');

    // Back returns to the first step with the name kept and the password cleared
    await page.getByRole('button', { name: de.login.codeBack }).click();
    expect(await page.getByLabel(de.login.username).inputValue()).toBe('student3');
    expect(await page.getByLabel(de.login.password, { exact: true }).inputValue()).toBe('');
    await page.getByLabel(de.login.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: de.login.submit }).click();
    await code.waitFor();
    await code.fill(right);
    await page.getByRole('button', { name: de.login.codeSubmit }).click();
    await page.waitForURL(journey.portal.base + '/');
  });

  it.each(LOOKS)(
    'screenshots and axe of the code step ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      const page = await open('/login', { locale, width, colorScheme });
      await submitLogin(page, 'student3', t as Strings);
      await page.getByLabel(t.login.code).waitFor();
      if (width === 390 && colorScheme === 'light') await expectNoSeriousA11yViolations(page, locale);
      await page.screenshot({
        path: `${screenshotDir}/login-code-${locale}-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await page.context().close();
    },
  );
});

describe('forgot password (issue 5 item 6)', () => {
  it('asks for name or e-mail, sends the code by mail, checks it, shows the rules live and signs in with the new password', async () => {
    const page = await open('/login');
    await page.getByRole('link', { name: de.reset.link }).click();
    await page.waitForURL((url) => url.searchParams.get('reset') === 'request');
    await expectNoSeriousA11yViolations(page, 'reset request');
    await page.getByLabel(de.reset.name).fill('student2@demo-schule.example');
    await page.getByRole('button', { name: de.reset.send }).click();
    await page.waitForURL((url) => url.searchParams.get('reset') === 'code');
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain(de.reset.sentNoMail);
    await expectNoSeriousA11yViolations(page, 'reset code');
    const mailed = await latestResetCode('student2');

    // the rules are shown as the user types
    const password = page.getByLabel(de.reset.newPassword, { exact: true });
    const rules = page.getByRole('list').filter({ hasText: de.passwordRules.confirmation });
    await password.fill('kurz');
    await expect.poll(() => rules.innerText()).toContain(de.passwordRules.notMet);
    const fresh = 'Lindenblatt-im-Herbst-42';
    await password.fill(fresh);
    await page.getByLabel(de.reset.confirmPassword).fill(fresh);
    await expect.poll(() => rules.innerText()).not.toContain(de.passwordRules.notMet);

    // a wrong code is named and cleared; the new password stays typed
    const wrong = mailed.startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA';
    await page.getByLabel(de.reset.code).fill(wrong);
    await page.getByRole('button', { name: de.reset.submit }).click();
    await expect.poll(() => alert(page).innerText()).toContain(de.errors.auth.wrong_code);
    expect(await page.getByLabel(de.reset.code).inputValue()).toBe('');
    expect(await password.inputValue()).toBe(fresh);

    await page.getByLabel(de.reset.code).fill(mailed);
    await page.getByRole('button', { name: de.reset.submit }).click();
    await page.waitForURL((url) => url.pathname === '/login' && !url.searchParams.has('reset'));
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain(de.reset.done);
    // the name typed for the reset is still there
    expect(await page.getByLabel(de.login.username).inputValue()).toBe('student2@demo-schule.example');
    await page.getByLabel(de.login.username).fill('student2');
    await page.getByLabel(de.login.password, { exact: true }).fill(fresh);
    await page.getByRole('button', { name: de.login.submit }).click();
    await page.waitForURL(journey.portal.base + '/');
  });

  it('an unknown account gets the same answer as a known one', async () => {
    const page = await open('/login?reset=request');
    await page.getByLabel(de.reset.name).fill('niemand-hier');
    await page.getByRole('button', { name: de.reset.send }).click();
    await page.waitForURL((url) => url.searchParams.get('reset') === 'code');
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain(de.reset.sentNoMail);
  });

  it.each(LOOKS)(
    'screenshots and axe of both reset steps ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      const name = `${locale}-${width}-${colorScheme}`;
      const page = await open('/login?reset=request', { locale, width, colorScheme });
      await page.getByLabel(t.reset.name).waitFor();
      await page.screenshot({ path: `${screenshotDir}/reset-request-${name}.png`, fullPage: true });
      // a name of its own each time: reset requests are limited per account name (429)
      await page.getByLabel(t.reset.name).fill(`screenshot-${name}`);
      await page.getByRole('button', { name: t.reset.send }).click();
      await page.waitForURL((url) => url.searchParams.get('reset') === 'code');
      await page.getByLabel(t.reset.newPassword, { exact: true }).fill('Sommer');
      await page.getByLabel(t.reset.confirmPassword).fill('Sommer');
      if (width === 390 && colorScheme === 'dark') await expectNoSeriousA11yViolations(page, name);
      await page.screenshot({ path: `${screenshotDir}/reset-code-${name}.png`, fullPage: true });
      await page.context().close();
    },
  );
});

describe('after sign-in (spec 4.2)', () => {
  const account = async (username: string) => {
    const [row] = await journey.portal.database.db
      .select({ lang: users.selectedLang, theme: users.selectedTheme })
      .from(users)
      .where(eq(users.username, username));
    return row;
  };

  it('a language and theme chosen before sign-in are written back when the account has none', async () => {
    expect(await account('superadmin')).toEqual({ lang: 'auto', theme: 'auto' });
    const page = await open('/login');
    await page.getByRole('button', { name: de.language.choose }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('button', { name: en.theme.toggle }).click();
    await signIn(page, 'superadmin', en as unknown as Strings);
    await expect.poll(() => account('superadmin')).toEqual({ lang: 'en', theme: 'dark' });
  });

  it("the account's language and theme are applied in a browser that had others", async () => {
    await journey.portal.database.db
      .update(users)
      .set({ selectedLang: 'ar', selectedTheme: 'dark' })
      .where(eq(users.username, 'teacher'));
    const page = await open('/login', { colorScheme: 'light' });
    await signIn(page, 'teacher');
    await expect
      .poll(() =>
        page.evaluate(() => [
          document.documentElement.lang,
          document.documentElement.dir,
          document.documentElement.classList.contains('dark'),
        ]),
      )
      .toEqual(['ar', 'rtl', true]);
    // and the account keeps its own choice
    expect(await account('teacher')).toEqual({ lang: 'ar', theme: 'dark' });
    await journey.portal.database.db
      .update(users)
      .set({ selectedLang: 'auto', selectedTheme: 'auto' })
      .where(eq(users.username, 'teacher'));
  });
});

describe('terms (spec 2.4 rule 3, 4.2)', () => {
  it('force_accept_policy sends a user who has not accepted to /terms; Accept leads home and sticks', async () => {
    await setConfig('force_accept_policy', 'true');
    await withoutAcceptedPolicy('teacher2');
    const page = await open('/login');
    await submitLogin(page, 'teacher2');
    await page.waitForURL(journey.portal.base + '/terms');
    await page.getByRole('button', { name: de.terms.accept }).waitFor();
    await expectNoSeriousA11yViolations(page, 'terms de');
    // every other page leads back here until the terms are accepted
    await page.goto(journey.portal.base + '/edit');
    await page.waitForURL(journey.portal.base + '/terms');
    await page.getByRole('button', { name: de.terms.accept }).click();
    await page.waitForURL(journey.portal.base + '/');
    await page.reload();
    await page.getByRole('list', { name: de.home.apps }).waitFor();
    expect(pathOf(page)).toBe('/');
    // a new sign-in goes straight home
    const again = await open('/login');
    await signIn(again, 'teacher2');
    expect(pathOf(again)).toBe('/');
  });

  it('Decline signs out with the real logout flow', async () => {
    await setConfig('force_accept_policy', 'true');
    await withoutAcceptedPolicy('student');
    const page = await open('/login');
    await submitLogin(page, 'student');
    await page.waitForURL(journey.portal.base + '/terms');
    await page.getByRole('button', { name: de.terms.decline }).click();
    await page.getByRole('dialog', { name: de.logout.doneTitle }).waitFor();
    const state = await browserState(page);
    expect(sessionCookies(state.cookies)).toEqual([]);
  });

  it.each(LOOKS)(
    'screenshots and axe of /terms ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      await setConfig('force_accept_policy', 'true');
      await withoutAcceptedPolicy('admin');
      const t = locales[locale];
      const page = await open('/login', { locale, width, colorScheme });
      await submitLogin(page, 'admin', t as Strings);
      await page.waitForURL(journey.portal.base + '/terms');
      await page.getByRole('button', { name: t.terms.accept }).waitFor();
      if (colorScheme === 'light' && width === 1280) await expectNoSeriousA11yViolations(page, locale);
      await page.screenshot({
        path: `${screenshotDir}/terms-${locale}-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await page.context().close();
    },
  );
});

describe('session end (spec 4.1, SECURITY.md "Privacy")', () => {
  it('after the idle time without activity the real logout runs and says why', async () => {
    await setConfig('logout_on_idle_time', '2');
    const page = await open('/login', { clock: true });
    await signIn(page, 'teacher');
    await page.getByRole('list', { name: de.home.apps }).waitFor();
    // pings keep going, but they are no activity
    await page.clock.fastForward(60_000);
    await page.mouse.move(10, 10);
    await page.mouse.move(40, 40);
    // 150 s after sign-in: past the limit counted from sign-in, not from the mouse move
    await page.clock.fastForward(90_000);
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('aula.session'))).not.toBeNull();
    // The online ping that goes out beside the idle logout is answered after it (as it was now and then on
    // its own): the session is gone by then, so the answer ends the session here a second time. That must
    // not erase why and when the user was signed out.
    const path = (url: string) => new URL(url).pathname;
    const signedOut = page.waitForResponse((response) => path(response.url()) === '/api/logout');
    await page.route('**/api/users/alive', async (route) => {
      await signedOut;
      await route.continue();
    });
    const lateAnswer = page.waitForEvent(
      'requestfinished',
      (request) => path(request.url()) === '/api/users/alive',
    );
    await page.clock.fastForward(40_000);
    expect((await (await lateAnswer).response())?.status()).toBeGreaterThanOrEqual(400);
    const done = page.getByRole('dialog', { name: de.logout.doneTitle });
    await done.waitFor();
    expect(await done.innerText()).toContain(de.session.idleSignedOut);
    expect(await done.innerText()).toContain(de.logout.doneAt.split('{{time}}')[0]!.trim());
    const state = await browserState(page);
    expect(sessionCookies(state.cookies)).toEqual([]);
  });

  it('after logout the browser keeps no token or personal data', async () => {
    const page = await open('/login');
    await signIn(page, 'student');
    await page.getByRole('list', { name: de.home.apps }).waitFor();
    const signedIn = await browserState(page);
    expect(signedIn.cookies.some((name) => name.includes('aula_'))).toBe(true);
    expect(signedIn.local).toContain('aula.session');
    await page
      .getByRole('button', { name: new RegExp(`^${de.nav.userMenu.replace('{{name}}', '')}`) })
      .click();
    await page.getByRole('menuitem', { name: de.nav.signOut }).click();
    await page.getByRole('dialog').getByRole('button', { name: de.nav.signOut }).click();
    await page.getByRole('dialog', { name: de.logout.doneTitle }).waitFor();
    const state = await browserState(page);
    expect(sessionCookies(state.cookies)).toEqual([]);
    // device settings only: language, theme, the random device id (spec 3.6)
    expect(state.local.filter((key) => !['aula.lang', 'aula.theme', 'aula.device'].includes(key))).toEqual(
      [],
    );
    expect(state.session.filter((key) => key !== 'aula.signedOutAt' && !key.startsWith('tsr-'))).toEqual([]);
    expect(state.databases.filter((name) => name !== 'configDB')).toEqual([]);
    // and the page shows nothing of the user any more
    expect(await page.getByText('Sara').count()).toBe(0);
  });
});
