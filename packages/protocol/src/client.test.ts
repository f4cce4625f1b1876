/** The socket's client messages: one closed set, decoded in one place, defaults filled in. */
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES, ClientMessage, decodeClientMessage } from './client.ts';
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
