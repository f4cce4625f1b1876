/**
 * Pairing cards: what the Swiss pairing needs to know about each player
 * before a round (FIDE C.04.3 section A), computed from the sheet of games
 * and byes.
 */
import { bySeed, scoreOf, type TournamentSheet } from './types.ts';

export type Side = 'w' | 'b';
export type Float = 'down' | 'up' | null;
export type PrefStrength = 'absolute' | 'strong' | 'mild' | 'none';

export interface ColourPref {
  readonly colour: Side | null;
  readonly strength: PrefStrength;
}

export interface SwissCard {
  readonly id: string;
  /** Tournament pairing number: 1 for the top seed. */
  readonly tpn: number;
  /**
   * The pairing number E.5 reads: the rank among the players who take part
   * so far (paired in this round or an earlier one), 1 for the first. A
   * player absent from round 1 who has never been paired does not count.
   */
  readonly pairingNumber?: number;
  readonly score: number;
  /** Opponents of games played (a forfeit is not a game played: they may meet again). */
  readonly opponents: ReadonlySet<string>;
  /** Colour in each round 1..n-1 (index 0 = round 1); null where no game was played. */
  readonly colours: readonly (Side | null)[];
  /** A pairing-allocated bye or a win by forfeit already: no second bye (C.2). */
  readonly hadBye: boolean;
  /** Rounds without a game played. */
  readonly unplayed: number;
  /** Float received in the previous round and in the one before it. */
  readonly floats: readonly [Float, Float];
  readonly pref: ColourPref;
  /** Colour difference: games with white minus games with black. */
  readonly cd: number;
}

/** The colour preference of a player with this history (A.6). */
export function colourPreference(colours: readonly (Side | null)[]): { pref: ColourPref; cd: number } {
  const played = colours.filter((c): c is Side => c !== null);
  const cd = played.filter((c) => c === 'w').length - played.filter((c) => c === 'b').length;
  if (played.length === 0) return { pref: { colour: null, strength: 'none' }, cd };
  const last = played[played.length - 1]!;
  const other: Side = last === 'w' ? 'b' : 'w';
  const twoSame = played.length >= 2 && played[played.length - 2] === last;
  if (cd > 1) return { pref: { colour: 'b', strength: 'absolute' }, cd };
  if (cd < -1) return { pref: { colour: 'w', strength: 'absolute' }, cd };
  if (twoSame) return { pref: { colour: other, strength: 'absolute' }, cd };
  if (cd === 1) return { pref: { colour: 'b', strength: 'strong' }, cd };
  if (cd === -1) return { pref: { colour: 'w', strength: 'strong' }, cd };
  return { pref: { colour: other, strength: 'mild' }, cd };
}

/**
 * Cards of the players to pair in `round` (1-based): `playing` are the
 * ids taking part in it; everyone on the sheet is numbered by seed.
 */
export function swissCards(sheet: TournamentSheet, round: number, playing: ReadonlySet<string>): SwissCard[] {
  const seeds = [...sheet.entrants].sort(bySeed);
  const tpn = new Map(seeds.map((e, i) => [e.userId, i + 1]));
  const score = new Map<string, number>(seeds.map((e) => [e.userId, 0]));
  const opponents = new Map<string, Set<string>>(seeds.map((e) => [e.userId, new Set()]));
  const colours = new Map<string, (Side | null)[]>(seeds.map((e) => [e.userId, []]));
  const floats = new Map<string, Float[]>(seeds.map((e) => [e.userId, []]));
  const hadBye = new Set<string>();

  for (let r = 1; r < round; r++) {
    const before = new Map(score);
    const roundFloat = new Map<string, Float>();
    const roundColour = new Map<string, Side>();
    for (const p of sheet.pairings) {
      if (p.round !== r || p.result === null) continue;
      score.set(p.white, (score.get(p.white) ?? 0) + scoreOf(p, p.white)!);
      score.set(p.black, (score.get(p.black) ?? 0) + scoreOf(p, p.black)!);
      if (p.forfeit) {
        // A win by forfeit bars a later bye, as a bye would (C.2), and counts as a downfloat (A.4).
        for (const [u, won] of [
          [p.white, p.result === 1],
          [p.black, p.result === 0],
        ] as const) {
          if (!won) continue;
          hadBye.add(u);
          roundFloat.set(u, 'down');
        }
        continue;
      }
      opponents.get(p.white)?.add(p.black);
      opponents.get(p.black)?.add(p.white);
      roundColour.set(p.white, 'w');
      roundColour.set(p.black, 'b');
      const sw = before.get(p.white) ?? 0;
      const sb = before.get(p.black) ?? 0;
      if (sw > sb) {
        roundFloat.set(p.white, 'down');
        roundFloat.set(p.black, 'up');
      } else if (sb > sw) {
        roundFloat.set(p.black, 'down');
        roundFloat.set(p.white, 'up');
      }
    }
    for (const b of sheet.byes) {
      if (b.round !== r) continue;
      score.set(b.userId, (score.get(b.userId) ?? 0) + b.points);
      // C.2: no bye for one who had the pairing-allocated bye or scored a win's points without playing.
      if (b.kind === 'forfeit' || b.kind === 'pab' || b.points >= 1) hadBye.add(b.userId);
      // The bye, and any round scored above a loss without playing, counts as a downfloat (A.4).
      if (b.points > 0) roundFloat.set(b.userId, 'down');
    }
    for (const e of seeds) {
      colours.get(e.userId)!.push(roundColour.get(e.userId) ?? null);
      floats.get(e.userId)!.push(roundFloat.get(e.userId) ?? null);
    }
  }

  const takenPart = (u: string): boolean =>
    playing.has(u) ||
    sheet.pairings.some((p) => p.round < round && (p.white === u || p.black === u)) ||
    sheet.byes.some((b) => b.round < round && b.userId === u && b.kind === 'pab');
  const pairingNumber = new Map(seeds.filter((e) => takenPart(e.userId)).map((e, i) => [e.userId, i + 1]));
  return seeds
    .filter((e) => playing.has(e.userId))
    .map((e) => {
      const c = colours.get(e.userId)!;
      const f = floats.get(e.userId)!;
      const { pref, cd } = colourPreference(c);
      return {
        id: e.userId,
        tpn: tpn.get(e.userId)!,
        pairingNumber: pairingNumber.get(e.userId)!,
        score: score.get(e.userId)!,
        opponents: opponents.get(e.userId)!,
        colours: c,
        hadBye: hadBye.has(e.userId),
        unplayed: c.filter((x) => x === null).length,
        floats: [f[f.length - 1] ?? null, f[f.length - 2] ?? null],
        pref,
        cd,
      };
    });
}
