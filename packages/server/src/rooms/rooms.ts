/**
 * Rooms (chơi trong phòng): a player opens one and shares its link; members
 * present see each other, chat, and challenge each other; accepted
 * challenges start games through the game service, and the room lists them
 * while they are live. A room that stays empty for `emptyCloseMs` closes
 * itself. Rooms live in this node's memory: they are meeting places, not
 * records (the games they start are stored like any other).
 */
import { err, ok, otherSide, type Result, type RuleError, type VariantKey } from '@youzai/rules';
import type { ChatLine, ClockSpec, Identity, PlayerTag, RoomChallenge, RoomGame, RoomSummary, RoomView, SeekColor, ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { roomTopic, userTopic } from '../bus/topics.ts';
import { cleanText, type Chat } from '../chat/chat.ts';
import { checkTerms } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { randomId } from '../service/ids.ts';
import type { Clock, Timers } from '../service/time.ts';
import type { GameRow } from '../store/types.ts';
import { endByLeaving, type RoomChallengeEnd } from '../social/room-notices.ts';

export interface RoomRules {
  /** An empty room closes after this long. */
  readonly emptyCloseMs: number;
  readonly maxMembers: number;
  readonly maxRoomsPerOwner: number;
  readonly maxChallengesPerMember: number;
  readonly maxNameLength: number;
}

/** How many open rooms `/rooms` shows. */
export const ROOMS_LISTED = 50;

/** The open rooms as listed: most players present first, then the newest; at most `limit`. */
export function listRooms(rooms: readonly RoomSummary[], limit: number): RoomSummary[] {
  return [...rooms].sort((a, b) => b.members - a.members || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)).slice(0, limit);
}

export const DEFAULT_ROOM_RULES: RoomRules = { emptyCloseMs: 10 * 60_000, maxMembers: 200, maxRoomsPerOwner: 5, maxChallengesPerMember: 3, maxNameLength: 60 };

export interface RoomsDeps {
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly games: GamesPort;
  readonly chat: Chat;
  /** Told when members start a game here, so their lobby seeks and pool places go. */
  readonly lobby?: { playing(userIds: readonly string[]): void };
  readonly rules?: Partial<RoomRules>;
  /** Told when a challenge goes (accepted, declined, withdrawn, gone with a member): the target's bell follows (social/room-notices.ts). */
  readonly challengeEnded?: (room: string, c: RoomChallenge, state: RoomChallengeEnd) => void;
}

export interface ChallengeTerms {
  readonly variant: VariantKey;
  readonly clock: ClockSpec;
  readonly rated: boolean;
  readonly color: SeekColor;
}

interface Member {
  readonly user: Identity;
  /** Sockets of this user in the room. */
  sockets: number;
}

interface Challenge {
  readonly view: RoomChallenge;
  readonly from: Identity;
}

interface Room {
  readonly id: string;
  readonly name: string;
  readonly owner: PlayerTag;
  readonly createdAt: number;
  readonly members: Map<string, Member>;
  readonly challenges: Map<string, Challenge>;
  readonly games: Map<string, RoomGame>;
  closeTimer: (() => void) | null;
}

const tag = (u: Identity): PlayerTag => ({ id: u.id, name: u.name, guest: u.guest });

type Maybe<T> = T | Promise<T>;

/**
 * What the sockets and routes ask of the rooms: kept in memory by one node
 * (Rooms, below), in Redis by the nodes of a club (cluster/rooms.ts).
 */
export interface RoomsPort {
  create(owner: Identity, name?: string): Maybe<Result<RoomView, RuleError>>;
  view(id: string): Maybe<RoomView | null>;
  /** The open rooms, for `/rooms` (listRooms: most players present first, at most ROOMS_LISTED). */
  list(): Maybe<readonly RoomSummary[]>;
  join(id: string, user: Identity): Maybe<Result<RoomView, RuleError>>;
  leave(id: string, userId: string): Maybe<void>;
  say(id: string, user: Identity, text: string): Maybe<Result<ChatLine, RuleError>>;
  challenge(id: string, from: Identity, terms: ChallengeTerms, to?: string): Maybe<Result<RoomChallenge, RuleError>>;
  accept(id: string, user: Identity, challengeId: string): Promise<Result<{ game: string }, RuleError>>;
  decline(id: string, userId: string, challengeId: string): Maybe<Result<true, RuleError>>;
  close(): void;
}

export class Rooms implements RoomsPort {
  private readonly rules: RoomRules;
  private readonly rooms = new Map<string, Room>();
  /** game id → the room it was started from. */
  private readonly gameRooms = new Map<string, string>();
  private readonly offEnd: () => void;

