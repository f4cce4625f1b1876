import { describe, expect, it } from 'vitest';
import { decodeBody } from './http.ts';
import { Settings } from './settings.ts';

const ok = { board: 'wood', pieces: { xiangqi: 'beginner', sittuyin: 'burmese' }, coords: true, sound: false, notation: { xiangqi: 'xiangqi-wxf' } };

describe('Settings', () => {
  it('accepts names per game', () => {
    expect(decodeBody(Settings, JSON.stringify(ok))).toEqual({ ok: true, value: ok });
    expect(decodeBody(Settings, JSON.stringify({ ...ok, pieces: {}, notation: {} })).ok).toBe(true);
  });

  it.each([
    ['an unknown game', { ...ok, pieces: { chess: 'staunton' } }],
    ['a field it does not know', { ...ok, colour: 'red' }],
    ['a missing field', { board: 'wood', pieces: {}, coords: true, notation: {} }],
    ['a name with capitals or spaces', { ...ok, board: 'Dark Wood' }],
    ['a long name', { ...ok, board: 'a'.repeat(40) }],
    ['a string for a switch', { ...ok, sound: 'yes' }],
  ])('refuses %s with a stable code', (_, bad) => {
    const r = decodeBody(Settings, JSON.stringify(bad));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toMatch(/^body\./);
  });
});
