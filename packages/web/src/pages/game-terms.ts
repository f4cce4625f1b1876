/**
 * What a new game proposes (game, clock, side, rated), read from a form's
 * raw values, and the requests built from it: a game by invitation or
 * against the computer (HTTP), a lobby seek or a room challenge (socket).
 * Pure: the form and the pages only move strings in and requests out.
 */
import { BASE_MINUTES_FRACTIONS, CLOCK_LIMITS, CORRESPONDENCE_DAYS, isBaseMinutes, type ClockSpec, type CreateGame, type SeekColor } from '@youzai/protocol';
import { DEFAULT_VARIANT, VARIANTS, isVariantKey, type VariantKey } from '@youzai/rules';
import { lang, t, type MessageKey } from '../i18n/index.ts';
import type { Outgoing } from '../net/socket.ts';

export interface GameTerms {
  readonly variant: VariantKey;
  readonly clock: ClockSpec;
  readonly color: SeekColor;
  readonly rated: boolean;
}

/** A form's values as the browser gives them. */
export interface TermsInput {
  readonly variant: string;
  readonly clockKind: string;
  readonly minutes: string;
  readonly increment: string;
  readonly periods: string;
  readonly seconds: string;
  readonly color: string;
  readonly rated: boolean;
  /** Correspondence: days per move. */
  readonly days?: string;
}

export type TermsField = 'variant' | 'minutes' | 'increment' | 'periods' | 'seconds' | 'color';
export type TermsResult = { ok: true; value: GameTerms } | { ok: false; field: TermsField; key: MessageKey };

/** The server's limits (protocol ClockSpec reads the same); checked here too, so errors name the field in the reader's language. */
export const LIMITS = CLOCK_LIMITS;

/** A refused form's sentence in the reader's language: the bounds it names are the protocol's, never written into the texts. */
export function termsError(r: { readonly key: MessageKey }): string {
  const vi = lang() === 'vi';
  const fractions = BASE_MINUTES_FRACTIONS.map((n) => n.toLocaleString(vi ? 'vi-VN' : 'en-US')).join(vi ? '; ' : ', ');
  return t(r.key, {
    fractions,
    minutesMax: LIMITS.minutes.max,
    incrementMin: LIMITS.increment.min,
    incrementMax: LIMITS.increment.max,
    periodsMin: LIMITS.periods.min,
    periodsMax: LIMITS.periods.max,
    secondsMin: LIMITS.seconds.min,
    secondsMax: LIMITS.seconds.max,
  });
}

export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Days per move a correspondence game may have (the server's ClockSpec). */
export { CORRESPONDENCE_DAYS };
export const DEFAULT_LEVEL = 3;

export const DEFAULT_INPUT: TermsInput = {
  variant: DEFAULT_VARIANT,
  clockKind: 'fischer',
  minutes: '10',
  increment: '5',
  periods: '3',
  seconds: '30',
  color: 'random',
  rated: false,
};

/** Byo-yomi is offered where the game's descriptor offers it (Janggi), as the server checks (checkTerms). */
export function offersByoyomi(variant: VariantKey): boolean {
  return VARIANTS[variant].clocks.byoyomi;
}

function num(raw: string, integer: boolean, limits: { readonly min: number; readonly max: number }): number | null {
  const s = raw.trim().replace(',', '.');
  if (s === '' || !/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  if (integer && !Number.isInteger(n)) return null;
  return n >= limits.min && n <= limits.max ? n : null;
}

/** Reads a form. `canRate`: only accounts play rated games (guests' boxes are ignored). */
export function readTerms(input: TermsInput, canRate: boolean): TermsResult {
  if (!isVariantKey(input.variant)) return { ok: false, field: 'variant', key: 'form.err.variant' };
  const variant = input.variant;
  if (input.color !== 'random' && input.color !== 'first' && input.color !== 'second') return { ok: false, field: 'color', key: 'form.err.color' };
  const minutes = num(input.minutes, false, LIMITS.minutes);
  if (minutes === null || !isBaseMinutes(minutes)) return { ok: false, field: 'minutes', key: 'form.err.minutes' };
  let clock: ClockSpec;
  if (input.clockKind === 'correspondence') {
    const days = Number(input.days ?? '');
    if (!(CORRESPONDENCE_DAYS as readonly number[]).includes(days)) return { ok: false, field: 'minutes', key: 'form.err.minutes' };
    return {
      ok: true,
      value: {
        variant,
        clock: { kind: 'correspondence', days: days as (typeof CORRESPONDENCE_DAYS)[number] },
        color: input.color,
        rated: canRate && input.rated,
      },
    };
  }
  if (input.clockKind === 'byoyomi' && offersByoyomi(variant)) {
    const periods = num(input.periods, true, LIMITS.periods);
    if (periods === null) return { ok: false, field: 'periods', key: 'form.err.periods' };
    const seconds = num(input.seconds, true, LIMITS.seconds);
    if (seconds === null) return { ok: false, field: 'seconds', key: 'form.err.seconds' };
    clock = { kind: 'byoyomi', minutes, periods, seconds };
  } else {
    const increment = num(input.increment, true, LIMITS.increment);
    if (increment === null) return { ok: false, field: 'increment', key: 'form.err.increment' };
    if (minutes === 0 && increment === 0) return { ok: false, field: 'minutes', key: 'form.err.noTime' };
    clock = { kind: 'fischer', minutes, increment };
  }
  return { ok: true, value: { variant, clock, color: input.color, rated: canRate && input.rated } };
}

/** POST /api/games: an invitation link for a friend. */
export function inviteBody(terms: GameTerms): CreateGame {
  return { variant: terms.variant, color: terms.color, clock: terms.clock, rated: terms.rated, opponent: { type: 'invite' } };
}

/** POST /api/games against the computer: always casual. */
export function computerBody(terms: GameTerms, level: number): CreateGame {
  const l = Math.min(8, Math.max(1, Math.round(level) || DEFAULT_LEVEL));
  return { variant: terms.variant, color: terms.color, clock: terms.clock, rated: false, opponent: { type: 'computer', level: l } };
}

export function seekRequest(terms: GameTerms): Outgoing {
  return { t: 'seek-create', variant: terms.variant, clock: terms.clock, rated: terms.rated, color: terms.color };
}

/** A room challenge; `to` is a member's user id, or null for anyone in the room. */
export function challengeRequest(room: string, to: string | null, terms: GameTerms): Outgoing {
  return { t: 'room-challenge', room, ...(to ? { to } : {}), variant: terms.variant, clock: terms.clock, rated: terms.rated, color: terms.color };
}
