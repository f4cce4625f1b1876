/**
 * Finished and live games as PGN-style text (variant tag, FEN tag when not
 * from the start position, as pychess exports) and as JSON. The Variant tag
 * is the game's key, its common name (xiangqi, janggi, sittuyin), as pychess
 * writes it. Moves are in
 * Fairy-Stockfish coordinates, each with the mover's clock as a %clk comment.
 */
import { VARIANTS } from '@youzai/rules';
import { describeClock, type MoveEntry } from '@youzai/game';
import type { GameView } from '@youzai/protocol';

function clk(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

const tagValue = (s: string): string => s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]/g, ' ');

export function toPgn(view: GameView, moves: readonly MoveEntry[], site: string): string {
  const v = VARIANTS[view.variant];
  const date = new Date(view.startedAt ?? view.createdAt);
  const d = `${date.getUTCFullYear()}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${String(date.getUTCDate()).padStart(2, '0')}`;
  const result = view.verdict?.result ?? '*';
  const cfg = view.clockConfig;
  const tags: [string, string][] = [
    ['Event', `Youzai ${view.rated ? 'rated' : 'casual'} ${v.name.en} game`],
    // The game's page (the client's /game/{id} route).
    ['Site', `${site}/game/${view.id}`],
    ['Date', d],
    ['Round', '-'],
    ['White', view.seats[0]?.name ?? '?'],
    ['Black', view.seats[1]?.name ?? '?'],
    ['Result', result],
    ['Variant', v.key],
    [
      'TimeControl',
      cfg.kind === 'correspondence'
        ? `1/${cfg.baseMs / 1000}`
        : cfg.kind === 'fischer'
          ? `${cfg.baseMs / 1000}+${cfg.incrementMs / 1000}`
          : `${cfg.baseMs / 1000}+${cfg.periods}x${cfg.periodMs / 1000}`,
    ],
    ['TimeControlText', describeClock(cfg)],
  ];
  if (view.initialFen !== v.startFen) tags.push(['SetUp', '1'], ['FEN', view.initialFen]);
  if (view.verdict) tags.push(['Termination', view.verdict.reason]);
  const head = tags.map(([k, val]) => `[${k} "${tagValue(val)}"]`).join('\n');
  const startsBlack = / b /.test(view.initialFen);
  const parts: string[] = [];
  moves.forEach((m, i) => {
    const ply = i + (startsBlack ? 1 : 0);
    if (ply % 2 === 0) parts.push(`${ply / 2 + 1}.`);
    else if (i === 0) parts.push(`${(ply + 1) / 2}...`);
    parts.push(`${m.uci} {[%clk ${clk(m.clockMs)}]}`);
  });
  parts.push(result);
  // Wrap movetext at 80 columns, as PGN readers expect.
  const lines: string[] = [];
  let line = '';
  for (const p of parts) {
    if (line && line.length + 1 + p.length > 80) {
      lines.push(line);
      line = p;
    } else line = line ? `${line} ${p}` : p;
  }
  if (line) lines.push(line);
  return `${head}\n\n${lines.join('\n')}\n`;
}

export function toJson(view: GameView, moves: readonly MoveEntry[]): object {
  return {
    id: view.id,
    variant: view.variant,
    rated: view.rated,
    initialFen: view.initialFen,
    fen: view.fen,
    status: view.status,
    players: { first: view.seats[0], second: view.seats[1] },
    clock: view.clockConfig,
    result: view.verdict?.result ?? null,
    reason: view.verdict?.reason ?? null,
    verdict: view.verdict,
    createdAt: view.createdAt,
    startedAt: view.startedAt,
    endedAt: view.endedAt,
    moves: moves.map((m, i) => ({ ply: i + 1, uci: m.uci, at: m.at, clockMs: m.clockMs })),
  };
}
