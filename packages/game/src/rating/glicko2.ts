/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf)
 * as pure functions. Step numbers in the comments are the paper's.
 *
 * Defaults follow lichess / pychess-variants: new players start at 1500 / 350 / 0.06 and
 * τ = 0.75. The paper suggests τ in 0.3–1.2 and uses 0.5 in its example; lichess settled
 * on 0.75 from its own data, and pychess copied it, so our ratings behave like theirs.
 *
 * Like lichess, each game may be rated as its own rating period (`rateGame`), so ratings
 * move right after the game instead of in monthly batches. Time decay between periods is
 * left to the caller: call `rate(r, [])` once per idle period elapsed.
 */

export interface Rating {
  readonly rating: number;
  /** RD: the rating's standard deviation, in rating points. */
  readonly deviation: number;
  /** σ: how erratic the player's results are expected to be. */
  readonly volatility: number;
}

/** The score of one game from the rated player's side: loss, draw, win. */
export type Score = 0 | 0.5 | 1;

export interface RatedGame {
  /** The opponent as they stood before the period. */
  readonly opponent: Rating;
  readonly score: Score;
}

export interface Glicko2Params {
  /** τ, the system constant: how fast volatility may change. */
  readonly tau: number;
  /** What a new player is given. */
  readonly initial: Rating;
  /**
   * Floor on RD. Without one, a very active player's RD shrinks until their rating barely
   * moves. 45 is lichess's value (pychess uses 30); ours keeps ratings a little more alive.
   */
  readonly minDeviation: number;
  /** Ceiling on RD: never less certain than a brand-new player. */
  readonly maxDeviation: number;
}

export const DEFAULT_RATING: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };

export const DEFAULT_PARAMS: Glicko2Params = {
  tau: 0.75,
  initial: DEFAULT_RATING,
  minDeviation: 45,
  maxDeviation: 350,
};

/** ε for the volatility iteration (step 5), the paper's value. */
export const CONVERGENCE_TOLERANCE = 0.000001;

/** Lichess and pychess mark a rating "?" above this RD. */
export const PROVISIONAL_DEVIATION = 110;

/** Glicko-2 scale factor (≈ 400 / ln 10), the paper's rounding. */
const SCALE = 173.7178;
const CENTRE = 1500;
/** Guards the Illinois loop against pathological input; it converges in a handful of steps. */
const MAX_ITERATIONS = 100;

export function isProvisional(r: Rating): boolean {
  return r.deviation > PROVISIONAL_DEVIATION;
}

/**
 * Chance that `a` beats `b` (a draw counting half). Both deviations widen the
 * uncertainty, so expectedScore(a, b) + expectedScore(b, a) = 1, which the one-sided
 * E of step 3 does not give; that one stays internal to the update.
 */
export function expectedScore(a: Rating, b: Rating): number {
  const phi = Math.hypot(a.deviation, b.deviation) / SCALE;
  return expect(toMu(a.rating), toMu(b.rating), phi);
}

/**
 * One rating period: `player`'s new rating after `games`, every opponent taken at their
 * pre-period rating. With no games only RD grows (step 6), up to `maxDeviation`.
 */
export function rate(player: Rating, games: readonly RatedGame[], params: Partial<Glicko2Params> = {}): Rating {
  const p: Glicko2Params = { ...DEFAULT_PARAMS, ...params };
  // Step 2: onto the Glicko-2 scale.
  const mu = toMu(player.rating);
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;

  if (games.length === 0) {
    return clampRd({ ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE }, p);
  }

  // Steps 3 and 4: v, the variance from the games alone, and Δ, the improvement they show.
  let vInv = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const gj = g(opponent.deviation / SCALE);
    const e = expect(mu, toMu(opponent.rating), opponent.deviation / SCALE);
    vInv += gj * gj * e * (1 - e);
    sum += gj * (score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;

  const sigmaNew = newVolatility(phi, sigma, v, delta, p.tau);
  // Steps 6 and 7: widen RD by the new volatility, then narrow it by the games.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;

  // Step 8: back to the rating scale.
  return clampRd({ rating: muNew * SCALE + CENTRE, deviation: phiNew * SCALE, volatility: sigmaNew }, p);
}

/**
 * One game, rated at once as its own period for both sides. Each is updated from the
 * other's pre-game rating, so the order of the two updates cannot matter.
 */
export function rateGame(white: Rating, black: Rating, score: Score /* for white */, params: Partial<Glicko2Params> = {}): [Rating, Rating] {
  return [rate(white, [{ opponent: black, score }], params), rate(black, [{ opponent: white, score: OPPOSITE[score] }], params)];
}

const OPPOSITE: Record<Score, Score> = { 0: 1, 0.5: 0.5, 1: 0 };

function toMu(rating: number): number {
  return (rating - CENTRE) / SCALE;
}

/** g(φ): discounts a game against an opponent whose rating is uncertain. */
function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expect(mu: number, muOpp: number, phiOpp: number): number {
  return 1 / (1 + Math.exp(-g(phiOpp) * (mu - muOpp)));
}

/** Step 5: σ' as the root of f, by the Illinois (regula falsi) method the paper gives. */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };

  // Bracket the root between A and B.
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }

  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < MAX_ITERATIONS && Math.abs(B - A) > CONVERGENCE_TOLERANCE; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    // `<=` rather than `<`: if C lands exactly on the root, this still closes the bracket.
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2; // Illinois: halve the stale end so the bracket keeps shrinking from both sides.
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

function clampRd(r: Rating, p: Glicko2Params): Rating {
  return { ...r, deviation: Math.min(p.maxDeviation, Math.max(p.minDeviation, r.deviation)) };
}
