import { expect, it } from 'vitest';
import { CLOSE, PING, SEND, TurnBatch, pushSend, type ToSockets } from './wire.ts';

/** A batch whose turn ends when the test says so. */
function batch(): { b: TurnBatch<ToSockets>; delivered: ToSockets[][]; endTurn: () => void } {
  const delivered: ToSockets[][] = [];
  let pending: (() => void) | null = null;
  const b = new TurnBatch<ToSockets>(
    (items) => delivered.push(items),
    (fn) => {
      pending = fn;
    },
  );
  return { b, delivered, endTurn: () => pending?.() };
}

it("delivers a turn's items once the turn is over, in order, as one message", () => {
  const { b, delivered, endTurn } = batch();
  b.push([PING, 1]);
  pushSend(b, 2, 'a');
  b.push([CLOSE, 3, 1000, 'bye']);
  expect(delivered).toEqual([]);
  endTurn();
  expect(delivered).toEqual([
    [
      [PING, 1],
      [SEND, [2], 'a'],
      [CLOSE, 3, 1000, 'bye'],
    ],
  ]);
  // Nothing more to deliver: a later turn's end sends nothing.
  endTurn();
  expect(delivered).toHaveLength(1);
  pushSend(b, 4, 'b');
  endTurn();
  expect(delivered[1]).toEqual([[SEND, [4], 'b']]);
});

it('a frame sent to several sockets in a row crosses once with their ids; a different frame or another item in between starts a new one', () => {
  const { b, delivered, endTurn } = batch();
  const frame = '{"t":"events","v":7}';
  for (const id of [1, 2, 3]) pushSend(b, id, frame);
  pushSend(b, 4, '{"t":"ack"}');
  pushSend(b, 5, frame);
  b.push([PING, 6]);
  pushSend(b, 7, frame);
  const bytes = new Uint8Array([1, 2]);
  pushSend(b, 8, bytes);
  pushSend(b, 9, bytes);
  // Equal bytes in another array are a frame of their own: only the same frame is merged (by identity).
  pushSend(b, 10, new Uint8Array([1, 2]));
  endTurn();
  expect(delivered[0]).toEqual([
    [SEND, [1, 2, 3], frame],
    [SEND, [4], '{"t":"ack"}'],
    [SEND, [5], frame],
    [PING, 6],
    [SEND, [7], frame],
    [SEND, [8, 9], bytes],
    [SEND, [10], new Uint8Array([1, 2])],
  ]);
});
