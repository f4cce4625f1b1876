/**
 * Players finding each other over real HTTP and WebSocket (memory store,
 * fake time): a challenge by name rings the target's bell live and its
 * answer reaches the challenger at once (accepted, declined with a reason,
 * expired, withdrawn); blocks refuse challenges; notifications are listed,
 * marked read and turned off by kind; follows, search and "my games".
 */
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { CHALLENGE_TTL_MS, CORRESPONDENCE_CHALLENGE_TTL_MS } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

type Msg<T extends ServerMessage['t']> = Extract<ServerMessage, { t: T }>;
type Player = TestClient & { name: string; userId: string };

const time = new FakeTime();
let app: App;
let base: string;
let n = 0;
const CLOCK = { kind: 'fischer', minutes: 5, increment: 3 } as const;

beforeAll(async () => {
  app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: time, timers: time, publicUrl: 'http://test', httpRate: 10_000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app?.close());

async function player(prefix: string): Promise<Player> {
  const c = new TestClient(base) as Player;
  c.userId = (await c.http('POST', '/api/session')).json.user.id;
  c.name = `${prefix}${n++}`;
  expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  await c.connect();
  return c;
}

const challenge = (from: TestClient, to: Player) =>
  from.http('POST', '/api/games', { variant: 'xiangqi', color: 'first', clock: CLOCK, opponent: { type: 'user', username: to.name } });

const notice = (kind: string, game: string, state?: string) => (m: ServerMessage) =>
  m.t === 'notification' && m.notification.kind === kind && m.notification.data.game === game && (state === undefined || m.notification.data.state === state);

describe('challenges by name, live', () => {
  it('the target is told on any page; accepting tells the challenger at once', async () => {
    const [alice, bob] = [await player('ann'), await player('bob')];
    const c = await challenge(alice, bob);
    expect(c.status).toBe(201);
    const rang = (await bob.waitFor(notice('challenge', c.json.id, 'open'))) as Msg<'notification'>;
    expect(rang.unread).toBe(1);
    expect(rang.notification.data).toMatchObject({ from: { id: alice.userId, name: alice.name }, variant: 'xiangqi', clock: '5+3', rated: false });
    expect(rang.notification.data.expiresAt).toBe(time.now() + CHALLENGE_TTL_MS);
    // Stored: a player who was away finds it.
    const listed = await bob.http('GET', '/api/notifications');
    expect(listed.json).toMatchObject({ ok: true, unread: 1, notifications: [{ kind: 'challenge', readAt: null }] });

    expect((await bob.http('POST', `/api/games/${c.json.id}/join`, {})).json.ok).toBe(true);
    const answer = (await alice.waitFor(notice('challenge-answer', c.json.id, 'accepted'))) as Msg<'notification'>;
    expect(answer.notification.data.from).toEqual({ id: bob.userId, name: bob.name });
    // The target's own notice follows the challenge, quietly (already read).
    const closed = (await bob.waitFor(notice('challenge', c.json.id, 'accepted'))) as Msg<'notification'>;
    expect(closed.notification.readAt).not.toBeNull();
    expect(closed.unread).toBe(0);
    // Both have the game in "my games"; the first player is to move.
    const mine = await alice.http('GET', '/api/me/games');
    expect(mine.json.games).toMatchObject([{ id: c.json.id, yourTurn: true, players: [alice.name, bob.name] }]);
    expect((await bob.http('GET', '/api/me/games')).json.games).toMatchObject([{ id: c.json.id, yourTurn: false }]);
  });

  it('declined with a reason; withdrawn; expired', async () => {
    const [alice, bob] = [await player('ann'), await player('bob')];
    const c1 = await challenge(alice, bob);
    await bob.waitFor(notice('challenge', c1.json.id, 'open'));
    expect((await bob.http('POST', `/api/games/${c1.json.id}/decline`, { reason: 'bogus' })).json.code).toBe('body.invalid');
    expect((await bob.http('POST', `/api/games/${c1.json.id}/decline`, { reason: 'later' })).json.ok).toBe(true);
    const no = (await alice.waitFor(notice('challenge-answer', c1.json.id, 'declined'))) as Msg<'notification'>;
    expect(no.notification.data.reason).toBe('later');

    const c2 = await challenge(alice, bob);
    await bob.waitFor(notice('challenge', c2.json.id, 'open'));
    // Withdrawn: the challenger's own decline; the target's bell item says so, and the challenger is not rung.
    expect((await alice.http('POST', `/api/games/${c2.json.id}/decline`)).json.ok).toBe(true);
    await bob.waitFor(notice('challenge', c2.json.id, 'withdrawn'));
    expect((await bob.http('POST', `/api/games/${c2.json.id}/join`, {})).json.code).toBe('game.over');

    const c3 = await challenge(alice, bob);
    await bob.waitFor(notice('challenge', c3.json.id, 'open'));
    time.advance(CHALLENGE_TTL_MS);
    await alice.waitFor(notice('challenge-answer', c3.json.id, 'expired'));
    await bob.waitFor(notice('challenge', c3.json.id, 'expired'));
    expect(alice.received.some(notice('challenge-answer', c2.json.id))).toBe(false);
  });

  it('a challenge to a named member of a room rings their bell; a blocked player cannot send one', async () => {
    const [alice, bob] = [await player('room'), await player('room')];
    const room = (await alice.http('POST', '/api/rooms', {})).json.id as string;
    for (const [i, c] of [alice, bob].entries()) expect(await c.request({ t: 'room-join', room }, 50 + i)).toMatchObject({ t: 'ack' });
    // Listed for anyone, with its players present (issue 33, item 8.2).
    const listed = await new TestClient(base).http('GET', '/api/rooms');
    expect(listed.json.rooms).toContainEqual(expect.objectContaining({ id: room, members: 2, games: 0, owner: expect.objectContaining({ id: alice.userId }) }));
    const terms = { variant: 'xiangqi', clock: CLOCK, rated: false, color: 'first' };
    expect(await alice.request({ t: 'room-challenge', room, to: bob.userId, ...terms }, 60)).toMatchObject({ t: 'ack' });
    const rang = (await bob.waitFor((m) => m.t === 'notification' && m.notification.data.url === `/rooms/${room}`)) as Msg<'notification'>;
    expect(rang.notification).toMatchObject({ kind: 'challenge', data: { from: { id: alice.userId }, state: 'open' } });
    await bob.http('POST', `/api/users/${alice.name}/block`, {});
    expect(await alice.request({ t: 'room-challenge', room, to: bob.userId, ...terms }, 61)).toMatchObject({ t: 'error', code: 'challenge.blocked' });
  });

  it('a room challenge’s bell item follows its fate on every page: accepted, declined, withdrawn, gone with its author', async () => {
    const [alice, bob] = [await player('room'), await player('room')];
    // Bob's second page (his home page, say): not in the room, his bell only.
    const elsewhere = new TestClient(base);
    elsewhere.cookie = bob.cookie;
    await elsewhere.connect();
    const room = (await alice.http('POST', '/api/rooms', {})).json.id as string;
    for (const [i, c] of [alice, bob].entries()) expect(await c.request({ t: 'room-join', room }, 70 + i)).toMatchObject({ t: 'ack' });
    const terms = { variant: 'xiangqi', clock: CLOCK, rated: false, color: 'first' };
    const roomNotice = (id: string, state: string) => (m: ServerMessage) =>
      m.t === 'notification' && m.notification.id === `room:${id}` && m.notification.data.state === state;
    const send = async (rid: number): Promise<string> => {
      const ack = (await alice.request({ t: 'room-challenge', room, to: bob.userId, ...terms }, rid)) as Msg<'ack'>;
      const id = ack.challenge!;
      const rang = (await elsewhere.waitFor(roomNotice(id, 'open'))) as Msg<'notification'>;
      expect(rang.notification).toMatchObject({ kind: 'challenge', readAt: null, data: { clock: '5+3', url: `/rooms/${room}` } });
      return id;
    };
    const ended = async (id: string, state: string): Promise<void> => {
      const m = (await elsewhere.waitFor(roomNotice(id, state))) as Msg<'notification'>;
      // Quiet: stored read, so the bell's count drops and nothing rings again.
      expect(m.notification.readAt).not.toBeNull();
      const stored = (await bob.http('GET', '/api/notifications')).json.notifications as { id: string; data: { state: string } }[];
      expect(stored.find((n) => n.id === `room:${id}`)?.data.state).toBe(state);
    };

    const c1 = await send(80);
    expect(await bob.request({ t: 'room-accept', room, challenge: c1 }, 81)).toMatchObject({ t: 'ack' });
    await ended(c1, 'accepted');
    const c2 = await send(82);
    expect(await bob.request({ t: 'room-decline', room, challenge: c2 }, 83)).toMatchObject({ t: 'ack' });
    await ended(c2, 'declined');
    const c3 = await send(84);
    expect(await alice.request({ t: 'room-decline', room, challenge: c3 }, 85)).toMatchObject({ t: 'ack' });
    await ended(c3, 'withdrawn');
    const c4 = await send(86);
    expect(await alice.request({ t: 'room-leave', room }, 87)).toMatchObject({ t: 'ack' });
    await ended(c4, 'withdrawn');
    expect((await bob.http('GET', '/api/notifications')).json.unread).toBe(0);
    elsewhere.close();
  });

  it('a blocked player cannot challenge; unblocking lets them again', async () => {
    const [alice, bob] = [await player('ann'), await player('bob')];
    expect((await bob.http('POST', `/api/users/${alice.name}/block`, { on: true })).json).toEqual({ ok: true, blocks: true });
    const refused = await challenge(alice, bob);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('challenge.blocked');
    expect((await bob.http('GET', '/api/me/blocks')).json.users).toEqual([{ id: alice.userId, name: alice.name }]);
    expect((await alice.http('GET', `/api/users/${bob.name}/relation`)).json).toMatchObject({ blockedBy: true, blocks: false });
    expect((await bob.http('POST', `/api/users/${alice.name}/block`, { on: false })).json.blocks).toBe(false);
    expect((await challenge(alice, bob)).status).toBe(201);
  });
});

describe('correspondence over HTTP', () => {
  it('a correspondence challenge waits days; a move rings "your turn"; my games say whose turn', async () => {
    const [alice, bob] = [await player('cor'), await player('cor')];
    const c = await alice.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      rated: true,
      clock: { kind: 'correspondence', days: 3 },
      opponent: { type: 'user', username: bob.name },
    });
    expect(c.status).toBe(201);
    const rang = (await bob.waitFor(notice('challenge', c.json.id, 'open'))) as Msg<'notification'>;
    expect(rang.notification.data).toMatchObject({ clock: '3d', rated: true, expiresAt: time.now() + CORRESPONDENCE_CHALLENGE_TTL_MS });
    expect(
      (await alice.http('POST', '/api/games', { variant: 'xiangqi', clock: { kind: 'correspondence', days: 4 }, opponent: { type: 'invite' } })).json.code,
    ).toBe('body.invalid');
    expect((await bob.http('POST', `/api/games/${c.json.id}/join`, {})).json.ok).toBe(true);
    expect((await alice.http('POST', `/api/games/${c.json.id}/move`, { uci: 'a4a5', ply: 0 })).json.ok).toBe(true);
    await bob.waitFor((m) => m.t === 'notification' && m.notification.kind === 'your-turn' && m.notification.data.game === c.json.id);
    expect((await bob.http('GET', '/api/me/games')).json.games).toMatchObject([{ id: c.json.id, yourTurn: true, clock: { kind: 'correspondence' } }]);
    expect((await alice.http('GET', '/api/me/games')).json.games).toMatchObject([{ id: c.json.id, yourTurn: false }]);
  });
});

