import { describe, expect, it } from 'vitest';
import type { GameEvent, GameView } from '@youzai/protocol';
import { makeFen, VARIANTS } from '@youzai/rules';
import { MoveHistory } from '../game/move-history.ts';
import {
  analysisLinkAt,
  answered,
  boardSetting,
  controlMessage,
  controlsFor,
  eventCues,
  eventsApplied,
  fullFrame,
  hold,
  initialGamePageState,
  noticed,
  ratingsNote,
  settle,
  watchersPushed,
  watchersRead,
  type RatingsFrame,
} from './game-model.ts';

type Facts = Pick<GameView, 'status' | 'ply' | 'turn' | 'berserkable' | 'berserk' | 'drawOffer'>;
const active = (f: Partial<Facts> = {}): Facts => ({
  status: 'active',
  ply: 4,
  turn: 'first',
  berserkable: false,
  berserk: [false, false],
  drawOffer: null,
  ...f,
});
const kinds = (f: Facts, me: 0 | 1 | null, claim: number | null = null, victory = false) => controlsFor(f, me, claim, victory).map((c) => c.kind);
const ev = (e: object) => e as GameEvent;

describe('the game page model', () => {
  it('a move made offline is held, then sent, known in, or dropped with a word once the state is back', () => {
    const s = hold(initialGamePageState(), 'h3e3', 0);
    expect(s).toMatchObject({ held: { uci: 'h3e3', ply: 0 }, notice: { kind: 'held' } });
    const view = { moves: [], ply: 0, turn: 'first', status: 'active' } as const;
    expect(settle(s, view, 'first', false)).toEqual({ state: s, send: null });
    expect(settle(s, view, 'first', true)).toMatchObject({ state: { held: null }, send: { uci: 'h3e3', ply: 0 } });
    expect(settle(s, { ...view, moves: ['h3e3'], ply: 1, turn: 'second' }, 'first', true)).toMatchObject({
      state: { held: null, notice: { kind: 'none' } },
      send: null,
    });
    expect(settle(s, { ...view, status: 'finished' }, 'first', true)).toMatchObject({ state: { held: null, notice: { kind: 'stale' } }, send: null });
  });

  it('a refused action keeps its error through the full frame that follows; a frame clears a pending word', () => {
    const refused = answered(noticed(initialGamePageState(), { kind: 'pending' }), { ok: false, code: 'game.not-your-turn' });
    expect(refused.notice).toEqual({ kind: 'error', code: 'game.not-your-turn', message: 'game.not-your-turn' });
    expect(fullFrame(refused).notice).toEqual(refused.notice);
    expect(fullFrame(noticed(initialGamePageState(), { kind: 'pending' })).notice).toEqual({ kind: 'none' });
    expect(answered(refused, { ok: true }).notice).toEqual({ kind: 'none' });
  });

  it('asks for the full state once per gap; applied events clear the word and, at the end, the watchers', () => {
    const s0 = watchersPushed(noticed(initialGamePageState(), { kind: 'pending' }), 3);
    const gap = eventsApplied(s0, 'resync', false);
    expect(gap.resync).toBe(true);
    expect(eventsApplied(gap.state, 'resync', false).resync).toBe(false);
    expect(fullFrame(gap.state).resyncing).toBe(false);
    expect(eventsApplied(s0, 'ignored', false).state).toBe(s0);
    const applied = eventsApplied(s0, 'applied', true).state;
    expect(applied).toMatchObject({ notice: { kind: 'none' }, watchers: { n: 0 } });
  });

  it('watchers pushed by the server win over the count read with the game', () => {
    expect(watchersRead(initialGamePageState(), 2).watchers).toEqual({ n: 2, pushed: false });
    const pushed = watchersPushed(initialGamePageState(), 5);
    expect(watchersRead(pushed, 2)).toBe(pushed);
  });

  it("a frame's events call for a sound, notices, the live ply and the premove", () => {
    const move = ev({ type: 'move', uci: 'h3e3', capture: null, check: false });
    expect(eventCues([move], 'first', true)).toMatchObject({ sound: 'move', premove: true, ended: false, toasts: [] });
    expect(eventCues([ev({ ...move, capture: 'p' })], 'first', false)).toMatchObject({ sound: 'capture', premove: false });
    expect(eventCues([ev({ ...move, check: true })], null, false).sound).toBe('check');
    expect(eventCues([move, ev({ type: 'end' })], 'first', true)).toMatchObject({ sound: 'end', ended: true, premove: false });
    const cues = eventCues(
      [
        ev({ type: 'takeback', by: 'second' }),
        ev({ type: 'draw-declined', by: 'first' }),
        ev({ type: 'draw-declined', by: 'second' }),
        ev({ type: 'started' }),
      ],
      'first',
      true,
    );
    expect(cues.toLive).toBe(true);
    expect(cues.toasts).toEqual([{ kind: 'takeback', side: 'second' }, { kind: 'draw-declined', side: 'second' }, { kind: 'your-turn' }]);
  });

  it('the controls of a player in a game still on', () => {
    expect(kinds(active(), null)).toEqual([]);
    expect(kinds(active({ status: 'finished' }), 0)).toEqual([]);
    expect(kinds(active({ ply: 0 }), 0)).toEqual(['abort', 'resign', 'takeback']);
    expect(kinds(active({ ply: 0, berserkable: true }), 0)).toEqual(['abort', 'berserk', 'takeback']);
    // Second player after first's move has not moved yet: berserk still offered; not once taken.
    expect(kinds(active({ ply: 1, turn: 'second', berserkable: true }), 1)).toContain('berserk');
    expect(kinds(active({ ply: 1, turn: 'second', berserkable: true, berserk: [false, true] }), 1)).toContain('resign');
    expect(kinds(active(), 0)).toEqual(['resign', 'draw-offer', 'takeback']);
    expect(kinds(active({ drawOffer: 'second' }), 0)).toEqual(['resign', 'they-offer', 'draw-accept', 'draw-decline', 'takeback']);
    expect(kinds(active({ drawOffer: 'first' }), 0)).toEqual(['resign', 'offered', 'takeback']);
    expect(controlsFor(active(), 1, 100, true)).toEqual([
      { kind: 'resign' },
      { kind: 'draw-offer' },
      { kind: 'draw-claim', plies: 100 },
      { kind: 'takeback' },
      { kind: 'claim-victory' },
    ]);
  });

  it('says why no rating moved, or that one was held', () => {
    const r = (f: object) => ({ t: 'ratings', players: [], ...f }) as unknown as RatingsFrame;
    expect(ratingsNote(r({ uncounted: 'newcomers' }))).toBe('newcomers');
    expect(ratingsNote(r({ uncounted: 'pair-limit' }))).toBe('pair-limit');
    expect(ratingsNote(r({ held: ['u1'] }))).toBe('held');
    expect(ratingsNote(r({}))).toBeNull();
  });

  it('each control sends its message about the game', () => {
    expect(controlMessage({ kind: 'abort' }, 'g1')).toEqual({ t: 'abort', game: 'g1' });
    expect(controlMessage({ kind: 'berserk' }, 'g1')).toEqual({ t: 'berserk', game: 'g1' });
    expect(controlMessage({ kind: 'claim-victory' }, 'g1')).toEqual({ t: 'claim-victory', game: 'g1' });
    expect(controlMessage({ kind: 'draw-accept' }, 'g1')).toEqual({ t: 'draw', game: 'g1', op: 'accept' });
    expect(controlMessage({ kind: 'draw-decline' }, 'g1')).toEqual({ t: 'draw', game: 'g1', op: 'decline' });
    expect(controlMessage({ kind: 'draw-offer' }, 'g1')).toEqual({ t: 'draw', game: 'g1', op: 'offer' });
    expect(controlMessage({ kind: 'draw-claim', plies: 100 }, 'g1')).toEqual({ t: 'draw', game: 'g1', op: 'claim' });
  });

  it('the board: the ply shown, a held move drawn on the live ply, moves for the player to move, premoves for the other', () => {
    const history = MoveHistory.from('xiangqi', VARIANTS.xiangqi.startFen, ['h3e3', 'h10g8'])!;
    const live = { ply: 2, live: true };
    const fen = (set: ReturnType<typeof boardSetting>) => makeFen(set.pos);
    const mine = boardSetting({ history, status: 'active', myTurn: true }, live, null, 0);
    expect(mine).toMatchObject({ lastUci: 'h10g8', movable: 0, premove: null });
    expect(fen(mine)).toBe(makeFen(history.current));
    const theirs = boardSetting({ history, status: 'active', myTurn: false }, live, null, 1);
    expect(theirs).toMatchObject({ movable: null, premove: 1 });
    const back = boardSetting({ history, status: 'active', myTurn: true }, { ply: 1, live: false }, { uci: 'b1c3', ply: 2 }, 0);
    expect(back).toMatchObject({ lastUci: 'h3e3', movable: null, premove: null });
    expect(fen(back)).toBe(makeFen(history.positionAt(1)));
    const held = boardSetting({ history, status: 'active', myTurn: true }, live, { uci: 'b1c3', ply: 2 }, 0);
    expect(held).toMatchObject({ lastUci: 'b1c3', movable: null, premove: null });
    expect(fen(held)).toBe(makeFen(MoveHistory.from('xiangqi', VARIANTS.xiangqi.startFen, ['h3e3', 'h10g8', 'b1c3'])!.current));
    expect(boardSetting({ history, status: 'finished', myTurn: false }, live, null, 1)).toMatchObject({ movable: null, premove: null });
    expect(boardSetting({ history, status: 'active', myTurn: false }, live, null, null)).toMatchObject({ movable: null, premove: null });
  });

  it("links the analysis board to the ply shown, naming the start only when it is not the game's usual one", () => {
    const start = VARIANTS.xiangqi.startFen;
    expect(analysisLinkAt({ variant: 'xiangqi', initialFen: start }, ['h3e3', 'h10g8'], 1, 'g1')).toBe('/analysis/xiangqi?moves=h3e3+h10g8&at=h3e3&game=g1');
    const set = analysisLinkAt({ variant: 'xiangqi', initialFen: '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1' }, [], 0, 'g2');
    expect(new URL(set, 'http://x').searchParams.get('fen')).toBe('4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
    expect(new URL(set, 'http://x').searchParams.get('at')).toBeNull();
  });
});
