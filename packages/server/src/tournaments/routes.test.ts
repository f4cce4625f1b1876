/** Tournaments over the real app: HTTP routes, the socket's live news and chat, and the director pairing an arena. */
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { tournamentRow } from '../store/fixtures.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { adminClient } from '../testing/admin.ts';
import { TestClient } from '../testing/client.ts';
import { giveRatedGames } from '../testing/rated.ts';
import { MIN_RATED_GAMES_TO_CREATE } from './routes.ts';

describe('tournament API', () => {
  let app: App;
  const store = memoryStore();
  let base: string;
  const saved = process.env.ADMINS;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    process.env.ADMINS = 'boss';
    app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await app.close();
    if (saved === undefined) delete process.env.ADMINS;
    else process.env.ADMINS = saved;
  });

  async function player(name: string | null): Promise<TestClient> {
    const c = new TestClient(base);
    clients.push(c);
    await c.http('POST', '/api/session');
    if (name) expect((await c.http('POST', '/api/register', { username: name, password: 'correct horse' })).status).toBe(200);
    // A listed tournament needs an account that has played.
    if (name) await giveRatedGames(store, name, MIN_RATED_GAMES_TO_CREATE);
    return c;
  }

  const arena = (over: Record<string, unknown> = {}) => ({
    name: 'Giải nhanh tối thứ Ba',
    kind: 'arena',
    variant: 'xiangqi',
    clock: { kind: 'fischer', minutes: 3, increment: 2 },
    startsAt: Date.now() + 60_000,
    minutes: 30,
    ...over,
  });

  it('creating: accounts only; the club’s own by admins; private ones stay out of the lists and open with their link', async () => {
    const guest = await player(null);
    expect((await guest.http('POST', '/api/tournaments', arena())).json.code).toBe('auth.required');
    const lan = await player('lan');
    expect((await lan.http('POST', '/api/tournaments', arena({ club: true }))).json.code).toBe('tournament.forbidden');
    expect((await lan.http('POST', '/api/tournaments', arena({ startsAt: Date.now() - 3_600_000 }))).json.code).toBe('tournament.bad-start');
    expect((await lan.http('POST', '/api/tournaments', arena({ kind: 'roundRobin', maxPlayers: 17 }))).status).toBe(400);
    expect((await lan.http('POST', '/api/tournaments', arena({ clock: { kind: 'fischer', minutes: 0, increment: 0 } }))).json.code).toBe('body.invalid');
    // Byo-yomi only where the game offers it (Janggi).
    expect((await lan.http('POST', '/api/tournaments', arena({ clock: { kind: 'byoyomi', minutes: 5, periods: 3, seconds: 30 } }))).json.code).toBe(
      'game.clock',
    );
    // An admin's name is claimed by the operator, not registered over HTTP.
    const boss = await adminClient(base, store, 'boss');
    clients.push(boss);
    const club = await boss.http('POST', '/api/tournaments', arena({ club: true, name: 'Club arena' }));
    expect(club.status).toBe(201);
    const priv = await lan.http('POST', '/api/tournaments', arena({ private: true, name: 'Nhà Lan', kind: 'swiss', rounds: 3 }));
    expect(priv.status).toBe(201);
    expect(priv.json.inviteToken).toMatch(/^[A-Za-z0-9]{16}$/);
    const list = await guest.http('GET', '/api/tournaments');
    expect(list.json.upcoming.map((t: { id: string }) => t.id)).toEqual([club.json.id]);
    expect(list.json.upcoming[0]).toMatchObject({
      name: 'Club arena',
      club: true,
      private: false,
      kind: 'arena',
      variant: 'xiangqi',
      players: 0,
      status: 'upcoming',
    });
    expect((await guest.http('GET', `/api/tournaments/${priv.json.id}`)).status).toBe(404);
    const opened = await guest.http('GET', `/api/tournaments/${priv.json.id}?invite=${priv.json.inviteToken}`);
    expect(opened.status).toBe(200);
    expect(opened.json.tournament).toMatchObject({ name: 'Nhà Lan', kind: 'swiss', rounds: 3, private: true });
    expect(opened.json.inviteToken).toBeNull();
    expect((await lan.http('GET', `/api/tournaments/${priv.json.id}`)).json.inviteToken).toBe(priv.json.inviteToken);
    expect((await guest.http('POST', `/api/tournaments/${priv.json.id}/join`, {})).status).toBe(404);
    expect((await guest.http('POST', `/api/tournaments/${priv.json.id}/join`, { invite: priv.json.inviteToken })).json).toEqual({ ok: true, entry: 'joined' });
    expect((await guest.http('GET', `/api/tournaments/${priv.json.id}`)).json.me).toMatchObject({ entered: true, active: true });
    expect((await guest.http('GET', '/api/tournaments/nonexistent1')).status).toBe(404);
    // A room's tournament: made from an open room, listed in the room (and in the club's lists).
    expect((await lan.http('POST', '/api/tournaments', arena({ room: 'nosuchroom1' }))).json.code).toBe('tournament.bad-room');
    const room = await lan.http('POST', '/api/rooms', { name: 'Phòng Lan' });
    const inRoom = await boss.http('POST', '/api/tournaments', arena({ room: room.json.id, name: 'Giải của phòng' }));
    expect(inRoom.status).toBe(201);
    expect((await guest.http('GET', `/api/tournaments?room=${room.json.id}`)).json.upcoming.map((t: { id: string }) => t.id)).toEqual([inRoom.json.id]);
    expect((await guest.http('GET', '/api/tournaments')).json.upcoming.map((t: { id: string }) => t.id)).toContain(inRoom.json.id);
  });

  it('joining: guests casual only, rated ones need rated games; joining twice refused, withdrawing and coming back', async () => {
    const minh = await player('minh');
    const rated = await minh.http('POST', '/api/tournaments', arena({ rated: true, minRatedGames: MIN_RATED_GAMES_TO_CREATE + 5 }));
    const guest = await player(null);
    expect((await guest.http('POST', `/api/tournaments/${rated.json.id}/join`, {})).json.code).toBe('tournament.guests-casual-only');
    expect((await minh.http('POST', `/api/tournaments/${rated.json.id}/join`, {})).json.code).toBe('tournament.not-enough-rated-games');
    const casual = await minh.http('POST', '/api/tournaments', arena());
    const id = casual.json.id;
    expect((await guest.http('POST', `/api/tournaments/${id}/join`, {})).json.entry).toBe('joined');
    expect((await guest.http('POST', `/api/tournaments/${id}/join`, {})).json.code).toBe('tournament.already-joined');
    // Before the start, withdrawing leaves the tournament: not entered, the place free; joining again is a new entry.
    expect((await guest.http('POST', `/api/tournaments/${id}/withdraw`, {})).status).toBe(200);
    const left = await guest.http('GET', `/api/tournaments/${id}`);
    expect(left.json.me).toMatchObject({ entered: false });
    expect(left.json.standings).toEqual([]);
    expect((await guest.http('POST', `/api/tournaments/${id}/withdraw`, {})).json.code).toBe('tournament.not-entered');
    expect((await guest.http('POST', `/api/tournaments/${id}/join`, {})).json.entry).toBe('joined');
    expect((await minh.http('POST', `/api/tournaments/${id}/withdraw`, {})).json.code).toBe('tournament.not-entered');
    // Three open tournaments each at most.
    await minh.http('POST', '/api/tournaments', arena());
    expect((await minh.http('POST', '/api/tournaments', arena())).json.code).toBe('tournament.too-many');
  });

  it('an arena: players join, watchers hear each change, the director pairs them at the start and each is told of the game', async () => {
    const host = await player('host');
    const a = await (await player('anh')).connect();
    const b = await (await player(null)).connect();
    const watcher = await (await player(null)).connect();
    const created = await host.http('POST', '/api/tournaments', arena({ startsAt: Date.now() + 2_500, minutes: 10 }));
    const id = created.json.id as string;
    expect((await watcher.request({ t: 'tour-sub', tournament: id }, 1)).t).toBe('ack');
    const seen = watcher.received.length;
    for (const c of [a, b]) expect((await c.http('POST', `/api/tournaments/${id}/join`, {})).json.ok).toBe(true);
    await watcher.waitFor((m) => m.t === 'tournament' && m.tournament === id, 5000, seen);
    const pa = (await a.waitFor((m) => m.t === 'paired', 8000)) as Extract<ServerMessage, { t: 'paired' }>;
    const pb = (await b.waitFor((m) => m.t === 'paired', 8000)) as Extract<ServerMessage, { t: 'paired' }>;
    expect(pa.game).toBe(pb.game);
    expect(pa.via).toBe('tournament');
    expect([pa.side, pb.side].sort()).toEqual(['first', 'second']);
    const view = await a.http('GET', `/api/tournaments/${id}`);
    expect(view.json.tournament.status).toBe('running');
    expect(view.json.me).toMatchObject({ entered: true, playing: pa.game });
    expect(view.json.playing.map((g: { id: string }) => g.id)).toEqual([pa.game]);
    expect(view.json.standings).toHaveLength(2);
    expect(view.json).toMatchObject({ standingsPage: { page: 1, pages: 1, total: 2, size: 50 }, near: [], playingCount: 1 });
    // A page past the end reads the last; a page that is no number, the first.
    expect((await a.http('GET', `/api/tournaments/${id}?page=4`)).json.standingsPage.page).toBe(1);
    expect((await a.http('GET', `/api/tournaments/${id}?page=x`)).json.standings).toHaveLength(2);
    const game = await a.http('GET', `/api/games/${pa.game}`);
    expect(game.status).toBe(200);
    // Berserk (offered by default in an arena): over the socket and over HTTP, each player once, seen by a watcher.
    expect(view.json.tournament.terms.berserk).toBe(true);
    expect(game.json.view ?? game.json).toMatchObject({ berserkable: true, berserk: [false, false] });
    expect((await a.request({ t: 'berserk', game: pa.game }, 10)).t).toBe('ack');
    expect(await a.request({ t: 'berserk', game: pa.game }, 11)).toMatchObject({ t: 'error', code: 'berserk.already' });
    expect((await b.http('POST', `/api/games/${pa.game}/berserk`, {})).json).toEqual({ ok: true });
    expect((await watcher.http('POST', `/api/games/${pa.game}/berserk`, {})).json.code).toBe('game.forbidden');
    const after = (await watcher.http('GET', `/api/games/${pa.game}`)).json;
    expect(after.view ?? after).toMatchObject({ berserk: [true, true], clock: { remainingMs: [90_000, 90_000] } });
    const off = await host.http('POST', '/api/tournaments', arena({ berserk: false }));
    expect((await host.http('GET', `/api/tournaments/${off.json.id}`)).json.tournament.terms.berserk).toBe(false);
    expect((await watcher.http('GET', `/api/tournament-games/${pa.game}`)).json).toEqual({
      ok: true,
      tournament: { id, name: 'Giải nhanh tối thứ Ba', status: 'running', kind: 'arena' },
    });
    // A game in no tournament: an answer, not a 404 (issue 33, item 8.9).
    const none = await watcher.http('GET', '/api/tournament-games/nosuchgame1');
    expect([none.status, none.json]).toEqual([200, { ok: true, tournament: null }]);
    // Once it runs, withdrawing keeps the player's entry and games, inactive.
    expect((await b.http('POST', `/api/tournaments/${id}/withdraw`, {})).status).toBe(200);
    expect((await b.http('GET', `/api/tournaments/${id}`)).json.me).toMatchObject({ entered: true, active: false });

    // The tournament's chat.
    expect((await a.request({ t: 'tour-sub', tournament: id }, 2)).t).toBe('ack');
    expect((await a.request({ t: 'tour-chat', tournament: id, text: 'Chúc may mắn!' }, 3)).t).toBe('ack');
    const line = await watcher.waitFor((m) => m.t === 'chat' && 'room' in m && m.room === `tour-${id}`);
    expect(line).toMatchObject({ text: 'Chúc may mắn!', user: { name: 'anh' } });
  }, 20_000);

  it('a private tournament’s news and chat: only its link holders, players and creator hear them or write', async () => {
    const owner = await (await player('chunha')).connect();
    const created = await owner.http('POST', '/api/tournaments', arena({ private: true, kind: 'swiss', rounds: 3, name: 'Giải riêng' }));
    const id = created.json.id as string;
    const invite = created.json.inviteToken as string;
    const outsider = await (await player(null)).connect();
    const entrant = await (await player(null)).connect();
    const linkHolder = await (await player(null)).connect();
    // Without the link the tournament does not exist, on the socket as over HTTP.
    expect(await outsider.request({ t: 'tour-sub', tournament: id }, 1)).toMatchObject({ t: 'error', code: 'tournament.not-found' });
    expect(await outsider.request({ t: 'tour-sub', tournament: id, invite: 'wrongtoken123456' }, 2)).toMatchObject({
      t: 'error',
      code: 'tournament.not-found',
    });
    expect(await outsider.request({ t: 'tour-chat', tournament: id, text: 'xin chào' }, 3)).toMatchObject({ t: 'error', code: 'tournament.not-found' });
    expect(await outsider.request({ t: 'tour-sub', tournament: 'nosuchtour1' }, 4)).toMatchObject({ t: 'error', code: 'tournament.not-found' });
    // The creator, a player who joined with the link (later without it), and a link holder may.
    expect((await owner.request({ t: 'tour-sub', tournament: id }, 5)).t).toBe('ack');
    expect((await entrant.http('POST', `/api/tournaments/${id}/join`, { invite })).json.ok).toBe(true);
    expect((await entrant.request({ t: 'tour-sub', tournament: id }, 6)).t).toBe('ack');
    expect((await linkHolder.request({ t: 'tour-sub', tournament: id, invite }, 7)).t).toBe('ack');
    expect(await linkHolder.request({ t: 'tour-chat', tournament: id, text: 'không có link' }, 8)).toMatchObject({ t: 'error', code: 'tournament.not-found' });
    expect((await linkHolder.request({ t: 'tour-chat', tournament: id, text: 'Chào cả nhà', invite }, 9)).t).toBe('ack');
    expect((await entrant.request({ t: 'tour-chat', tournament: id, text: 'Bí mật' }, 10)).t).toBe('ack');
    await owner.waitFor((m) => m.t === 'chat' && 'room' in m && m.room === `tour-${id}` && m.text === 'Bí mật');
    await linkHolder.waitFor((m) => m.t === 'chat' && 'room' in m && m.room === `tour-${id}` && m.text === 'Bí mật');
    // The outsider heard none of it, and a later subscriber with the link gets the log.
    expect(outsider.received.some((m) => m.t === 'chat' || m.t === 'chat-log' || m.t === 'tournament')).toBe(false);
    const late = await (await player(null)).connect();
    expect((await late.request({ t: 'tour-sub', tournament: id, invite }, 11)).t).toBe('ack');
    const log = (await late.waitFor((m) => m.t === 'chat-log')) as Extract<ServerMessage, { t: 'chat-log' }>;
    expect(log.lines.map((l) => l.text)).toEqual(['Chào cả nhà', 'Bí mật']);
  }, 20_000);

  it('a half-point bye: asked before its round is paired, up to the number the Swiss allows, never for the last round; each refusal has its code', async () => {
    const host = await player('hostbye');
    const swiss = await host.http('POST', '/api/tournaments', arena({ kind: 'swiss', rounds: 3, halfByes: 1, startsAt: Date.now() + 600_000 }));
    expect(swiss.status).toBe(201);
    const id = swiss.json.id as string;
    const p1 = await player(null);
    expect((await p1.http('POST', `/api/tournaments/${id}/bye`, { round: 1 })).json.code).toBe('tournament.not-entered');
    expect((await p1.http('POST', `/api/tournaments/${id}/join`, {})).json.ok).toBe(true);
    expect((await p1.http('POST', `/api/tournaments/${id}/bye`, { round: 3 })).json.code).toBe('tournament.half-bye-last-round');
    expect((await p1.http('POST', `/api/tournaments/${id}/bye`, { round: 4 })).json.code).toBe('tournament.half-bye-round');
    expect((await p1.http('POST', `/api/tournaments/${id}/bye`, { round: 2 })).json).toEqual({ ok: true, round: 2 });
    expect((await p1.http('POST', `/api/tournaments/${id}/bye`, { round: 2 })).json.code).toBe('tournament.half-bye-taken');
    expect((await p1.http('POST', `/api/tournaments/${id}/bye`, { round: 1 })).json.code).toBe('tournament.half-bye-limit');
    const view = await p1.http('GET', `/api/tournaments/${id}`);
    expect(view.json.me).toMatchObject({ entered: true, halfByes: [2] });
    expect(view.json.tournament.terms.halfByes).toBe(1);
    // Not scored before its round is paired.
    expect(view.json.standings[0].points).toBe(0);
    // A round paired already (the director moved on meanwhile): too late for it.
    const p2 = await player(null);
    expect((await p2.http('POST', `/api/tournaments/${id}/join`, {})).json.ok).toBe(true);
    const row = (await store.tournament(id))!;
    await store.advanceTournament(id, row.version, { status: 'running', round: 1, rounds: 3, startedAt: Date.now(), endedAt: null, pairings: [], byes: [] });
    expect((await p2.http('POST', `/api/tournaments/${id}/bye`, { round: 1 })).json.code).toBe('tournament.half-bye-paired');
    await store.createTournament(tournamentRow('arenabye', {}, { kind: 'arena', startsAt: Date.now() + 600_000 }));
    expect((await p2.http('POST', '/api/tournaments/arenabye/bye', { round: 1 })).json.code).toBe('tournament.half-bye-swiss-only');
  });

  it("a Swiss's tournament report file (TRF-16) for anyone who may see it; not for an arena", async () => {
    const host = await player('hosttrf');
    const id = 'swisstrf';
    await store.createTournament(tournamentRow(id, { name: 'Giải Thụy Sĩ' }, { kind: 'swiss', rounds: 5, rated: false, startsAt: Date.now() + 600_000 }));
    expect((await host.http('POST', `/api/tournaments/${id}/join`, {})).json.ok).toBe(true);
    const res = await fetch(`${base}/api/tournaments/${id}/trf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="youzai-${id}.trf"`);
    const text = await res.text();
    expect(text.split('\n').slice(0, 1)).toEqual(['012 Giai Thuy Si']);
    expect(text).toContain('\nXXR 5\n');
    // Starting rank at 5-8, name from 15, rating at 49-52, points at 81-84, rank at 86-89; no round played yet.
    expect(text.endsWith(`\n001    1      hosttrf${' '.repeat(27)}1500${' '.repeat(29)}0.0    1\n`)).toBe(true);
    await store.createTournament(tournamentRow('arenatrf', {}, { kind: 'arena', startsAt: Date.now() + 600_000 }));
    expect((await host.http('GET', '/api/tournaments/arenatrf/trf')).json.code).toBe('tournament.not-swiss');
    expect((await host.http('GET', '/api/tournaments/nosuchtour1/trf')).status).toBe(404);
  });

  it('a private tournament’s game links back to it for its players only', async () => {
    const owner = await (await player('chunha2')).connect();
    const created = await owner.http('POST', '/api/tournaments', arena({ private: true, startsAt: Date.now() + 2_500, minutes: 10 }));
    const id = created.json.id as string;
    const guest = await (await player(null)).connect();
    for (const c of [owner, guest]) expect((await c.http('POST', `/api/tournaments/${id}/join`, { invite: created.json.inviteToken })).json.ok).toBe(true);
    const paired = (await guest.waitFor((m) => m.t === 'paired', 8000)) as Extract<ServerMessage, { t: 'paired' }>;
    for (const c of [owner, guest]) expect((await c.http('GET', `/api/tournament-games/${paired.game}`)).json.tournament).toMatchObject({ id, kind: 'arena' });
    const outsider = await player(null);
    // Anyone else reads it as a game in no tournament.
    expect((await outsider.http('GET', `/api/tournament-games/${paired.game}`)).json).toEqual({ ok: true, tournament: null });
    expect((await new TestClient(base).http('GET', `/api/tournament-games/${paired.game}`)).json).toEqual({ ok: true, tournament: null });
  }, 20_000);
});

