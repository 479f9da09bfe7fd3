// Lighthouse 12.8 (13 needs Node 22) on Debian's Chromium with its default mobile profile: a Moto G Power
// sized screen, simulated slow 4G (150 ms RTT, 1.6 Mbit/s down) and a 4x CPU slowdown.
// Each page runs RUNS times, interleaved (A, B, C, A, B, C, ...; with two builds, each page on both builds
// in turn, the order swapped every round) so that the machine's load drifts hit all pages alike. Prints a
// table of the medians side by side, the main-thread breakdown, the long tasks of the median run and the
// audits that cost accessibility or best-practices points, and returns the medians. The goals of issue 17
// are printed beside them, never asserted.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const GOALS: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
};
/** Lighthouse's task groups (mainthread-work-breakdown), in the order they are printed. */
const GROUPS = [
  ['styleLayout', 'style & layout'],
  ['scriptEvaluation', 'script evaluation'],
  ['scriptParseCompile', 'script parse & compile'],
  ['paintCompositeRender', 'rendering'],
  ['parseHTML', 'parse HTML & CSS'],
  ['garbageCollection', 'garbage collection'],
  ['other', 'other'],
] as const;
type GroupId = (typeof GROUPS)[number][0];

/** 3 unless BENCH_LIGHTHOUSE_RUNS says otherwise (1 for a quick look; the table then shows single runs). */
export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3;
const ATTEMPTS = 3;

export interface LighthousePage {
  label: string;
  url: string;
  /**
   * Signs the page in: the cookie header of a signed-in user (name=value; name=value), or a function that
   * signs in afresh and returns it (called once per run, so no run reuses a session another has refreshed).
   * Set in the browser before the run; a run whose online ping (POST /api/users/alive) does not answer 200 counts as failed.
   */
  cookie?: string | (() => Promise<string>);
}

/** The pages of one build (a web app served by its own server), named in the table when there are two. */
export interface LighthouseBuild {
  name: string;
  pages: LighthousePage[];
}

type Figures = Record<string, number>;

interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}

/** What one run found, kept instead of the report and its trace (megabytes each). */
interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  cls: number;
  kb: number;
  breakdown: Record<GroupId, number>;
  longTasks: LongTask[];
  findings: string[];
  warnings: string[];
}

/** One column of the table: a page of a build, with its runs and its failed attempts. */
interface Column {
  page: LighthousePage;
  build?: string;
  /** a page of no build (the bare page), measured once beside them */
  shared: boolean;
  runs: Run[];
  failures: string[];
}

/** One build's pages, RUNS times each, interleaved; returns the medians as `lighthouse <page> <figure>`. */
export async function runLighthouse(pages: LighthousePage[]): Promise<Figures> {
  return compareLighthouse([{ name: '', pages }]);
}

/**
 * Several builds (each its own portal) and, once, `shared` pages that belong to none (the bare page):
 * every page RUNS times, interleaved across pages and builds. With more than one build the figures'
 * names carry the build's name: `lighthouse <page> [<build>] <figure>`.
 */
export async function compareLighthouse(
  builds: LighthouseBuild[],
  shared: LighthousePage[] = [],
): Promise<Figures> {
  const named = builds.length > 1;
  const labels = [...new Set(builds.flatMap((build) => build.pages.map((page) => page.label)))];
  // Columns page by page, the builds side by side under each page; the shared pages last.
  const columns: Column[] = [
    ...labels.flatMap((label) =>
      builds.flatMap((build) =>
        build.pages
          .filter((page) => page.label === label)
          .map((page) => ({
            page,
            build: named ? build.name : undefined,
            shared: false,
            runs: [],
            failures: [],
          })),
      ),
    ),
    ...shared.map((page) => ({ page, shared: true, runs: [], failures: [] })),
  ];
  console.log(
    `\nLighthouse 12.8, default mobile profile (simulated slow 4G, 4x CPU), Chromium headless; ` +
      `${RUNS} runs of each page, interleaved, medians`,
  );
  for (let round = 0; round < RUNS; round++) {
    const order = builds.map((build) => build.name);
    if (round % 2 === 1) order.reverse();
    const rank = (column: Column) => (column.build === undefined ? 0 : order.indexOf(column.build));
    const ordered = columns
      .map((column, index) => ({ column, index }))
      .sort((a, b) => {
        // the shared pages (in no build) after the builds' pages
        const at = (column: Column) => (column.shared ? labels.length : labels.indexOf(column.page.label));
        const pageA = at(a.column);
        const pageB = at(b.column);
        return pageA !== pageB ? pageA - pageB : rank(a.column) - rank(b.column) || a.index - b.index;
      })
      .map(({ column }) => column);
    for (const column of ordered) {
      const started = performance.now();
      const run = await auditWithRetries(column, round);
      const seconds = Math.round((performance.now() - started) / 1000);
      const name = columnName(column);
      if (run) {
        column.runs.push(run);
        console.log(
          `  run ${round + 1}/${RUNS} ${name}: performance ${run.scores.performance}, ` +
            `LCP ${(run.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(run.tbtMs)} ms (${seconds} s)`,
        );
      }
    }
  }
  printTables(columns);
  const figures: Figures = {};
  for (const column of columns) {
    if (column.runs.length === 0) continue;
    const prefix = `lighthouse ${columnName(column)}`;
    for (const category of CATEGORIES)
      figures[`${prefix} ${category}`] = medianOf(column, (r) => r.scores[category]);
    figures[`${prefix} LCP ms`] = Math.round(medianOf(column, (r) => r.lcpMs));
    figures[`${prefix} TBT ms`] = Math.round(medianOf(column, (r) => r.tbtMs));
    figures[`${prefix} KB`] = Math.round(medianOf(column, (r) => r.kb));
  }
  return figures;
}

