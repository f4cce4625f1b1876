import type { Geometry } from './board.ts';
import type { Move } from './move.ts';
import type { CoordinateStyle, Notation } from './notation.ts';
import type { Position } from './position.ts';
import type { Result, RuleError } from './result.ts';
import type { PositionError } from './setup.ts';
import type { ByColor, Color } from './types.ts';

export interface RoleInfo {
  /** FEN letter, lower case. */
  readonly letter: string;
  /** English name, for messages. */
  readonly name: string;
  /** Most of this role a side can own (board and hand together). */
  readonly max: number;
  /** Counts as an attacking piece for "cannot win on material" decisions. */
  readonly attacking: boolean;
  /**
   * Rough material value in hundredths of a soldier (pawn); the royal piece
   * counts 0 (it is never captured). The computer's fallback move and the
   * puzzle themes weigh material with it.
   */
  readonly value: number;
}

/** A time control as the game offers it (the same shape as the wire's ClockSpec). */
export type OfferedClock =
  | { readonly kind: 'fischer'; readonly minutes: number; readonly increment: number }
  | { readonly kind: 'byoyomi'; readonly minutes: number; readonly periods: number; readonly seconds: number };

/** One section of the Fairy-Stockfish house ini (packages/engine assembles the file from every game's sections). */
export interface EngineSection {
  /** The section's name, `[name:base]` in the ini. */
  readonly name: string;
  /** The section, header line included, as ini text; comments say why each option is set. */
  readonly ini: string;
}

/** How a game ends from the position and its history (RULES.md), as data. */
export interface EndRules {
  /** The side to move with no legal move and not in check: loses, draws, or cannot happen (pass). */
  readonly stalemate: 'loss' | 'draw';
  /** Automatic draw on material: neither side has an attacking piece, or only kings are left. */
  readonly deadMaterial: 'no-attackers' | 'kings-only' | 'none';
  /** Draw after this many plies without progress; null: no such rule at this level. */
  readonly quietLimit: {
    readonly plies: number;
    /** Whether a move of the clock-reset role (a pawn) is progress, besides a capture. */
    readonly pawnMoveIsProgress: boolean;
    readonly reason: 'no-capture-limit' | 'progress-rule';
  } | null;
  /** Who can still win on time or abandonment: any attacking piece, or any piece besides the king. */
  readonly insufficient: 'no-attackers' | 'kings-only';
  /** Draw when one position occurs this often with the same side to move; null: no such rule here. */
  readonly repetitions: number | null;
}

/**
 * A game's descriptor: everything generic code in any package may ask of a
 * game (docs/adding-a-game.md). Rule numbers and house-rule switches live in
 * each module's `rules` object; nothing outside a variant's folder branches
 * on its key, and every per-game table elsewhere is derived from these
 * fields. Texts shown to players are not here: the web's i18n holds them
 * under keys derived from the key, the role letters and the notation ids.
 * `K` is the key: the registry's games have a VariantKey, a game made up in a
 * test any string.
 */
