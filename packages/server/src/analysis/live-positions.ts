/**
 * The current positions of the club's games in progress: the engine (hints,
 * the analysis board) refuses them, whoever asks, as on lichess. A position
 * is known by a hash of its board, pockets and side to move (not the move
 * counters), so the same position sent with other counters is the same.
 *
 * Each game's deciding node writes its game's position on every move and
 * takeback and removes it when the game ends: into a port with one adapter
 * per deployment (memory for one node, Redis for a club). Positions within
 * the first OPEN_PLIES plies of a game from the usual start are never
 * written: the start and the commonest openings are shared by many games and
 * give nothing away. (A threshold on how many games share a position was
 * not chosen: a cheater could open such games to unlock a position.)
 */
import { createHash } from 'node:crypto';
import { makeBoardFen, parseFen, VARIANTS, type VariantKey } from '@youzai/rules';
import type { RedisLink } from '../cluster/redis.ts';
import type { GameChange } from '../service/game-pipeline.ts';

/** The refusal's words (code analysis.live-position). */
export const LIVE_POSITION = 'This is the current position of a game being played: the engine will analyse it once the game is over';

/** The positions reached by the first plies of a game from the usual start, this many, stay open to the engine. */
export const OPEN_PLIES = 6;

/** The position's hash (board, pockets, side to move), or null for a FEN that does not read. */
export function positionKey(variant: VariantKey, fen: string): string | null {
  const pos = parseFen(VARIANTS[variant], fen);
  if (!pos.ok) return null;
  return hashOf(variant, makeBoardFen(pos.value), pos.value.turn);
}

/**
 * positionKey of a FEN the rules made (makeFen: the board as makeBoardFen writes it, then the side to move):
 * read off the text, without parsing the position again. A game's every move is recorded, so this is on the
 * move's path; a FEN from outside (a visitor's) goes through positionKey, which writes its board the same way.
 */
export function madePositionKey(variant: VariantKey, fen: string): string {
  const space = fen.indexOf(' ');
  return hashOf(variant, fen.slice(0, space), fen[space + 1] === 'b' ? 1 : 0);
}

const hashOf = (variant: VariantKey, board: string, turn: number): string =>
  createHash('sha256').update(`${variant} ${board} ${turn}`).digest('base64url').slice(0, 22);

/** The state port: which game stands at which position, and whether any game stands at one. */
export interface LivePositionState {
  /** Game `gameId` is now at `key` (null: it is over, or at a position that stays open). */
  set(gameId: string, key: string | null): Promise<void>;
  /** Whether any game in progress stands at `key`. */
  has(key: string): Promise<boolean>;
}

export class MemoryLivePositions implements LivePositionState {
  private readonly games = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  async set(gameId: string, key: string | null): Promise<void> {
    const old = this.games.get(gameId);
    if (old !== undefined) {
      const n = (this.counts.get(old) ?? 1) - 1;
      if (n > 0) this.counts.set(old, n);
      else this.counts.delete(old);
      this.games.delete(gameId);
    }
    if (key !== null) {
      this.games.set(gameId, key);
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }

  async has(key: string): Promise<boolean> {
    return this.counts.has(key);
  }
}

/** KEYS: games hash, counts hash; ARGV: game id, key ('' for none). One game's move at a time, atomically. */
const SET = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  if redis.call('HINCRBY', KEYS[2], old, -1) <= 0 then redis.call('HDEL', KEYS[2], old) end
  redis.call('HDEL', KEYS[1], ARGV[1])
end
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
end
return 0`;

/** The club's: every node reads what the deciding nodes wrote (two hashes under the club's prefix). */
export class RedisLivePositions implements LivePositionState {
  constructor(private readonly link: RedisLink) {}

  async set(gameId: string, key: string | null): Promise<void> {
    await this.link.client.eval(SET, 2, this.link.key('live-pos:games'), this.link.key('live-pos:counts'), gameId, key ?? '');
  }

  async has(key: string): Promise<boolean> {
    return (await this.link.client.hexists(this.link.key('live-pos:counts'), key)) === 1;
  }
}

/** One implementation over either adapter: fed by the deciding node's game changes, asked by the engine's doors. */
export class LivePositions {
  constructor(private readonly state: LivePositionState) {}

  /** Whether the engine must refuse this position (it is where a game in progress stands now). */
  async refuses(variant: VariantKey, fen: string): Promise<boolean> {
    const key = positionKey(variant, fen);
    return key !== null && (await this.state.has(key));
  }

  /** A game change on its deciding node: a move or takeback writes the new position, a set-up start its first, an end removes it. */
  readonly onChange = (c: GameChange): Promise<void> => {
    const variant = c.row.variant as VariantKey;
    if (!(variant in VARIANTS)) return Promise.resolve();
    if (c.row.status !== 'active') return this.state.set(c.row.id, null);
    const setup = setupFen(c.row.data);
    let at: { fen: string; ply: number; made: boolean } | null = null;
    for (const e of c.events) {
      // A move's and a takeback's FEN are the rules' own; a set-up start's is as the player wrote it.
      if (e.type === 'move' || e.type === 'takeback') at = { fen: e.fen, ply: e.ply, made: true };
      else if (e.type === 'started' && setup !== null) at = { fen: setup, ply: 0, made: false };
    }
    if (!at) return Promise.resolve();
    return this.record({ id: c.row.id, variant, status: 'active', ...at, initialFen: setup ?? VARIANTS[variant].startFen });
  };

  /** After a restart on one node (the memory adapter starts empty): the games in progress it loaded. */
  async restore(games: readonly LiveGame[]): Promise<void> {
    for (const g of games) await this.record(g);
  }

  private record(g: LiveGame): Promise<void> {
    if (g.status !== 'active') return this.state.set(g.id, null);
    const open = g.ply <= OPEN_PLIES && g.initialFen === VARIANTS[g.variant].startFen;
    return this.state.set(g.id, open ? null : g.made ? madePositionKey(g.variant, g.fen) : positionKey(g.variant, g.fen));
  }
}

/** What the record needs of a game (GameView has it). */
export interface LiveGame {
  readonly id: string;
  readonly variant: VariantKey;
  readonly status: string;
  readonly fen: string;
  readonly ply: number;
  readonly initialFen: string;
  /** `fen` was written by the rules (makeFen), so its key is read off the text (madePositionKey). */
  readonly made?: boolean;
}

/** The snapshot's set-up start (service/snapshot.ts), or null for the usual start. */
function setupFen(data: unknown): string | null {
  const fen = (data as { game?: { setup?: { fen?: unknown } } } | null)?.game?.setup?.fen;
  return typeof fen === 'string' ? fen : null;
}