describe('correspondence in the lobby', () => {
  it('a rated correspondence seek: accepted, the game has days per move and is rated like any other game of its kind', async () => {
    const [alice, bob] = [await player('cs'), await player('cs')];
    const seek = { t: 'seek-create', variant: 'xiangqi', clock: { kind: 'correspondence', days: 7 }, rated: true, color: 'first' };
    const made = (await alice.request(seek, 90)) as Msg<'ack'>;
    expect(made).toMatchObject({ t: 'ack', seek: expect.any(String) });
    expect((await bob.http('GET', '/api/lobby')).json.seeks).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: made.seek, clock: { kind: 'correspondence', days: 7 }, rated: true })]),
    );
    expect(await bob.request({ t: 'seek-accept', seek: made.seek }, 91)).toMatchObject({ t: 'ack' });
    const paired = (await alice.waitFor((m) => m.t === 'paired')) as Msg<'paired'>;
    const view = (await alice.http('GET', `/api/games/${paired.game}`)).json.view;
    expect(view).toMatchObject({ variant: 'xiangqi', rated: true, clockConfig: { kind: 'correspondence', baseMs: 7 * 86_400_000 } });
    // Four plies (a rated game's least), then a resignation: rated in the game's one rating (Xiangqi), as a live game would be.
    for (const [ply, uci] of ['h3e3', 'h10g8', 'b1c3', 'b10c8'].entries()) {
      const mover = ply % 2 === 0 ? alice : bob;
      expect((await mover.http('POST', `/api/games/${paired.game}/move`, { uci, ply })).json.ok, uci).toBe(true);
    }
    expect((await bob.http('POST', `/api/games/${paired.game}/resign`)).json.ok).toBe(true);
    const profile = async () => (await alice.http('GET', `/api/users/${alice.name}`)).json.user.ratings.xiangqi;
    // Rated after the game is stored: polled, with a generous deadline.
    for (let i = 0; i < 250 && (await profile()).games === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await profile()).toMatchObject({ games: 1 });
    expect((await profile()).rating).toBeGreaterThan(1500);
  });
});

