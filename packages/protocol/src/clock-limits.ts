/**
 * The clocks a player may ask for: the server's schemas (http.ts) and the
 * web client's forms read these. A module without zod, so that the browser
 * can read them without carrying the schemas.
 */
/** The bounds of a clock a player may ask for. */
export const CLOCK_LIMITS = {
  minutes: { min: 0, max: 180 },
  increment: { min: 0, max: 180 },
  periods: { min: 1, max: 10 },
  seconds: { min: 5, max: 300 },
} as const;
/** Days per move a correspondence game may have. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;

/**
 * Base times players expect (as lichess offers them): 0, ¼, ½, ¾, 1 and 1½
 * minutes, then whole minutes up to 180. A base of 1 ms is no game.
 */
export const BASE_MINUTES_FRACTIONS = [0, 0.25, 0.5, 0.75, 1, 1.5] as const;
export const isBaseMinutes = (m: number): boolean =>
  (BASE_MINUTES_FRACTIONS as readonly number[]).includes(m) || (Number.isInteger(m) && m >= 2 && m <= CLOCK_LIMITS.minutes.max);
