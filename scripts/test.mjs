// Runs the whole test suite with Vitest and ends with a plain
// "N passed, N failed" line, which CI reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = join(mkdtempSync(join(tmpdir(), 'youzai-test-')), 'results.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...process.argv.slice(2)];
// One full run at a time per machine: the suite starts servers, browsers and
// databases of its own, and two runs side by side starve each other's
// timers on a small machine. A second run waits for the first.
const lock = join(tmpdir(), 'youzai-test-suite.lock');
const haveFlock = spawnSync('flock', ['--version']).status === 0;
if (haveFlock && spawnSync('flock', ['-n', lock, 'true']).status !== 0) console.log(`waiting for another test run on this machine (${lock})...`);
const run = haveFlock ? spawnSync('flock', [lock, 'npx', ...args], { stdio: 'inherit' }) : spawnSync('npx', args, { stdio: 'inherit' });
let passed = 0;
let failed = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  // Failed tests, plus files that failed without running a test (a load error).
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  failed = r.numFailedTests + brokenFiles;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status ?? 1);
