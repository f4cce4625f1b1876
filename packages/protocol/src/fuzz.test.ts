/**
 * Property tests of the decoders at the network boundary: whatever text a
 * socket frame or an HTTP body holds, decoding never throws and a refusal
 * always carries a stable code (fast-check, kept quick for npm test).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES, decodeClientMessage } from './client.ts';
import { CreateGame, Credentials, decodeBody } from './http.ts';

const FRAME_CODES = new Set(['protocol.too-large', 'protocol.malformed', 'protocol.unknown-type', 'protocol.invalid']);
const BODY_CODES = new Set(['body.malformed', 'body.invalid']);

/** A frame that looks like ours: a known type, and fields of any shape under names we use. */
const plausibleFrame = fc.record(
  {
    t: fc.constantFrom(...CLIENT_TYPES, 'launch', ''),
    id: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string()),
    game: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('abcdefgh'), fc.integer()),
    uci: fc.oneof(fc.string({ maxLength: 12 }), fc.constant('h3e3')),
    ply: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string()),
    text: fc.string({ maxLength: 300 }),
    op: fc.constantFrom('offer', 'accept', 'decline', 'claim', 'x'),
    variant: fc.constantFrom('xiangqi', 'janggi', 'sittuyin', 'chess'),
    clock: fc.anything(),
    room: fc.string({ maxLength: 20 }),
    lag: fc.anything(),
  },
  { requiredKeys: ['t'] },
);

function checkFrame(text: string): void {
  const d = decodeClientMessage(text);
  if (d.ok) {
    expect(CLIENT_TYPES).toContain(d.value.t);
  } else {
    expect(FRAME_CODES.has(d.code)).toBe(true);
    expect(typeof d.message).toBe('string');
  }
}

describe('socket frames, fuzzed', () => {
  it('any string decodes or is refused with a code', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => checkFrame(s)),
      { numRuns: 500 },
    );
  });
  it('any JSON value decodes or is refused with a code', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => checkFrame(JSON.stringify(v))),
      { numRuns: 500 },
    );
  });
  it('frames shaped like ours decode or are refused with a code; the id answers when it is an index', () => {
    fc.assert(
      fc.property(plausibleFrame, (f) => {
        const text = JSON.stringify(f);
        checkFrame(text);
        const d = decodeClientMessage(text);
        const id = (JSON.parse(text) as { id?: unknown }).id; // as the server reads it (-0 is 0 on the wire)
        if (!d.ok && d.code !== 'protocol.malformed' && Number.isSafeInteger(id) && (id as number) >= 0) expect(d.id).toBe(id);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('HTTP bodies, fuzzed', () => {
  for (const [name, schema] of [
    ['CreateGame', CreateGame],
    ['Credentials', Credentials],
  ] as const) {
    it(`${name}: any text decodes or is refused with a code`, () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 300 }),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          (text) => {
            const d = decodeBody(schema, text);
            if (!d.ok) expect(BODY_CODES.has(d.code)).toBe(true);
          },
        ),
        { numRuns: 500 },
      );
    });
  }
  it('CreateGame: clocks of any numbers are accepted only when playable', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.integer({ min: -5, max: 200 }), (minutes, increment) => {
        const d = decodeBody(CreateGame, JSON.stringify({ variant: 'xiangqi', clock: { kind: 'fischer', minutes, increment }, opponent: { type: 'invite' } }));
        if (d.ok) {
          const c = d.value.clock as { minutes: number; increment: number };
          expect(c.minutes * 60_000 + c.increment * 1000).toBeGreaterThanOrEqual(1000);
        } else expect(d.code).toBe('body.invalid');
      }),
      { numRuns: 500 },
    );
  });
});
