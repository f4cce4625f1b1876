/**
 * Rules that every back end applies in JavaScript, the same way, so that the
 * in-memory store used by scenario tests cannot drift from the real ones.
 */
import type { GameOutcome, GameRow, MoveRow } from './types.ts';

/**
 * The key under which usernames are unique and looked up. Computed here, not
 * with SQL lower(): SQLite's lower() folds ASCII only while PostgreSQL's
 * follows the locale, and the three stores must agree on which names clash.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

/**
 * The keys starting with `prefix`, as a half-open range [low, high) in
 * code-point order, so that a search reads a range of the names' index
 * (LIKE would need escaping `_` and, on PostgreSQL, a pattern index).
 * null for an empty prefix.
 */
export function prefixRange(prefix: string): readonly [string, string] | null {
  const low = usernameKey(prefix);
  if (low === '') return null;
  const last = low.codePointAt(low.length - 1)!;
  return [low, low.slice(0, -1) + String.fromCodePoint(last + 1)];
}

/**
 * Catches game-layer bugs before they reach storage (they throw, so the save
 * is rejected and nothing is written): appended moves belong to the game,
 * are numbered consecutively, end at `g.plies`, and times are whole
 * milliseconds (PostgreSQL's BIGINT would refuse fractions where SQLite
 * would quietly store them).
 */
export function checkSave(g: GameRow, moves: readonly MoveRow[], dropAfter?: number): void {
  checkGame(g);
  const first = g.plies - moves.length + 1;
  if (dropAfter !== undefined && (moves.length > 0 || dropAfter !== g.plies)) {
    throw new TypeError(`game ${g.id}: a takeback keeps the moves to ply ${g.plies} and appends none (dropAfter ${dropAfter}, ${moves.length} moves)`);
  }
  moves.forEach((m, i) => {
    if (m.gameId !== g.id) throw new TypeError(`move ${m.ply} belongs to game ${m.gameId}, not ${g.id}`);
    if (m.ply !== first + i) throw new TypeError(`game ${g.id}: move ${i} has ply ${m.ply}, expected ${first + i} (plies ${g.plies})`);
    if (!Number.isSafeInteger(m.at) || !Number.isSafeInteger(m.clockMs)) throw new TypeError(`game ${g.id}: move ${m.ply} has a fractional time`);
  });
}

export function checkGame(g: GameRow): void {
  for (const k of ['createdAt', 'updatedAt', 'plies', 'version'] as const) {
    if (!Number.isSafeInteger(g[k])) throw new TypeError(`game ${g.id}: ${k} must be a whole number, got ${g[k]}`);
  }
}

/** A game's data already encoded as JSON text (by the SQLite store's link, when the write was called): stored as it is. */
export class EncodedJson {
  constructor(readonly text: string) {}
}

/** The game's data as stored: JSON text, with `undefined` (which JSON cannot hold) stored as null. */
export function dataJson(data: unknown): string {
  if (data instanceof EncodedJson) return data.text;
  return JSON.stringify(data) ?? 'null';
}

/** The result that is each outcome for the side moving first, then for the other (the SQL stores filter games by it). */
export const OUTCOME_RESULTS: Readonly<Record<GameOutcome, readonly [string, string]>> = {
  win: ['1-0', '0-1'],
  loss: ['0-1', '1-0'],
  draw: ['1/2-1/2', '1/2-1/2'],
};
