/**
 * Messages a client sends over the WebSocket: one closed union, decoded in
 * one place. Anything else is answered with an error code.
 */
import { z } from 'zod';

export const PROTOCOL_VERSION = 1;
/** Largest frame the server reads. */
export const MAX_FRAME_BYTES = 4096;

const gameId = z.string().regex(/^[A-Za-z0-9]{6,16}$/);
const requestId = z.number().int().nonnegative().max(2 ** 31).optional();
const uci = z.string().min(2).max(12);

export const ClientMessage = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ping'), id: requestId }).strict(),
  /** Watch or play a game; `since` is the last version the client holds, to catch up from. */
  z.object({ t: z.literal('sub'), id: requestId, game: gameId, since: z.number().int().nonnegative().optional() }).strict(),
  z.object({ t: z.literal('unsub'), id: requestId, game: gameId }).strict(),
  /** A move answering ply `ply` (the number of plies the client has seen). `lag` is a hint in ms, clamped by the server. */
  z
    .object({ t: z.literal('move'), id: requestId, game: gameId, uci, ply: z.number().int().nonnegative().max(10_000), lag: z.number().int().min(0).max(60_000).optional() })
    .strict(),
  z.object({ t: z.literal('resign'), id: requestId, game: gameId }).strict(),
  z.object({ t: z.literal('draw'), id: requestId, game: gameId, op: z.enum(['offer', 'accept', 'decline', 'claim']) }).strict(),
  z.object({ t: z.literal('abort'), id: requestId, game: gameId }).strict(),
  z.object({ t: z.literal('claim-victory'), id: requestId, game: gameId }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageType = ClientMessage['t'];

export const CLIENT_TYPES: readonly ClientMessageType[] = ['ping', 'sub', 'unsub', 'move', 'resign', 'draw', 'abort', 'claim-victory'];

export type DecodeErrorCode = 'protocol.too-large' | 'protocol.malformed' | 'protocol.unknown-type' | 'protocol.invalid';

export type Decoded<T> = { ok: true; value: T } | { ok: false; code: DecodeErrorCode; message: string; id?: number };

/** Decodes one text frame. Never throws. */
export function decodeClientMessage(text: string): Decoded<ClientMessage> {
  if (text.length > MAX_FRAME_BYTES) return { ok: false, code: 'protocol.too-large', message: `Frames are limited to ${MAX_FRAME_BYTES} bytes` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, code: 'protocol.malformed', message: 'The frame is not valid JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, code: 'protocol.malformed', message: 'A message is a JSON object with a type field "t"' };
  }
  const rec = raw as Record<string, unknown>;
  const id = typeof rec.id === 'number' && Number.isInteger(rec.id) && rec.id >= 0 ? rec.id : undefined;
  if (typeof rec.t !== 'string' || !(CLIENT_TYPES as readonly string[]).includes(rec.t)) {
    return { ok: false, code: 'protocol.unknown-type', message: `Unknown message type ${JSON.stringify(rec.t)?.slice(0, 40)}`, ...(id !== undefined ? { id } : {}) };
  }
  const parsed = ClientMessage.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'message';
    return { ok: false, code: 'protocol.invalid', message: `Invalid ${rec.t} message: ${where}: ${issue?.message ?? 'invalid'}`, ...(id !== undefined ? { id } : {}) };
  }
  return { ok: true, value: parsed.data };
}
