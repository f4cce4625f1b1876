// The code's own checks, run with every test: the linter and formatter
// (Biome, biome.json) and the type checker over every package.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: root, encoding: 'utf8' });

// Generous limits: the type checker takes 15 s alone and minutes on a loaded machine.
describe('static checks', () => {
  it('Biome finds no lint or format problem', () => {
    const r = run('npx', ['biome', 'ci', '--max-diagnostics=50', '.']);
    expect(r.stdout + r.stderr).not.toMatch(/Found \d+ (error|warning)/);
    expect(r.status).toBe(0);
  }, 600_000);

  it('TypeScript finds no type error (server packages and the web client)', () => {
    const server = run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
    expect(server.stdout + server.stderr).toBe('');
    const web = run('npx', ['tsc', '-p', 'packages/web/tsconfig.json', '--noEmit']);
    expect(web.stdout + web.stderr).toBe('');
  }, 600_000);
});
