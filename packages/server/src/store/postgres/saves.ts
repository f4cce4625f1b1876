/**
 * saveGame for PostgreSQL, batched. Saves that arrive in the same
 * event-loop turn, or while earlier batches are in flight, are sent as ONE
 * statement that updates every game at its expected version and appends the
 * moves of those it updated: one parse-free execution and one commit for
 * many saves. PostgreSQL's CPU per statement and per commit, not the disk,
 * is what limits single-row saves on a small machine.
 *
 * A save of a game waits for the previous save of that game (from this
 * process) to settle, so saves of one game apply in call order, as in the
 * other stores, and a batch never holds two saves of one game.
 *
 * A stale version is no error inside the statement: that game is simply not
 * in the RETURNING list, and its save alone is rejected. A real error (a
 * taken ply or invitation token, a deadlock with another node) fails the
 * whole statement; each save of the batch is then retried alone so that
 * each gets its own answer.
 *
 * Each save is bounded from the moment it is asked for (`timeoutMs`): one
 * still queued then is dropped (never sent), one in flight is answered
 * StoreTimeout at once, whatever becomes of its statement (the pool bounds
 * the statement itself). Either way its fate is the caller's to settle.
 */
import { dataJson } from '../checks.ts';
import { StoreTimeout, VersionConflict, type GameRow, type MoveRow } from '../types.ts';
import type { Query } from './db.ts';

export interface Save {
  readonly g: GameRow;
  readonly expectedVersion: number;
  readonly moves: readonly MoveRow[];
  /** A takeback: the game's moves after this ply are removed (never with moves appended to that game). */
  readonly dropAfter?: number;
}

interface Pending extends Save {
  /** The game's data as JSON, taken when save() was called: later changes by the caller are not stored. */
  readonly json: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** The stored row's summary (the indexed columns and the others lists show) is the one saved. */
const SUMMARY_KEPT =
  '(g.variant = v.variant AND g.status = v.status AND g.white_id IS NOT DISTINCT FROM v.white_id AND g.black_id IS NOT DISTINCT FROM v.black_id ' +
  'AND g.rated = v.rated AND g.created_at = v.created_at AND g.result IS NOT DISTINCT FROM v.result ' +
  'AND g.reason IS NOT DISTINCT FROM v.reason AND g.invite_token IS NOT DISTINCT FROM v.invite_token)';

export const SAVE_GAMES = `
  WITH v AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::bigint[],
      $9::bigint[], $10::text[], $11::text[], $12::int[], $13::int[], $14::text[], $15::text[])
      AS v (id, expected, variant, status, white_id, black_id, rated, created_at, updated_at, result, reason, plies, version, invite_token, data)
  ), updated AS (
    UPDATE games g SET variant = v.variant, status = v.status, white_id = v.white_id, black_id = v.black_id, rated = v.rated,
      created_at = v.created_at, result = v.result, reason = v.reason, plies = v.plies,
      version = v.version, invite_token = v.invite_token, data = v.data::jsonb,
      -- A move keeps the summary: its time goes to moved_at, and updated_at (so every index) stays as it was.
      updated_at = CASE WHEN ${SUMMARY_KEPT} THEN g.updated_at ELSE v.updated_at END,
      moved_at = CASE WHEN ${SUMMARY_KEPT} THEN v.updated_at END
    FROM v
    WHERE g.id = v.id AND g.version = v.expected
    RETURNING g.id
  ), dropped AS (
    DELETE FROM moves d
    USING unnest($21::text[], $22::int[]) AS x (game_id, after)
    WHERE d.game_id = x.game_id AND d.ply > x.after AND x.game_id IN (SELECT id FROM updated)
  ), appended AS (
    INSERT INTO moves (game_id, ply, uci, at, clock_ms)
    SELECT m.game_id, m.ply, m.uci, m.at, m.clock_ms
    FROM unnest($16::text[], $17::int[], $18::text[], $19::bigint[], $20::bigint[]) AS m (game_id, ply, uci, at, clock_ms)
    WHERE m.game_id IN (SELECT id FROM updated)
  )
  SELECT id FROM updated`;

/** The statement's parameters: one array per column. */
function params(saves: readonly Pending[]): unknown[] {
  const col = <T>(f: (s: Pending) => T) => saves.map(f);
  const moves = saves.flatMap((s) => s.moves);
  const drops = saves.filter((s) => s.dropAfter !== undefined);
  return [
    col((s) => s.g.id),
    col((s) => s.expectedVersion),
    col((s) => s.g.variant),
    col((s) => s.g.status),
    col((s) => s.g.whiteId),
    col((s) => s.g.blackId),
    col((s) => s.g.rated),
    col((s) => s.g.createdAt),
    col((s) => s.g.updatedAt),
    col((s) => s.g.result),
    col((s) => s.g.reason),
    col((s) => s.g.plies),
    col((s) => s.g.version),
    col((s) => s.g.inviteToken),
    col((s) => s.json),
    moves.map((m) => m.gameId),
    moves.map((m) => m.ply),
    moves.map((m) => m.uci),
    moves.map((m) => m.at),
    moves.map((m) => m.clockMs),
    drops.map((s) => s.g.id),
    drops.map((s) => s.dropAfter),
  ];
}

export interface SaveBatcherOptions {
  /** Batches in flight at once (each holds a pooled connection). */
  readonly maxInflight?: number;
  /** Saves per statement at most. */
  readonly maxBatch?: number;
  /** A save not answered within this many ms fails with StoreTimeout (default: never). */
  readonly timeoutMs?: number;
}

export interface SaveBatcherStats {
  /** Statements sent, retries of failed batches included. */
  statements: number;
  /** Saves settled. */
  saves: number;
}

export class SaveBatcher {
  readonly stats: SaveBatcherStats = { statements: 0, saves: 0 };
  private queue: Pending[] = [];
  private inflight = 0;
  private scheduled = false;
  /** Per game, the settling of its latest save: the next one waits for it. */
  private readonly tails = new Map<string, Promise<void>>();
  private readonly maxInflight: number;
  private readonly maxBatch: number;
  private readonly timeoutMs: number | null;

