/**
 * Scenario tests of the lobby's rules: the real game service, in-memory
 * storage, fake time; the seeks and pool places in memory and in Redis (a
 * key prefix of their own), as for a club of one node and of several.
 */
import type { Identity, ServerMessage } from '@youzai/protocol';
import { err } from '@youzai/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { LOBBY_TOPIC, userTopic } from '../bus/topics.ts';
import { RedisLobbyState } from '../cluster/lobby-state.ts';
import { TestLinks } from '../testing/redis.ts';
import { player, record, socialSetup, type SocialOptions } from '../testing/social.ts';
import { Lobby, type PoolMatcher, type SeekTerms } from './lobby.ts';
import { Presence } from './presence.ts';
import { MemoryLobbyState, type LobbyState } from './state.ts';

const [alice, bob, carol] = [player('alice'), player('bob'), player('carol')];
const [dave, erin, frank] = [player('dave'), player('erin'), player('frank')];
const guest = player('g1', true);
const terms = (over: Partial<SeekTerms> = {}): SeekTerms => ({
  variant: 'xiangqi',
  clock: { kind: 'fischer', minutes: 5, increment: 3 },
  rated: false,
  color: 'random',
  ...over,
});
const of = <T extends ServerMessage['t']>(ms: ServerMessage[], t: T) => ms.filter((m): m is Extract<ServerMessage, { t: T }> => m.t === t);

const redis = new TestLinks();
afterAll(() => redis.dispose());

/** One lobby state seen by `nodes` nodes: one object in memory; in Redis, a connection each under one fresh prefix. */
const states: [string, (nodes: number) => Promise<LobbyState[]>][] = [
  [
    'memory',
    async (nodes) => {
      const one = new MemoryLobbyState();
      return Array.from({ length: nodes }, () => one);
    },
  ],
  ['redis', async (nodes) => (await redis.club(nodes)).map((l) => new RedisLobbyState(l))],
];

/** Whether a node matches the pools, as the club's Leader says. */
class Lead implements PoolMatcher {
  private readonly fns: ((held: boolean) => void)[] = [];
  constructor(public isLeader: boolean) {}
  onChange(fn: (held: boolean) => void): void {
    this.fns.push(fn);
  }
  set(held: boolean): void {
    this.isLeader = held;
    for (const fn of this.fns) fn(held);
  }
}

