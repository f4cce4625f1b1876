/**
 * Rooms (chơi trong phòng): a player opens one and shares its link; members
 * present see each other, chat, and challenge each other; accepted
 * challenges start games through the game service, and the room lists them
 * while they are live. A room that stays empty for `emptyCloseMs` closes
 * itself. Rooms are meeting places, not records (the games they start are
 * stored like any other): the rules are here, once; what they keep is a
 * RoomsState (state.ts), in one node's memory or in Redis for a club.
 */
import { err, ok, otherSide, type Result, type RuleError, type VariantKey } from '@youzai/rules';
import type { ChatLine, ClockSpec, Identity, PlayerTag, RoomChallenge, RoomSummary, RoomView, SeekColor, ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { roomTopic, userTopic } from '../bus/topics.ts';
import { cleanText, type Chat } from '../chat/chat.ts';
import { checkTerms } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { randomId } from '../service/ids.ts';
import type { Clock, Timers } from '../service/time.ts';
import type { GameRow } from '../store/types.ts';
import { endByLeaving, type RoomChallengeEnd } from '../social/room-notices.ts';
import { MemoryRoomsState, type RoomMeta, type RoomState, type RoomsState } from './state.ts';

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
  /** Where the rooms are kept: this node's memory when absent. */
  readonly state?: RoomsState;
  /** This node's registry member (`node|incarnation`), which its sockets are counted under; one node: `local`. */
  readonly member?: () => string;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly games: GamesPort;
  readonly chat: Chat;
  /** Told when members start a game here, so their lobby seeks and pool places go. */
  readonly lobby?: { playing(userIds: readonly string[]): void };
  readonly rules?: Partial<RoomRules>;
  /** Told when a challenge goes (accepted, declined, withdrawn, gone with a member), on the node that removed it: the target's bell follows (social/room-notices.ts). */
  readonly challengeEnded?: (room: string, c: RoomChallenge, state: RoomChallengeEnd) => void;
}

export interface ChallengeTerms {
  readonly variant: VariantKey;
  readonly clock: ClockSpec;
  readonly rated: boolean;
  readonly color: SeekColor;
}

const tag = (u: Identity): PlayerTag => ({ id: u.id, name: u.name, guest: u.guest });

/** What the sockets and routes ask of the rooms. */
export type RoomsPort = Pick<Rooms, 'create' | 'view' | 'list' | 'join' | 'leave' | 'say' | 'challenge' | 'accept' | 'decline' | 'close'>;

export class Rooms {
  private readonly rules: RoomRules;
  private readonly state: RoomsState;
  private readonly member: () => string;
  /** room id → cancels the closing this node armed. */
  private readonly closing = new Map<string, () => void>();
  /** Work under way that no caller awaits (closing, a game's end): see idle(). */
  private readonly work = new Set<Promise<void>>();
  private readonly offEnd: () => void;

  constructor(private readonly deps: RoomsDeps) {
    this.rules = { ...DEFAULT_ROOM_RULES, ...deps.rules };
    this.state = deps.state ?? new MemoryRoomsState();
    this.member = deps.member ?? (() => 'local');
    this.offEnd = deps.games.onEnd((row) => this.track(this.gameEnded(row)));
  }

  async create(owner: Identity, name?: string): Promise<Result<RoomView, RuleError>> {
    if ((await this.state.owned(owner.id)) >= this.rules.maxRoomsPerOwner)
      return err('room.too-many', `At most ${this.rules.maxRoomsPerOwner} open rooms each`);
    const clean = [...cleanText(name ?? '')].slice(0, this.rules.maxNameLength).join('');
    const meta: RoomMeta = { id: randomId(8), name: clean || `Phòng của ${owner.name}`, owner: tag(owner), createdAt: this.deps.clock.now() };
    const closeAt = meta.createdAt + this.rules.emptyCloseMs;
    await this.state.create(meta, closeAt);
    this.armClose(meta.id, closeAt);
    return ok(viewOf({ meta, members: [], challenges: [], games: [] }));
  }

