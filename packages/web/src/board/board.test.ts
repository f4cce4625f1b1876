import { describe, expect, it } from 'vitest';
import { keepsPremove } from './board.ts';

describe('premoves on redraw', () => {
  it('survive while the player waits for the opponent, and go when nobody may move', () => {
    // Waiting: an opponent's connection event or a draw offer redraws the board.
    expect(keepsPremove({ movable: null, premoveColor: 'black' })).toBe(true);
    // Our turn: the page plays it.
    expect(keepsPremove({ movable: 'black', premoveColor: null })).toBe(true);
    // Game over, watching, or looking at an earlier move.
    expect(keepsPremove({ movable: null, premoveColor: null })).toBe(false);
    expect(keepsPremove({ movable: null })).toBe(false);
  });
});
