import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs the command line exactly as scripts and people do. */
function cli(...args: string[]): { status: number | null; lines: string[]; stderr: string } {
  const r = spawnSync('npm', ['run', '-s', 'cli', '--', ...args], { cwd: root, encoding: 'utf8' });
  return { status: r.status, lines: r.stdout.trim().split('\n'), stderr: r.stderr };
}

describe('command line', () => {
  it('perft prints the node count as its last line, with --divide lines before', () => {
    const r = cli('perft', 'xiangqi', '2', '--divide');
    expect(r.status).toBe(0);
    expect(r.lines.at(-1)).toBe('1920');
    expect(r.lines).toContain('h3e3: 45');
  });

  it('moves prints the sorted legal moves after --fen and --moves', () => {
    const r = cli('moves', 'sittuyin', '--moves', 'K@d2 K@e7 R@a1');
    expect(r.status).toBe(0);
    const moves = r.lines.at(-1)!.split(' ');
    expect(moves).toEqual([...moves].sort());
    expect(moves).toContain('R@h8');
    expect(moves.every((m) => m.includes('@'))).toBe(true);
  });

  it('play prints the JSON verdict', () => {
    const r = cli('play', 'xiangqi', '--fen', '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1', '--moves', 'b1b10');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.lines.at(-1)!)).toEqual({ fen: '1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1', ply: 1, result: '1-0', reason: 'checkmate' });
  });

  it('play exits 2 naming the move on an illegal move, and on a move after the end', () => {
    const bad = cli('play', 'janggi', '--moves', 'e2e2 e9e9 a1a9');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/move 3 \(a1a9\).*move\.illegal/);
    const late = cli('play', 'xiangqi', '--fen', '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1', '--moves', 'b1b10 e10e9');
    expect(late.status).toBe(2);
    expect(late.stderr).toMatch(/move 2 .*ended.*checkmate/);
  });

  it('a malformed FEN is an error with its code, not a crash', () => {
    const r = cli('moves', 'xiangqi', '--fen', 'rnbakabnr/9/9 w');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/fen\.ranks/);
  });
});