  async view(id: string): Promise<RoomView | null> {
    const r = await this.state.room(id);
    return r ? viewOf(r) : null;
  }

  /** The open rooms, for `/rooms` (listRooms: most players present first, at most ROOMS_LISTED). */
  async list(): Promise<readonly RoomSummary[]> {
    return listRooms(await this.state.summaries(), ROOMS_LISTED);
  }

  /** One more socket of `user` in the room. */
  async join(id: string, user: Identity): Promise<Result<RoomView, RuleError>> {
    const r = await this.state.join(id, tag(user), this.member(), this.rules.maxMembers);
    if (r === 'missing') return err('room.not-found', 'No such room: it may have closed');
    if (r === 'full') return err('room.full', `A room holds at most ${this.rules.maxMembers} players`);
    if (r === 'new') {
      this.closing.get(id)?.();
      this.closing.delete(id);
      await this.publishMembers(id);
    }
    const v = await this.view(id);
    return v ? ok(v) : err('room.not-found', 'No such room: it may have closed');
  }

  /** One socket of `userId` left the room; with their last in the club, the member goes, and their challenges too. */
  async leave(id: string, userId: string): Promise<void> {
    await this.gone(id, userId, this.member(), false);
  }

  /** The sockets a dead node counted go: its members leave unless they are on another node too (the leader's chore). */
  async purge(member: string): Promise<void> {
    for (const { room, user } of await this.state.socketsOn(member)) await this.gone(room, user, member, true);
  }

  async say(id: string, user: Identity, text: string): Promise<Result<ChatLine, RuleError>> {
    if (!(await this.state.member(id, user.id))) return err('room.not-member', 'Join the room first');
    return this.deps.chat.post(user, { room: id }, text);
  }

  /** Challenges a member (`to`), or anyone in the room (no `to`). */
  async challenge(id: string, from: Identity, terms: ChallengeTerms, to?: string): Promise<Result<RoomChallenge, RuleError>> {
    if (!(await this.state.member(id, from.id))) return err('room.not-member', 'Join the room first');
    let target: PlayerTag | null = null;
    if (to !== undefined) {
      if (to === from.id) return err('challenge.self', 'You cannot challenge yourself');
      target = await this.state.member(id, to);
      if (!target) return err('room.not-member', 'That player is not in the room');
    }
    const bad = checkTerms({ ...terms, players: target ? [from, target] : [from] });
    if (bad) return bad;
    const view: RoomChallenge = { id: randomId(8), from: tag(from), to: target, ...terms };
    const max = this.rules.maxChallengesPerMember;
    const added = await this.state.addChallenge(id, { view, from }, max);
    // A member gone meanwhile, on another node, answers as if gone before.
    if (added === 'no-author') return err('room.not-member', 'Join the room first');
    if (added === 'no-target') return err('room.not-member', 'That player is not in the room');
    if (added === 'too-many') return err('challenge.too-many', `At most ${max} open challenges each`);
    await this.publishChallenges(id);
    return ok(view);
  }

  async accept(id: string, user: Identity, challengeId: string): Promise<Result<{ game: string }, RuleError>> {
    if (!(await this.state.member(id, user.id))) return err('room.not-member', 'Join the room first');
    const c = await this.state.challenge(id, challengeId);
    if (!c) return err('challenge.not-found', 'The challenge is gone');
    if (c.from.id === user.id) return err('challenge.self', 'This is your own challenge');
    if (c.view.to && c.view.to.id !== user.id) return err('game.forbidden', 'This challenge is for another player');
    // The one who takes it decides, on whichever node: a second acceptor finds nothing.
    if (!(await this.state.takeChallenge(id, challengeId))) return err('challenge.not-found', 'The challenge is gone');
    await this.publishChallenges(id);
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
    if (await this.state.addGame(id, { id: game, variant: c.view.variant, players: [first.name, second.name] })) await this.publishGames(id);
    return ok({ game });
  }

