/** Names shown for sides, seats, variants and clocks, in the current language. */
import type { ClockConfig, Seat } from '@youzai/game';
import { VARIANTS, type VariantKey } from '@youzai/rules';
import { lang, t, type MessageKey } from '../i18n/index.ts';

export function sideName(variant: VariantKey, color: 0 | 1): string {
  return VARIANTS[variant].sideNames[lang()][color];
}

export function seatName(seat: Seat | null | undefined): string {
  if (!seat) return '?';
  return seat.kind === 'engine' ? t('common.computer', { level: seat.level ?? '?' }) : seat.name;
}

export function variantName(variant: VariantKey, long = false): string {
  return t(`variant.${variant}${long ? '.long' : ''}` as MessageKey);
}

export interface ClockSpecLike {
  readonly kind: 'fischer' | 'byoyomi';
  readonly minutes: number;
  readonly increment?: number;
  readonly periods?: number;
  readonly seconds?: number;
}

export function clockSpecName(c: ClockSpecLike): string {
  return c.kind === 'fischer'
    ? t('clock.fischer', { minutes: c.minutes, increment: c.increment ?? 0 })
    : t('clock.byoyomi', { minutes: c.minutes, periods: c.periods ?? 0, seconds: c.seconds ?? 0 });
}

export function clockConfigName(c: ClockConfig): string {
  const minutes = Math.round((c.baseMs / 60000) * 100) / 100;
  return c.kind === 'fischer'
    ? clockSpecName({ kind: 'fischer', minutes, increment: c.incrementMs / 1000 })
    : clockSpecName({ kind: 'byoyomi', minutes, periods: c.periods, seconds: c.periodMs / 1000 });
}
