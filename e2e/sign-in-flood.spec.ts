// Issue 32 items 1 and 2 (decision 074): a script floods the school's one address with made-up sign-ins; the
// pupils behind that address still sign in through the real login page, which solves the proof of work by
// itself, and a browser that signed in before is not even asked.
import { beforeAll, describe, expect, it } from 'vitest';
import { postFrom } from '../apps/server/src/test/test-app.ts';
import type { Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { DEMO_PASSWORD, newContext, screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney, signIn, submitLogin } from './journeys.ts';

const journey = setUpJourney();
const locales = { de, ar } as const;

/** A sign-in from the address Chromium uses (127.0.0.1), as a script would send it. */
function scriptLogin(username: string, password: string) {
  return postFrom(journey.portal.base, '/api/login', { ip: '127.0.0.1', body: { username, password } });
}

/** The attack: 101 made-up names with wrong passwords, eight at a time, from the school's address. */
async function flood(): Promise<void> {
  const names = Array.from({ length: 101 }, (_, i) => `erfunden-${i}`);
  for (let i = 0; i < names.length; i += 8) {
    const answers = await Promise.all(names.slice(i, i + 8).map((n) => scriptLogin(n, 'falsch-falsch')));
    for (const a of answers) expect([401, 429]).toContain(a.status);
  }
}

/** Every answer the page got from POST /api/login, in order. */
function loginAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/login') statuses.push(res.status());
  });
  return statuses;
}

describe('a class behind an address that a script floods', () => {
  // the server's clock stands still from here, so the flood (one minute) lasts through every test of the file
  beforeAll(async () => {
    journey.clock.set(Date.now());
    await flood();
  }, 300_000);

  it('after 101 made-up sign-ins, pupils sign in through the login page and land on their tiles; a plain client is refused', async () => {
    const plain = await scriptLogin('student', DEMO_PASSWORD);
    expect(plain.status).toBe(429);
    expect(plain.body.code).toBe('auth.challenge_required');

    for (const pupil of ['student', 'student2']) {
      const page = await journey.open('/login');
      const answers = loginAnswers(page);
      await submitLogin(page, pupil);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('list', { name: de.home.apps }).waitFor();
      // refused once with a challenge, then signed in with the solution the page found by itself
      expect(answers).toEqual([429, 200]);
      await page.context().close();
    }
  });

  it('a browser the pupil signed in on before is not asked again, while a new one is', async () => {
    const page = await journey.open('/login');
    await signIn(page, 'student3');
    // the browser keeps its device cookie (not a session: it only vouches for this browser); the same browser
    // another day, with the session long gone, is this cookie alone
    const device = (await page.context().cookies()).filter((c) => c.name === 'aula_dev');
    expect(device).toHaveLength(1);
    await page.context().close();
    const again = await (await newContext(journey.browser)).newPage();
    await again.context().addCookies(device);
    await again.goto(journey.portal.base + '/login');
    const answers = loginAnswers(again);
    await signIn(again, 'student3');
    expect(answers).toEqual([200]);

    const fresh = await journey.open('/login');
    const freshAnswers = loginAnswers(fresh);
    await signIn(fresh, 'student3');
    expect(freshAnswers).toEqual([429, 200]);
  });

  it.each(LOOKS)(
    'the check in progress: what it says, and axe ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      const page = await journey.open('/login', { locale, width, colorScheme });
      // the solver's code is held back until the picture is taken, so the check is still running then
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/solve-challenge-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await submitLogin(page, 'teacher', t as typeof de);
      const status = page.getByRole('status').filter({ hasText: t.loginChallenge.checking });
      await status.waitFor();
      await expect.poll(() => status.innerText()).toContain(t.loginChallenge.why);
      await expect
        .poll(() => page.getByRole('progressbar', { name: t.loginChallenge.checking }).count())
        .toBe(1);
      // everything typed stays, and the button says it is busy
      expect(await page.getByLabel(t.login.password, { exact: true }).inputValue()).toBe(DEMO_PASSWORD);
      await expectNoSeriousA11yViolations(page, 'login challenge');
      await page.screenshot({
        path: `${screenshotDir}/login-challenge-${locale}-${width}-${colorScheme}.png`,
      });
      release();
      await page.waitForURL((url) => url.pathname === '/');
    },
  );
});
