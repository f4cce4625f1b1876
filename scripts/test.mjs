// `npm test`: the static checks first (type checker and Biome, side by side,
// with the web client's build for the e2e layer;
// a failure stops here), then every test layer (vitest.config.ts) in one
// Vitest run. Ends with a plain "N passed, N failed" line, which CI reads.
// Arguments go to Vitest (`npm test -- --project unit`, a file filter...).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const started = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a command, its output kept until it ends (two run at once), and resolves to its status, output and time. */
function run(name, cmd, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (status) => resolve({ name, status, out, ms: Date.now() - t0 }));
  });
}

// The web client the e2e layer drives is built beside the checks (tsc is one thread; the build would
// otherwise start after them, in the e2e layer's global setup): packages/web/scripts/build.global.ts
// takes the folder from YOUZAI_WEB_DIR. Not for a run that names projects without e2e.
const vitestArgs = process.argv.slice(2);
const wantsE2e = !vitestArgs.some((a) => a.startsWith('--project')) || vitestArgs.some((a) => a.includes('e2e'));
const webDir = wantsE2e ? mkdtempSync(join(tmpdir(), 'youzai-web-')) : null;
const checks = await Promise.all([
  run('tsc -b', 'npx', ['tsc', '-b', '--pretty', 'false']),
  run('biome ci', 'npx', ['biome', 'ci', '--error-on-warnings', '--max-diagnostics=50', '.']),
  ...(webDir ? [run('web build', 'npx', ['vite', 'build', 'packages/web', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'])] : []),
]);
process.on('exit', () => webDir && rmSync(webDir, { recursive: true, force: true }));
let staticFailed = 0;
for (const c of checks) {
  const ok = c.status === 0;
  console.log(`static: ${c.name} ${ok ? 'passed' : 'FAILED'} (${secs(c.ms)})`);
  if (!ok) {
    staticFailed++;
    console.log(c.out.trim());
  }
}
if (staticFailed > 0) {
  console.log(`static checks failed: no test was run (${secs(Date.now() - started)})`);
  console.log(`0 passed, ${staticFailed} failed`);
  process.exit(1);
}

const out = join(mkdtempSync(join(tmpdir(), 'youzai-test-')), 'results.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...vitestArgs];
if (webDir) process.env.YOUZAI_WEB_DIR = webDir;
// One full run at a time per machine: the suite starts servers, browsers and
// databases of its own, and two runs side by side starve each other's
// timers on a small machine. A second run waits for the first.
const lock = join(tmpdir(), 'youzai-test-suite.lock');
const haveFlock = spawnSync('flock', ['--version']).status === 0;
if (haveFlock && spawnSync('flock', ['-n', lock, 'true']).status !== 0) console.log(`waiting for another test run on this machine (${lock})...`);
const tests = haveFlock ? spawnSync('flock', [lock, 'npx', ...args], { stdio: 'inherit' }) : spawnSync('npx', args, { stdio: 'inherit' });
let passed = 0;
let failed = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  // Failed tests, plus files that failed without running a test (a load error).
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  failed = r.numFailedTests + brokenFiles;
} else {
  failed = 1;
}
console.log(`npm test took ${secs(Date.now() - started)} (static checks ${secs(Math.max(...checks.map((c) => c.ms)))})`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(tests.status ?? 1);
