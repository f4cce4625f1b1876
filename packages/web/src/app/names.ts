/** Names shown for sides, seats, variants, pieces, notations and clocks, in the current language. */
import type { ClockConfig, Seat } from '@youzai/protocol';
import { sideIndex, type Side, type VariantKey } from '@youzai/rules';
import { notationKey, roleKey, sideKey, variantNameKey } from '../i18n/game-keys.ts';
import { t, tMaybe, type MessageKey } from '../i18n/index.ts';

/** A side in the game's own words (Red, Cho…), by name (as the wire says it) or index. */
export function sideName(variant: VariantKey, side: Side | 0 | 1): string {
  return t(sideKey(variant, typeof side === 'number' ? side : sideIndex(side)) as MessageKey);
}

export function seatName(seat: Seat | null | undefined): string {
  if (!seat) return '?';
  if (seat.kind === 'engine') return t('common.computer', { level: seat.level ?? '?' });
  // A bot account's seat, as lichess names bots.
  return seat.title === 'BOT' ? `BOT ${seat.name}` : seat.name;
}

export function variantName(variant: VariantKey, long = false): string {
  return t(variantNameKey(variant, long) as MessageKey);
}

/** A piece's name by its FEN letter; the letter itself if the game has no such piece. */
export function roleName(variant: VariantKey, letter: string): string {
  return tMaybe(roleKey(variant, letter), letter);
}

export function notationName(id: string): string {
  return tMaybe(notationKey(id), id);
}

export interface ClockSpecLike {
  readonly kind: 'fischer' | 'byoyomi' | 'correspondence';
  readonly minutes?: number;
  /** Correspondence: days per move. */
  readonly days?: number;
  readonly increment?: number;
  readonly periods?: number;
  readonly seconds?: number;
}

export function clockSpecName(c: ClockSpecLike): string {
  if (c.kind === 'correspondence') return t('clock.correspondence', { days: c.days ?? 0 });
  return c.kind === 'fischer'
    ? t('clock.fischer', { minutes: c.minutes ?? 0, increment: c.increment ?? 0 })
    : t('clock.byoyomi', { minutes: c.minutes ?? 0, periods: c.periods ?? 0, seconds: c.seconds ?? 0 });
}

export function clockConfigName(c: ClockConfig): string {
  if (c.kind === 'correspondence') return clockSpecName({ kind: 'correspondence', days: Math.round((c.baseMs / 86_400_000) * 100) / 100 });
  const minutes = Math.round((c.baseMs / 60000) * 100) / 100;
  return c.kind === 'fischer'
    ? clockSpecName({ kind: 'fischer', minutes, increment: c.incrementMs / 1000 })
    : clockSpecName({ kind: 'byoyomi', minutes, periods: c.periods, seconds: c.periodMs / 1000 });
}
