/**
 * A Swiss as a FIDE Tournament Report File (TRF-16, FIDE Handbook C.04 Annex
 * 2), the text an arbiter's pairing program reads (bbpPairings, JaVaFo), so
 * that every round the club paired can be checked with their own program,
 * as lichess allows. With bbpPairings' extra lines: `XXR` (the rounds
 * planned) and `XXC white1` (the top seed had Red, the first mover, in
 * round 1, as the club's Dutch gives it).
 *
 * What is written:
 * - players by starting rank (the club's seed order: rating, then name,
 *   then id), their club rating in the rating field (it is what seeds), the
 *   name folded to ASCII (the format counts columns, and its readers bytes);
 * - every round whose games have all ended: a game as opponent, colour
 *   (w: the first mover) and 1 / = / 0; a game not played (a side never
 *   moved) as + / − with the colour drawn; a forfeited draw (aborted before
 *   both moved: ½ each, no game) as H; the pairing-allocated bye as U; a
 *   requested half-point bye as H; a round missed (late entry, withdrawn) as Z;
 * - of the round being played and later ones, only the half-point byes
 *   asked for (H): they are what a pairing program must know to pair them.
 *   The round being played is otherwise left out, so its pairing is the one
 *   an arbiter's program should reproduce from the file.
 * Points and rank are those after the rounds written.
 */
import { bySeed, standings, type Bye, type Pairing } from '@youzai/game/tournament';
import type { TournamentRow, TournamentSheetRows } from '../store/tournaments.ts';
import { sheetOf } from './sheet.ts';

/** The width of a player line's fixed part (through the rank, column 89). */
const HEAD = 89;
/** A round's block: two spaces, the opponent's rank (4), a space, the colour, a space, the result. */
const ROUND = 10;

/** A round without a game: the pairing-allocated bye U; otherwise by its points, F (1), H (½) or Z (0). */
const byeCode = (b: Bye): string => (b.kind === 'pab' ? 'U' : b.points === 1 ? 'F' : b.points === 0.5 ? 'H' : 'Z');

/** Latin letters without their marks (Vietnamese đ as d); anything else left outside ASCII becomes '?'. */
export function asciiName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFC')
    .replace(/[^\x20-\x7e]/gu, '?');
}

/** `text` placed at 1-based column `col` of `line` (right-aligned in `width` when given). */
function put(line: string[], col: number, text: string, width = text.length): void {
  const s = text.length > width ? text.slice(0, width) : text.padStart(width);
  for (let i = 0; i < s.length; i++) line[col - 1 + i] = s[i]!;
}

const date = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '/');
const points = (n: number): string => n.toFixed(1);

/** The clock as "base+increment" in seconds (byo-yomi: "base+periods×period"). */
function clockText(t: TournamentRow): string {
  const c = t.terms.clock;
  const s = (ms: number) => String(Math.round(ms / 1000));
  if (c.kind === 'fischer') return `${s(c.baseMs)}+${s(c.incrementMs)}`;
  if (c.kind === 'byoyomi') return `${s(c.baseMs)}+${c.periods}x${s(c.periodMs)}`;
  return `${Math.round(c.baseMs / 86_400_000)} days a move`;
}

/** The TRF-16 text of a Swiss (lines end with "\n"). */
export function trfOf(t: TournamentRow, sheet: TournamentSheetRows): string {
  const seeds = [...sheet.entries].sort(bySeed);
  const rank = new Map(seeds.map((e, i) => [e.userId, i + 1]));
  // The rounds written in full: paired, and every game ended.
  let done = 0;
  while (done < t.round && sheet.pairings.every((p) => p.round !== done + 1 || p.result !== null)) done++;
  const games = sheet.pairings.filter((p) => p.round <= done);
  const byes = sheet.byes.filter((b) => b.round <= done || b.kind === 'half');
  const scored = { entries: sheet.entries, pairings: games, byes: byes.filter((b) => b.round <= done) };
  const table = standings('swiss', sheetOf(scored), done);
  const row = new Map(table.map((r) => [r.userId, r]));
  const lastRound = Math.max(done, ...byes.map((b) => b.round));

  const lines: string[] = [
    `012 ${asciiName(t.name)}`,
    '022 Youzai (online)',
    `042 ${date(t.startedAt ?? t.terms.startsAt)}`,
    ...(t.endedAt !== null ? [`052 ${date(t.endedAt)}`] : []),
    `062 ${seeds.length}`,
    '092 Individual: Swiss-System (FIDE Dutch)',
    `122 ${clockText(t)}`,
    `XXR ${t.terms.rounds}`,
    'XXC white1',
  ];
  const gameOf = new Map<string, Pairing>();
  for (const p of games) {
    gameOf.set(`${p.round} ${p.white}`, p);
    gameOf.set(`${p.round} ${p.black}`, p);
  }
  const byeOf = new Map(byes.map((b) => [`${b.round} ${b.userId}`, b]));
  for (const e of seeds) {
    const line: string[] = Array.from({ length: HEAD + ROUND * lastRound }, () => ' ');
    const r = row.get(e.userId);
    put(line, 1, '001');
    put(line, 5, String(rank.get(e.userId)), 4);
    put(line, 15, asciiName(e.name).slice(0, 33));
    put(line, 49, String(Math.max(0, Math.min(9999, Math.round(e.rating)))), 4);
    put(line, 81, points(r?.points ?? 0), 4);
    put(line, 86, String(r?.rank ?? 0), 4);
    for (let round = 1; round <= lastRound; round++) {
      const at = HEAD + 1 + ROUND * (round - 1);
      const g = gameOf.get(`${round} ${e.userId}`);
      const b = byeOf.get(`${round} ${e.userId}`);
      if (g && g.result !== null) {
        const white = g.white === e.userId;
        const mine = white ? g.result : 1 - g.result;
        if (g.forfeit && mine === 0.5) {
          put(line, at + 2, '0000 - H');
          continue;
        }
        put(line, at + 2, String(rank.get(white ? g.black : g.white)), 4);
        put(line, at + 7, white ? 'w' : 'b');
        put(line, at + 9, g.forfeit ? (mine === 1 ? '+' : '-') : mine === 1 ? '1' : mine === 0 ? '0' : '=');
      } else if (b) {
        put(line, at + 2, `0000 - ${byeCode(b)}`);
      }
    }
    lines.push(line.join('').trimEnd());
  }
  return `${lines.join('\n')}\n`;
}
