// node --import tsx bench/import.ts: the identity import (POST /api/cim/import) of 2,000 rows against the real
// server on PostgreSQL (DATABASE_URL; a throw-away database is created and dropped). Prints figures only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, waitForHealth } from './server-process.ts';
import { adminQuery, withDatabase } from '../apps/server/src/test/test-db.ts';
import { loginAs } from '../apps/server/src/test/test-app.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 2000);
const PASSWORD = 'Bench-Passwort-2026';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `aula_bench_${randomBytes(4).toString('hex')}`;
await adminQuery(process.env.DATABASE_URL, `create database ${dbName}`);
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: withDatabase(process.env.DATABASE_URL, dbName),
    PORT: String(port),
    HOST: '127.0.0.1',
    AULA_DEMO: '1',
    AULA_DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

/** A school of `ROWS` people: 5 % teachers in two classes each, the rest students in one of 40 classes. */
function schoolFile(rows: number, renamed = 0): string {
  const lines = ['ID;Nachname;Vorname;Klasse;Rolle;E-Mail'];
  for (let i = 0; i < rows; i++) {
    const teacher = i % 20 === 0;
    const cls = `${5 + (i % 8)}${'abcde'[i % 5]}`;
    const last = i < renamed ? `Neu${i}` : `Müller${i}`;
    lines.push(
      teacher
        ? `L${i};${last};Lehrkraft;"${cls},${5 + ((i + 1) % 8)}a";Lehrer;l${i}@schule.example`
        : `S${i};${last};Schülerin;${cls};Schüler;`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

const figures: Record<string, number> = {};
try {
  await waitForHealth(base);
  const cookie = await loginAs(base, 'superadmin', PASSWORD);
  const post = async (name: string, csv: string, dryRun: boolean) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/cim/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { cookie, 'x-aula-csrf': '1', 'content-type': 'text/csv; charset=utf-8' },
      body: csv,
    });
    figures[`${name} ms`] = Math.round(performance.now() - started);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    return (await res.json()) as unknown;
  };
  const file = schoolFile(ROWS);
  figures['file KB'] = Math.round(Buffer.byteLength(file) / 1024);
  await post(`dry run, ${ROWS} new`, file, true);
  await post(`apply, ${ROWS} new`, file, false);
  await post(`dry run, same file`, file, true);
  const changed = schoolFile(ROWS - 100, 200);
  await post(`apply, 200 renamed and 100 missing`, changed, false);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await adminQuery(process.env.DATABASE_URL, `drop database if exists ${dbName} with (force)`);
}

console.log(`\nAula identity import (${ROWS} rows, PostgreSQL)`);
for (const [name, value] of Object.entries(figures))
  console.log(`${name.padEnd(44)} ${String(value).padStart(8)}`);
