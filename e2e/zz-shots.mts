// Screenshots of issue 19's screens in the looks given by SHOT_LOOKS (not committed).
import { launch, newContext, startPortal } from './browser.ts';
import { loginAs } from '../apps/server/src/test/test-app.ts';
import { mkdirSync } from 'node:fs';

const out = '/tmp/shots';
mkdirSync(out, { recursive: true });
const looks = [
  { locale: 'de', width: 1280, colorScheme: 'light' as const },
  { locale: 'de', width: 390, colorScheme: 'light' as const },
  { locale: 'ar', width: 390, colorScheme: 'dark' as const },
  { locale: 'ar', width: 1280, colorScheme: 'dark' as const },
  { locale: 'de', width: 390, colorScheme: 'dark' as const },
  { locale: 'ar', width: 390, colorScheme: 'light' as const },
  { locale: 'de', width: 1280, colorScheme: 'dark' as const },
  { locale: 'ar', width: 1280, colorScheme: 'light' as const },
];
const screens: { name: string; user?: string; path: string; act?: (p: import('playwright-core').Page) => Promise<void> }[] = [
  { name: 'login', path: '/login' },
  { name: 'visitor', path: '/' },
  { name: 'reset', path: '/login?reset=request' },
  { name: 'home-student', user: 'student', path: '/' },
  {
    name: 'account-menu',
    user: 'student',
    path: '/',
    act: async (p) => {
      await p.locator('header button[aria-haspopup="menu"]').last().click();
      await p.waitForTimeout(800);
    },
  },
  { name: 'edit', user: 'student', path: '/edit' },
  { name: 'settings', user: 'admin', path: '/dashboard/settings' },
  { name: 'school', user: 'admin', path: '/dashboard/school' },
  { name: 'sso', user: 'admin', path: '/dashboard/sso' },
  { name: 'offline', user: 'student', path: '/offline' },
  { name: 'notfound', user: 'student', path: '/nope' },
];
const only = process.env.SHOT_LOOKS ? Number(process.env.SHOT_LOOKS) : 2;
const portal = await startPortal();
const browser = await launch();
try {
  for (const look of looks.slice(0, only)) {
    const ctxs = new Map<string, import('playwright-core').BrowserContext>();
    for (const s of screens) {
      const key = s.user ?? '';
      if (!ctxs.has(key)) {
        const ctx = await newContext(browser, { ...look, locale: look.locale === 'ar' ? 'ar' : 'de-DE', touch: look.width < 500 });
        if (s.user) {
          const cookies = (await loginAs(portal.base, s.user)).split('; ').map((pair) => {
            const eq = pair.indexOf('=');
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: portal.base };
          });
          await ctx.addCookies(cookies);
        }
        ctxs.set(key, ctx);
      }
      const page = await ctxs.get(key)!.newPage();
      await page.goto(portal.base + s.path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(700);
      if (s.act) await s.act(page).catch((e) => console.log(s.name, 'act failed', String(e).slice(0, 100)));
      const file = `${out}/${s.name}-${look.locale}-${look.width}-${look.colorScheme}.png`;
      await page.screenshot({ path: file, fullPage: false });
      console.log(file);
      await page.close();
    }
    for (const c of ctxs.values()) await c.close();
  }
} finally {
  await browser.close();
  await portal.close();
}