  constructor(private readonly deps: RoomsDeps) {
    this.rules = { ...DEFAULT_ROOM_RULES, ...deps.rules };
    this.offEnd = deps.games.onEnd((row) => this.gameEnded(row));
  }

  create(owner: Identity, name?: string): Result<RoomView, RuleError> {
    let mine = 0;
    for (const r of this.rooms.values()) if (r.owner.id === owner.id) mine++;
    if (mine >= this.rules.maxRoomsPerOwner) return err('room.too-many', `At most ${this.rules.maxRoomsPerOwner} open rooms each`);
    const clean = [...cleanText(name ?? '')].slice(0, this.rules.maxNameLength).join('');
    const room: Room = {
      id: randomId(8),
      name: clean || `Phòng của ${owner.name}`,
      owner: tag(owner),
      createdAt: this.deps.clock.now(),
      members: new Map(),
      challenges: new Map(),
      games: new Map(),
      closeTimer: null,
    };
    this.rooms.set(room.id, room);
    this.armClose(room);
    return ok(this.viewOf(room));
  }

  view(id: string): RoomView | null {
    const r = this.rooms.get(id);
    return r ? this.viewOf(r) : null;
  }

  list(): RoomSummary[] {
    return listRooms(
      [...this.rooms.values()].map((r) => ({ id: r.id, name: r.name, owner: r.owner, members: r.members.size, games: r.games.size, createdAt: r.createdAt })),
      ROOMS_LISTED,
    );
  }

  get count(): number {
    return this.rooms.size;
  }

  /** One more socket of `user` in the room. */
  join(id: string, user: Identity): Result<RoomView, RuleError> {
    const room = this.rooms.get(id);
    if (!room) return err('room.not-found', 'No such room: it may have closed');
    const m = room.members.get(user.id);
    if (m) {
      m.sockets++;
      return ok(this.viewOf(room));
    }
    if (room.members.size >= this.rules.maxMembers) return err('room.full', `A room holds at most ${this.rules.maxMembers} players`);
    room.members.set(user.id, { user, sockets: 1 });
    room.closeTimer?.();
    room.closeTimer = null;
    this.publishMembers(room);
    return ok(this.viewOf(room));
  }

  /** One socket of `userId` left the room; with the last, the member goes, and their challenges too. */
  leave(id: string, userId: string): void {
    const room = this.rooms.get(id);
    const m = room?.members.get(userId);
    if (!room || !m) return;
    if (--m.sockets > 0) return;
    room.members.delete(userId);
    let dropped = false;
    for (const [cid, c] of room.challenges) {
      if (c.from.id === userId || c.view.to?.id === userId) {
        room.challenges.delete(cid);
        dropped = true;
        this.deps.challengeEnded?.(id, c.view, endByLeaving(c.view, userId));
      }
    }
    this.publishMembers(room);
    if (dropped) this.publishChallenges(room);
    if (room.members.size === 0) this.armClose(room);
  }

  isMember(id: string, userId: string): boolean {
    return this.rooms.get(id)?.members.has(userId) ?? false;
  }

  async say(id: string, user: Identity, text: string): Promise<Result<ChatLine, RuleError>> {
    if (!this.isMember(id, user.id)) return err('room.not-member', 'Join the room first');
    return this.deps.chat.post(user, { room: id }, text);
  }

  /** Challenges a member (`to`), or anyone in the room (no `to`). */
  challenge(id: string, from: Identity, terms: ChallengeTerms, to?: string): Result<RoomChallenge, RuleError> {
    const room = this.rooms.get(id);
    if (!room?.members.has(from.id)) return err('room.not-member', 'Join the room first');
    let target: Identity | null = null;
    if (to !== undefined) {
      if (to === from.id) return err('challenge.self', 'You cannot challenge yourself');
      const m = room.members.get(to);
      if (!m) return err('room.not-member', 'That player is not in the room');
      target = m.user;
    }
    const bad = checkTerms({ ...terms, players: target ? [from, target] : [from] });
    if (bad) return bad;
    let mine = 0;
    for (const c of room.challenges.values()) if (c.from.id === from.id) mine++;
    if (mine >= this.rules.maxChallengesPerMember) return err('challenge.too-many', `At most ${this.rules.maxChallengesPerMember} open challenges each`);
    const view: RoomChallenge = { id: randomId(8), from: tag(from), to: target ? tag(target) : null, ...terms };
    room.challenges.set(view.id, { view, from });
    this.publishChallenges(room);
    return ok(view);
  }

