import { describe, expect, it } from 'vitest';
import type { GameEvent, ServerMessage } from '@youzai/protocol';
import { initialGamePageState, noticed, watchersPushed } from './game-model.ts';
import { eventsStep, fullFrameStep, otherFrame } from './game-socket-model.ts';

const ev = (e: object) => e as GameEvent;
const msg = (m: object) => m as ServerMessage;

describe('the game page and the server’s frames', () => {
  it('a full frame makes the game, replaces it, draws the page again for a new seat, or is stale', () => {
    expect(fullFrameStep(null, 5, 'first')).toBe('first');
    expect(fullFrameStep({ v: 5, you: 'first' }, 5, 'first')).toBe('same-seat');
    expect(fullFrameStep({ v: 5, you: 'first' }, 6, 'first')).toBe('same-seat');
    // Read before events applied here (an answer to a refused move racing a move): ours is newer.
    expect(fullFrameStep({ v: 5, you: 'first' }, 4, 'first')).toBe('stale');
    // A new seat takes the frame whatever its version (a watcher who took a seat).
    expect(fullFrameStep({ v: 5, you: null }, 4, 'second')).toBe('new-seat');
  });

  it('events applied: their cues and the held move settled; a gap asks for the state once and settles nothing; a version already here only settles', () => {
    const s0 = noticed(initialGamePageState(), { kind: 'pending' });
    const move = ev({ type: 'move', uci: 'h3e3', capture: null, check: false });
    const applied = eventsStep(s0, 'applied', [move], 'second', true);
    expect(applied).toMatchObject({ resync: false, settle: true, cues: { sound: 'move', premove: true } });
    expect(applied.state.notice).toEqual({ kind: 'none' });
    const gap = eventsStep(s0, 'resync', [move], 'second', true);
    expect(gap).toMatchObject({ resync: true, settle: false, cues: null, state: { resyncing: true } });
    expect(eventsStep(gap.state, 'resync', [move], 'second', true)).toMatchObject({ resync: false, settle: false });
    expect(eventsStep(s0, 'ignored', [move], 'second', true)).toEqual({ state: s0, resync: false, cues: null, settle: true });
  });

  it("keeps the chat's log, the watchers pushed and the rating change; other frames leave the state", () => {
    const s0 = initialGamePageState();
    const lines = [{ user: 'ann', text: 'hi', at: 1 }];
    expect(otherFrame(s0, msg({ t: 'chat-log', game: 'g1', channel: 'players', lines })).chatLog).toEqual(lines);
    expect(otherFrame(s0, msg({ t: 'chat-log', room: 'r1', lines }))).toBe(s0);
    expect(otherFrame(s0, msg({ t: 'spectators', game: 'g1', n: 3 }))).toEqual(watchersPushed(s0, 3));
    const ratings = msg({ t: 'ratings', game: 'g1', players: [] });
    expect(otherFrame(s0, ratings).ratings).toBe(ratings);
    expect(otherFrame(s0, msg({ t: 'chat', game: 'g1', user: 'ann', text: 'hi' }))).toBe(s0);
    expect(otherFrame(s0, msg({ t: 'rematch', game: 'g1', state: 'offered' }))).toBe(s0);
  });
});
