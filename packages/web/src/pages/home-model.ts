/**
 * The home page's lobby state and its pure updates (the page only renders it
 * and forwards events): the open seeks, the counters, the pools and the one
 * we wait in, and the create form's mode and last values. Pool counts travel only in
 * snapshots: when the number of seekers moves, one is fetched, at most every
 * POOL_REFRESH ms; the model says when, at a time the caller gives.
 */
import type { LobbyCounters, PoolInfo, Seek, ServerMessage } from '@youzai/protocol';
import type { TermsInput } from './game-terms.ts';
import { SeekBook } from './seek-book.ts';

export type Mode = 'seek' | 'friend' | 'computer';
export const MODES: readonly Mode[] = ['seek', 'friend', 'computer'];

/** The least time between two fetches of the pool counts, in ms. */
export const POOL_REFRESH = 3000;

export interface HomeState {
  /** Never changed in place: a change makes a new book. */
  readonly seeks: SeekBook;
  readonly counters: LobbyCounters | null;
  readonly pools: readonly PoolInfo[];
  /** The socket's snapshot came: the HTTP one, slower, is then dropped. */
  readonly gotSnapshot: boolean;
  /** The pool we wait in. */
  readonly myPool: string | null;
  readonly mode: Mode;
  /** The create form's values and computer level as last submitted: a rebuilt page shows them again. */
  readonly input: TermsInput;
  readonly level: number;
  /** A fetch of the pool counts: due at `at`, or under way (`started`). */
  readonly poolFetch: { readonly at: number; readonly started: boolean } | null;
  readonly lastPoolFetch: number;
  /** The game we were paired into: the page goes there. */
  readonly paired: string | null;
}

/** A first visit: the form shows `input` and `level`. */
export function initialHomeState(input: TermsInput, level: number): HomeState {
  return {
    seeks: new SeekBook(),
    counters: null,
    pools: [],
    gotSnapshot: false,
    myPool: null,
    mode: 'seek',
    input,
    level,
    poolFetch: null,
    lastPoolFetch: 0,
    paired: null,
  };
}

/** The page built again (a language switch rebuilds it): the form and the pool as it was left, the lobby afresh. */
export function reopened(last: HomeState): HomeState {
  return { ...initialHomeState(last.input, last.level), mode: last.mode, myPool: last.myPool };
}

/** The form was submitted with these values (kept, whatever the answer). */
export function formSubmitted(s: HomeState, input: TermsInput, level: number): HomeState {
  return { ...s, input, level };
}

/**
 * Leaving the lobby for another page withdraws what waits here, as a pairing would find nobody watching:
 * our pool place and our own seeks (`meId`, null for nobody signed in). The state is left out of the pool.
 */
export function lobbyLeft(s: HomeState, meId: string | null): { readonly state: HomeState; readonly pool: boolean; readonly seeks: readonly string[] } {
  return { state: poolLeft(s), pool: s.myPool !== null, seeks: meId === null ? [] : s.seeks.ownedBy(meId) };
}

function book(seeks: readonly Seek[]): SeekBook {
  const b = new SeekBook();
  b.reset(seeks);
  return b;
}

type LobbySnapshot = { readonly seeks: readonly Seek[]; readonly counters: LobbyCounters; readonly pools: readonly PoolInfo[] };

/** The lobby from GET /api/lobby, shown before the socket is up: the socket's snapshot wins. */
export function httpSnapshot(s: HomeState, r: LobbySnapshot): HomeState {
  return s.gotSnapshot ? s : { ...s, seeks: book(r.seeks), counters: r.counters, pools: r.pools };
}

/** A frame from the socket at `now`; frames of other features leave the state as it is. */
export function lobbyMessage(s: HomeState, msg: ServerMessage, now: number): HomeState {
  switch (msg.t) {
    case 'lobby':
      return { ...s, gotSnapshot: true, seeks: book(msg.seeks), counters: msg.counters, pools: msg.pools };
    case 'seeks': {
      const next = book(s.seeks.list());
      return next.apply(msg) ? { ...s, seeks: next } : s;
    }
    case 'counters': {
      const moved = s.counters?.seeking !== msg.seeking;
      const next = { ...s, counters: { online: msg.online, seeking: msg.seeking } };
      return moved ? wantPools(next, now) : next;
    }
    case 'pool':
      return { ...s, myPool: msg.pool };
    case 'paired':
      return { ...s, myPool: null, paired: msg.game };
    default:
      return s;
  }
}

function wantPools(s: HomeState, now: number): HomeState {
  if (s.poolFetch) return s;
  return { ...s, poolFetch: { at: Math.max(now, s.lastPoolFetch + POOL_REFRESH), started: false } };
}

/** The pool counts' fetch starts at `now`. */
export function poolFetchStarted(s: HomeState, now: number): HomeState {
  return s.poolFetch ? { ...s, poolFetch: { at: s.poolFetch.at, started: true }, lastPoolFetch: now } : s;
}

/** Its answer: the pools, or null when it failed. */
export function poolsFetched(s: HomeState, pools: readonly PoolInfo[] | null): HomeState {
  return { ...s, poolFetch: null, pools: pools ?? s.pools };
}

/** The server took our place in a pool (its `pool` frame confirms; marked now so the button answers at once). */
export function poolJoined(s: HomeState, pool: string): HomeState {
  return s.myPool === null ? { ...s, myPool: pool } : s;
}

export function poolLeft(s: HomeState): HomeState {
  return s.myPool === null ? s : { ...s, myPool: null };
}

/** A dropped socket takes our pool place and seeks with it (the server drops them when the last socket closes). */
export function socketState(s: HomeState, state: string): HomeState {
  return state !== 'open' ? poolLeft(s) : s;
}

/** The page went to the game it was paired into. */
export function pairingFollowed(s: HomeState): HomeState {
  return { ...s, paired: null };
}

export function chooseMode(s: HomeState, mode: Mode): HomeState {
  return { ...s, mode };
}

/** The pools grouped by game, in the order they came. */
export function poolsByVariant(pools: readonly PoolInfo[]): [string, PoolInfo[]][] {
  const byVariant = new Map<string, PoolInfo[]>();
  for (const p of pools) byVariant.set(p.variant, [...(byVariant.get(p.variant) ?? []), p]);
  return [...byVariant];
}
