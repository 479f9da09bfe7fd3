import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../apps/server/src/test/test-app.ts';
import { launch, newContext, screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney } from './journeys.ts';

// issue 19 item 6: a way back in for pupils who forgot their password (docs/decisions/059-school-identity.md)

const journey = setUpJourney();
const locales = { de, ar } as const;

/** The reset page's text below its heading, in reading order. */
const resetLines = (page: Page) =>
  page.locator('main p').evaluateAll((ps) => ps.map((p) => p.textContent?.trim() ?? ''));

describe('without a mail transport (the journeys have no SMTP)', () => {
  it.each(LOOKS)(
    '"Passwort vergessen?" sends the pupil to the teacher first and promises no e-mail ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      const page = await journey.open('/login', { locale, width, colorScheme });
      await page.getByRole('link', { name: t.reset.link }).click();
      await page.getByText(t.reset.askTeacherNoMail).waitFor();
      const lines = await resetLines(page);
      const first = lines.findIndex((line) => line === t.reset.askTeacherNoMail);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(lines).toContain(t.reset.requestIntroNoMail);
      // the canary: the text that promises an e-mail is not there
      expect(lines).not.toContain(t.reset.requestIntro);
      expect(lines).not.toContain(t.reset.askTeacher);
      await expectNoSeriousA11yViolations(page, `reset without mail ${locale}`);
      await page.screenshot({
        path: `${screenshotDir}/reset-no-mail-${locale}-${width}-${colorScheme}.png`,
        fullPage: true,
      });

      // asking for a code still works (it waits in the outbox for the school office) and says so
      await page.getByLabel(t.reset.name).fill(`niemand-${locale}-${width}`);
      await page.getByRole('button', { name: t.reset.send }).click();
      await page.waitForURL((url) => url.searchParams.get('reset') === 'code');
      await expect.poll(() => page.getByRole('status').first().innerText()).toContain(t.reset.sentNoMail);
      const mailIntro = t.reset.codeIntro.split('{{')[0]!;
      const codeLines = await resetLines(page);
      expect(codeLines.some((line) => line.startsWith(mailIntro))).toBe(false);
      expect(codeLines.some((line) => line.startsWith(t.reset.codeIntroNoMail.split('{{')[0]!))).toBe(true);
      await page.context().close();
    },
  );
});

describe('with a mail transport', () => {
  const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  let portal: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    // a port nothing listens on: the answer says mail is set up, which is all the page reads
    [portal, browser] = await Promise.all([
      startTestApp({ webDist, mail: { smtpUrl: 'smtp://127.0.0.1:9' } }),
      launch(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('the reset page still names the teacher first, then offers the e-mailed code', async () => {
    const page = await (await newContext(browser, { width: 390 })).newPage();
    await page.goto(`${portal.base}/login?reset=request`);
    await page.getByText(de.reset.askTeacher).waitFor();
    const lines = await resetLines(page);
    expect(lines.indexOf(de.reset.askTeacher)).toBeLessThan(lines.indexOf(de.reset.requestIntro));
    expect(lines.indexOf(de.reset.askTeacher)).toBeGreaterThanOrEqual(0);
    expect(lines).not.toContain(de.reset.askTeacherNoMail);
    await expectNoSeriousA11yViolations(page, 'reset with mail');
    await page.context().close();
  });
});
