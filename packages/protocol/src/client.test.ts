/** The socket's client messages: one closed set, decoded in one place, defaults filled in. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES, ClientMessage, decodeClientMessage, wellFormedMove } from './client.ts';
import { POOLS, POOL_IDS } from './lobby.ts';

const decode = (m: unknown) => decodeClientMessage(JSON.stringify(m));

describe('client messages', () => {
  it('CLIENT_TYPES lists exactly the union\u2019s types', () => {
    const union = ClientMessage.options.map((o) => o.shape.t.value);
    expect([...CLIENT_TYPES].sort()).toEqual([...union].sort());
  });

  it('lobby, room, chat and mute messages decode, with their defaults', () => {
    const clock = { kind: 'fischer', minutes: 5, increment: 3 };
    expect(decode({ t: 'seek-create', variant: 'xiangqi', clock })).toEqual({
      ok: true,
      value: { t: 'seek-create', variant: 'xiangqi', clock, rated: false, color: 'random' },
    });
    expect(decode({ t: 'seek-create', id: 4, variant: 'janggi', clock, rated: true, color: 'second', range: { min: 1200, max: 1800 } })).toMatchObject({
      ok: true,
      value: { id: 4, rated: true, color: 'second', range: { min: 1200, max: 1800 } },
    });
    expect(decode({ t: 'mute', user: 'uAbc123' })).toEqual({ ok: true, value: { t: 'mute', user: 'uAbc123', on: true } });
    expect(decode({ t: 'chat', game: 'abcdefgh', channel: 'players', text: '<b>gg</b>' })).toMatchObject({ ok: true, value: { text: '<b>gg</b>' } });
    expect(decode({ t: 'room-challenge', room: 'abcdefgh', variant: 'sittuyin', clock })).toMatchObject({ ok: true, value: { rated: false, color: 'random' } });
    for (const t of ['lobby-sub', 'lobby-unsub', 'pool-leave']) expect(decode({ t }).ok).toBe(true);
  });

  it('refuses what does not fit', () => {
    const clock = { kind: 'fischer', minutes: 5, increment: 3 };
    const invalid = [
      { t: 'seek-create', variant: 'xiangqi', clock, range: { min: 1900, max: 1100 } },
      { t: 'seek-create', variant: 'xiangqi', clock, color: 'red' },
      { t: 'seek-create', variant: 'xiangqi' },
      { t: 'pool-join', pool: 'xiangqi-1+0' },
      { t: 'chat', game: 'abcdefgh', channel: 'all', text: 'x' },
      { t: 'chat', game: 'abcdefgh', channel: 'players', text: 'x'.repeat(2001) },
      { t: 'room-join', room: 'a b' },
      { t: 'mute', user: '' },
      { t: 'seek-accept', seek: 'abcdefgh', extra: 1 },
    ];
    for (const m of invalid) expect(decode(m), JSON.stringify(m)).toMatchObject({ ok: false, code: 'protocol.invalid' });
  });

  it('pool ids are unique', () => {
    expect(POOL_IDS).toEqual(POOLS.map((p) => p.id));
    expect(new Set(POOL_IDS).size).toBe(POOLS.length);
  });
});

describe('the move fast path', () => {
  /** Well-formed move frames, then one field set to a value at or across a bound of the schema (or a key added). */
  const valid = fc.record(
    {
      t: fc.constant('move'),
      id: fc.integer({ min: 0, max: 2 ** 31 }),
      game: fc.stringMatching(/^[A-Za-z0-9]{6,16}$/),
      uci: fc.string({ minLength: 2, maxLength: 12 }),
      ply: fc.integer({ min: 0, max: 10_000 }),
      lag: fc.integer({ min: 0, max: 60_000 }),
    },
    { requiredKeys: ['t', 'game', 'uci', 'ply'] },
  );
  const EDGES: Record<string, readonly unknown[]> = {
    id: [-1, 0, 2 ** 31, 2 ** 31 + 1, 0.5, -0, null, '1', 2 ** 53],
    game: ['abcdef', 'abcdefghijklmnop', 'abcde', 'abcdefghijklmnopq', 'abc-def', 'abcdéf', 5, null],
    uci: ['a', 'ab', 'x'.repeat(12), 'x'.repeat(13), '', 5, null],
    ply: [-1, 0, 10_000, 10_001, 1.5, -0, '1', null, 2 ** 53],
    lag: [-1, 0, 60_000, 60_001, 0.5, null, true, '1'],
    t: ['move', 'Move'],
    extra: [1, null],
    __proto__: [1],
  };
  const moveish = fc.tuple(valid, fc.option(fc.constantFrom(...Object.keys(EDGES)), { nil: undefined }), fc.nat()).map(([m, field, i]) => {
    if (field === undefined) return m;
    const edges = EDGES[field]!;
    return { ...m, [field]: edges[i % edges.length] } as Record<string, unknown>;
  });

  it('accepts exactly the move frames the schema accepts, with the same value', () => {
    fc.assert(
      fc.property(moveish, (m) => {
        const text = JSON.stringify(m);
        const rec = JSON.parse(text) as Record<string, unknown>;
        const fast = wellFormedMove(rec);
        const schema = ClientMessage.safeParse(rec);
        expect(fast !== null).toBe(schema.success);
        if (fast) expect(fast).toStrictEqual(schema.data);
        const d = decodeClientMessage(text);
        expect(d.ok).toBe(schema.success);
        if (d.ok) expect(d.value).toStrictEqual(schema.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('refusals still carry the schema’s message', () => {
    expect(decode({ t: 'move', game: 'abcdefgh', uci: 'h3e3', ply: -1 })).toMatchObject({ ok: false, code: 'protocol.invalid', message: /ply/ });
    expect(decode({ t: 'move', id: 3, game: 'abcdefgh', uci: 'h3e3', ply: 1, x: 1 })).toMatchObject({ ok: false, code: 'protocol.invalid', id: 3 });
    expect(decode({ t: 'move', id: 3, game: 'abcdefgh', uci: 'h3e3', ply: 1, lag: 5 })).toEqual({
      ok: true,
      value: { t: 'move', id: 3, game: 'abcdefgh', uci: 'h3e3', ply: 1, lag: 5 },
    });
  });
});
