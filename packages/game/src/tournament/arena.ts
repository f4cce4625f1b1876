/**
 * Arena: a fixed time in which players are paired as soon as they are free.
 *
 * Scoring (the club's rules, written out on the tournament page): a win is
 * 2 points, a draw 1, a loss 0. After two wins in a row a player is on a
 * streak: each game then scores double (4 a win, 2 a draw) until a game is
 * not won. A draw in fewer than 10 moves each scores nothing. A player who
 * went berserk (half the clock) and won a game of at least 7 moves each gets
 * one point more.
 *
 * Pairing: free players are ranked by score, then rating; each takes the
 * nearest free player below it, skipping the opponent of its last game
 * (until both have waited `rematchAfterMs`).
 */
import type { Pairing } from './types.ts';
import { scoreOf } from './types.ts';

export const ARENA_WIN = 2;
export const ARENA_DRAW = 1;
/** Plies a draw needs to score (10 moves each): no quick agreed draws. Placements (Sittuyin) are not moves: Pairing.plies leaves them out. */
export const ARENA_MIN_DRAW_PLIES = 20;
/** Plies a berserk win needs for its bonus point (7 moves each). */
export const ARENA_BERSERK_MIN_PLIES = 14;

/** One game on a player's arena sheet. */
export interface ArenaMark {
  readonly gameId: string;
  /** 'W', 'D' or 'L' from the player's side. */
  readonly outcome: 'W' | 'D' | 'L';
  readonly points: number;
  /** Played while on a streak (scored double). */
  readonly streak: boolean;
  readonly berserk: boolean;
}

export interface ArenaScore {
  readonly points: number;
  readonly marks: readonly ArenaMark[];
  /** On a streak now: the next game scores double. */
  readonly onStreak: boolean;
  readonly games: number;
  readonly wins: number;
  readonly berserks: number;
}

/** A player's arena score from their finished games, in the order they ended. */
export function arenaScore(userId: string, pairings: readonly Pairing[]): ArenaScore {
  const games = pairings
    .filter((p) => p.result !== null && (p.white === userId || p.black === userId))
    .sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0) || a.pairedAt - b.pairedAt);
  let points = 0;
  let wins = 0;
  let berserks = 0;
  let run = 0;
  const marks: ArenaMark[] = [];
  for (const p of games) {
    const s = scoreOf(p, userId)!;
    const side = p.white === userId ? 0 : 1;
    const berserk = p.berserk[side];
    const onStreak = run >= 2;
    const mult = onStreak ? 2 : 1;
    let got = 0;
    if (s === 1) {
      got = ARENA_WIN * mult + (berserk && p.plies >= ARENA_BERSERK_MIN_PLIES && !p.forfeit ? 1 : 0);
      wins++;
      run++;
    } else {
      if (s === 0.5 && p.plies >= ARENA_MIN_DRAW_PLIES) got = ARENA_DRAW * mult;
      run = 0;
    }
    if (berserk) berserks++;
    points += got;
    marks.push({ gameId: p.gameId, outcome: s === 1 ? 'W' : s === 0.5 ? 'D' : 'L', points: got, streak: onStreak, berserk });
  }
  return { points, marks, onStreak: run >= 2, games: games.length, wins, berserks };
}

/** A free player waiting for an arena game. */
export interface ArenaWaiting {
  readonly userId: string;
  readonly points: number;
  readonly rating: number;
  /** Opponent of their last game (null before the first). */
  readonly lastOpponent: string | null;
  /** Colour of their last game: 0 white, 1 black (null before the first). */
  readonly lastColour: 0 | 1 | null;
  /** Games as white minus games as black. */
  readonly colourBalance: number;
  readonly waitingSince: number;
}

export interface ArenaPairingOptions {
  /** Players who have both waited this long may meet again at once (a tiny arena would stall). */
  readonly rematchAfterMs: number;
  /** How far down the ranking a player looks for an opponent. */
  readonly window: number;
}

export const ARENA_PAIRING: ArenaPairingOptions = { rematchAfterMs: 20_000, window: 12 };

/** Whether two free players may be paired now: not the opponents of each other's last game, unless both have waited `rematchAfterMs`. */
export function mayMeet(a: ArenaWaiting, b: ArenaWaiting, now: number, opts: ArenaPairingOptions = ARENA_PAIRING): boolean {
  return (
    (a.lastOpponent !== b.userId && b.lastOpponent !== a.userId) || (now - a.waitingSince >= opts.rematchAfterMs && now - b.waitingSince >= opts.rematchAfterMs)
  );
}

/**
 * For each free player, since when some other free player they may meet has
 * been free (the later of the two waits' starts); null when nobody they may
 * meet is free. How long the pairing itself kept a player waiting is
 * measured from there: before it, no pairing could have given them a game.
 */
export function opponentSince(free: readonly ArenaWaiting[], now: number, opts: ArenaPairingOptions = ARENA_PAIRING): Map<string, number | null> {
  const byWait = [...free].sort((a, b) => a.waitingSince - b.waitingSince);
  const out = new Map<string, number | null>();
  for (const a of free) {
    // The longest-waiting player a may meet: usually the first or second in the list (only a's last opponent is skipped).
    const b = byWait.find((x) => x !== a && mayMeet(a, x, now, opts));
    out.set(a.userId, b ? Math.max(a.waitingSince, b.waitingSince) : null);
  }
  return out;
}

/** Pairs the free players: [white, black] user ids. Those left over wait for the next pass. */
export function pairArena(free: readonly ArenaWaiting[], now: number, opts: ArenaPairingOptions = ARENA_PAIRING): [string, string][] {
  const ranked = [...free].sort((a, b) => b.points - a.points || b.rating - a.rating || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const taken = new Uint8Array(ranked.length);
  const out: [string, string][] = [];
  for (let i = 0; i < ranked.length; i++) {
    if (taken[i]) continue;
    const a = ranked[i]!;
    for (let j = i + 1, looked = 0; j < ranked.length && looked < opts.window; j++) {
      if (taken[j]) continue;
      looked++;
      const b = ranked[j]!;
      if (!mayMeet(a, b, now, opts)) continue;
      taken[i] = 1;
      taken[j] = 1;
      out.push(whiteFirst(a, b));
      break;
    }
  }
  return out;
}

/** Colours: the one who had white less often gets it; then alternate; then the higher-ranked player. */
function whiteFirst(a: ArenaWaiting, b: ArenaWaiting): [string, string] {
  if (a.colourBalance !== b.colourBalance) return a.colourBalance < b.colourBalance ? [a.userId, b.userId] : [b.userId, a.userId];
  if (a.lastColour !== b.lastColour) {
    if (a.lastColour === 1 || b.lastColour === 0) return [a.userId, b.userId];
    return [b.userId, a.userId];
  }
  return [a.userId, b.userId];
}
