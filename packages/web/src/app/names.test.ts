import { describe, expect, it } from 'vitest';
import { seatName } from './names.ts';

describe('seatName', () => {
  it('names a bot account’s seat as lichess does, a player’s by name', () => {
    expect(seatName({ userId: 'u1', name: 'robo', kind: 'human', title: 'BOT' })).toBe('BOT robo');
    expect(seatName({ userId: 'u2', name: 'lan', kind: 'human' })).toBe('lan');
    expect(seatName(null)).toBe('?');
  });
});
