// Lighthouse 12.8 (13 needs Node 22) on Debian's Chromium with its default mobile profile: a Moto G Power
// sized screen, simulated slow 4G (150 ms RTT, 1.6 Mbit/s down) and a 4x CPU slowdown.
// Prints the scores, LCP and bytes of each page and the audits that cost accessibility or best-practices
// points, and returns the figures. The goals of issue 17 are printed beside them, never asserted.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
};

export interface LighthousePage {
  label: string;
  url: string;
  /** the cookie header of a signed-in user (name=value; name=value), set in the browser before the run */
  cookie?: string;
}

type Figures = Record<string, number>;

const ATTEMPTS = 3;

export async function runLighthouse(pages: LighthousePage[]): Promise<Figures> {
  const figures: Figures = {};
  console.log('\nLighthouse 12.8, default mobile profile (simulated slow 4G, 4x CPU), Chromium headless');
  for (const page of pages) {
    const run = await auditWithRetries(page);
    if (!run) continue;
    const { lhr, artifacts } = run;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const lcpMs = Math.round(numeric('largest-contentful-paint'));
    const kb = Math.round(numeric('total-byte-weight') / 1024);
    console.log(
      `${page.label}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
        `best practices ${score('best-practices')}, LCP ${(lcpMs / 1000).toFixed(1)} s, ` +
        `${kb} KB transferred (FCP ${(numeric('first-contentful-paint') / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(numeric('total-blocking-time'))} ms)`,
    );
    for (const category of CATEGORIES) {
      figures[`lighthouse ${page.label} ${category}`] = score(category);
      if (score(category) < GOALS[category])
        console.log(`  ${category} ${score(category)} is below the goal of ${GOALS[category]}`);
      if (category === 'performance') continue;
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const result = lhr.audits[ref.id];
        if (ref.weight > 0 && result && result.score !== null && result.score < 1) {
          console.log(`  failing ${category} audit ${ref.id}: ${result.title}`);
          for (const item of detailItems(result.details)) console.log(`    - ${item}`);
          // Lighthouse names a CSP issue without a blocked URL only by its type: say what was blocked, where.
          if (ref.id === 'inspector-issues')
            for (const csp of artifacts.InspectorIssues.contentSecurityPolicyIssue ?? [])
              console.log(
                `    - CSP ${csp.contentSecurityPolicyViolationType} (${csp.violatedDirective})` +
                  (csp.blockedURL ? ` ${csp.blockedURL}` : '') +
                  (csp.sourceCodeLocation
                    ? ` at ${csp.sourceCodeLocation.url}:${csp.sourceCodeLocation.lineNumber + 1}`
                    : ''),
              );
        }
      }
    }
    figures[`lighthouse ${page.label} LCP ms`] = lcpMs;
    figures[`lighthouse ${page.label} KB`] = kb;
    for (const warning of lhr.runWarnings) console.log(`  Lighthouse warning: ${warning}`);
  }
  return figures;
}

/** What an audit found, one line per item (a console message, an issue type with its URLs, an element). */
function detailItems(details: unknown): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return items.slice(0, 8).map((item) => {
    const it = item as Record<string, unknown>;
    const where = [
      (it.sourceLocation as { url?: string } | undefined)?.url,
      ...((it.subItems as { items?: { url?: string }[] } | undefined)?.items ?? []).map((sub) => sub.url),
      (it.node as { snippet?: string } | undefined)?.snippet,
    ].filter(Boolean);
    const what = [it.source, it.issueType, it.description].filter(Boolean).join(': ');
    return `${what}${where.length ? ` (${where.join(', ')})` : ''}`.slice(0, 240);
  });
}

/**
 * Lighthouse fails now and then on a busy machine (NO_NAVSTART, PROTOCOL_TIMEOUT): try again, and after
 * the third failure print it and go on with the next page rather than lose the figures of the others.
 */
async function auditWithRetries(page: LighthousePage): Promise<Awaited<ReturnType<typeof audit>> | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(page);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (attempt === ATTEMPTS) {
        console.log(`${page.label}: no figures, Lighthouse failed ${ATTEMPTS} times (${message})`);
        return null;
      }
      console.log(`${page.label}: Lighthouse failed (${message}), trying again`);
    }
  }
}

/** One Lighthouse run in a fresh Chromium with an empty profile (with the page's cookie if it has one). */
async function audit(page: LighthousePage) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
    handleSIGINT: false,
  });
  try {
    // Lighthouse clears the origin's service workers and caches before it loads the page, never its
    // cookies, so a cookie set here signs the page in (an extraHeaders cookie would also replace any
    // cookie the page sets while it loads).
    if (page.cookie) await setCookies(chrome.port, page.url, page.cookie);
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${page.url}: ${result.lhr.runtimeError.message}`);
    return { lhr: result.lhr, artifacts: result.artifacts };
  } finally {
    const exited =
      chrome.process.exitCode === null && chrome.process.signalCode === null
        ? new Promise((resolve) => chrome.process.once('exit', resolve))
        : Promise.resolve();
    chrome.kill();
    await exited;
  }
}

async function setCookies(port: number, url: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url, httpOnly: true, sameSite: 'Lax' };
      }),
    );
  } finally {
    // on a browser connected over CDP this only disconnects; Chromium stays up for Lighthouse
    await browser.close();
  }
}
