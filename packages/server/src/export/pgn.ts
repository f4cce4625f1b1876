/**
 * Finished and live games as PGN-style text (variant tag, FEN tag when not
 * from the start position, as pychess exports) and as JSON. The Variant tag
 * is the game's key, its common name (xiangqi, janggi, sittuyin), as pychess
 * writes it. Moves are in Fairy-Stockfish coordinates, each with the mover's
 * clock as a %clk comment, unless the game's descriptor says how its own
 * readers expect them (Xiangqi: WXF under `[Format "WXF"]`, docs/API.md);
 * the coordinates are then kept whole in a `Coordinates` tag.
 */
import { VARIANTS, parseFen, parseUci, type Move, type Position } from '@youzai/rules';
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
    ...(v.pgn?.tags ?? []).map(([k, val]): [string, string] => [k, val]),
    ['Event', `Youzai ${view.rated ? 'rated' : 'casual'} ${v.name.en} game`],
    // The game's page (the client's /game/{id} route).
    ['Site', `${site.replace(/\/+$/, '')}/game/${view.id}`],
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
  const written = movetext(view, moves);
  if (written) tags.push(['Coordinates', moves.map((m) => m.uci).join(' ')]);
  const head = tags.map(([k, val]) => `[${k} "${tagValue(val)}"]`).join('\n');
  const startsBlack = / b /.test(view.initialFen);
  const parts: string[] = [];
  moves.forEach((m, i) => {
    const ply = i + (startsBlack ? 1 : 0);
    if (ply % 2 === 0) parts.push(`${ply / 2 + 1}.`);
    else if (i === 0) parts.push(`${(ply + 1) / 2}...`);
    parts.push(`${written?.[i] ?? m.uci} {[%clk ${clk(m.clockMs)}]}`);
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

/** The moves as the game's own PGN readers expect them; null where they read coordinates (or a move does not replay). */
function movetext(view: GameView, moves: readonly MoveEntry[]): string[] | null {
  const v = VARIANTS[view.variant];
  if (!v.pgn) return null;
  const start = parseFen(v, view.initialFen);
  if (!start.ok) return null;
  let pos: Position = start.value;
  const out: string[] = [];
  for (const m of moves) {
    const parsed = parseUci(pos, m.uci);
    if (!parsed.ok) return null;
    const move: Move = parsed.value;
    out.push(v.pgn.move(pos, move));
    pos = pos.clone();
    pos.play(move);
  }
  return out;
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
