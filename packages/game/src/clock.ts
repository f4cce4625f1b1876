/**
 * The server's clock as a value. Time is always passed in (`now`, epoch ms);
 * nothing here reads a clock. Fischer (base + increment), byo-yomi
 * (base + periods × period length, each move inside a period resets it) and
 * correspondence (days per move: each move starts a fresh allowance, and
 * unused time is not kept).
 */
import type { Color } from '@youzai/rules';

export type ClockConfig =
  | { readonly kind: 'fischer'; readonly baseMs: number; readonly incrementMs: number }
  | { readonly kind: 'byoyomi'; readonly baseMs: number; readonly periods: number; readonly periodMs: number }
  /** `baseMs`: the time for each move (days). */
  | { readonly kind: 'correspondence'; readonly baseMs: number };

/** Days per move a correspondence game may have. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const isCorrespondence = (c: ClockConfig): c is Extract<ClockConfig, { kind: 'correspondence' }> => c.kind === 'correspondence';

export interface ClockState {
  readonly config: ClockConfig;
  /** Main time left per colour, as of the start of the running turn. */
  readonly mainMs: readonly [number, number];
  /** Byo-yomi periods left per colour (0 under Fischer). */
  readonly periodsLeft: readonly [number, number];
  /** The side whose time runs, or null while stopped. */
  readonly running: Color | null;
  /** When the running side's turn began. */
  readonly since: number | null;
  /**
   * Lag compensation each side has left in this game, ms (absent: the
   * initial quota, as in snapshots written before it existed).
   */
  readonly lagQuotaMs?: readonly [number, number];
  /** Sides that went berserk (an arena tournament): half their time, no increment. Absent: neither. */
  readonly berserk?: readonly [boolean, boolean];
}

/** Largest network lag the server forgives on one move. */
export const LAG_CAP_MS = 500;

/**
 * Lag compensation, bounded per game as lichess does it (scalachess
 * LagTracker): the lag is the server's own measure of the mover's connection
 * (never the client's word), at most LAG_CAP_MS a move, and what it forgives
 * is drawn from the mover's quota for this game. The quota starts at
 * LAG_QUOTA_GAINS gains and never exceeds that; each move refills it by one
 * gain, which grows with the time control (100 ms a move for the fastest
 * games, 200 ms from 3 minutes, linear between) and stays well under the
 * cap. So over a game of n moves a player is forgiven at most
 * (LAG_QUOTA_GAINS + n) gains: a steady honest lag up to the gain is forgiven
 * on every move, while a player who delays answers to claim 500 ms a move
 * spends the quota in about 3 moves (fastest games) to 6 (from 3 minutes)
 * and is then forgiven one gain a move, the rest charged in full.
 */
export function lagGainMs(config: ClockConfig): number {
  const perMove = config.kind === 'fischer' ? config.incrementMs : config.kind === 'byoyomi' ? config.periodMs / 2 : 0;
  const estimateS = (config.baseMs + 40 * perMove) / 1000;
  if (estimateS >= 180) return 200;
  if (estimateS <= 15) return 100;
  return Math.round(100 + ((estimateS - 15) * 100) / 165);
}

/** The quota a game starts with, and its ceiling, in gains (1 s for the fastest games, 2 s from 3 minutes). */
export const LAG_QUOTA_GAINS = 10;
export const lagQuotaStart = (config: ClockConfig): number => LAG_QUOTA_GAINS * lagGainMs(config);
export const lagQuotaMax = lagQuotaStart;

/** `color`'s lag quota left. */
export function lagQuota(c: ClockState, color: Color): number {
  return c.lagQuotaMs?.[color] ?? lagQuotaStart(c.config);
}

export function newClock(config: ClockConfig): ClockState {
  const periods = config.kind === 'byoyomi' ? config.periods : 0;
  return { config, mainMs: [config.baseMs, config.baseMs], periodsLeft: [periods, periods], running: null, since: null };
}

/** Starts `color`'s turn at `now`. */
export function startTurn(c: ClockState, color: Color, now: number): ClockState {
  return { ...c, running: color, since: now };
}

export function stop(c: ClockState): ClockState {
  return { ...c, running: null, since: null };
}

const periodMs = (c: ClockState): number => (c.config.kind === 'byoyomi' ? c.config.periodMs : 0);

/** Total time `color` has before flagging, at the start of its turn. */
function budget(c: ClockState, color: Color): number {
  return c.mainMs[color] + c.periodsLeft[color] * periodMs(c);
}

/** When the running side runs out of time; null while stopped. */
export function flagAt(c: ClockState): number | null {
  if (c.running === null || c.since === null) return null;
  return c.since + budget(c, c.running);
}

export interface ClockReading {
  /** Main time left. */
  readonly mainMs: number;
  readonly periodsLeft: number;
  /** Time left in the current byo-yomi period (0 while in main time or under Fischer). */
  readonly periodLeftMs: number;
  /** Everything left before flagging. */
  readonly totalMs: number;
}

