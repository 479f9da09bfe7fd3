// npm run bench:images: sign-in latency while four "billion laughs" SVG icons upload at once (issue 16,
// item 2), then four of the review's filter SVGs, then four of the heaviest filter SVGs the check allows; then
// a teacher's camera photo while a pupil's four marker SVGs (each until the 10 s kill) are in the image work
// (issue 32, item 4). The server runs in its own process, as in production, so its thread pool is sized as at
// start-up. Prints figures, asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phonePhoto } from '../apps/server/src/test/photos.ts';
import { amplificationSvg, filterSvg, markerSvg } from '../apps/server/src/test/svg-amplification.ts';
import { freePort, waitForHealth } from './server-process.ts';

const PASSWORD = 'Bench-Passwort-2026';
const UPLOADS = 4;
const dataDir = mkdtempSync(join(tmpdir(), 'aula-bench-images-'));
const port = await freePort();
// as `npm start` runs it: the thread pool sized by apps/server/thread-pool.env
const server = spawn(
  process.execPath,
  ['--env-file=apps/server/thread-pool.env', '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    env: {
      ...process.env,
      // the embedded database in a throw-away folder: the README quick start
      DATABASE_URL: '',
      AULA_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      AULA_DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;

async function signIn(username: string): Promise<{ ms: number; status: number; cookie: string }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-aula-csrf': '1' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { ms: Math.round(performance.now() - started), status: res.status, cookie };
}

async function uploadIcon(cookie: string, n: number, svg: Buffer): Promise<{ ms: number; status: number }> {
  const form = new FormData();
  form.append('title', `Bombe ${n}`);
  form.append('url', 'https://example.org/');
  form.append('icon', new Blob([new Uint8Array(svg)], { type: 'image/svg+xml' }), 'icon.svg');
  const started = performance.now();
  const res = await fetch(`${base}/api/apps`, {
    method: 'POST',
    headers: { cookie, 'x-aula-csrf': '1' },
    body: form,
  });
  await res.arrayBuffer();
  return { ms: Math.round(performance.now() - started), status: res.status };
}

/** A teacher's camera photo of a pupil (POST /api/camera/:laraId), as the camera page sends it. */
async function takePhoto(cookie: string, photo: Buffer): Promise<{ ms: number; status: number }> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const started = performance.now();
  const res = await fetch(`${base}/api/camera/demo-student`, {
    method: 'POST',
    headers: { cookie, 'x-aula-csrf': '1' },
    body: form,
  });
  await res.arrayBuffer();
  return { ms: Math.round(performance.now() - started), status: res.status };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  // the first start migrates and seeds the demo school, which takes longer than 30 s on a busy machine
  await waitForHealth(base, 180);
  const pupil = await signIn('student');
  const quiet: number[] = [];
  for (let i = 0; i < 5; i++) quiet.push((await signIn('teacher')).ms);

  console.log(`sign-in alone, median of 5: ${median(quiet)} ms`);

  const attacks: [string, Buffer][] = [
    ['amplification SVG uploads ("billion laughs" of <use>)', amplificationSvg()],
    ["filter SVG uploads (the review's 600 feTurbulence of 10 octaves)", filterSvg(600, 10)],
    ['filter SVG uploads (40 feTurbulence of 8 octaves, the most the check allows)', filterSvg(40, 8)],
  ];
  for (const [name, svg] of attacks) {
    let uploading = true;
    const uploads = Promise.all(
      Array.from({ length: UPLOADS }, (_, n) => uploadIcon(pupil.cookie, n + 1, svg)),
    ).then((results) => {
      uploading = false;
      return results;
    });
    const busy: { ms: number; status: number }[] = [];
    // sign-ins one after another for as long as the uploads run (at least three)
    while (uploading || busy.length < 3) busy.push(await signIn('teacher'));
    const results = await uploads;
    const statuses = [...new Set(busy.map((b) => b.status))].join(', ');
    console.log(
      busy.length <= 10
        ? `sign-ins during ${UPLOADS} parallel ${name}: ${busy.map((b) => `${b.ms} ms (${b.status})`).join(', ')}`
        : `${busy.length} sign-ins during ${UPLOADS} parallel ${name}, answered ${statuses}`,
    );
    console.log(`  median ${median(busy.map((b) => b.ms))} ms, max ${Math.max(...busy.map((b) => b.ms))} ms`);
    console.log(`  uploads: ${results.map((r) => `${r.status} after ${r.ms} ms`).join(', ')}`);
  }

  // issue 32, item 4: the teacher's 640 × 480 camera photo, alone and behind the pupil's four marker SVGs
  const teacher = await signIn('teacher');
  const photo = await phonePhoto(640, 480);
  const photoAlone: number[] = [];
  for (let i = 0; i < 3; i++) photoAlone.push((await takePhoto(teacher.cookie, photo)).ms);
  console.log(`camera photo (640 × 480) alone, median of 3: ${median(photoAlone)} ms`);
  // a warm renderer, so the four marker SVGs are all in the image work when the photo comes
  await uploadIcon(
    pupil.cookie,
    0,
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
    ),
  );
  const markers = Promise.all(
    Array.from({ length: UPLOADS }, (_, n) => uploadIcon(pupil.cookie, n + 1, markerSvg())),
  );
  // the uploads are small and checked in milliseconds; half a second puts the photo after all four
  await new Promise((resolve) => setTimeout(resolve, 500));
  const behind = await takePhoto(teacher.cookie, photo);
  const markerResults = await markers;
  console.log(
    `camera photo during ${UPLOADS} parallel marker SVG uploads: ${behind.ms} ms (${behind.status})`,
  );
  console.log(`  uploads: ${markerResults.map((r) => `${r.status} after ${r.ms} ms`).join(', ')}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
