/**
 * The terms of a new game, whoever proposes it (a creator, a lobby seek, a
 * pool, a room challenge, a tournament): what is checked and how a clock
 * spec of the wire becomes the game's clock.
 */
import { DAY_MS, type ClockConfig } from '@youzai/game';
import { VARIANTS, err, makeFen, parseFen, type Result } from '@youzai/rules';
import type { ClockSpec, CreateGame, Identity, SeekColor } from '@youzai/protocol';
import type { ServiceError } from './errors.ts';

export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a challenge to a named player waits for an answer (a correspondence challenge: days). */
export const CHALLENGE_TTL_MS = 20 * 60 * 1000;
export const CORRESPONDENCE_CHALLENGE_TTL_MS = 3 * DAY_MS;

/** The terms of a game two players agreed on (a lobby seek, a pool, a room challenge). */
export interface PairedTerms {
  readonly variant: CreateGame['variant'];
  readonly clock: ClockSpec;
  readonly rated: boolean;
  /** The first player's side. */
  readonly color: SeekColor;
  /** The game's id, chosen by the caller (a tournament stores its pairing first); a fresh one when absent. */
  readonly id?: string;
  /** An arena tournament's game whose players may go berserk. */
  readonly berserk?: boolean;
  /** A tournament's game: no takebacks, rated or casual. */
  readonly tournament?: boolean;
}

/**
 * What every new game is checked against, whoever proposes it: rated games
 * need accounts on all sides; byo-yomi where the variant offers it; some time.
 */
export function checkTerms(t: {
  variant: CreateGame['variant'];
  clock: ClockSpec;
  rated: boolean;
  players: readonly Identity[];
}): Result<never, ServiceError> | null {
  const v = VARIANTS[t.variant];
  if (t.rated && t.players.some((p) => p.guest)) {
    return err(
      'game.rated-guest',
      t.players.length > 1 ? 'Rated games need an account on both sides' : 'Guests play casual games only: register to play rated games',
    );
  }
  // Byo-yomi where the game's descriptor offers it (Janggi, as players there expect).
  if (t.clock.kind === 'byoyomi' && !v.clocks.byoyomi) return err('game.clock', `Byo-yomi is not offered for ${v.name.en}, which uses Fischer time`);
  const cfg = clockFromSpec(t.clock);
  if (cfg.baseMs === 0 && (cfg.kind === 'fischer' ? cfg.incrementMs === 0 : false)) return err('game.clock', 'A clock needs some time');
  return null;
}

/**
 * Whether a game starts from a position of its own (a FEN that is not the
 * game's start, as the board editor sends): such a game is never rated.
 */
export function isSetPosition(variant: CreateGame['variant'], fen: string | null | undefined): boolean {
  if (fen === null || fen === undefined) return false;
  const v = VARIANTS[variant];
  const r = parseFen(v, fen);
  return !r.ok || makeFen(r.value) !== v.startFen;
}

export function clockFromSpec(spec: ClockSpec): ClockConfig {
  if (spec.kind === 'correspondence') return { kind: 'correspondence', baseMs: spec.days * DAY_MS };
  return spec.kind === 'fischer'
    ? { kind: 'fischer', baseMs: Math.round(spec.minutes * 60_000), incrementMs: spec.increment * 1000 }
    : { kind: 'byoyomi', baseMs: Math.round(spec.minutes * 60_000), periods: spec.periods, periodMs: spec.seconds * 1000 };
}
