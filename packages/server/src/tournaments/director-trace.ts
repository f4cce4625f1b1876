/**
 * What the tournament director remembers of its own work for the benchmarks'
 * diagnostics (GET /api/stats?director with STATS_CONTROL=1): its last
 * passes and how long their parts took, the game ends it recorded, and how
 * long the arena pairings kept each player waiting. Nothing the director
 * decides reads it.
 */
import { opponentSince, type ArenaWaiting } from '@youzai/game/tournament';

/** Passes and recorded ends the director remembers for /api/stats?director (the benchmarks' diagnostics). */
const TRACE_KEEP = 2000;
/** Free players named per pass in the trace (the ones left waiting). */
const TRACE_LEFT = 32;

/** One director pass, as the benchmarks read it (GET /api/stats?director with STATS_CONTROL=1). */
export interface DirectorPassTrace {
  /** Clock time the pass began. */
  readonly at: number;
  /** How long it ran, and its parts (ms): the list of tournaments, the sheets' reads, the pairings' writes, the games' creation. */
  readonly ms: number;
  readonly listMs: number;
  readonly readMs: number;
  readonly writeMs: number;
  readonly createMs: number;
  /** Free arena players it saw, and those it paired. */
  readonly free: number;
  readonly paired: number;
  /** Free players it left waiting (at most TRACE_LEFT). */
  readonly left: readonly string[];
}

/** A tournament game's end as the director recorded it. */
export interface DirectorEndTrace {
  readonly game: string;
  readonly players: readonly [string, string];
  /** When the game service told the director (clock time), and when the result was stored. */
  readonly toldAt: number;
  readonly recordedAt: number;
}

/** A player the director paired in an arena: since when they were free, since when someone they may meet was too (null: never, as far as the passes saw), and the pass that paired them (clock times). */
export interface DirectorWaitTrace {
  readonly tournament: string;
  readonly user: string;
  readonly freeSince: number;
  readonly opponentSince: number | null;
  readonly pairedAt: number;
}

/** The parts of a pass timed while it runs. */
type TimedPart = 'readMs' | 'writeMs' | 'createMs';

export class DirectorTrace {
  private readonly passes: DirectorPassTrace[] = [];
  private readonly ends: DirectorEndTrace[] = [];
  private readonly waits: DirectorWaitTrace[] = [];
  /** Free arena players a pass left waiting though someone they may meet was free: since when ("tournament user" → their wait's start and that time). */
  private readonly optionSince = new Map<string, { readonly free: number; readonly since: number }>();
  /** The pass being run: its figures, filled as it goes. */
  private current: { listMs: number; readMs: number; writeMs: number; createMs: number; free: number; paired: number; left: string[] } | null = null;

  /** The last passes and recorded ends, oldest first. */
  read(): { passes: readonly DirectorPassTrace[]; ends: readonly DirectorEndTrace[]; waits: readonly DirectorWaitTrace[] } {
    return { passes: [...this.passes], ends: [...this.ends], waits: [...this.waits] };
  }

  /** A pass begins: its figures are filled as it goes (listed, timed, waited). */
  beginPass(): void {
    this.current = { listMs: 0, readMs: 0, writeMs: 0, createMs: 0, free: 0, paired: 0, left: [] };
  }

  /** The pass read its list of tournaments in `ms`. */
  listed(ms: number): void {
    if (this.current) this.current.listMs = ms;
  }

  /** The pass that began at clock time `at` ran `ms`: it joins the trace. */
  endPass(at: number, ms: number): void {
    const figures = this.current;
    this.current = null;
    if (figures) keep(this.passes, { at, ms, ...figures });
  }

  /** A tournament game's end was recorded. */
  ended(end: DirectorEndTrace): void {
    keep(this.ends, end);
  }

  /** Runs `fn`, adding its time to the current pass's figure `part`. */
  async timed<T>(part: TimedPart, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      if (this.current) this.current[part] += performance.now() - t0;
    }
  }

  /**
   * The trace of a pairing pass: how many were free, who was left waiting,
   * and for each player paired how long the pairing kept them waiting once
   * someone they may meet was free too (a lone pair who just met must wait for a third).
   */
  waited(tournament: string, free: readonly ArenaWaiting[], pairs: readonly [string, string][], now: number): void {
    const taken = new Set(pairs.flat());
    const since = opponentSince(free, now);
    if (this.optionSince.size > 100_000) this.optionSince.clear();
    for (const w of free) {
      const key = `${tournament} ${w.userId}`;
      const mine = since.get(w.userId) ?? null;
      const before = this.optionSince.get(key);
      // An earlier pass of the same wait that already had an opponent for them counts from its time.
      const first = before && before.free === w.waitingSince ? (mine === null ? before.since : Math.min(before.since, mine)) : mine;
      if (taken.has(w.userId)) {
        this.optionSince.delete(key);
        keep(this.waits, { tournament, user: w.userId, freeSince: w.waitingSince, opponentSince: first, pairedAt: now }, TRACE_KEEP * 5);
      } else {
        if (first !== null) this.optionSince.set(key, { free: w.waitingSince, since: first });
        if (this.current && this.current.left.length < TRACE_LEFT) this.current.left.push(w.userId);
      }
    }
    if (this.current) {
      this.current.free += free.length;
      this.current.paired += taken.size;
    }
  }
}

/** Adds `item` to a trace, dropping the oldest past TRACE_KEEP. */
function keep<T>(list: T[], item: T, most = TRACE_KEEP): void {
  list.push(item);
  if (list.length > most) list.splice(0, list.length - most);
}
