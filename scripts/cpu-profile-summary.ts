/**
 * Summarises a V8 CPU profile (node --cpu-prof): self time by function and by
 * file, optionally in a time window only. Used for issue 19 (CPU per move):
 *
 *   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:server
 *   npx tsx scripts/cpu-profile-summary.ts /tmp/prof/CPU.*.cpuprofile --last 15 --skip-end 5
 *
 * --last S: only the S seconds ending --skip-end E seconds before the profile's end
 * (bench:server stops the server a few seconds after its measuring window).
 * --top N: rows per table (30).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const file = args.find((a) => !a.startsWith('--') && !/^\d+(\.\d+)?$/.test(a));
if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [--last S] [--skip-end E] [--top N]');
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const top = opt('--top', 30);
const endAt = p.endTime - opt('--skip-end', 0) * 1e6;
const last = opt('--last', 0);
const startAt = last > 0 ? endAt - last * 1e6 : p.startTime;

const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
let t = p.startTime;
let total = 0;
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]!;
  if (t < startAt || t > endAt) continue;
  const dt = p.timeDeltas[i + 1] ?? 0;
  self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + dt);
  total += dt;
}

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, 'nm:')
    .replace(/.*\/packages\//, '');
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const fns = new Map<string, number>();
const files = new Map<string, number>();
const idleish = new Set(['(idle)', '(program)', '(garbage collector)']);
// Inclusive time of our own functions (each counted once per sample even when recursive).
const incl = new Map<string, number>();
for (const [id, dt] of self) {
  const n = byId.get(id)!;
  const f = n.callFrame;
  const name = idleish.has(f.functionName) ? f.functionName : `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
  add(fns, name, dt);
  add(files, idleish.has(f.functionName) ? f.functionName : short(f.url) || '(native)', dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const cf = byId.get(cur)!.callFrame;
    if (!cf.url.includes('/packages/') || cf.url.includes('node_modules')) continue;
    const k = `${cf.functionName || '(anonymous)'} ${short(cf.url)}:${cf.lineNumber + 1}`;
    if (seen.has(k)) continue;
    seen.add(k);
    add(incl, k, dt);
  }
}
const busy = total - (fns.get('(idle)') ?? 0);
const table = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(v / 1000).toFixed(0).padStart(8)} ms ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(`window ${((endAt - startAt) / 1e6).toFixed(1)} s; sampled ${(total / 1000).toFixed(0)} ms, busy (not idle) ${(busy / 1000).toFixed(0)} ms`);
table('self time by function (% of busy)', fns);
table('self time by file', files);
table('inclusive time of our functions (packages/)', incl);
