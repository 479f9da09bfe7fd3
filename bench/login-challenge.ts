// npm run bench:login (after npm run build): the sign-in challenge of a flooded address (decision 074), on the
// real server with the built web app (PostgreSQL with DATABASE_URL, else PGlite). Prints figures only:
// - the challenge's solve time in the real login page in Chromium on a phone profile (CPU slowed x4), from the
//   429 to the sign-in that carries the solution: median and p95 over 20 sign-ins, each in a fresh browser;
// - sign-ins per second from one address with the challenge off (no flood) and on (each carries a solution
//   solved beforehand), and refused sign-ins (429 with a new challenge) per second during a flood.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { launch, newContext, startPortal, DEMO_PASSWORD } from '../e2e/browser.ts';
import { loginFailures } from '../apps/server/src/db/schema.ts';
import { demoSchoolId, postFrom } from '../apps/server/src/test/test-app.ts';
import { makeUser } from '../apps/server/src/test/factories.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 80);
const CONCURRENCY = 8;

const portal = await startPortal();
const schoolId = await demoSchoolId(portal);

function post(username: string, password: string, altcha?: string) {
  const body = { username, password, ...(altcha ? { altcha } : {}) };
  return postFrom(portal.base, '/api/login', { ip: '127.0.0.1', body });
}

/** The failures a flood leaves behind, fresh, so the address stays over the rate for the next minute. */
async function flood(): Promise<void> {
  await portal.database.db.delete(loginFailures);
  await portal.database.db.insert(loginFailures).values(
    Array.from({ length: 101 }, (_, i) => ({
      schoolId,
      accountKey: `made-up-${i}`,
      ip: '127.0.0.1',
      at: new Date(),
    })),
  );
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

/** `jobs` run CONCURRENCY at a time: what each answered, and the rate. */
async function rate(
  jobs: (() => Promise<{ status: number }>)[],
): Promise<{ perSecond: number; statuses: Set<number> }> {
  const started = performance.now();
  const statuses = new Set<number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) statuses.add((await jobs[next++]!()).status);
    }),
  );
  return { perSecond: jobs.length / ((performance.now() - started) / 1000), statuses };
}

// sign-ins per second: distinct pupils, so that no limit of one account is in the way
const pupils = await Promise.all(
  Array.from({ length: SIGN_INS }, () => makeUser(portal, { schoolId, password: DEMO_PASSWORD })),
);
await portal.database.db.delete(loginFailures);
const off = await rate(pupils.map((p) => () => post(p.username, DEMO_PASSWORD)));

await flood();
const refused = await rate(pupils.map((p) => () => post(p.username, DEMO_PASSWORD)));
const solved: string[] = [];
for (const p of pupils) {
  const { body } = await post(p.username, DEMO_PASSWORD);
  const solution = await solveChallenge({ challenge: body.challenge, deriveKey });
  solved.push(Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64'));
}
await flood();
const on = await rate(pupils.map((p, i) => () => post(p.username, DEMO_PASSWORD, solved[i])));

// the solve time in the login page on a phone profile
const browser = await launch();
const solveMs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  await flood();
  const context = await newContext(browser, { width: 390, touch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${portal.base}/login`);
  let challengedAt = 0;
  const solvedAt = new Promise<number>((resolve) =>
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/login' && req.postData()?.includes('altcha'))
        resolve(performance.now());
    }),
  );
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/login' && res.status() === 429)
      challengedAt = performance.now();
  });
  await page.getByLabel('Benutzername').fill('student');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  solveMs.push((await solvedAt) - challengedAt);
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
}
await browser.close();
await portal.close();

const f = (n: number) => n.toFixed(1);
console.log(`sign-in challenge (decision 074), ${RUNS} runs in Chromium, 390 px, CPU x4:`);
console.log(
  `  solve time in the login page: median ${quantile(solveMs, 0.5).toFixed(0)} ms, p95 ${quantile(solveMs, 0.95).toFixed(0)} ms (min ${Math.min(...solveMs).toFixed(0)}, max ${Math.max(...solveMs).toFixed(0)})`,
);
console.log(`sign-ins from one address, ${SIGN_INS} pupils, ${CONCURRENCY} at a time:`);
console.log(
  `  challenge off (no flood): ${f(off.perSecond)} sign-ins/s (answers ${[...off.statuses].join(',')})`,
);
console.log(
  `  challenge on (solution carried): ${f(on.perSecond)} sign-ins/s (answers ${[...on.statuses].join(',')})`,
);
console.log(
  `  refused during the flood (429 with a new challenge): ${f(refused.perSecond)}/s (answers ${[...refused.statuses].join(',')})`,
);
