/** The rematch panel's model: a stored acceptance leaves the finished game on screen; only the live one moves a player. */
import { describe, expect, it } from 'vitest';
import { REMATCH_START, rematchReceived, rematchShown, type RematchModel } from './rematch.ts';

const player: RematchModel = { ...REMATCH_START, finished: true, you: 'first' };
const spectator: RematchModel = { ...REMATCH_START, finished: true, you: null };
const accepted = { state: 'accepted', by: 'first', next: 'NEW1' } as const;

describe('rematch model', () => {
  it("a tournament's finished game offers no rematch: its panel leads back to the tournament, for players and spectators", () => {
    const tournament = { id: 'arena001', name: 'Arena tối thứ Ba' };
    expect(rematchShown({ ...player, tournament })).toEqual({ kind: 'tournament', id: 'arena001', name: 'Arena tối thứ Ba' });
    expect(rematchShown({ ...spectator, tournament })).toEqual({ kind: 'tournament', id: 'arena001', name: 'Arena tối thứ Ba' });
    // While it is played, nothing.
    expect(rematchShown({ ...player, finished: false, tournament })).toEqual({ kind: 'none' });
  });

  it('a rematch accepted before the page opened does not move a player: the old game stays, with a link to the new one', () => {
    const r = rematchReceived(player, accepted, 'stored');
    expect(r.go).toBeNull();
    expect(rematchShown(r.model)).toEqual({ kind: 'link', next: 'NEW1', player: true });
  });

  it('the live moment of acceptance moves a player to the new game, never a spectator', () => {
    expect(rematchReceived(player, accepted, 'live').go).toBe('NEW1');
    expect(rematchReceived({ ...player, you: 'second' }, accepted, 'live').go).toBe('NEW1');
    const s = rematchReceived(spectator, accepted, 'live');
    expect(s.go).toBeNull();
    expect(rematchShown(s.model)).toEqual({ kind: 'link', next: 'NEW1', player: false });
  });

  it('offers, waits, answers and shows who declined', () => {
    expect(rematchShown(player)).toEqual({ kind: 'offer', declined: null });
    expect(rematchShown({ ...player, info: { state: 'offered', by: 'first', next: '' } })).toEqual({ kind: 'waiting' });
    expect(rematchShown({ ...player, info: { state: 'offered', by: 'second', next: '' } })).toEqual({ kind: 'incoming' });
    // `by` is the offerer: one's own offer declined was declined by the other player.
    expect(rematchShown({ ...player, info: { state: 'declined', by: 'first', next: '' } })).toEqual({ kind: 'offer', declined: 'byThem' });
    expect(rematchShown({ ...player, info: { state: 'declined', by: 'second', next: '' } })).toEqual({ kind: 'offer', declined: 'byYou' });
    for (const state of ['offered', 'declined'] as const) expect(rematchReceived(player, { state, by: 'second', next: 'N' }, 'live').go).toBeNull();
  });

  it('nothing before the game ends, nothing for a spectator until a rematch exists', () => {
    expect(rematchShown({ ...player, finished: false, info: accepted })).toEqual({ kind: 'none' });
    expect(rematchShown(spectator)).toEqual({ kind: 'none' });
    expect(rematchShown({ ...spectator, info: { state: 'offered', by: 'first', next: '' } })).toEqual({ kind: 'none' });
  });
});
