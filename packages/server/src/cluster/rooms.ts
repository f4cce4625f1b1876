/**
 * Rooms of a club of several nodes, in Redis: the same rules as the one-node
 * Rooms, so that members on different nodes see each other, chat and
 * challenge each other. A member is counted by their sockets on each node
 * (`<user>|<node member>` → count), so a member goes when their last socket
 * in the club leaves, and the sockets of a dead node are purged by the
 * leader. An empty room's keys get a time to live of `emptyCloseMs`: the
 * room closes by itself, without a timer on any node.
 *
 * Keys, for room R: `room:R` (name, owner), `room:R:m` (members), `room:R:s`
 * (sockets), `room:R:c` (challenges), `room:R:g` (live games), and
 * `roomof:<game>` (the room a game was started from).
 */
import type { ChatLine, Identity, RoomChallenge, RoomGame, RoomSummary, RoomView, ServerMessage } from '@youzai/protocol';
import { err, ok, otherSide, type Result, type RuleError } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { roomTopic, userTopic } from '../bus/topics.ts';
import { cleanText, type Chat } from '../chat/chat.ts';
import { tag } from '../lobby/lobby.ts';
import { DEFAULT_ROOM_RULES, ROOMS_LISTED, listRooms, type ChallengeTerms, type RoomRules, type RoomsPort } from '../rooms/rooms.ts';
import { checkTerms } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { randomId } from '../service/ids.ts';
import type { Clock } from '../service/time.ts';
import type { GameRow } from '../store/types.ts';
import type { RedisLink } from './redis.ts';
import { endByLeaving, type RoomChallengeEnd } from '../social/room-notices.ts';

interface Meta {
  readonly id: string;
  readonly name: string;
  readonly owner: ReturnType<typeof tag>;
  readonly createdAt: number;
}

interface Challenge {
  readonly view: RoomChallenge;
  readonly from: Identity;
}

const JOIN = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local f = ARGV[1] .. '|' .. ARGV[2]
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  redis.call('HINCRBY', KEYS[3], f, 1)
  return 0