function columnName(column: Column): string {
  return column.build ? `${column.page.label} [${column.build}]` : column.page.label;
}

function printTables(columns: Column[]): void {
  const done = columns.filter((column) => column.runs.length > 0);
  const fixed =
    (digits: number, scale = 1) =>
    (value: number) =>
      (value / scale).toFixed(digits);
  const int = (value: number) => Math.round(value).toLocaleString('en-US');
  const rows: [string, (column: Column) => string][] = [
    ['performance (median)', (c) => String(medianOf(c, (r) => r.scores.performance))],
    ['performance, runs', (c) => c.runs.map((r) => r.scores.performance).join(' ')],
    ['LCP s', (c) => fixed(1, 1000)(medianOf(c, (r) => r.lcpMs))],
    ['TBT ms', (c) => int(medianOf(c, (r) => r.tbtMs))],
    ['FCP s', (c) => fixed(1, 1000)(medianOf(c, (r) => r.fcpMs))],
    ['Speed Index s', (c) => fixed(1, 1000)(medianOf(c, (r) => r.siMs))],
    ['CLS', (c) => fixed(3)(medianOf(c, (r) => r.cls))],
    ['KB transferred', (c) => int(medianOf(c, (r) => r.kb))],
    ['accessibility', (c) => String(medianOf(c, (r) => r.scores.accessibility))],
    ['best practices', (c) => String(medianOf(c, (r) => r.scores['best-practices']))],
    ['runs (failed attempts)', (c) => `${c.runs.length} (${c.failures.length})`],
  ];
  console.log(`\nLighthouse, median of ${RUNS} runs per page`);
  printTable(done, rows);

  console.log(
    `\nMain thread (mainthread-work-breakdown, ms at the simulated 4x CPU slowdown), median of the runs`,
  );
  printTable(done, [
    ...GROUPS.map(([id, label]) => [label, (c: Column) => int(medianOf(c, (r) => r.breakdown[id]))] as const),
    [
      'total (median of sums)',
      (c) => int(medianOf(c, (r) => GROUPS.reduce((s, [id]) => s + r.breakdown[id], 0))),
    ],
  ]);

  for (const column of done) {
    const run = medianRun(column);
    console.log(
      `\n${columnName(column)}: long tasks of the median run (performance ${run.scores.performance}), ` +
        `${run.longTasks.length === 0 ? 'none' : 'start, duration, attributed URL'}`,
    );
    for (const task of [...run.longTasks].sort((a, b) => a.startTime - b.startTime))
      console.log(
        `  ${int(task.startTime).padStart(6)} ms ${int(task.duration).padStart(6)} ms  ${task.url}`,
      );
    for (const category of CATEGORIES) {
      const score = medianOf(column, (r) => r.scores[category]);
      if (score < GOALS[category])
        console.log(`  ${category} ${score} is below the goal of ${GOALS[category]}`);
    }
    for (const line of run.findings) console.log(`  ${line}`);
    for (const warning of new Set(column.runs.flatMap((r) => r.warnings)))
      console.log(`  Lighthouse warning: ${warning}`);
    for (const failure of column.failures) console.log(`  failed attempt: ${failure}`);
  }
  for (const column of columns.filter((c) => c.runs.length === 0))
    console.log(`\n${columnName(column)}: no figures, every run failed (${column.failures.join('; ')})`);
}

