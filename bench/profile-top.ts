// The top frames of a V8 CPU profile (`node --cpu-prof`, e.g. the bench's server process with
// BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"), by self and by total time, 0x-style:
//   node --import tsx bench/profile-top.ts /tmp/prof/CPU.….cpuprofile [--window FROM-TO] [--top 15]
// --window keeps the samples between two monotonic-clock times in µs, as bench/run.ts prints them for each load
// when BENCH_SERVER_NODE_ARGS is set (V8's profile times and process.hrtime share CLOCK_MONOTONIC on Linux).
// A frame is function, file and line; total time counts a sample once per frame however deep it recurses.
// Shares are of the samples in which the process ran JavaScript or native code (idle and GC are shown apart).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { window: { type: 'string' }, top: { type: 'string', default: '15' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [--window FROM-TO] [--top 15]');
const count = Number(values.top);
const [from, to] = values.window ? values.window.split('-').map(Number) : [-Infinity, Infinity];
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const parent = new Map<number, number>();
const byId = new Map<number, ProfileNode>();
for (const node of profile.nodes) {
  byId.set(node.id, node);
  for (const child of node.children ?? []) parent.set(child, node.id);
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/apps\/server\/src\//, 'server/')
    .replace(/^.*\/packages\//, 'packages/');
  const name = functionName || '(anonymous)';
  return where ? `${name} ${where}:${lineNumber + 1}` : name;
}

/** Where a frame's code lives: a package, our server, Node itself, or V8's own (GC, native calls). */
function areaOf(node: ProfileNode): string {
  const url = node.callFrame.url;
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes('/apps/server/src/')) return 'aula server';
  if (url.includes('/packages/')) return 'aula packages';
  if (url.startsWith('node:')) return 'node';
  return url ? url : `native ${node.callFrame.functionName || '(anonymous)'}`;
}

const byArea = new Map<string, number>();
const self = new Map<string, number>();
const total = new Map<string, number>();
const special = new Map<string, number>();
let busy = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i]!;
  if (at < from! || at > to!) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const node = byId.get(profile.samples[i]!)!;
  const leaf = frameName(node);
  if (SPECIAL.has(node.callFrame.functionName)) {
    special.set(leaf, (special.get(leaf) ?? 0) + dt);
    if (node.callFrame.functionName !== '(garbage collector)') continue;
  }
  busy += dt;
  self.set(leaf, (self.get(leaf) ?? 0) + dt);
  const area = areaOf(node);
  byArea.set(area, (byArea.get(area) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const name = frameName(byId.get(id)!);
    if (seen.has(name) || SPECIAL.has(byId.get(id)!.callFrame.functionName)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + dt);
  }
}

const all =
  [...special.values()].reduce((a, b) => a + b, 0) + busy - (special.get('(garbage collector)') ?? 0);
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `${file}: ${ms(all)} ms sampled, ${ms(busy)} ms busy; ` +
    [...special].map(([name, us]) => `${name} ${(us / 1000).toFixed(0)} ms`).join(', '),
);
for (const [title, table] of [
  ['self, per package', byArea],
  ['self', self],
  ['total', total],
] as const) {
  console.log(`\ntop ${count} by ${title} time (ms, share of busy)`);
  for (const [name, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${ms(us)} ${pct(us)}  ${name}`);
}
