/** The club's games in lichess's shapes: status names, clocks, times left on the running clock. */
import type { GameView } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import { clockJson, gameState, speedJson, statusOf, timeControlJson } from './lichess.ts';

const verdict = (reason: string, winner: 'first' | 'second' | null) => ({ result: '1-0' as const, winner, reason, code: reason, params: {} });

describe('lichess shapes', () => {
  it('status: lichess names, the club reason beside', () => {
    expect(statusOf({ status: 'waiting', verdict: null })).toBe('created');
    expect(statusOf({ status: 'active', verdict: null })).toBe('started');
    expect(statusOf({ status: 'aborted', verdict: verdict('no-first-move', null) })).toBe('noStart');
    expect(statusOf({ status: 'aborted', verdict: verdict('aborted', null) })).toBe('aborted');
    const cases: [string, 'first' | 'second' | null, string][] = [
      ['checkmate', 'first', 'mate'],
      ['stalemate', 'second', 'stalemate'],
      ['resignation', 'first', 'resign'],
      ['timeout', 'second', 'outoftime'],
      ['claim', 'first', 'timeout'],
      ['agreement', null, 'draw'],
      ['perpetual-chase', 'second', 'variantEnd'],
      ['progress-rule', null, 'draw'],
    ];
    for (const [reason, winner, status] of cases) expect(statusOf({ status: 'finished', verdict: verdict(reason, winner) })).toBe(status);
  });

  it('clocks: ms in gameFull, seconds in a challenge; byo-yomi and correspondence', () => {
    expect(clockJson({ kind: 'fischer', baseMs: 300_000, incrementMs: 3000 })).toEqual({ initial: 300_000, increment: 3000 });
    expect(clockJson({ kind: 'byoyomi', baseMs: 600_000, periods: 3, periodMs: 30_000 })).toEqual({
      initial: 600_000,
      increment: 0,
      byoyomi: 30_000,
      periods: 3,
    });
    expect(clockJson({ kind: 'correspondence', baseMs: 2 * 86_400_000 })).toBeNull();
    expect(timeControlJson({ kind: 'fischer', baseMs: 180_000, incrementMs: 2000 })).toEqual({ type: 'clock', limit: 180, increment: 2, show: '3+2' });
    expect(timeControlJson({ kind: 'correspondence', baseMs: 3 * 86_400_000 })).toEqual({ type: 'correspondence', daysPerTurn: 3 });
    expect(speedJson({ kind: 'correspondence', baseMs: 86_400_000 })).toBe('correspondence');
    expect(speedJson({ kind: 'fischer', baseMs: 300_000, incrementMs: 3000 })).toBe('blitz');
  });

  it('gameState: the running side counted down to now, the other as read; draws and winner by colour', () => {
    const view = {
      status: 'finished',
      moves: ['h3e3', 'h10g8'],
      clockConfig: { kind: 'fischer', baseMs: 300_000, incrementMs: 3000 },
      clock: { remainingMs: [290_000, 280_000], periodsLeft: [0, 0], periodMs: 0, running: null, at: 1000 },
      drawOffer: null,
      takebackOffer: null,
      verdict: verdict('resignation', 'second'),
    } as unknown as GameView;
    expect(gameState(view, 5000)).toEqual({
      type: 'gameState',
      moves: 'h3e3 h10g8',
      wtime: 290_000,
      btime: 280_000,
      winc: 3000,
      binc: 3000,
      wdraw: false,
      bdraw: false,
      wtakeback: false,
      btakeback: false,
      status: 'resign',
      winner: 'black',
      reason: 'resignation',
    });
    const live = { ...view, status: 'active', verdict: null, drawOffer: 'first', clock: { ...view.clock, running: 'first' } } as unknown as GameView;
    expect(gameState(live, 5000)).toMatchObject({ wtime: 286_000, btime: 280_000, wdraw: true, status: 'started' });
    expect(gameState(live, 5000)).not.toHaveProperty('winner');
  });
});
