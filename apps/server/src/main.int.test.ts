import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { withDatabase, adminQuery } from './test/test-db.ts';

// main.ts as `npm start` runs it: environment, migrations, demo school, listen, SIGTERM.
const mainTs = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'aula-main-'));
const PASSWORD = 'Start-Passwort-2026';
let child: ChildProcess | undefined;
let dbName: string | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) await adminQuery(process.env.DATABASE_URL!, `drop database if exists ${dbName} with (force)`);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function databaseEnv(): Promise<Record<string, string>> {
  if (!process.env.DATABASE_URL) return { AULA_DATA_DIR: dataDir };
  dbName = `aula_main_${process.pid}`;
  await adminQuery(process.env.DATABASE_URL, `create database ${dbName}`);
  return { DATABASE_URL: withDatabase(process.env.DATABASE_URL, dbName) };
}

describe('main.ts', () => {
  it('starts, prints the demo sign-in names once, and on SIGTERM finishes running requests and exits 0', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...(await databaseEnv()),
      PORT: String(port),
      HOST: '127.0.0.1',
      // info: the test sees in the log when each sign-in has reached the server
      LOG_LEVEL: 'info',
      AULA_DEMO_PASSWORD: PASSWORD,
    };
    if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
    child = spawn(process.execPath, ['--import', 'tsx', mainTs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => out, { timeout: 60_000, interval: 100 }).toContain('Aula is running at');
    expect(out).toContain('Demo school created');
    for (const name of ['superadmin', 'admin', 'teacher', 'student'])
      expect(out).toMatch(new RegExp(`\\b${name}\\b`));
    expect(out).not.toContain(PASSWORD);

    const base = `http://127.0.0.1:${port}`;
    const login = () =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-aula-csrf': '1' },
        body: JSON.stringify({ username: 'teacher', password: PASSWORD }),
      }).then((r) => r.status);
    // SIGTERM arrives once all four sign-ins have reached the server and are being answered
    // (argon2id takes tens of milliseconds); a connection whose request has not arrived yet may be closed.
    const received = () => out.split('\n').filter((l) => l.includes('"url":"/api/login"')).length;
    const before = received();
    const inFlight = Array.from({ length: 4 }, login);
    await expect.poll(received, { timeout: 10_000, interval: 2 }).toBe(before + 4);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200]);
    expect(await exited).toBe(0);
    // the password sent in the sign-ins reached no log line
    expect(out).not.toContain(PASSWORD);

    // a second start on the same database neither creates the demo school again nor prints passwords
    const again = spawn(process.execPath, ['--import', 'tsx', mainTs], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = again;
    let out2 = '';
    again.stdout!.on('data', (d: Buffer) => (out2 += d.toString()));
    await expect.poll(() => out2, { timeout: 60_000, interval: 100 }).toContain('Aula is running at');
    expect(out2).not.toContain('Demo school created');
    const stopped = new Promise((resolve) => again.once('exit', resolve));
    again.kill('SIGTERM');
    await stopped;
  }, 120_000);
});