describe('invitation links used again', () => {
  it('the creator is told they have the seat (their game), anyone else that the game has started; the creator is told it started', async () => {
    const [alice, bob, carol] = [await player('inv'), await player('inv'), await player('inv')];
    const made = await alice.http('POST', '/api/games', { variant: 'xiangqi', color: 'first', clock: CLOCK, opponent: { type: 'invite' } });
    const token = String(made.json.invite).split('/').pop();
    expect((await alice.http('POST', `/api/games/${made.json.id}/join`, { token })).json.code).toBe('game.seat-taken');
    expect((await bob.http('POST', `/api/games/${made.json.id}/join`, { token })).json.ok).toBe(true);
    await alice.waitFor((m) => m.t === 'notification' && m.notification.kind === 'game-started' && m.notification.data.game === made.json.id);
    expect((await alice.http('POST', `/api/games/${made.json.id}/join`, { token })).json.code).toBe('game.seat-taken');
    expect((await bob.http('POST', `/api/games/${made.json.id}/join`, { token })).json.code).toBe('game.seat-taken');
    expect((await carol.http('POST', `/api/games/${made.json.id}/join`, { token })).json.code).toBe('game.over');
    // The profile's games, filtered by game and result.
    expect((await alice.http('POST', `/api/games/${made.json.id}/resign`)).json.ok).toBe(true);
    const games = async (q: string) => (await carol.http('GET', `/api/users/${alice.name}/games?${q}`)).json;
    expect((await games('outcome=loss')).games).toMatchObject([{ id: made.json.id, players: [alice.name, bob.name], ids: [alice.userId, bob.userId] }]);
    expect((await games('outcome=win')).games).toEqual([]);
    expect((await games('variant=janggi')).games).toEqual([]);
    expect((await games('variant=xiangqi&outcome=loss')).games).toHaveLength(1);
    expect((await games('variant=chess')).code).toBe('query.invalid');
  });
});