  constructor(
    private readonly query: Query,
    options: SaveBatcherOptions = {},
  ) {
    this.maxInflight = options.maxInflight ?? 4;
    this.maxBatch = options.maxBatch ?? 256;
    this.timeoutMs = options.timeoutMs ?? null;
  }

  /** `save` must have been checked already (checkSave). Settles once committed. */
  save(save: Save): Promise<void> {
    const id = save.g.id;
    const previous = this.tails.get(id);
    const taken = {
      g: { ...save.g },
      expectedVersion: save.expectedVersion,
      moves: save.moves.map((m) => ({ ...m })),
      ...(save.dropAfter !== undefined ? { dropAfter: save.dropAfter } : {}),
      json: dataJson(save.g.data),
    };
    const enqueue = () =>
      new Promise<void>((resolve, reject) => {
        const p: Pending = { ...taken, resolve, reject };
        const ms = this.timeoutMs;
        if (ms !== null) {
          const timer = setTimeout(() => {
            // Still queued: never sent. In flight: its statement is the pool's to bound; the caller hears now.
            const i = this.queue.indexOf(p);
            if (i >= 0) this.queue.splice(i, 1);
            reject(new StoreTimeout(`the save of game ${id}`, ms));
          }, ms);
          timer.unref?.();
          p.resolve = () => {
            clearTimeout(timer);
            resolve();
          };
          p.reject = (e) => {
            clearTimeout(timer);
            reject(e);
          };
        }
        this.enqueue(p);
      });
    const result = previous ? previous.then(enqueue) : enqueue();
    const tail = result.catch(() => {});
    this.tails.set(id, tail);
    void tail.then(() => {
      if (this.tails.get(id) === tail) this.tails.delete(id);
    });
    return result;
  }

  /** Settles once every save made so far has settled. */
  async drain(): Promise<void> {
    while (this.tails.size) await Promise.all(this.tails.values());
  }

  private enqueue(p: Pending): void {
    this.queue.push(p);
    if (this.scheduled) return;
    // Wait for the end of this turn, so that saves issued together go together.
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inflight < this.maxInflight && this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inflight++;
      void this.run(batch).finally(() => {
        this.inflight--;
        this.pump();
      });
    }
  }

  private async run(batch: readonly Pending[]): Promise<void> {
    let updated: Set<string>;
    try {
      updated = await this.execute(batch);
    } catch (e) {
      if (batch.length > 1) {
        await Promise.all(batch.map((p) => this.run([p])));
      } else {
        this.stats.saves++;
        batch[0]!.reject(e);
      }
      return;
    }
    this.stats.saves += batch.length;
    for (const p of batch) {
      if (updated.has(p.g.id)) p.resolve();
      else p.reject(new VersionConflict(p.g.id, p.expectedVersion));
    }
  }

  private async execute(saves: readonly Pending[]): Promise<Set<string>> {
    this.stats.statements++;
    const r = await this.query<{ id: string }>(SAVE_GAMES, params(saves));
    return new Set(r.rows.map((row) => row.id));
  }
}