  /** Declines a challenge addressed to you (or to anyone), or withdraws your own. */
  async decline(id: string, userId: string, challengeId: string): Promise<Result<true, RuleError>> {
    const c = await this.state.challenge(id, challengeId);
    if (!c) return err('challenge.not-found', 'The challenge is gone');
    const mine = c.from.id === userId;
    if (!mine && c.view.to?.id !== userId) return err('game.forbidden', 'Not your challenge');
    if (!mine && c.view.to === null) return err('game.forbidden', 'An open challenge is withdrawn by its author');
    if (!(await this.state.takeChallenge(id, challengeId))) return err('challenge.not-found', 'The challenge is gone');
    await this.publishChallenges(id);
    this.deps.challengeEnded?.(id, c.view, mine ? 'withdrawn' : 'declined');
    return ok(true);
  }

  /** Resolves once the work no caller awaits is done (tests move time, then wait for this). */
  async idle(): Promise<void> {
    while (this.work.size) await Promise.all(this.work);
  }

  close(): void {
    this.offEnd();
    for (const cancel of this.closing.values()) cancel();
    this.closing.clear();
  }

  // --- internals ---

  private async gone(id: string, userId: string, member: string, all: boolean): Promise<void> {
    const closeAt = this.deps.clock.now() + this.rules.emptyCloseMs;
    const left = await this.state.leave(id, userId, member, all, closeAt);
    if (!left) return;
    if (left.empty) this.armClose(id, closeAt);
    await this.publishMembers(id);
    if (left.dropped.length) await this.publishChallenges(id);
    for (const c of left.dropped) this.deps.challengeEnded?.(id, c.view, endByLeaving(c.view, userId));
  }

  /** The room closes at `closeAt` if nobody has come (or come and gone) by then, on whichever node. */
  private armClose(id: string, closeAt: number): void {
    this.closing.get(id)?.();
    const cancel = this.deps.timers.at(closeAt, () => {
      if (this.closing.get(id) === cancel) this.closing.delete(id);
      this.track(this.shut(id, closeAt));
    });
    this.closing.set(id, cancel);
  }

  /** Counts `p` as work under way until it settles; a failure (Redis unreachable) is dropped, as no caller waits for it. */
  private track(p: Promise<void>): void {
    const done = p.catch(() => undefined);
    this.work.add(done);
    void done.then(() => this.work.delete(done));
  }

  private async shut(id: string, closeAt: number): Promise<void> {
    if (!(await this.state.closeIfDue(id, closeAt))) return;
    this.deps.chat.forget({ room: id });
    this.publish(id, { t: 'room-closed', room: id });
  }

  private async gameEnded(row: GameRow): Promise<void> {
    const id = await this.state.endGame(row.id);
    if (id !== null) await this.publishGames(id);
  }

  private publish(id: string, m: ServerMessage): void {
    this.deps.bus.publish(roomTopic(id), JSON.stringify(m));
  }

  private async publishMembers(id: string): Promise<void> {
    const r = await this.state.room(id);
    if (r) this.publish(id, { t: 'room-members', room: id, members: r.members });
  }

  private async publishChallenges(id: string): Promise<void> {
    const r = await this.state.room(id);
    if (r) this.publish(id, { t: 'room-challenges', room: id, challenges: r.challenges.map((c) => c.view) });
  }

  private async publishGames(id: string): Promise<void> {
    const r = await this.state.room(id);
    if (r) this.publish(id, { t: 'room-games', room: id, games: r.games });
  }

  private tell(userId: string, m: ServerMessage): void {
    this.deps.bus.publish(userTopic(userId), JSON.stringify(m));
  }
}

function viewOf(r: RoomState): RoomView {
  const { id, name, owner, createdAt } = r.meta;
  return { id, name, owner, members: r.members, games: r.games, challenges: r.challenges.map((c) => c.view), createdAt };
}