describe('notifications', () => {
  it('marked read on every tab; a kind turned off is neither stored nor sent', async () => {
    const [alice, bob] = [await player('ann'), await player('bob')];
    const tab2 = await new TestClient(base);
    tab2.cookie = bob.cookie;
    await tab2.connect();
    const c = await challenge(alice, bob);
    await tab2.waitFor(notice('challenge', c.json.id, 'open'));
    const read = await bob.http('POST', '/api/notifications/read', {});
    expect(read.json).toEqual({ ok: true, changed: 1, unread: 0 });
    expect(await tab2.waitFor((m) => m.t === 'notifications-read')).toEqual({ t: 'notifications-read', ids: null, unread: 0 });

    expect((await bob.http('GET', '/api/notifications/settings')).json).toMatchObject({ off: [], alwaysOn: ['moderation'] });
    expect((await bob.http('POST', '/api/notifications/settings', { kind: 'challenge', off: true })).json.off).toEqual(['challenge']);
    expect((await bob.http('POST', '/api/notifications/settings', { kind: 'moderation', off: true })).json.code).toBe('notifications.always-on');
    const quiet = await challenge(alice, bob);
    expect(quiet.status).toBe(201);
    expect((await bob.http('GET', '/api/challenges')).json.challenges.map((x: { id: string }) => x.id)).toContain(quiet.json.id);
    // Moderation still reaches them, through the server API other parts use.
    time.advance(1);
    await app.notifier.send(bob.userId, { kind: 'moderation', data: { text: { vi: 'Nhắc nhở', en: 'A warning' } } });
    await bob.waitFor((m) => m.t === 'notification' && m.notification.kind === 'moderation');
    const list = (await bob.http('GET', '/api/notifications')).json;
    expect(list.notifications.map((x: { kind: string }) => x.kind)).toEqual(['moderation', 'challenge']);
    expect(list.unread).toBe(1);
    tab2.close();
  });
});