describe.each(states)('lobby (%s)', (_name, makeStates) => {
  const setup = async (users: readonly Identity[], opts: SocialOptions = {}) => {
    const [state] = await makeStates(1);
    return socialSetup(users, { ...opts, lobbyState: state! });
  };
  /** Moves the time, then waits for what it set off (counters read, withdrawals, matching). */
  const step = async (s: Awaited<ReturnType<typeof setup>>, ms: number) => {
    s.time.advance(ms);
    await s.lobby.idle();
  };

  it('counters: online and seeking, pushed at most every 500 ms, and only when they changed', async () => {
    const s = await setup([alice, bob, carol]);
    const lobby = record(s.bus, LOBBY_TOPIC);
    for (let i = 0; i < 100; i++) s.presence.connect(`u${i}`);
    s.presence.connect('u1'); // a second socket: still 100 players
    await step(s, 0);
    expect(of(lobby, 'counters')).toEqual([{ t: 'counters', online: 100, seeking: 0 }]);
    s.presence.connect('alice');
    await s.lobby.createSeek(alice, terms());
    await step(s, 499);
    expect(of(lobby, 'counters')).toHaveLength(1);
    await step(s, 1);
    expect(of(lobby, 'counters').at(-1)).toEqual({ t: 'counters', online: 101, seeking: 1 });
    // A change and its undoing within one interval push nothing.
    s.presence.connect('zed');
    s.presence.disconnect('zed');
    await step(s, 1000);
    expect(of(lobby, 'counters')).toHaveLength(2);
    // Seeks and pool places count players, not seeks.
    await s.lobby.createSeek(alice, terms({ variant: 'janggi' }));
    s.presence.connect('bob');
    await s.lobby.joinPool(bob, 'xiangqi-3+2');
    await step(s, 500);
    expect(of(lobby, 'counters').at(-1)).toMatchObject({ online: 102, seeking: 2 });
    expect((await s.lobby.snapshot()).counters).toEqual({ online: 102, seeking: 2 });
  });

  it('a seek goes out to the lobby, is accepted once, and both players are told of their game', async () => {
    const s = await setup([alice, bob, carol]);
    for (const u of [alice, bob, carol]) s.presence.connect(u.id);
    const lobby = record(s.bus, LOBBY_TOPIC);
    const [toAlice, toBob] = [record(s.bus, userTopic('alice')), record(s.bus, userTopic('bob'))];
    const created = await s.lobby.createSeek(alice, terms({ color: 'second' }));
    if (!created.ok) throw new Error(created.error.message);
    const seek = created.value;
    expect(seek).toMatchObject({
      user: { id: 'alice', name: 'alice', guest: false },
      rating: { rating: 1500, deviation: 350, provisional: true },
      color: 'second',
      range: null,
    });
    await step(s, 0);
    expect(of(lobby, 'seeks')).toEqual([{ t: 'seeks', add: [seek], remove: [] }]);
    expect((await s.lobby.snapshot()).seeks).toEqual([seek]);

    expect(await s.lobby.acceptSeek(alice, seek.id)).toMatchObject({ ok: false, error: { code: 'seek.own' } });
    const [won, lost] = await Promise.all([s.lobby.acceptSeek(bob, seek.id), s.lobby.acceptSeek(carol, seek.id)]);
    expect(won.ok).toBe(true);
    expect(lost).toMatchObject({ ok: false, error: { code: 'seek.not-found' } });
    const game = won.ok ? won.value.game : '';
    await step(s, 0);
    expect(of(lobby, 'seeks').at(-1)).toEqual({ t: 'seeks', add: [], remove: [seek.id] });
    expect(of(toAlice, 'paired')).toEqual([{ t: 'paired', game, side: 'second', opponent: { id: 'bob', name: 'bob', guest: false }, via: 'seek' }]);
    expect(of(toBob, 'paired')).toEqual([{ t: 'paired', game, side: 'first', opponent: { id: 'alice', name: 'alice', guest: false }, via: 'seek' }]);
    const view = (await s.games.view(game))!.view;
    expect(view.status).toBe('active');
    expect(view.seats.map((x) => x?.userId)).toEqual(['bob', 'alice']);
    expect(view.clockConfig).toEqual({ kind: 'fischer', baseMs: 300_000, incrementMs: 3000 });
  });

  it('cancel; a seek goes when its owner\u2019s last socket closes; at most 5 each; only online players post', async () => {
    const s = await setup([alice, bob]);
    s.presence.connect('alice');
    s.presence.connect('alice');
    const lobby = record(s.bus, LOBBY_TOPIC);
    const a = await s.lobby.createSeek(alice, terms());
    const b = await s.lobby.createSeek(alice, terms({ variant: 'sittuyin' }));
    if (!a.ok || !b.ok) throw new Error('seek');
    expect(await s.lobby.cancelSeek('bob', a.value.id)).toMatchObject({ ok: false, error: { code: 'seek.not-found' } });
    expect((await s.lobby.cancelSeek('alice', a.value.id)).ok).toBe(true);
    s.presence.disconnect('alice');
    await s.lobby.idle();
    expect((await s.lobby.snapshot()).seeks.map((x) => x.id)).toEqual([b.value.id]);
    s.presence.disconnect('alice');
    await s.lobby.idle();
    expect((await s.lobby.snapshot()).seeks).toEqual([]);
    await step(s, 0);
    // Added and gone within one batch: only the removals go out.
    expect(of(lobby, 'seeks')).toEqual([{ t: 'seeks', add: [], remove: [a.value.id, b.value.id] }]);
    expect(await s.lobby.createSeek(alice, terms())).toMatchObject({ ok: false, error: { code: 'seek.offline' } });
    s.presence.connect('alice');
    for (let i = 0; i < 5; i++) expect((await s.lobby.createSeek(alice, terms())).ok).toBe(true);
    expect(await s.lobby.createSeek(alice, terms())).toMatchObject({ ok: false, error: { code: 'seek.too-many' } });
  });

  it('guests seek and accept casual games only; a rating range keeps others out', async () => {
    const s = await setup([alice, bob, carol, guest], { ratings: { alice: 1500, bob: 1700, carol: 1580 } });
    for (const u of [alice, bob, carol, guest]) s.presence.connect(u.id);
    expect(await s.lobby.createSeek(guest, terms({ rated: true }))).toMatchObject({ ok: false, error: { code: 'game.rated-guest' } });
    expect(await s.lobby.createSeek(alice, terms({ clock: { kind: 'byoyomi', minutes: 5, periods: 3, seconds: 30 } }))).toMatchObject({
      ok: false,
      error: { code: 'game.clock' },
    });
    const rated = await s.lobby.createSeek(alice, terms({ rated: true, range: { min: 1400, max: 1600 } }));
    if (!rated.ok) throw new Error(rated.error.message);
    expect(await s.lobby.acceptSeek(guest, rated.value.id)).toMatchObject({ ok: false, error: { code: 'game.rated-guest' } });
    expect(await s.lobby.acceptSeek(bob, rated.value.id)).toMatchObject({ ok: false, error: { code: 'seek.out-of-range' } });
    const ok = await s.lobby.acceptSeek(carol, rated.value.id);
    expect(ok.ok).toBe(true);
    expect((await s.games.view(ok.ok ? ok.value.game : ''))!.view.rated).toBe(true);
    const casual = await s.lobby.createSeek(guest, terms());
    if (!casual.ok) throw new Error(casual.error.message);
    const g = await s.lobby.acceptSeek(bob, casual.value.id);
    expect(g.ok && (await s.games.view(g.value.game))!.view.rated).toBe(false);
  });

  it('quick pairing: players far apart in rating are paired once their ranges have widened enough', async () => {
    const s = await setup([alice, bob, carol, guest], {
      ratings: { alice: 1500, bob: 1800, carol: 2400 },
      lobby: { pool: { baseRange: 100, widenPerSecond: 10, maxRange: 1000 } },
    });
    for (const u of [alice, bob, carol, guest]) s.presence.connect(u.id);
    const [toAlice, toBob, toGuest] = [record(s.bus, userTopic('alice')), record(s.bus, userTopic('bob')), record(s.bus, userTopic('g1'))];
    expect((await s.lobby.joinPool(alice, 'xiangqi-5+3')).ok).toBe(true);
    expect(of(toAlice, 'pool')).toEqual([{ t: 'pool', pool: 'xiangqi-5+3' }]);
    expect(await s.lobby.joinPool(guest, 'xiangqi-5+3', true)).toMatchObject({ ok: false, error: { code: 'game.rated-guest' } });
    expect((await s.lobby.joinPool(guest, 'xiangqi-5+3')).ok).toBe(true); // casual: never meets the rated players
    expect((await s.lobby.joinPool(bob, 'xiangqi-5+3')).ok).toBe(true);
    expect((await s.lobby.joinPool(carol, 'xiangqi-5+3')).ok).toBe(true);
    expect((await s.lobby.snapshot()).pools.find((p) => p.id === 'xiangqi-5+3')?.waiting).toBe(4);
    // 300 apart: a range of 300 needs 20 s of waiting.
    for (let t = 0; t < 19; t++) {
      await step(s, 1000);
    }
    expect(of(toAlice, 'paired')).toEqual([]);
    await step(s, 1000);
    const paired = of(toAlice, 'paired');
    expect(paired).toHaveLength(1);
    expect(paired[0]).toMatchObject({ opponent: { id: 'bob' }, via: 'pool' });
    expect(of(toBob, 'paired')[0]!.game).toBe(paired[0]!.game);
    const view = (await s.games.view(paired[0]!.game))!.view;
    expect(view).toMatchObject({ rated: true, status: 'active', clockConfig: { kind: 'fischer', baseMs: 300_000, incrementMs: 3000 } });
    // carol (2400) waits on alone; the guest leaves.
    expect((await s.lobby.countersNow()).seeking).toBe(2);
    expect((await s.lobby.leavePool('g1')).ok).toBe(true);
    expect(of(toGuest, 'pool').at(-1)).toEqual({ t: 'pool', pool: null, why: 'left' });
    expect(await s.lobby.leavePool('g1')).toMatchObject({ ok: false, error: { code: 'pool.not-in' } });
    expect(await s.lobby.joinPool(alice, 'nope')).toMatchObject({ ok: false, error: { code: 'pool.not-found' } });
  });

  it('accepting a seek takes both players out of the pools and their other seeks', async () => {
    const s = await setup([alice, bob]);
    s.presence.connect('alice');
    s.presence.connect('bob');
    const toBob = record(s.bus, userTopic('bob'));
    const seek = await s.lobby.createSeek(alice, terms());
    await s.lobby.createSeek(alice, terms({ variant: 'janggi' }));
    await s.lobby.joinPool(bob, 'sittuyin-3+2');
    if (!seek.ok) throw new Error('seek');
    expect((await s.lobby.acceptSeek(bob, seek.value.id)).ok).toBe(true);
    expect((await s.lobby.snapshot()).seeks).toEqual([]);
    expect((await s.lobby.countersNow()).seeking).toBe(0);
    expect(of(toBob, 'pool').at(-1)).toEqual({ t: 'pool', pool: null, why: 'paired' });
  });

  it('while the sockets are still sending the last lobby frame, changes wait and merge', async () => {
    const s = await setup([alice, bob]);
    s.presence.connect('alice');
    const lobby = record(s.bus, LOBBY_TOPIC);
    let busy = true;
    s.lobby.throttle(() => busy);
    const a = await s.lobby.createSeek(alice, terms());
    const b = await s.lobby.createSeek(alice, terms({ variant: 'janggi' }));
    if (!a.ok || !b.ok) throw new Error('seek');
    await s.lobby.cancelSeek('alice', a.value.id);
    await step(s, 2000);
    expect(lobby).toEqual([]);
    busy = false;
    await step(s, 20);
    expect(of(lobby, 'seeks')).toEqual([{ t: 'seeks', add: [b.value], remove: [a.value.id] }]);
    expect(of(lobby, 'counters')).toEqual([{ t: 'counters', online: 1, seeking: 1 }]);
  });

  it('a game the store cannot write: the seek and both pool places come back, the players are told why, and a later try pairs', async () => {
    const s = await setup([alice, bob, carol, dave]);
    for (const u of [alice, bob, carol, dave]) s.presence.connect(u.id);
    const [toCarol, toDave] = [record(s.bus, userTopic('carol')), record(s.bus, userTopic('dave'))];
    const real = s.games.createPaired.bind(s.games);
    let down = true;
    s.games.createPaired = async (...a: Parameters<typeof real>) => (down ? err('server.storage', 'The games could not be stored') : real(...a));
    const seek = await s.lobby.createSeek(alice, terms());
    if (!seek.ok) throw new Error(seek.error.message);
    expect(await s.lobby.acceptSeek(bob, seek.value.id)).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    expect((await s.lobby.snapshot()).seeks).toEqual([seek.value]);
    expect((await s.lobby.joinPool(carol, 'janggi-5+3')).ok).toBe(true);
    expect((await s.lobby.joinPool(dave, 'janggi-5+3')).ok).toBe(true);
    await s.lobby.idle();
    for (const to of [toCarol, toDave]) expect(of(to, 'error')).toEqual([{ t: 'error', code: 'server.storage', message: 'The games could not be stored' }]);
    expect((await s.lobby.snapshot()).pools.find((p) => p.id === 'janggi-5+3')?.waiting).toBe(2);
    down = false;
    await step(s, 1000);
    expect(of(toCarol, 'paired')).toEqual([expect.objectContaining({ opponent: { id: 'dave', name: 'dave', guest: false }, via: 'pool' })]);
    expect((await s.lobby.acceptSeek(bob, seek.value.id)).ok).toBe(true);
  });

  /** Two nodes of one club: one bus, one game service, one lobby state; each node its own sockets; `alive` says which nodes live. */
  const club = async () => {
    const s = await socialSetup([alice, bob, carol, dave, erin, frank]);
    s.lobby.close();
    const presences = [new Presence(), new Presence()];
    const alive = [true, true];
    const live = () => presences.filter((_, i) => alive[i]);
    const online = { isOnline: (id: string) => live().some((p) => p.isOnline(id)), count: () => new Set(live().flatMap((p) => p.users())).size };
    const leads = [new Lead(true), new Lead(false)];
    const nodes = (await makeStates(2)).map(
      (state, i) =>
        new Lobby({
          bus: s.bus,
          clock: s.time,
          timers: s.time,
          games: s.games,
          presence: presences[i]!,
          online,
          state,
          leader: leads[i]!,
          ratingOf: (u, v) => s.ratings.ratingOf(u, v),
        }),
    );
    const step = async (ms: number) => {
      s.time.advance(ms);
      for (const n of nodes) await n.idle();
    };
    return { ...s, presences, alive, leads, nodes, step };
  };

  it('two nodes, one lobby: a seek taken once across nodes; the leader alone pairs players of both nodes; a dead node\u2019s players are swept', async () => {
    const c = await club();
    const [a, b] = c.nodes as [Lobby, Lobby];
    const [pa, pb] = c.presences as [Presence, Presence];
    for (const id of ['alice', 'carol', 'erin', 'frank']) pa.connect(id);
    for (const id of ['bob', 'dave']) pb.connect(id);
    const seek = await a.createSeek(alice, terms());
    if (!seek.ok) throw new Error(seek.error.message);
    expect((await b.snapshot()).seeks).toEqual([seek.value]);
    const taken = await Promise.all([b.acceptSeek(bob, seek.value.id), a.acceptSeek(carol, seek.value.id)]);
    expect(taken.filter((r) => r.ok)).toHaveLength(1);
    expect(taken.find((r) => !r.ok)).toMatchObject({ error: { code: 'seek.not-found' } });

    // No leader: nobody pairs. Then node 2 takes the lead and pairs at once, players of both nodes, once.
    c.leads[0]!.set(false);
    const [toDave, toErin] = [record(c.bus, userTopic('dave')), record(c.bus, userTopic('erin'))];
    expect((await b.joinPool(dave, 'xiangqi-5+3')).ok).toBe(true);
    expect((await a.joinPool(erin, 'xiangqi-5+3')).ok).toBe(true);
    await c.step(3000);
    expect(of(toDave, 'paired')).toEqual([]);
    c.leads[1]!.set(true);
    await c.step(0);
    expect(of(toDave, 'paired')).toEqual([expect.objectContaining({ opponent: { id: 'erin', name: 'erin', guest: false }, via: 'pool' })]);
    expect(of(toErin, 'paired')).toEqual([expect.objectContaining({ game: of(toDave, 'paired')[0]!.game, via: 'pool' })]);
    expect((await a.countersNow()).seeking).toBe(0);

    // Node 1 dies without a word: frank's seek stays until the leader's sweep (every 5 ticks).
    const f = await a.createSeek(frank, terms());
    expect(f.ok).toBe(true);
    a.close();
    c.alive[0] = false;
    await c.step(4000);
    expect((await b.snapshot()).seeks).toHaveLength(1);
    await c.step(1000);
    expect(await b.snapshot()).toMatchObject({ seeks: [], counters: { online: 2, seeking: 0 } });
  });
});
