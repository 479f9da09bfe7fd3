import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import { DEMO_PASSWORD } from './browser.ts';

/** Fills in and sends the login form as a demo user; the caller waits for what it expects next. */
export async function submitLogin(page: Page, username: string, t = de): Promise<void> {
  await page.getByLabel(t.login.username).fill(username);
  await page.getByLabel(t.login.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t.login.submit }).click();
}

/** Signs in as a demo user and waits for the home page. */
export async function signIn(page: Page, username: string, t = de): Promise<void> {
  await submitLogin(page, username, t);
  await page.waitForURL((url) => url.pathname === '/');
}

/** axe (WCAG 2.1 A and AA) finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, where = ''): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`.trim()),
  ).toEqual([]);
}
