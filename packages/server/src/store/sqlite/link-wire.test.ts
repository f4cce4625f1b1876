/** The flat tape between the SQLite store's two sides: every call and answer read back as written, in order. */
import { describe, expect, it } from 'vitest';
import { game, move } from '../fixtures.ts';
import { pushAnswer, pushCall, pushCreate, pushSave, readAnswers, readCalls, type LinkAnswer } from './link-wire.ts';

const wrap = (text: string) => ({ json: text });

describe('the store link tape', () => {
  it('reads back creates, saves (with and without moves or a drop) and other calls, in order', () => {
    const g = { ...game('g1', { data: { a: 1 } }), inviteToken: 'tok', whiteId: null };
    const tape: unknown[] = [];
    pushCreate(tape, 1, g, '{"a":1}');
    pushSave(tape, 2, { ...g, plies: 2, version: 3 }, '{"a":2}', 2, [move('g1', 1), move('g1', 2)], undefined);
    pushCall(tape, 3, 'setMeta', ['k', 'v']);
    pushSave(tape, 4, { ...g, plies: 1, version: 4 }, '{"a":3}', 3, [], 1);
    const calls = readCalls(structuredClone(tape), wrap);
    expect(calls.map((c) => [c.id, c.method])).toEqual([
      [1, 'createGame'],
      [2, 'saveGame'],
      [3, 'setMeta'],
      [4, 'saveGame'],
    ]);
    const { data: _d, ...rest } = g;
    expect(calls[0]!.args).toEqual([{ ...rest, data: { json: '{"a":1}' } }]);
    expect(calls[1]!.args).toEqual([{ ...rest, plies: 2, version: 3, data: { json: '{"a":2}' } }, 2, [move('g1', 1), move('g1', 2)]]);
    expect(calls[2]!.args).toEqual(['k', 'v']);
    expect(calls[3]!.args).toEqual([{ ...rest, plies: 1, version: 4, data: { json: '{"a":3}' } }, 3, [], 1]);
  });

  it('refuses a tape it cannot read rather than guessing', () => {
    expect(() => readCalls([9, 1], wrap)).toThrow(/unknown call kind 9/);
  });

  it('reads back values, undefined and errors', () => {
    const tape: unknown[] = [];
    const sent: LinkAnswer[] = [
      { id: 1, value: undefined },
      { id: 2, value: { x: [1] } },
      { id: 3, error: { kind: 'version', gameId: 'g', expected: 2 } },
    ];
    for (const a of sent) pushAnswer(tape, a);
    const got: LinkAnswer[] = [];
    readAnswers(structuredClone(tape), (a) => got.push(a));
    expect(got).toEqual(sent);
  });
});