export interface VariantModule<K extends string = string> {
  readonly key: K;
  /** Names for server messages, logs and exports (the web shows `variant.<key>` from its i18n). */
  readonly name: { readonly en: string; readonly vi: string };
  readonly geometry: Geometry;
  readonly startFen: string;
  /** Index = role id (1..MAX_ROLE, board.ts: 15); index 0 unused. registry.ts refuses a game with more. */
  readonly roles: readonly (RoleInfo | undefined)[];
  /** Pieces held in hand, written in brackets after the board in FEN. */
  readonly hasHand: boolean;
  /** Order of roles when writing the hand in FEN (as Fairy-Stockfish writes it). */
  readonly handOrder?: readonly number[];
  /** A side not in check may pass (Janggi). */
  readonly pass: boolean;
  /** The role a promoted piece came from (unmake restores it); 0 without promotion. */
  readonly promotionFromRole: number;
  /** Moves of this role reset the FEN halfmove clock (0: none), as Fairy-Stockfish counts. */
  readonly clockResetRole: number;
  /** Names of the sides for messages. */
  readonly sideNames: {
    readonly en: readonly [string, string];
    readonly vi: readonly [string, string];
  };
  /** Appends pseudo-legal moves (passes and drops included) to `out` from index `n`; returns the new length. */
  genPseudo(pos: Position, out: Int32Array, n: number): number;
  /** Whether a king of the other colour standing on `sq` would be capturable by `by` (flying general included). */
  attacked(pos: Position, sq: number, by: Color): boolean;
  /**
   * Marks (mark[sq] = stamp) every square where a change of occupancy could
   * let `them` attack the king on `ksq`: the lines from the king to an enemy
   * slider on them, the legs of enemy leapers aimed at it. A move that
   * touches no marked square, by a side not in check and not moving its king,
   * is legal without playing it.
   */
  markSensitive(pos: Position, ksq: number, them: Color, mark: Int32Array, stamp: number): void;
  readonly end: EndRules;
  /** Human move notations, the default first. */
  readonly notations: readonly Notation[];
  /**
   * How this game's own PGN readers expect a game (absent: movetext in
   * Fairy-Stockfish coordinates under a `Variant` tag, as pychess writes it).
   */
  readonly pgn?: {
    /** Tags written first, before the seven standard ones. */
    readonly tags: readonly (readonly [string, string])[];
    /** A legal move of `pos` as the movetext writes it. */
    move(pos: Position, m: Move): string;
  };
  /**
   * How game records from elsewhere write this game (the importer, absent:
   * only coordinates and `notations`): further notations, each under the
   * value of the PGN `Format` tag that names it; whether a record's tags say
   * it is this game when no `Variant` tag does; and what its own tags (not
   * the seven standard ones) say of the start position, result and players.
   */
  readonly records?: RecordConventions;
  /** Zone and setup checks beyond piece counts (an elephant across the river, Xiangqi's facing generals): setup.ts asks it. */
  validate(pos: Position): PositionError | null;
  /** How the board is drawn (the size is `geometry`; the art is packages/web/src/assets/{boards,pieces}). */
  readonly board: {
    /** 'points': pieces stand on the crossings of the lines (Xiangqi, Janggi); 'squares': in the cells. */
    readonly grid: 'points' | 'squares';
    /** Each side's colour, for the small marker beside a player's name (Janggi's Cho is green). */
    readonly sideColors: ByColor<string>;
    /**
     * The coordinates printed along the board's edges, as the game's players
     * read its default notation (`CoordinateStyle`, notation.ts); a
     * notation that writes points otherwise names its own style, and the
     * board follows the notation chosen.
     */
    readonly coordinates: CoordinateStyle;
    /**
     * The piece sets offered, the default first: each is a folder
     * packages/web/src/assets/pieces/<key>/<set>/ holding every role's
     * pictures, named in the texts `pieceset.<set>` (shared by games: a
     * `beginner` set is one whose pieces show how they move).
     */
    readonly pieceSets: readonly [string, ...string[]];
  };
  /** Clocks offered: Fischer always, byo-yomi where players of this game expect it; quick-pairing pools in the order shown. */
  readonly clocks: {
    readonly byoyomi: boolean;
    readonly pools: readonly OfferedClock[];
  };
  /** The computer: Fairy-Stockfish sections asked in order, the next only when the previous finds none of our legal moves legal. */
  readonly engine: { readonly sections: readonly [EngineSection, ...EngineSection[]] };
  /** Material thresholds for puzzles, in the roles' value units. */
  readonly material: {
    /** The least gain that makes a material puzzle decisive (about a horse). */
    readonly decisiveGain: number;
    /** A fall in the solver's material at least this big, at some point of a line, is a sacrifice. */
    readonly sacrificeLoss: number;
  };
}

/** What a game record's own tags say, read by the game's `records.readTags` (e.g. Korean .gib tags). */
export interface RecordTagFacts {
  /** The start position, when the tags set one up (a FEN of this game). */
  readonly fen?: string;
  /** The result as PGN writes it: 1-0, 0-1, 1/2-1/2. */
  readonly result?: string;
  /** The first and second side's players. */
  readonly first?: string;
  readonly second?: string;
}

export interface RecordConventions {
  /** Notations records use besides `notations`, keyed by the PGN `Format` tag's value (upper case), tried in order. */
  readonly notations: readonly { readonly format: string; readonly notation: Notation }[];
  /** Whether tags (name to value) mark a record of this game that has no `Variant` tag. */
  recognise(tags: ReadonlyMap<string, string>): boolean;
  /** What the game's own tags say; an error when they set up a position that cannot be. */
  readTags?(tags: ReadonlyMap<string, string>): Result<RecordTagFacts, RuleError>;
}
