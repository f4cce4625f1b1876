/**
 * The stored snapshot of a game (the `data` of its row): the game layer's
 * GameData and this service's extras, under a schema version. A snapshot
 * is read through the migrations from whatever version it was written at,
 * so a change to GameData ships with the step that brings old rows up to it
 * and games stored before it still load, play on and show their verdicts.
 */
import type { Game, GameData, Seat, Verdict } from '@youzai/game';
import type { GameRow, GameStatus } from '../store/types.ts';
import type { StoredExtras } from './actor.ts';

/** The version written now. */
export const SNAPSHOT_VERSION = 2;

export interface Snapshot {
  readonly schema: typeof SNAPSHOT_VERSION;
  readonly game: GameData;
  readonly extras: StoredExtras;
}

type Raw = Record<string, unknown>;

/**
 * Step n brings a snapshot of version n to version n + 1. Snapshots written
 * before versions existed have no `schema`: version 1.
 */
const MIGRATIONS: Record<number, (s: Raw) => Raw> = {
  // 1 → 2: verdicts name a code and its facts; the client words them. An old verdict keeps its two sentences.
  1: (s) => {
    const game = s.game as Raw;
    const old = game.verdict as (Omit<Verdict, 'code' | 'params'> & { explanation?: { vi: string; en: string } }) | null;
    if (!old) return { ...s, schema: 2 };
    const { explanation, ...rest } = old;
    const verdict: Verdict = { ...rest, code: 'legacy', params: { vi: explanation?.vi ?? old.reason, en: explanation?.en ?? old.reason } };
    return { ...s, schema: 2, game: { ...game, verdict } };
  },
};

export function snapshotOf(game: GameData, extras: StoredExtras): Snapshot {
  return { schema: SNAPSHOT_VERSION, game, extras };
}

/** A stored snapshot at the current version, whichever version it was written at. Throws on one from a newer server. */
export function readSnapshot(data: unknown): Snapshot {
  let s = data as Raw;
  let version = typeof s.schema === 'number' ? s.schema : 1;
  if (version > SNAPSHOT_VERSION)
    throw new Error(`The game was stored by a newer server (snapshot version ${version}; this one reads up to ${SNAPSHOT_VERSION})`);
  while (version < SNAPSHOT_VERSION) {
    s = MIGRATIONS[version]!(s);
    version++;
  }
  return s as unknown as Snapshot;
}

/** The stored row of a game at `version`: its snapshot and the columns queried by lists and ratings. */
export function rowOf(g: Game, extras: StoredExtras, version: number, now: number): GameRow {
  const s = g.snapshot;
  return {
    id: g.id,
    variant: s.setup.variant,
    status: s.status as GameStatus,
    whiteId: s.seats[0]?.userId ?? null,
    blackId: s.seats[1]?.userId ?? null,
    rated: s.setup.rated,
    createdAt: s.setup.createdAt,
    updatedAt: now,
    result: s.verdict?.result ?? null,
    reason: s.verdict?.reason ?? null,
    plies: g.moves.length,
    version,
    inviteToken: extras.invite?.token ?? null,
    data: snapshotOf(s, extras),
  };
}

/** The seats of a stored game (its row's data is this service's snapshot). */
export function storedSeats(row: GameRow): readonly [Seat | null, Seat | null] {
  return (row.data as Partial<Snapshot> | null)?.game?.seats ?? [null, null];
}