/** What `color`'s clock shows at `now`. */
export function read(c: ClockState, color: Color, now: number): ClockReading {
  const elapsed = c.running === color && c.since !== null ? Math.max(0, now - c.since) : 0;
  return spend(c, color, elapsed);
}

function spend(c: ClockState, color: Color, elapsed: number): ClockReading {
  const main = c.mainMs[color];
  const p = periodMs(c);
  if (elapsed <= main || p === 0) {
    const left = Math.max(0, main - elapsed);
    return { mainMs: left, periodsLeft: c.periodsLeft[color], periodLeftMs: p && left === 0 ? p : 0, totalMs: left + c.periodsLeft[color] * p };
  }
  const over = elapsed - main;
  const used = Math.floor(over / p);
  const periodsLeft = Math.max(0, c.periodsLeft[color] - used);
  const periodLeft = periodsLeft === 0 ? 0 : p - (over - used * p);
  return { mainMs: 0, periodsLeft, periodLeftMs: periodLeft, totalMs: periodsLeft === 0 ? 0 : periodLeft + (periodsLeft - 1) * p };
}

/**
 * `color` completes a move at `now`, with `lagMs` of network lag as the
 * server measured it. What is forgiven is the lag clamped to [0, LAG_CAP_MS],
 * to the mover's quota and to the time spent; the quota pays for it and
 * earns its gain back, up to its maximum. Returns the stopped clock with
 * increment applied, or null when the move came too late. `heldMs`: the
 * time the move spent inside the server before it reached the game (a relay
 * between nodes during a change of owner): the move is timed at its arrival,
 * never before its turn began.
 */
export function punch(c: ClockState, color: Color, now: number, lagMs = 0, heldMs = 0): ClockState | null {
  const since = c.running === color && c.since !== null ? c.since : now;
  const raw = Math.max(0, now - Math.max(0, heldMs) - since);
  const quota = lagQuota(c, color);
  const comp = Math.min(Math.max(0, lagMs), LAG_CAP_MS, quota, raw);
  const elapsed = raw - comp;
  if (c.running === color && elapsed >= budget(c, color)) return null;
  const nextQuota = Math.min(lagQuotaMax(c.config), quota - comp + lagGainMs(c.config));
  const lagQuotaMs = setPair([lagQuota(c, 0), lagQuota(c, 1)], color, nextQuota);
  const mainMs = [...c.mainMs] as [number, number];
  const periodsLeft = [...c.periodsLeft] as [number, number];
  if (c.config.kind === 'correspondence') {
    mainMs[color] = c.config.baseMs;
  } else if (c.config.kind === 'fischer') {
    mainMs[color] = mainMs[color] - elapsed + (c.berserk?.[color] ? 0 : c.config.incrementMs);
  } else {
    const r = spend(c, color, elapsed);
    mainMs[color] = r.mainMs;
    periodsLeft[color] = r.periodsLeft;
  }
  return { ...c, mainMs, periodsLeft, running: null, since: null, lagQuotaMs };
}

/**
 * `color` goes berserk (lichess's arena rule): its main time is halved and, under Fischer, it gets no increment
 * from now on (punch). Byo-yomi periods are kept: they are the time per move
 * a byo-yomi game cannot be played without, as an increment-free Fischer
 * game still has its main time. Called before the side's first move, while
 * its main time is still the base time.
 */
export function goBerserk(c: ClockState, color: Color): ClockState {
  const half = Math.floor(c.mainMs[color] / 2);
  return { ...c, mainMs: setPair(c.mainMs, color, half), berserk: setPair(c.berserk ?? [false, false], color, true) };
}

/** Whether `color` went berserk. */
export const isBerserk = (c: ClockState, color: Color): boolean => c.berserk?.[color] === true;

/**
 * Stops the clock at `now`, charging the running side the time it used
 * (no increment): how the clock reads when a game ends mid-turn.
 */
export function halt(c: ClockState, now: number): ClockState {
  if (c.running === null) return stop(c);
  const r = read(c, c.running, now);
  const mainMs = setPair(c.mainMs, c.running, c.config.kind === 'byoyomi' ? r.mainMs : r.totalMs);
  const periodsLeft = setPair(c.periodsLeft, c.running, r.periodsLeft);
  return { ...c, mainMs, periodsLeft, running: null, since: null };
}

function setPair<T>(pair: readonly [T, T], i: Color, value: T): readonly [T, T] {
  return i === 0 ? [value, pair[1]] : [pair[0], value];
}

/** Plain description for logs and exports: "10+5", "10+3×30s" or "3d" (days per move). */
export function describeClock(cfg: ClockConfig): string {
  const min = (ms: number) => String(Math.round((ms / 60000) * 100) / 100);
  if (cfg.kind === 'correspondence') return `${Math.round((cfg.baseMs / DAY_MS) * 100) / 100}d`;
  return cfg.kind === 'fischer' ? `${min(cfg.baseMs)}+${cfg.incrementMs / 1000}` : `${min(cfg.baseMs)}+${cfg.periods}×${cfg.periodMs / 1000}s`;
}
