/**
 * The calls and answers between the SQLite store's two sides (threaded.ts, worker.ts), as they cross the thread
 * boundary: one flat array per turn each way. Structured cloning costs per object and per property name, so a
 * move's write crosses as a run of plain values (its row's fields in a fixed order, its moves five values each),
 * not as objects: measured apart for issue 29 (docs/server.md), a message of one move's write cost 7.0–7.4 µs of
 * CPU as objects and 3.9–4.7 µs flat, a message of three 14.4–17.8 µs and 6.8 µs (both threads counted). Other
 * calls, rare on the move's path, keep their arguments as they are.
 */
import type { GameRow, MoveRow } from '../games.ts';

/** What the worker rebuilds from a tape: a call by name with its arguments. */
export interface DecodedCall {
  readonly id: number;
  readonly method: string;
  readonly args: unknown[];
}

/** An answer from the worker. */
export interface LinkAnswer {
  readonly id: number;
  readonly value?: unknown;
  readonly error?: Record<string, unknown>;
}

const CALL = 0;
const SAVE = 1;
const CREATE = 2;

/** The row's fields in the order they cross; `data` goes last, as JSON text. */
const ROW_FIELDS = [
  'id',
  'variant',
  'status',
  'whiteId',
  'blackId',
  'rated',
  'createdAt',
  'updatedAt',
  'result',
  'reason',
  'plies',
  'version',
  'inviteToken',
] as const satisfies readonly Exclude<keyof GameRow, 'data'>[];

function pushRow(tape: unknown[], row: GameRow, dataText: string): void {
  for (const f of ROW_FIELDS) tape.push(row[f]);
  tape.push(dataText);
}

/** Appends a call with its arguments as they are. */
export function pushCall(tape: unknown[], id: number, method: string, args: readonly unknown[]): void {
  tape.push(CALL, id, method, args);
}

/** Appends a game's creation: its row, `dataText` its data as JSON. */
export function pushCreate(tape: unknown[], id: number, row: GameRow, dataText: string): void {
  tape.push(CREATE, id);
  pushRow(tape, row, dataText);
}

/** Appends a game's save (GameStore.saveGame's arguments), `dataText` its row's data as JSON. */
export function pushSave(
  tape: unknown[],
  id: number,
  row: GameRow,
  dataText: string,
  expected: number,
  moves: readonly MoveRow[],
  dropAfter: number | undefined,
): void {
  tape.push(SAVE, id);
  pushRow(tape, row, dataText);
  tape.push(expected, dropAfter ?? null, moves.length);
  for (const m of moves) tape.push(m.gameId, m.ply, m.uci, m.at, m.clockMs);
}

/** The calls of a tape, in order; `wrap` makes a row's data of its JSON text (the store's EncodedJson). */
export function readCalls(tape: readonly unknown[], wrap: (text: string) => unknown): DecodedCall[] {
  const calls: DecodedCall[] = [];
  let i = 0;
  const readRow = (): Record<string, unknown> => {
    const row: Record<string, unknown> = {};
    for (const f of ROW_FIELDS) row[f] = tape[i++];
    row.data = wrap(tape[i++] as string);
    return row;
  };
  while (i < tape.length) {
    const op = tape[i++];
    const id = tape[i++] as number;
    if (op === CALL) {
      const method = tape[i++] as string;
      calls.push({ id, method, args: tape[i++] as unknown[] });
    } else if (op === CREATE) {
      calls.push({ id, method: 'createGame', args: [readRow()] });
    } else if (op === SAVE) {
      const row = readRow();
      const expected = tape[i++] as number;
      const dropAfter = tape[i++] as number | null;
      const n = tape[i++] as number;
      const moves: MoveRow[] = [];
      for (let k = 0; k < n; k++) {
        moves.push({
          gameId: tape[i] as string,
          ply: tape[i + 1] as number,
          uci: tape[i + 2] as string,
          at: tape[i + 3] as number,
          clockMs: tape[i + 4] as number,
        });
        i += 5;
      }
      calls.push({ id, method: 'saveGame', args: dropAfter === null ? [row, expected, moves] : [row, expected, moves, dropAfter] });
    } else {
      throw new Error(`the store's link read an unknown call kind ${String(op)}`);
    }
  }
  return calls;
}

/** Answers cross as [id, 0, value] or [id, 1, error] runs. */
export function pushAnswer(tape: unknown[], a: LinkAnswer): void {
  if (a.error) tape.push(a.id, 1, a.error);
  else tape.push(a.id, 0, a.value);
}

export function readAnswers(tape: readonly unknown[], each: (a: LinkAnswer) => void): void {
  for (let i = 0; i < tape.length; i += 3) {
    const id = tape[i] as number;
    if (tape[i + 1] === 1) each({ id, error: tape[i + 2] as Record<string, unknown> });
    else each({ id, value: tape[i + 2] });
  }
}