describe('follows and search', () => {
  it('followed players online and what they play; search by name prefix', async () => {
    const [alice, bob, carol] = [await player('fol'), await player('fol'), await player('fol')];
    const guest = new TestClient(base);
    await guest.http('POST', '/api/session');
    expect((await guest.http('POST', `/api/users/${bob.name}/follow`, { on: true })).json.code).toBe('auth.account-required');
    expect((await alice.http('POST', `/api/users/${alice.name}/follow`, {})).json.code).toBe('social.self');
    for (const who of [bob, carol]) expect((await alice.http('POST', `/api/users/${who.name}/follow`, {})).json.follows).toBe(true);
    carol.close();
    const c = await challenge(bob, carol);
    await carol.http('POST', `/api/games/${c.json.id}/join`, {});
    await new Promise((r) => setTimeout(r, 50));
    const f = (await alice.http('GET', '/api/me/following')).json.users;
    expect(f.map((u: { name: string; online: boolean }) => [u.name, u.online])).toEqual([
      [bob.name, true],
      [carol.name, false],
    ]);
    expect(f[0].playing).toMatchObject([{ id: c.json.id, players: [bob.name, carol.name] }]);
    expect((await alice.http('GET', `/api/users/${bob.name}/relation`)).json).toMatchObject({ follows: true, followers: 1 });

    const found = await guest.http('GET', `/api/players?q=${alice.name.slice(0, 3).toUpperCase()}`);
    expect(found.json.players.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining([alice.name, bob.name, carol.name]));
    expect(found.json.players.find((p: { name: string }) => p.name === bob.name).online).toBe(true);
    expect((await guest.http('GET', '/api/players?q=')).json.code).toBe('search.invalid');
    expect((await guest.http('GET', '/api/players?q=%25')).json.code).toBe('search.invalid');
  });
});
