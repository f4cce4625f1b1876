/**
 * Reading a tournament in FIDE's Tournament Report File format (TRF-2026,
 * and the TRF(x) codes other pairing programs write): the players' lines
 * (001) with one 10-character block per round, the planned number of rounds
 * (XXR) and the initial colour (XXC). Enough to replay a Swiss round by
 * round and compare it with another program's pairings.
 */

export type TrfSide = 'w' | 'b';

/** One round of one player: the opponent's start number (null: none), the colour, the result code. */
export interface TrfCell {
  readonly opponent: number | null;
  readonly colour: TrfSide | null;
  /** 1 = 0 won/drawn/lost; + - by forfeit; U pairing-allocated bye; F H Z full/half/zero-point bye; space: nothing. */
  readonly result: string;
}

export interface TrfPlayer {
  /** Start number (pairing number). */
  readonly id: number;
  readonly name: string;
  readonly rating: number;
  readonly points: number;
  readonly rounds: readonly TrfCell[];
}

export interface TrfTournament {
  readonly players: readonly TrfPlayer[];
  /** XXR: the planned number of rounds; null if the file does not say. */
  readonly rounds: number | null;
  /** XXC: the colour of the top seed in round 1 ("white1" / "black1"); null if the file does not say. */
  readonly initial: TrfSide | null;
}

export type TrfError = { readonly code: 'trf.player'; readonly message: string } | { readonly code: 'trf.round'; readonly message: string };

export type TrfResult = { readonly ok: true; readonly value: TrfTournament } | { readonly ok: false; readonly error: TrfError };

const RESULTS = new Set(['1', '0', '=', '+', '-', 'W', 'D', 'L', 'U', 'F', 'H', 'Z', ' ']);

/** Parses a TRF; never throws. */
export function parseTrf(text: string): TrfResult {
  const players: TrfPlayer[] = [];
  let rounds: number | null = null;
  let initial: TrfSide | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  for (const [n, line] of lines.entries()) {
    const code = line.slice(0, 3);
    if (code === 'XXR') {
      const r = Number.parseInt(line.slice(4), 10);
      if (Number.isInteger(r) && r > 0) rounds = r;
    } else if (code === 'XXC') {
      const c = line.slice(4).trim().toLowerCase();
      if (c.startsWith('white')) initial = 'w';
      else if (c.startsWith('black')) initial = 'b';
    } else if (code === '001') {
      const id = Number.parseInt(line.slice(4, 8), 10);
      if (!Number.isInteger(id) || id < 1) return fail('trf.player', `line ${n + 1}: no start number`);
      const cells: TrfCell[] = [];
      for (let at = 91; at < line.length; at += 10) {
        const block = line.slice(at, at + 8).padEnd(8, ' ');
        const opp = block.slice(0, 4).trim();
        const colour = block[5]!;
        const result = block[7]!.toUpperCase();
        if (!RESULTS.has(result) || !' wb-'.includes(colour)) return fail('trf.round', `line ${n + 1}, round ${cells.length + 1}: "${block}"`);
        const opponent = opp === '' || opp === '0000' ? null : Number.parseInt(opp, 10);
        if (opponent !== null && (!Number.isInteger(opponent) || opponent === id))
          return fail('trf.round', `line ${n + 1}, round ${cells.length + 1}: opponent "${opp}"`);
        cells.push({ opponent, colour: colour === 'w' || colour === 'b' ? colour : null, result });
      }
      players.push({
        id,
        name: line.slice(14, 47).trim(),
        rating: Number.parseInt(line.slice(48, 52), 10) || 0,
        points: Number.parseFloat(line.slice(80, 84)) || 0,
        rounds: cells,
      });
    }
  }
  return { ok: true, value: { players: players.sort((a, b) => a.id - b.id), rounds, initial } };
}

const fail = (code: TrfError['code'], message: string): TrfResult => ({ ok: false, error: { code, message } });