/** Rows of figures, one column per page (and build), aligned for a terminal and for a Markdown table. */
function printTable(
  columns: Column[],
  rows: readonly (readonly [string, (column: Column) => string])[],
): void {
  const head = ['', ...columns.map(columnName)];
  const body = rows.map(([label, cell]) => [label, ...columns.map(cell)]);
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : '-'.repeat(w - 1) + ':')).join(' | ')} |`);
  for (const row of body) console.log(line(row));
}

/** The median of the column's runs (of an even count, the mean of the middle two). */
function medianOf(column: Column, figure: (run: Run) => number): number {
  const sorted = column.runs.map(figure).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The run with the median performance score (ties: the median LCP among them; of two runs, the lower). */
function medianRun(column: Column): Run {
  const sorted = [...column.runs].sort(
    (a, b) => a.scores.performance - b.scores.performance || a.lcpMs - b.lcpMs,
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** What a run found, from its report: scores, metrics, the main-thread breakdown, long tasks, findings. */
function summarise(
  lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'],
  artifacts: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['artifacts'],
): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (id: string) =>
    ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<
      string,
      unknown
    >[];
  const breakdown = Object.fromEntries(GROUPS.map(([id]) => [id, 0])) as Record<GroupId, number>;
  for (const item of items('mainthread-work-breakdown')) {
    const group = item.group as GroupId;
    if (group in breakdown) breakdown[group] += Number(item.duration);
  }
  const longTasks = items('long-tasks').map((item) => ({
    url: String(item.url),
    startTime: Number(item.startTime),
    duration: Number(item.duration),
  }));
  const findings: string[] = [];
  for (const category of CATEGORIES) {
    if (category === 'performance') continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1) {
        findings.push(`failing ${category} audit ${ref.id}: ${result.title}`);
        for (const item of detailItems(result.details)) findings.push(`  - ${item}`);
        // Lighthouse names a CSP issue without a blocked URL only by its type: say what was blocked, where.
        if (ref.id === 'inspector-issues')
          for (const csp of artifacts.InspectorIssues.contentSecurityPolicyIssue ?? [])
            findings.push(
              `  - CSP ${csp.contentSecurityPolicyViolationType} (${csp.violatedDirective})` +
                (csp.blockedURL ? ` ${csp.blockedURL}` : '') +
                (csp.sourceCodeLocation
                  ? ` at ${csp.sourceCodeLocation.url}:${csp.sourceCodeLocation.lineNumber + 1}`
                  : ''),
            );
      }
    }
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    siMs: numeric('speed-index'),
    cls: numeric('cumulative-layout-shift'),
    kb: numeric('total-byte-weight') / 1024,
    breakdown,
    longTasks,
    findings,
    warnings: lhr.runWarnings,
  };
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
 * Every failed attempt is kept on the column and printed with the tables.
 */
async function auditWithRetries(column: Column, round: number): Promise<Run | null> {
  const name = columnName(column);
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(column.page);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
      column.failures.push(`run ${round + 1}, attempt ${attempt}: ${message}`);
      if (attempt === ATTEMPTS) {
        console.log(
          `  run ${round + 1}/${RUNS} ${name}: no figures, Lighthouse failed ${ATTEMPTS} times (${message})`,
        );
        return null;
      }
      console.log(`  run ${round + 1}/${RUNS} ${name}: Lighthouse failed (${message}), trying again`);
    }
  }
}

/** One Lighthouse run in a fresh Chromium with an empty profile (with the page's cookie if it has one). */
async function audit(page: LighthousePage): Promise<Run> {
  const cookie = typeof page.cookie === 'function' ? await page.cookie() : page.cookie;
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
    if (cookie) await setCookies(chrome.port, page.url, cookie);
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${page.url}: ${result.lhr.runtimeError.message}`);
    if (cookie) assertSignedIn(result.lhr, page.url);
    return summarise(result.lhr, result.artifacts);
  } finally {
    const exited =
      chrome.process.exitCode === null && chrome.process.signalCode === null
        ? new Promise((resolve) => chrome.process.once('exit', resolve))
        : Promise.resolve();
    chrome.kill();
    await exited;
  }
}

/**
 * A signed-in page that loaded as a visitor's would measure the wrong page. The signed-in user and the first
 * screen's answers come with the HTML (decisions 051, 095), so the check is the one call only a signed-in
 * app makes on every page, old builds and new: the online ping, POST /api/users/alive, 200.
 */
function assertSignedIn(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'], url: string): void {
  const requests = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ??
    []) as { url?: string; statusCode?: number }[];
  const pings = requests.filter(
    (request) => request.url && new URL(request.url).pathname === '/api/users/alive',
  );
  if (!pings.some((request) => request.statusCode === 200))
    throw new Error(
      `${url} was not signed in: POST /api/users/alive answered ${pings.map((r) => r.statusCode).join(', ') || 'never'}`,
    );
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