  async accept(id: string, user: Identity, challengeId: string): Promise<Result<{ game: string }, RuleError>> {
    const room = this.rooms.get(id);
    if (!room?.members.has(user.id)) return err('room.not-member', 'Join the room first');
    const c = room.challenges.get(challengeId);
    if (!c) return err('challenge.not-found', 'The challenge is gone');
    if (c.from.id === user.id) return err('challenge.self', 'This is your own challenge');
    if (c.view.to && c.view.to.id !== user.id) return err('game.forbidden', 'This challenge is for another player');
    // Gone before the first await: a second acceptor finds nothing.
    room.challenges.delete(challengeId);
    this.publishChallenges(room);
    const r = await this.deps.games.createPaired(c.from, user, c.view);
    this.deps.challengeEnded?.(id, c.view, r.ok ? 'accepted' : 'expired');
    if (!r.ok) return r;
    const game = r.value.id;
    const first = r.value.side === 'first' ? c.from : user;
    const second = r.value.side === 'first' ? user : c.from;
    this.deps.lobby?.playing([c.from.id, user.id]);
    this.tell(c.from.id, { t: 'paired', game, side: r.value.side, opponent: tag(user), via: 'room' });
    this.tell(user.id, { t: 'paired', game, side: otherSide(r.value.side), opponent: tag(c.from), via: 'room' });
    // The room may have closed meanwhile; the game goes on regardless.
    if (this.rooms.get(id) === room) {
      room.games.set(game, { id: game, variant: c.view.variant, players: [first.name, second.name] });
      this.gameRooms.set(game, id);
      this.publishGames(room);
    }
    return ok({ game });
  }

  /** Declines a challenge addressed to you (or to anyone), or withdraws your own. */
  decline(id: string, userId: string, challengeId: string): Result<true, RuleError> {
    const room = this.rooms.get(id);
    const c = room?.challenges.get(challengeId);
    if (!room || !c) return err('challenge.not-found', 'The challenge is gone');
    const mine = c.from.id === userId;
    if (!mine && c.view.to?.id !== userId) return err('game.forbidden', 'Not your challenge');
    if (!mine && c.view.to === null) return err('game.forbidden', 'An open challenge is withdrawn by its author');
    room.challenges.delete(challengeId);
    this.publishChallenges(room);
    this.deps.challengeEnded?.(id, c.view, mine ? 'withdrawn' : 'declined');
    return ok(true);
  }

  close(): void {
    this.offEnd();
    for (const r of this.rooms.values()) r.closeTimer?.();
    this.rooms.clear();
    this.gameRooms.clear();
  }

  // --- internals ---

  private viewOf(r: Room): RoomView {
    return {
      id: r.id,
      name: r.name,
      owner: r.owner,
      members: [...r.members.values()].map((m) => tag(m.user)),
      games: [...r.games.values()],
      challenges: [...r.challenges.values()].map((c) => c.view),
      createdAt: r.createdAt,
    };
  }

  private armClose(room: Room): void {
    room.closeTimer?.();
    room.closeTimer = this.deps.timers.at(this.deps.clock.now() + this.rules.emptyCloseMs, () => {
      room.closeTimer = null;
      if (room.members.size === 0 && this.rooms.get(room.id) === room) this.shut(room);
    });
  }

  private shut(room: Room): void {
    this.rooms.delete(room.id);
    for (const g of room.games.keys()) this.gameRooms.delete(g);
    this.deps.chat.forget({ room: room.id });
    this.publish(room, { t: 'room-closed', room: room.id });
  }

  private gameEnded(row: GameRow): void {
    const id = this.gameRooms.get(row.id);
    if (id === undefined) return;
    this.gameRooms.delete(row.id);
    const room = this.rooms.get(id);
    if (room?.games.delete(row.id)) this.publishGames(room);
  }

  private publish(room: Room, m: ServerMessage): void {
    this.deps.bus.publish(roomTopic(room.id), JSON.stringify(m));
  }

  private publishMembers(room: Room): void {
    this.publish(room, { t: 'room-members', room: room.id, members: [...room.members.values()].map((m) => tag(m.user)) });
  }

  private publishChallenges(room: Room): void {
    this.publish(room, { t: 'room-challenges', room: room.id, challenges: [...room.challenges.values()].map((c) => c.view) });
  }

  private publishGames(room: Room): void {
    this.publish(room, { t: 'room-games', room: room.id, games: [...room.games.values()] });
  }

  private tell(userId: string, m: ServerMessage): void {
    this.deps.bus.publish(userTopic(userId), JSON.stringify(m));
  }
}
