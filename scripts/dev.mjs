#!/usr/bin/env node
// npm run dev: the API in watch mode on :3000 and the Vite dev server (which proxies /api to it).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@aula/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@aula/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
