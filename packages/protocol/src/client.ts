/**
 * Messages a client sends over the WebSocket: one closed union, decoded in
 * one place. Anything else is answered with an error code.
 */
import { z } from 'zod';
import { VARIANT_KEYS } from '@youzai/rules';
import { ClockSpec } from './http.ts';
import { CHAT_CHANNELS, POOL_IDS, SEEK_COLORS } from './lobby.ts';

/** What a player may do about a draw (socket `draw` frames and POST /api/games/{id}/draw alike). */
export const DRAW_OPS = ['offer', 'accept', 'decline', 'claim'] as const;
export type DrawOp = (typeof DRAW_OPS)[number];
/** What a player may do about a takeback in a casual game (socket `takeback` frames and POST /api/games/{id}/takeback alike). */
export const TAKEBACK_OPS = ['offer', 'accept', 'decline'] as const;
export type TakebackOp = (typeof TAKEBACK_OPS)[number];

/** 3: sides are named on the wire (first, second) instead of 0 and 1. */
export const PROTOCOL_VERSION = 3;
/** Largest frame the server reads. */
export const MAX_FRAME_BYTES = 4096;

const gameId = z.string().regex(/^[A-Za-z0-9]{6,16}$/);
const requestId = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 31)
  .optional();
const uci = z.string().min(2).max(12);
/** Seeks, rooms and room challenges share the game ids' alphabet. */
const shortId = gameId;
const userId = z.string().regex(/^[A-Za-z0-9]{1,32}$/);
/** Chat text is capped here only by the frame; the service enforces CHAT_MAX_LENGTH with its own error code. */
const chatText = z.string().max(2000);
/** A private tournament's link token. */
const inviteToken = z.string().regex(/^[A-Za-z0-9]{1,64}$/);
const rating = z.number().int().min(0).max(4000);
/** What a seek or a room challenge proposes. */
const gameTerms = {
  variant: z.enum(VARIANT_KEYS),
  clock: ClockSpec,
  rated: z.boolean().default(false),
  color: z.enum(SEEK_COLORS).default('random'),
};

