/**
 * Chat: a game's players, its spectators, and rooms. Lines are plain text:
 * the server cleans them (Unicode NFC, no control or bidi-override
 * characters, one line) and forwards them as JSON strings, never as HTML;
 * clients must render them as text. Each author is rate-limited across all
 * chats and, with several nodes, on all nodes (pace.ts); lines carry their
 * author so that each reader's mutes can hide them.
 * Who may write where is the caller's check (the socket knows the seats).
 */
import type { ModerationStore } from '../store/moderation.ts';
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import { CHAT_MAX_LENGTH, type ChatLine, type ChatTarget, type Identity, type ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { gameChatTopic, roomTopic } from '../bus/topics.ts';
import type { Clock } from '../service/time.ts';
import type { SocialStore } from '../store/social.ts';
import type { UserStore } from '../store/users.ts';
import { type ChatPace, MemoryPace } from './pace.ts';

export interface ChatRules {
  /** Longest line, in code points. */
  readonly maxLength: number;
  /** Lines per second per author, and the burst allowed. */
  readonly perSecond: number;
  readonly burst: number;
  /** Recent lines kept per chat, for those who arrive later. */
  readonly history: number;
  /** Chats whose history is kept at most (the oldest are forgotten first). */
  readonly maxChats: number;
}

export const DEFAULT_CHAT_RULES: ChatRules = { maxLength: CHAT_MAX_LENGTH, perSecond: 1, burst: 3, history: 50, maxChats: 5000 };

/** A chat frame with its author's id, so that each reader's mutes can hide it. */
export interface Authored {
  readonly from: string;
  readonly frame: string;
}

export const isAuthored = (m: unknown): m is Authored => typeof m === 'object' && m !== null && typeof (m as Authored).from === 'string';

/** C0 and C1 controls, line and paragraph separators, and the bidi embeddings, overrides and isolates that can disguise text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** A line as it will be stored and sent: NFC, one line, trimmed. */
export function cleanText(raw: string): string {
  return raw.normalize('NFC').replace(UNWANTED, ' ').trim();
}

const keyOf = (t: ChatTarget): string => ('room' in t ? roomTopic(t.room) : gameChatTopic(t.game, t.channel));

/** Internal topic: a mute changed on some node; every node holding the muter's list updates it. */
const MUTES_TOPIC = 'club:mutes';
/** Internal topic: an admin silenced (or unsilenced) a user; every node's chat refuses their lines. */
const SILENCE_TOPIC = 'club:silence';

/**
 * Where recent lines are kept when several nodes serve one club (Redis): a
 * line written on one node is in the log a reader gets on another.
 */
export interface ChatHistory {
  push(key: string, line: ChatLine, keep: number): void;
  read(key: string): Promise<ChatLine[]>;
  forget(key: string): void;
}

export class Chat {
  private readonly rules: ChatRules;
  private readonly pace: ChatPace;
  private readonly logs = new Map<string, ChatLine[]>();
  /** Mutes of the users online (loaded when they connect). */
  private readonly muted = new Map<string, Set<string>>();
  /** Users an admin silenced, until when (loaded when they connect, told on the bus when it changes). */
  private readonly silenced = new Map<string, number>();

  constructor(
    private readonly deps: {
      readonly store: SocialStore & Pick<UserStore, 'userById'> & Partial<Pick<ModerationStore, 'sanctions'>>;
      readonly bus: Bus;
      readonly clock: Clock;
      readonly rules?: Partial<ChatRules>;
      /** Club-wide history (several nodes); this node's memory when absent. */
      readonly history?: ChatHistory;
      /** Club-wide pace per author (several nodes: RedisPace); this node's memory when absent. */
      readonly pace?: ChatPace;
    },
  ) {
    this.rules = { ...DEFAULT_CHAT_RULES, ...deps.rules };
    this.pace = deps.pace ?? new MemoryPace();
    deps.bus.subscribe(SILENCE_TOPIC, (m) => {
      const c = m as { userId?: string; until?: number | null };
      if (typeof c.userId !== 'string') return;
      if (typeof c.until === 'number') this.silenced.set(c.userId, c.until);
      else this.silenced.delete(c.userId);
    });
    deps.bus.subscribe(MUTES_TOPIC, (m) => {
      const c = m as { userId?: string; mutedId?: string; on?: boolean };
      const set = typeof c.userId === 'string' ? this.muted.get(c.userId) : undefined;
      if (!set || typeof c.mutedId !== 'string') return;
      if (c.on) set.add(c.mutedId);
      else set.delete(c.mutedId);
    });
  }

  /** Checks, rate-limits and publishes a line; the caller has checked that `user` may write to `target`. */
  async post(user: Identity, target: ChatTarget, raw: string): Promise<Result<ChatLine, RuleError>> {
    const text = cleanText(raw);
    if (text === '') return err('chat.empty', 'Write something first');
    if ([...text].length > this.rules.maxLength) return err('chat.too-long', `Chat lines are at most ${this.rules.maxLength} characters`);
    const now = this.deps.clock.now();
    const until = this.silenced.get(user.id);
    if (until !== undefined && until > now) return err('chat.muted', `An admin has muted you until ${new Date(until).toISOString()}`);
    if (!(await this.pace.take(user.id, now, this.rules))) return err('chat.rate-limited', `At most ${this.rules.perSecond} line per second`);
    const line: ChatLine = { user: { id: user.id, name: user.name, guest: user.guest }, text, at: now };
    const key = keyOf(target);
    this.deps.history?.push(key, line, this.rules.history);
    let log = this.deps.history ? undefined : this.logs.get(key);
    if (!log && !this.deps.history) {
      if (this.logs.size >= this.rules.maxChats) this.logs.delete(this.logs.keys().next().value!);
      log = [];
      this.logs.set(key, log);
    }
    if (log) {
      log.push(line);
      if (log.length > this.rules.history) log.splice(0, log.length - this.rules.history);
    }
    const msg: ServerMessage =
      'room' in target ? { t: 'chat', room: target.room, ...line } : { t: 'chat', game: target.game, channel: target.channel, ...line };
    const out: Authored = { from: user.id, frame: JSON.stringify(msg) };
    this.deps.bus.publish(key, out);
    return ok(line);
  }

  /** Recent lines of a chat, without those `viewerId` has muted. */
  log(target: ChatTarget, viewerId?: string): ChatLine[] {
    const lines = this.logs.get(keyOf(target)) ?? [];
    return viewerId ? lines.filter((l) => !this.isMuted(viewerId, l.user.id)) : [...lines];
  }

  /** Recent lines of a chat, without those `viewerId` has muted, wherever they were written. */
  async recent(target: ChatTarget, viewerId?: string): Promise<ChatLine[]> {
    if (!this.deps.history) return this.log(target, viewerId);
    const lines = await this.deps.history.read(keyOf(target)).catch(() => []);
    return viewerId ? lines.filter((l) => !this.isMuted(viewerId, l.user.id)) : lines;
  }

  /** Forgets a chat's history (a room that closed). */
  forget(target: ChatTarget): void {
    this.logs.delete(keyOf(target));
    this.deps.history?.forget(keyOf(target));
  }

  isMuted(viewerId: string, authorId: string): boolean {
    return this.muted.get(viewerId)?.has(authorId) ?? false;
  }

  /** Mutes (or unmutes) a player for `userId`, on every chat, persistently. */
  async mute(userId: string, mutedId: string, on: boolean): Promise<Result<true, RuleError>> {
    if (userId === mutedId) return err('mute.self', 'You cannot mute yourself');
    if (!(await this.deps.store.userById(mutedId))) return err('user.not-found', 'No such player');
    await this.deps.store.setMute(userId, mutedId, on, this.deps.clock.now());
    let set = this.muted.get(userId);
    if (!set) {
      set = new Set();
      this.muted.set(userId, set);
    }
    if (on) set.add(mutedId);
    else set.delete(mutedId);
    // The user's other sockets may be on other nodes: they hear of it too.
    this.deps.bus.publish(MUTES_TOPIC, { userId, mutedId, on });
    return ok(true);
  }

  /** An admin silenced `userId` until then (null: lifted), on every node. */
  silence(userId: string, until: number | null): void {
    if (until === null) this.silenced.delete(userId);
    else this.silenced.set(userId, until);
    this.deps.bus.publish(SILENCE_TOPIC, { userId, until });
  }

  /** The user's first socket opened: their mutes apply from now on. */
  async arrived(userId: string): Promise<void> {
    const s = await this.deps.store.sanctions?.(userId);
    if (s?.mutedUntil != null && s.mutedUntil > this.deps.clock.now()) this.silenced.set(userId, s.mutedUntil);
    const list = await this.deps.store.mutes(userId);
    const set = this.muted.get(userId) ?? new Set<string>();
    for (const id of list) set.add(id);
    this.muted.set(userId, set);
  }

  /** The user's last socket closed. */
  left(userId: string): void {
    this.muted.delete(userId);
  }
}
