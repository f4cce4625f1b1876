/**
 * The rooms' state (rooms/state.ts) in Redis, for the nodes of a club: what must
 * hold when two nodes race is one Lua script or one command each (JOIN,
 * LEAVE, CHALLENGE, CLOSE; HDEL takes a challenge once).
 *
 * Keys, for room R: `room:R` (meta), `room:R:m` (members), `room:R:s`
 * (sockets, `<user>|<node>` → count), `room:R:c` (challenges), `room:R:g`
 * (live games), `room:R:x` (when the empty room is due to close); `rooms`
 * and `rooms:owner:<user>` (ids, pruned as closed rooms are met), and
 * `roomof:<game>` (the room a game was started from). The node that leaves
 * a room empty closes it when due (rooms.ts); an empty room's keys live
 * `CLOSE_GRACE_MS` longer, so a room whose node died meanwhile still goes.
 */
import type { PlayerTag, RoomGame, RoomSummary } from '@youzai/protocol';
import type { RedisLink } from './redis.ts';
import type { Clock } from '../service/time.ts';
import type { Added, Joined, Left, RoomMeta, RoomState, RoomsState, StoredChallenge } from '../rooms/state.ts';

/** How long an empty room's keys outlive its closing time: only a room whose node died meanwhile needs them gone. */
export const CLOSE_GRACE_MS = 60_000;

/** A game's room is remembered this long (a game lasts less). */
const GAME_ROOM_MS = 7 * 24 * 3600_000;

