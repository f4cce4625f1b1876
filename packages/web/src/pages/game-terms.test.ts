import { beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_LIMITS } from '@youzai/protocol';
import { GAMES } from '@youzai/rules';
import { loadLang, setLang } from '../i18n/index.ts';
import { challengeRequest, computerBody, DEFAULT_INPUT, inviteBody, offersByoyomi, readTerms, seekRequest, termsError, type TermsInput } from './game-terms.ts';

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));

const input = (over: Partial<TermsInput> = {}): TermsInput => ({ ...DEFAULT_INPUT, ...over });

describe('reading a new game form', () => {
  it('reads a Fischer clock, side and the rated box of an account', () => {
    const r = readTerms(input({ variant: 'sittuyin', minutes: '5', increment: '3', color: 'second', rated: true }), true);
    expect(r).toEqual({ ok: true, value: { variant: 'sittuyin', clock: { kind: 'fischer', minutes: 5, increment: 3 }, color: 'second', rated: true } });
  });

  it('never makes a guest game rated, whatever the box says', () => {
    const r = readTerms(input({ rated: true }), false);
    expect(r.ok && r.value.rated).toBe(false);
  });

  it('offers byo-yomi for Janggi only, and reads it there', () => {
    expect(offersByoyomi('janggi')).toBe(true);
    expect(offersByoyomi('xiangqi')).toBe(false);
    expect(offersByoyomi('sittuyin')).toBe(false);
    for (const g of GAMES) expect(offersByoyomi(g.key), g.key).toBe(g.clocks.byoyomi);
    const j = readTerms(input({ variant: 'janggi', clockKind: 'byoyomi', minutes: '10', periods: '3', seconds: '30' }), false);
    expect(j.ok && j.value.clock).toEqual({ kind: 'byoyomi', minutes: 10, periods: 3, seconds: 30 });
    // A byo-yomi choice left over from Janggi falls back to Fischer for Xiangqi.
    const x = readTerms(input({ variant: 'xiangqi', clockKind: 'byoyomi', minutes: '10', increment: '5' }), false);
    expect(x.ok && x.value.clock).toEqual({ kind: 'fischer', minutes: 10, increment: 5 });
  });

  it('accepts half minutes and a decimal comma', () => {
    const r = readTerms(input({ minutes: '0,5', increment: '2' }), false);
    expect(r.ok && r.value.clock).toEqual({ kind: 'fischer', minutes: 0.5, increment: 2 });
  });

  it('names the field at fault, with a message key', () => {
    expect(readTerms(input({ minutes: '' }), false)).toMatchObject({ ok: false, field: 'minutes', key: 'form.err.minutes' });
    expect(readTerms(input({ minutes: '181' }), false)).toMatchObject({ ok: false, field: 'minutes' });
    expect(readTerms(input({ minutes: '-1' }), false)).toMatchObject({ ok: false, field: 'minutes' });
    // A base the server would refuse: no fraction other than ¼, ½, ¾, 1½; 1 ms is no game.
    expect(readTerms(input({ minutes: '0.1' }), false)).toMatchObject({ ok: false, field: 'minutes', key: 'form.err.minutes' });
    expect(readTerms(input({ minutes: '2.5' }), false)).toMatchObject({ ok: false, field: 'minutes' });
    expect(readTerms(input({ minutes: '0.25' }), false).ok).toBe(true);
    expect(readTerms(input({ increment: '2.5' }), false)).toMatchObject({ ok: false, field: 'increment', key: 'form.err.increment' });
    expect(readTerms(input({ minutes: '0', increment: '0' }), false)).toMatchObject({ ok: false, field: 'minutes', key: 'form.err.noTime' });
    expect(readTerms(input({ variant: 'chess' }), false)).toMatchObject({ ok: false, field: 'variant' });
    expect(readTerms(input({ color: 'white' }), false)).toMatchObject({ ok: false, field: 'color' });
    const byo = { variant: 'janggi', clockKind: 'byoyomi' };
    expect(readTerms(input({ ...byo, periods: '0' }), false)).toMatchObject({ ok: false, field: 'periods', key: 'form.err.periods' });
    expect(readTerms(input({ ...byo, seconds: '4' }), false)).toMatchObject({ ok: false, field: 'seconds', key: 'form.err.seconds' });
    // Byo-yomi periods are time enough on their own.
    expect(readTerms(input({ ...byo, minutes: '0' }), false).ok).toBe(true);
  });
});

describe('requests built from the terms', () => {
  const terms = { variant: 'janggi', clock: { kind: 'fischer', minutes: 5, increment: 3 }, color: 'first', rated: true } as const;

  it('asks for an invitation link', () => {
    expect(inviteBody(terms)).toEqual({
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      rated: true,
      opponent: { type: 'invite' },
    });
  });

  it('plays the computer casually, at a level from 1 to 8', () => {
    expect(computerBody(terms, 5)).toEqual({ variant: 'janggi', color: 'first', clock: terms.clock, rated: false, opponent: { type: 'computer', level: 5 } });
    expect(computerBody(terms, 12).opponent).toEqual({ type: 'computer', level: 8 });
    expect(computerBody(terms, 0).opponent).toEqual({ type: 'computer', level: 3 });
  });

  it('posts a seek and a room challenge over the socket', () => {
    expect(seekRequest(terms)).toEqual({ t: 'seek-create', variant: 'janggi', clock: terms.clock, rated: true, color: 'first' });
    expect(challengeRequest('Room1234', 'u42', terms)).toEqual({
      t: 'room-challenge',
      room: 'Room1234',
      to: 'u42',
      variant: 'janggi',
      clock: terms.clock,
      rated: true,
      color: 'first',
    });
    expect(challengeRequest('Room1234', null, terms)).not.toHaveProperty('to');
  });

  it('correspondence: days per move from the offered list only', () => {
    const r = readTerms(input({ variant: 'sittuyin', clockKind: 'correspondence', days: '7', rated: true }), true);
    expect(r).toEqual({ ok: true, value: { variant: 'sittuyin', clock: { kind: 'correspondence', days: 7 }, color: 'random', rated: true } });
    expect(readTerms(input({ clockKind: 'correspondence', days: '4' }), true)).toMatchObject({ ok: false, field: 'minutes' });
  });

  it('words a refusal with the limits of the protocol, in both languages (no number written into the texts)', () => {
    for (const l of ['en', 'vi'] as const) {
      setLang(l);
      const periods = termsError({ key: 'form.err.periods' });
      expect(periods).toContain(String(CLOCK_LIMITS.periods.min));
      expect(periods).toContain(String(CLOCK_LIMITS.periods.max));
      const seconds = termsError({ key: 'form.err.seconds' });
      expect(seconds).toContain(String(CLOCK_LIMITS.seconds.max));
      expect(termsError({ key: 'form.err.increment' })).toContain(String(CLOCK_LIMITS.increment.max));
      expect(termsError({ key: 'form.err.minutes' })).toContain(String(CLOCK_LIMITS.minutes.max));
      expect(termsError({ key: 'form.err.minutes' })).not.toContain('{');
    }
    setLang('en');
    expect(termsError({ key: 'form.err.minutes' })).toContain('0.25');
    setLang('vi');
    expect(termsError({ key: 'form.err.minutes' })).toContain('0,25');
  });
});