export const ClientMessage = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ping'), id: requestId }).strict(),
  /** Watch or play a game; `since` is the last version the client holds, to catch up from. */
  z.object({ t: z.literal('sub'), id: requestId, game: gameId, since: z.number().int().nonnegative().optional() }).strict(),
  z.object({ t: z.literal('unsub'), id: requestId, game: gameId }).strict(),
  /** A move answering ply `ply` (the number of plies the client has seen). `lag` is accepted from older clients and ignored: the server measures lag itself. */
  z
    .object({
      t: z.literal('move'),
      id: requestId,
      game: gameId,
      uci,
      ply: z.number().int().nonnegative().max(10_000),
      lag: z.number().int().min(0).max(60_000).optional(),
    })
    .strict(),
  z.object({ t: z.literal('resign'), id: requestId, game: gameId }).strict(),
  z.object({ t: z.literal('draw'), id: requestId, game: gameId, op: z.enum(DRAW_OPS) }).strict(),
  z.object({ t: z.literal('takeback'), id: requestId, game: gameId, op: z.enum(TAKEBACK_OPS) }).strict(),
  z.object({ t: z.literal('abort'), id: requestId, game: gameId }).strict(),
  z.object({ t: z.literal('claim-victory'), id: requestId, game: gameId }).strict(),
  /** An arena tournament player halves their clock for a bonus point on a win (before their first move). */
  z.object({ t: z.literal('berserk'), id: requestId, game: gameId }).strict(),
  /** Game chat: players talk among themselves, spectators among themselves. */
  z.object({ t: z.literal('chat'), id: requestId, game: gameId, channel: z.enum(CHAT_CHANNELS), text: chatText }).strict(),
  /** Hide (or show again) another player's chat lines everywhere. */
  z.object({ t: z.literal('mute'), id: requestId, user: userId, on: z.boolean().default(true) }).strict(),

  /** Lobby: seeks and counters, live. */
  z.object({ t: z.literal('lobby-sub'), id: requestId }).strict(),
  z.object({ t: z.literal('lobby-unsub'), id: requestId }).strict(),
  z
    .object({
      t: z.literal('seek-create'),
      id: requestId,
      ...gameTerms,
      /** Ratings that may accept (inclusive). */
      range: z
        .object({ min: rating, max: rating })
        .strict()
        .refine((r) => r.min <= r.max, 'min must not exceed max')
        .optional(),
    })
    .strict(),
  z.object({ t: z.literal('seek-cancel'), id: requestId, seek: shortId }).strict(),
  z.object({ t: z.literal('seek-accept'), id: requestId, seek: shortId }).strict(),
  /** Quick pairing; `rated` defaults to true for accounts (guests are always casual). */
  z.object({ t: z.literal('pool-join'), id: requestId, pool: z.enum(POOL_IDS), rated: z.boolean().optional() }).strict(),
  z.object({ t: z.literal('pool-leave'), id: requestId }).strict(),

  /** Rooms: presence, chat, challenges among members. */
  z.object({ t: z.literal('room-join'), id: requestId, room: shortId }).strict(),
  z.object({ t: z.literal('room-leave'), id: requestId, room: shortId }).strict(),
  z.object({ t: z.literal('room-chat'), id: requestId, room: shortId, text: chatText }).strict(),
  z.object({ t: z.literal('room-challenge'), id: requestId, room: shortId, to: userId.optional(), ...gameTerms }).strict(),
  z.object({ t: z.literal('room-accept'), id: requestId, room: shortId, challenge: shortId }).strict(),
  /** Declines a challenge addressed to you, or withdraws your own. */
  z.object({ t: z.literal('room-decline'), id: requestId, room: shortId, challenge: shortId }).strict(),

  /** The players you follow, live: answered with a `following` snapshot, then `followed` changes (an account's). */
  z.object({ t: z.literal('following-sub'), id: requestId }).strict(),
  z.object({ t: z.literal('following-unsub'), id: requestId }).strict(),

  /** Tournaments: hear a tournament's changes and its chat; write in its chat. */
  /** `invite`: a private tournament's link token (its players and creator need none). */
  z.object({ t: z.literal('tour-sub'), id: requestId, tournament: shortId, invite: inviteToken.optional() }).strict(),
  z.object({ t: z.literal('tour-unsub'), id: requestId, tournament: shortId }).strict(),
  z.object({ t: z.literal('tour-chat'), id: requestId, tournament: shortId, text: chatText, invite: inviteToken.optional() }).strict(),

  /** Analysis board: a running evaluation of this position on this socket (replacing its previous one), until board-stop or the socket closes. */
  z
    .object({
      t: z.literal('board-start'),
      id: requestId,
      variant: z.enum(VARIANT_KEYS),
      fen: z.string().min(1).max(256),
      multipv: z.number().int().min(1).max(3).default(3),
    })
    .strict(),
  z.object({ t: z.literal('board-stop'), id: requestId }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageType = ClientMessage['t'];

/** Messages beyond play: the lobby (seeks, pools), rooms, chat and mutes. */
export const SOCIAL_CLIENT_TYPES = [
  'chat',
  'mute',
  'lobby-sub',
  'lobby-unsub',
  'seek-create',
  'seek-cancel',
  'seek-accept',
  'pool-join',
  'pool-leave',
  'room-join',
  'room-leave',
  'room-chat',
  'room-challenge',
  'room-accept',
  'room-decline',
  'tour-sub',
  'tour-unsub',
  'tour-chat',
  'following-sub',
  'following-unsub',
] as const satisfies readonly ClientMessageType[];

export const CLIENT_TYPES: readonly ClientMessageType[] = [
  'ping',
  'sub',
  'unsub',
  'move',
  'resign',
  'draw',
  'takeback',
  'abort',
  'claim-victory',
  'berserk',
  'board-start',
  'board-stop',
  ...SOCIAL_CLIENT_TYPES,
];

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
    return {
      ok: false,
      code: 'protocol.unknown-type',
      message: `Unknown message type ${JSON.stringify(rec.t)?.slice(0, 40)}`,
      ...(id !== undefined ? { id } : {}),
    };
  }
  // Moves are most frames: a well-formed one is taken as is (what the schema would return); anything else goes to the schema.
  if (rec.t === 'move') {
    const move = wellFormedMove(rec);
    if (move) return { ok: true, value: move };
  }
  const parsed = ClientMessage.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'message';
    return {
      ok: false,
      code: 'protocol.invalid',
      message: `Invalid ${rec.t} message: ${where}: ${issue?.message ?? 'invalid'}`,
      ...(id !== undefined ? { id } : {}),
    };
  }
  return { ok: true, value: parsed.data };
}

const GAME_ID = /^[A-Za-z0-9]{6,16}$/;
const MOVE_KEYS = new Set(['t', 'id', 'game', 'uci', 'ply', 'lag']);
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/**
 * A move frame that passes the schema, checked by hand (the schema's rules, none
 * more, none fewer: client.test.ts holds the two to the same answers); null for
 * anything else, which the schema then refuses with its message.
 */
export function wellFormedMove(rec: Record<string, unknown>): Extract<ClientMessage, { t: 'move' }> | null {
  const { id, game, uci, ply, lag } = rec;
  if (rec.t !== 'move') return null;
  for (const k in rec) if (!MOVE_KEYS.has(k)) return null;
  if (typeof game !== 'string' || !GAME_ID.test(game)) return null;
  if (typeof uci !== 'string' || uci.length < 2 || uci.length > 12) return null;
  if (!isInt(ply, 0, 10_000)) return null;
  if (id !== undefined && !isInt(id, 0, 2 ** 31)) return null;
  if (lag !== undefined && !isInt(lag, 0, 60_000)) return null;
  return { t: 'move', ...(id !== undefined ? { id } : {}), game, uci, ply, ...(lag !== undefined ? { lag } : {}) };
}