end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then return -2 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HINCRBY', KEYS[3], f, 1)
for i = 1, 5 do redis.call('PERSIST', KEYS[i]) end
return 1`;

/**
 * One socket (or, with ARGV[4] = 'all', every socket of a dead node) of a
 * user leaves. Returns {0}: still a member; {1}: no longer a member; {3,
 * ...}: and these challenges of theirs (as stored) went too.
 */
const LEAVE = `
local f = ARGV[1] .. '|' .. ARGV[2]
local n = 0
if ARGV[4] ~= 'all' then n = redis.call('HINCRBY', KEYS[3], f, -1) end
if n > 0 then return {0} end
redis.call('HDEL', KEYS[3], f)
local p = ARGV[1] .. '|'
for _, k in ipairs(redis.call('HKEYS', KEYS[3])) do
  if string.sub(k, 1, #p) == p then return {0} end
end
if redis.call('HDEL', KEYS[2], ARGV[1]) == 0 then return {0} end
local out = {1}
local cs = redis.call('HGETALL', KEYS[4])
for i = 1, #cs, 2 do
  local c = cjson.decode(cs[i + 1])
  local to = c.view.to
  if c.from.id == ARGV[1] or (to ~= cjson.null and to.id == ARGV[1]) then
    redis.call('HDEL', KEYS[4], cs[i])
    out[1] = 3
    table.insert(out, cs[i + 1])
  end
end
if redis.call('HLEN', KEYS[2]) == 0 then
  for i = 1, 5 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
end
return out`;

export interface ClubRoomsDeps {
  readonly link: RedisLink;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly games: GamesPort;
  readonly chat: Chat;
  /** This node's registry member (`node|incarnation`), which its sockets are counted under. */
  readonly member: () => string;
  readonly lobby?: { playing(userIds: readonly string[]): void };
  readonly rules?: Partial<RoomRules>;
  /** Told when a challenge goes, on the node that removed it (social/room-notices.ts). */
  readonly challengeEnded?: (room: string, c: RoomChallenge, state: RoomChallengeEnd) => void;
}

export class ClubRooms implements RoomsPort {
  private readonly rules: RoomRules;
  private readonly offEnd: () => void;

  constructor(private readonly deps: ClubRoomsDeps) {
    this.rules = { ...DEFAULT_ROOM_RULES, ...deps.rules };
    this.offEnd = deps.games.onEnd((row) => void this.gameEnded(row).catch(() => undefined));
  }

  async create(owner: Identity, name?: string): Promise<Result<RoomView, RuleError>> {
    const c = this.deps.link.client;
    const mineKey = this.k(`rooms:owner:${owner.id}`);
    const mine = await c.smembers(mineKey);
    let open = 0;
    for (const id of mine) {
      if (await c.exists(this.k(`room:${id}`))) open++;
      else await c.srem(mineKey, id);
    }
    if (open >= this.rules.maxRoomsPerOwner) return err('room.too-many', `At most ${this.rules.maxRoomsPerOwner} open rooms each`);
    const clean = [...cleanText(name ?? '')].slice(0, this.rules.maxNameLength).join('');
    const meta: Meta = { id: randomId(8), name: clean || `Phòng của ${owner.name}`, owner: tag(owner), createdAt: this.deps.clock.now() };
    await c.set(this.k(`room:${meta.id}`), JSON.stringify(meta), 'PX', this.rules.emptyCloseMs);
    await c.sadd(mineKey, meta.id);
    await c.sadd(this.k('rooms'), meta.id);
    return ok(this.viewOf(meta, [], [], []));
  }

  async view(id: string): Promise<RoomView | null> {
    const c = this.deps.link.client;
    const [meta, members, challenges, games] = await Promise.all([
      c.get(this.k(`room:${id}`)),
      c.hvals(this.k(`room:${id}:m`)),
      c.hvals(this.k(`room:${id}:c`)),
      c.hvals(this.k(`room:${id}:g`)),
    ]);
    if (!meta) return null;
    return this.viewOf(
      JSON.parse(meta) as Meta,
      members.map((m) => JSON.parse(m)),
      challenges.map((x) => (JSON.parse(x) as Challenge).view),
      games.map((g) => JSON.parse(g) as RoomGame),
    );
  }

  async list(): Promise<readonly RoomSummary[]> {
    const c = this.deps.link.client;
    const rooms: RoomSummary[] = [];
    for (const id of await c.smembers(this.k('rooms'))) {
      const [meta, members, games] = await Promise.all([c.get(this.k(`room:${id}`)), c.hlen(this.k(`room:${id}:m`)), c.hlen(this.k(`room:${id}:g`))]);
      // A closed room's id stays in the set until the leader's purge: it is not listed.
      if (!meta) continue;
      const m = JSON.parse(meta) as Meta;
      rooms.push({ id: m.id, name: m.name, owner: m.owner, members, games, createdAt: m.createdAt });
    }
    return listRooms(rooms, ROOMS_LISTED);
  }

  async join(id: string, user: Identity): Promise<Result<RoomView, RuleError>> {
    const r = (await this.deps.link.client.eval(
      JOIN,
      5,
      ...this.keys(id),
      user.id,
      this.deps.member(),
      JSON.stringify(tag(user)),
      this.rules.maxMembers,
    )) as number;
    if (r === -1) return err('room.not-found', 'No such room: it may have closed');
    if (r === -2) return err('room.full', `A room holds at most ${this.rules.maxMembers} players`);
    if (r === 1) await this.publishMembers(id);
    const v = await this.view(id);
    return v ? ok(v) : err('room.not-found', 'No such room: it may have closed');
  }

  async leave(id: string, userId: string): Promise<void> {
    await this.gone(id, userId, this.deps.member(), false);
  }

  async isMember(id: string, userId: string): Promise<boolean> {
    return (await this.deps.link.client.hexists(this.k(`room:${id}:m`), userId)) === 1;
  }

  async say(id: string, user: Identity, text: string): Promise<Result<ChatLine, RuleError>> {
    if (!(await this.isMember(id, user.id))) return err('room.not-member', 'Join the room first');
    return this.deps.chat.post(user, { room: id }, text);
  }

  async challenge(id: string, from: Identity, terms: ChallengeTerms, to?: string): Promise<Result<RoomChallenge, RuleError>> {
    const c = this.deps.link.client;
    if (!(await this.isMember(id, from.id))) return err('room.not-member', 'Join the room first');
    let target: Identity | null = null;
    if (to !== undefined) {
      if (to === from.id) return err('challenge.self', 'You cannot challenge yourself');
      const m = await c.hget(this.k(`room:${id}:m`), to);
      if (!m) return err('room.not-member', 'That player is not in the room');
      target = JSON.parse(m) as Identity;
    }
    const bad = checkTerms({ ...terms, players: target ? [from, target] : [from] });
    if (bad) return bad;
    const all = (await c.hvals(this.k(`room:${id}:c`))).map((x) => JSON.parse(x) as Challenge);
    if (all.filter((x) => x.from.id === from.id).length >= this.rules.maxChallengesPerMember)
      return err('challenge.too-many', `At most ${this.rules.maxChallengesPerMember} open challenges each`);
    const view: RoomChallenge = { id: randomId(8), from: tag(from), to: target ? tag(target) : null, ...terms };
    await c.hset(this.k(`room:${id}:c`), view.id, JSON.stringify({ view, from } satisfies Challenge));
    await this.publishChallenges(id);
    return ok(view);
  }

  async accept(id: string, user: Identity, challengeId: string): Promise<Result<{ game: string }, RuleError>> {
    const c = this.deps.link.client;
    if (!(await this.isMember(id, user.id))) return err('room.not-member', 'Join the room first');
    const raw = await c.hget(this.k(`room:${id}:c`), challengeId);
    if (!raw) return err('challenge.not-found', 'The challenge is gone');
    const ch = JSON.parse(raw) as Challenge;
    if (ch.from.id === user.id) return err('challenge.self', 'This is your own challenge');
    if (ch.view.to && ch.view.to.id !== user.id) return err('game.forbidden', 'This challenge is for another player');
    // The one HDEL that answers 1 decides, on whichever node.
    if ((await c.hdel(this.k(`room:${id}:c`), challengeId)) !== 1) return err('challenge.not-found', 'The challenge is gone');
    await this.publishChallenges(id);
    const r = await this.deps.games.createPaired(ch.from, user, ch.view);
    this.deps.challengeEnded?.(id, ch.view, r.ok ? 'accepted' : 'expired');
    if (!r.ok) return r;
    const game = r.value.id;
    const first = r.value.side === 'first' ? ch.from : user;
    const second = r.value.side === 'first' ? user : ch.from;
    this.deps.lobby?.playing([ch.from.id, user.id]);
    this.tell(ch.from.id, { t: 'paired', game, side: r.value.side, opponent: tag(user), via: 'room' });
    this.tell(user.id, { t: 'paired', game, side: otherSide(r.value.side), opponent: tag(ch.from), via: 'room' });
    if (await c.exists(this.k(`room:${id}`))) {
      const rg: RoomGame = { id: game, variant: ch.view.variant, players: [first.name, second.name] };
      await c.hset(this.k(`room:${id}:g`), game, JSON.stringify(rg));
      await c.set(this.k(`roomof:${game}`), id, 'PX', 7 * 24 * 3600_000);
      await this.publishGames(id);
    }
    return ok({ game });
  }

  async decline(id: string, userId: string, challengeId: string): Promise<Result<true, RuleError>> {
    const c = this.deps.link.client;
    const raw = await c.hget(this.k(`room:${id}:c`), challengeId);
    if (!raw) return err('challenge.not-found', 'The challenge is gone');
    const ch = JSON.parse(raw) as Challenge;
    const mine = ch.from.id === userId;
    if (!mine && ch.view.to?.id !== userId) return err('game.forbidden', 'Not your challenge');
    if (!mine && ch.view.to === null) return err('game.forbidden', 'An open challenge is withdrawn by its author');
    if ((await c.hdel(this.k(`room:${id}:c`), challengeId)) !== 1) return err('challenge.not-found', 'The challenge is gone');
    await this.publishChallenges(id);
    this.deps.challengeEnded?.(id, ch.view, mine ? 'withdrawn' : 'declined');
    return ok(true);
  }

  /** Sockets a dead node counted go: its members leave unless they are on another node too. */
  async purge(member: string): Promise<void> {
    const c = this.deps.link.client;
    for (const id of await c.smembers(this.k('rooms'))) {
      if (!(await c.exists(this.k(`room:${id}`)))) {
        await c.srem(this.k('rooms'), id);
        continue;
      }
      const suffix = `|${member}`;
      for (const f of await c.hkeys(this.k(`room:${id}:s`))) {
        if (f.endsWith(suffix)) await this.gone(id, f.slice(0, -suffix.length), member, true);
      }
    }
  }

  close(): void {
    this.offEnd();
  }

  // --- internals ---

  private k(name: string): string {
    return this.deps.link.key(name);
  }

  private keys(id: string): string[] {
    return [`room:${id}`, `room:${id}:m`, `room:${id}:s`, `room:${id}:c`, `room:${id}:g`].map((n) => this.k(n));
  }

  private async gone(id: string, userId: string, member: string, all: boolean): Promise<void> {
    const [r = 0, ...dropped] = (await this.deps.link.client.eval(
      LEAVE,
      5,
      ...this.keys(id),
      userId,
      member,
      this.rules.emptyCloseMs,
      all ? 'all' : 'one',
    )) as [number, ...string[]];
    if (r >= 1) await this.publishMembers(id);
    if (r === 3) await this.publishChallenges(id);
    for (const raw of dropped) {
      const ch = JSON.parse(raw) as Challenge;
      this.deps.challengeEnded?.(id, ch.view, endByLeaving(ch.view, userId));
    }
  }

  private viewOf(m: Meta, members: RoomView['members'], challenges: RoomChallenge[], games: RoomGame[]): RoomView {
    return { id: m.id, name: m.name, owner: m.owner, members, games, challenges, createdAt: m.createdAt };
  }

  private async gameEnded(row: GameRow): Promise<void> {
    const id = await this.deps.link.client.get(this.k(`roomof:${row.id}`));
    if (!id) return;
    await this.deps.link.client.del(this.k(`roomof:${row.id}`));
    if ((await this.deps.link.client.hdel(this.k(`room:${id}:g`), row.id)) === 1) await this.publishGames(id);
  }

  private publish(id: string, m: ServerMessage): void {
    this.deps.bus.publish(roomTopic(id), JSON.stringify(m));
  }

  private async publishMembers(id: string): Promise<void> {
    const members = (await this.deps.link.client.hvals(this.k(`room:${id}:m`))).map((m) => JSON.parse(m));
    this.publish(id, { t: 'room-members', room: id, members });
  }

  private async publishChallenges(id: string): Promise<void> {
    const challenges = (await this.deps.link.client.hvals(this.k(`room:${id}:c`))).map((x) => (JSON.parse(x) as Challenge).view);
    this.publish(id, { t: 'room-challenges', room: id, challenges });
  }

  private async publishGames(id: string): Promise<void> {
    const games = (await this.deps.link.client.hvals(this.k(`room:${id}:g`))).map((g) => JSON.parse(g) as RoomGame);
    this.publish(id, { t: 'room-games', room: id, games });
  }

  private tell(userId: string, m: ServerMessage): void {
    this.deps.bus.publish(userTopic(userId), JSON.stringify(m));
  }
}