describe('joining as the director moves a tournament on', () => {
  it('a join checked before a round-robin started and written after it is checked again and refused: the draw stays as started', async () => {
    const inner = memoryStore();
    // The director starts the round-robin just after the join route read its entries.
    let race: string | null = null;
    const store = Object.create(inner) as Store;
    store.tournamentLive = async (id) => {
      const live = await inner.tournamentLive(id);
      if (race === id) {
        race = null;
        const t = (await inner.tournament(id))!;
        await inner.advanceTournament(id, t.version, { status: 'running', round: 0, rounds: 1, startedAt: Date.now(), endedAt: null, pairings: [], byes: [] });
      }
      return live;
    };
    const app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const players = await Promise.all(
        ['rrbinh', 'rrchau', 'rrdung'].map(async (name) => {
          const c = new TestClient(base);
          await c.http('POST', '/api/session');
          expect((await c.http('POST', '/api/register', { username: name, password: 'correct horse' })).status).toBe(200);
          return c;
        }),
      );
      await store.createTournament(tournamentRow('rrjoin', {}, { kind: 'roundRobin', rated: false, startsAt: Date.now() + 600_000 }));
      for (const c of players.slice(0, 2)) expect((await c.http('POST', '/api/tournaments/rrjoin/join', {})).json.entry).toBe('joined');
      race = 'rrjoin';
      expect((await players[2]!.http('POST', '/api/tournaments/rrjoin/join', {})).json.code).toBe('tournament.tournament-started');
      expect(race).toBeNull();
      expect((await store.tournamentSheet('rrjoin')).entries).toHaveLength(2);
      for (const c of players) c.close();
    } finally {
      await app.close();
    }
  });
});
