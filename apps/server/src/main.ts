import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { openDb } from './db/index.ts';
import { seedDemoSchoolIfEmpty } from './demo/seed.ts';
import { readEnv } from './env.ts';
import { loadSecretKey } from './lib/secret-box.ts';

const SHUTDOWN_LIMIT_MS = 20_000;
const env = readEnv();
const log = pino({ level: env.LOG_LEVEL });
if (env.UV_THREADPOOL_SIZE === undefined)
  log.warn(
    'UV_THREADPOOL_SIZE is not set: start with npm start, or node --env-file=apps/server/thread-pool.env',
  );

const database = await openDb({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : env.AULA_DATA_DIR,
  log,
});
log.info({ db: database.kind }, 'database ready');

if (env.AULA_DEMO === '1') {
  const demo = await seedDemoSchoolIfEmpty(database.db, { password: env.AULA_DEMO_PASSWORD });
  if (demo) printDemoCredentials(demo.credentials, env.AULA_DEMO_PASSWORD !== undefined);
}

const app = await buildApp({
  database,
  secretKey: loadSecretKey(env.AULA_SECRET_KEY, env.AULA_DATA_DIR),
  mail: { smtpUrl: env.AULA_SMTP_URL, from: env.AULA_MAIL_FROM },
  trustProxy: env.AULA_TRUST_PROXY?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
  publicUrl: env.AULA_PUBLIC_URL,
  webDist: env.AULA_WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  logger: { level: env.LOG_LEVEL },
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    // Fastify answers new requests with 503 and waits for in-flight ones before closing.
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
const shown = env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
console.log(`\nAula is running at http://${shown}:${env.PORT}  (${database.kind} database)\n`);

function printDemoCredentials(
  credentials: { username: string; password: string; role: string }[],
  fromEnv: boolean,
): void {
  const lines = credentials.map(
    (c) => `  ${c.role.padEnd(11)} ${c.username.padEnd(12)} ${fromEnv ? '(AULA_DEMO_PASSWORD)' : c.password}`,
  );
  console.log(
    [
      '',
      'Demo school created. Sign in with (shown only this once):',
      '  role        username     password',
      ...lines,
      '',
    ].join('\n'),
  );
}