const JOIN = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
local f = ARGV[1] .. '|' .. ARGV[2]
local again = redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1
if not again and redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HINCRBY', KEYS[3], f, 1)
redis.call('DEL', KEYS[6])
for i = 1, 5 do redis.call('PERSIST', KEYS[i]) end
if again then return 'again' end
return 'new'`;

/**
 * One socket (ARGV[3] = 'all': every socket on the node) of a user leaves.
 * Returns {}: still a member, or was none; {empty (0|1), challenges of
 * theirs that went (as stored)...}.
 */
const LEAVE = `
local f = ARGV[1] .. '|' .. ARGV[2]
local n = 0
if ARGV[3] ~= 'all' then n = redis.call('HINCRBY', KEYS[3], f, -1) end
if n > 0 then return {} end
redis.call('HDEL', KEYS[3], f)
local p = ARGV[1] .. '|'
for _, k in ipairs(redis.call('HKEYS', KEYS[3])) do
  if string.sub(k, 1, #p) == p then return {} end
end
if redis.call('HDEL', KEYS[2], ARGV[1]) == 0 then return {} end
local out = {0}
local cs = redis.call('HGETALL', KEYS[4])
for i = 1, #cs, 2 do
  local c = cjson.decode(cs[i + 1])
  local to = c.view.to
  if c.from.id == ARGV[1] or (to ~= cjson.null and to.id == ARGV[1]) then
    redis.call('HDEL', KEYS[4], cs[i])
    table.insert(out, cs[i + 1])
  end
end
if redis.call('HLEN', KEYS[2]) == 0 then
  out[1] = 1
  redis.call('SET', KEYS[6], ARGV[4])
  for i = 1, 6 do redis.call('PEXPIRE', KEYS[i], ARGV[5]) end
end
return out`;

/** ARGV: the challenge (as stored), its id, author, target ('' for anyone), the most open per author. */
const CHALLENGE = `
if redis.call('HEXISTS', KEYS[2], ARGV[3]) == 0 then return 'no-author' end
if ARGV[4] ~= '' and redis.call('HEXISTS', KEYS[2], ARGV[4]) == 0 then return 'no-target' end
local mine = 0
for _, raw in ipairs(redis.call('HVALS', KEYS[4])) do
  if cjson.decode(raw).from.id == ARGV[3] then mine = mine + 1 end
end
if mine >= tonumber(ARGV[5]) then return 'too-many' end
redis.call('HSET', KEYS[4], ARGV[2], ARGV[1])
return 'ok'`;

/** Closes an empty room still due at ARGV[2]: {} if not; else {the games it listed...}. KEYS[7], KEYS[8]: `rooms`, the owner's set. */
const CLOSE = `
if redis.call('GET', KEYS[6]) ~= ARGV[2] or redis.call('HLEN', KEYS[2]) > 0 then return false end
local games = redis.call('HKEYS', KEYS[5])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6])
redis.call('SREM', KEYS[7], ARGV[1])
redis.call('SREM', KEYS[8], ARGV[1])
return games`;

const parse = <T>(raw: string): T => JSON.parse(raw) as T;

export class RedisRoomsState implements RoomsState {
  /** `clock`: the rules' clock, which closing times are on (an empty room's keys expire relative to it). */
  constructor(
    private readonly link: RedisLink,
    private readonly clock: Clock,
  ) {}

  async owned(ownerId: string): Promise<number> {
    const c = this.link.client;
    const mineKey = this.k(`rooms:owner:${ownerId}`);
    let open = 0;
    for (const id of await c.smembers(mineKey)) {
      if (await c.exists(this.k(`room:${id}`))) open++;
      else await c.srem(mineKey, id);
    }
    return open;
  }

  async create(meta: RoomMeta, closeAt: number): Promise<void> {
    const [room, , , , , due] = this.keys(meta.id);
    await this.link.client
      .multi()
      .set(room!, JSON.stringify(meta), 'PX', this.ttl(closeAt))
      .set(due!, String(closeAt), 'PX', this.ttl(closeAt))
      .sadd(this.k(`rooms:owner:${meta.owner.id}`), meta.id)
      .sadd(this.k('rooms'), meta.id)
      .exec();
  }

  async room(id: string): Promise<RoomState | null> {
    const c = this.link.client;
    const [meta, members, challenges, games] = await Promise.all([
      c.get(this.k(`room:${id}`)),
      c.hvals(this.k(`room:${id}:m`)),
      c.hvals(this.k(`room:${id}:c`)),
      c.hvals(this.k(`room:${id}:g`)),
    ]);
    if (!meta) return null;
    return { meta: parse(meta), members: members.map(parse<PlayerTag>), challenges: challenges.map(parse<StoredChallenge>), games: games.map(parse<RoomGame>) };
  }

  async summaries(): Promise<RoomSummary[]> {
    const c = this.link.client;
    const rooms: RoomSummary[] = [];
    for (const id of await c.smembers(this.k('rooms'))) {
      const [meta, members, games] = await Promise.all([c.get(this.k(`room:${id}`)), c.hlen(this.k(`room:${id}:m`)), c.hlen(this.k(`room:${id}:g`))]);
      if (meta) rooms.push({ ...parse<RoomMeta>(meta), members, games });
    }
    return rooms;
  }

  async member(id: string, userId: string): Promise<PlayerTag | null> {
    const raw = await this.link.client.hget(this.k(`room:${id}:m`), userId);
    return raw ? parse(raw) : null;
  }

  async join(id: string, user: PlayerTag, node: string, maxMembers: number): Promise<Joined> {
    return (await this.link.client.eval(JOIN, 6, ...this.keys(id), user.id, node, JSON.stringify(user), maxMembers)) as Joined;
  }

  async leave(id: string, userId: string, node: string, all: boolean, closeAt: number): Promise<Left | null> {
    const r = (await this.link.client.eval(LEAVE, 6, ...this.keys(id), userId, node, all ? 'all' : 'one', String(closeAt), this.ttl(closeAt))) as [
      number?,
      ...string[],
    ];
    const [empty, ...dropped] = r;
    return empty === undefined ? null : { empty: empty === 1, dropped: dropped.map(parse<StoredChallenge>) };
  }

  async addChallenge(id: string, c: StoredChallenge, max: number): Promise<Added> {
    const v = c.view;
    return (await this.link.client.eval(CHALLENGE, 6, ...this.keys(id), JSON.stringify(c), v.id, c.from.id, v.to?.id ?? '', max)) as Added;
  }

  async challenge(id: string, challengeId: string): Promise<StoredChallenge | null> {
    const raw = await this.link.client.hget(this.k(`room:${id}:c`), challengeId);
    return raw ? parse(raw) : null;
  }

  async takeChallenge(id: string, challengeId: string): Promise<boolean> {
    return (await this.link.client.hdel(this.k(`room:${id}:c`), challengeId)) === 1;
  }

  async addGame(id: string, game: RoomGame): Promise<boolean> {
    const c = this.link.client;
    if (!(await c.exists(this.k(`room:${id}`)))) return false;
    await c
      .multi()
      .hset(this.k(`room:${id}:g`), game.id, JSON.stringify(game))
      .set(this.k(`roomof:${game.id}`), id, 'PX', GAME_ROOM_MS)
      .exec();
    return true;
  }

  async endGame(gameId: string): Promise<string | null> {
    const c = this.link.client;
    const id = await c.get(this.k(`roomof:${gameId}`));
    if (!id) return null;
    await c.del(this.k(`roomof:${gameId}`));
    return (await c.hdel(this.k(`room:${id}:g`), gameId)) === 1 ? id : null;
  }

  async closeIfDue(id: string, closeAt: number): Promise<boolean> {
    const c = this.link.client;
    const meta = await c.get(this.k(`room:${id}`));
    if (!meta) return false;
    const owner = this.k(`rooms:owner:${parse<RoomMeta>(meta).owner.id}`);
    const games = (await c.eval(CLOSE, 8, ...this.keys(id), this.k('rooms'), owner, id, String(closeAt))) as string[] | null;
    if (!games) return false;
    if (games.length) await c.del(...games.map((g) => this.k(`roomof:${g}`)));
    return true;
  }

  async socketsOn(node: string): Promise<{ room: string; user: string }[]> {
    const c = this.link.client;
    const out: { room: string; user: string }[] = [];
    const suffix = `|${node}`;
    for (const id of await c.smembers(this.k('rooms'))) {
      if (!(await c.exists(this.k(`room:${id}`)))) {
        await c.srem(this.k('rooms'), id);
        continue;
      }
      for (const f of await c.hkeys(this.k(`room:${id}:s`))) if (f.endsWith(suffix)) out.push({ room: id, user: f.slice(0, -suffix.length) });
    }
    return out;
  }

  private k(name: string): string {
    return this.link.key(name);
  }

  private keys(id: string): string[] {
    return ['', ':m', ':s', ':c', ':g', ':x'].map((s) => this.k(`room:${id}${s}`));
  }

  /** Keys of an empty room live until its closing time, and a grace. */
  private ttl(closeAt: number): number {
    return Math.max(1, closeAt - this.clock.now()) + CLOSE_GRACE_MS;
  }
}
