/**
 * The tournaments' HTTP API (docs/API.md): the lists, one tournament's view,
 * creating one (any account, for a room or as a private event with a link;
 * the club's own by admins), joining, and withdrawing or pausing. Live
 * changes reach the page over the socket (tour-sub); these are for pages that
 * load, links that are shared, and bots.
 */
import { ClockSpec, type TournamentLists, type TournamentPage, type TournamentSummary } from '@youzai/protocol';
import {
  DEFAULT_HALF_BYES,
  MAX_ROUND_ROBIN_PLAYERS,
  TOURNAMENT_KINDS,
  mayJoin,
  mayRequestHalfBye,
  withdrawal,
  type TournamentTerms,
} from '@youzai/game/tournament';
import { DEFAULT_RATING } from '@youzai/game';
import { VARIANT_KEYS, VARIANTS } from '@youzai/rules';
import { z } from 'zod';
import { isAdmin } from '../auth/admins.ts';
import { displayName } from '../auth/sessions.ts';
import { body, fail, type Ctx, type RouteOf } from '../http/route.ts';
import type { Limits } from '../limits/limits.ts';
import type { RoomsPort } from '../rooms/rooms.ts';
import { sendJson } from '../http/util.ts';
import { checkTerms, clockFromSpec } from '../service/game-service.ts';
import { randomId } from '../service/ids.ts';
import type { RatingStore } from '../store/ratings.ts';
import type { TournamentRow, TournamentStore } from '../store/tournaments.ts';
import { progressOf, sheetOf } from './sheet.ts';
import { trfOf } from './trf-export.ts';
import { summaryOf, viewOf } from './view.ts';
import type { TournamentViews } from './view-cache.ts';

export interface TournamentRouteDeps {
  readonly store: TournamentStore & RatingStore;
  /** Tells every node's watchers that a tournament changed. */
  changed(id: string): void;
  /** Asks the director (on whichever node directs) to pass soon: a player joined a running tournament and waits for a game. */
  look?(): void;
  /** The views this node's readers share (absent: each read builds its own). */
  readonly views?: TournamentViews;
  /** Counted rated games an account needs to create a listed tournament (TOURNAMENT_MIN_RATED_GAMES; default MIN_RATED_GAMES_TO_CREATE). */
  readonly minRatedGames?: number;
  now(): number;
}

const ID = '([A-Za-z0-9]{6,16})';
const MINUTE = 60_000;
/** Unfinished tournaments one account may have created at once (admins for the club: no limit). */
export const MAX_OPEN_PER_ACCOUNT = 3;
/** Counted rated games an account needs before it creates a listed tournament (admins need none; a private one needs none). */
export const MIN_RATED_GAMES_TO_CREATE = 5;
/** How many of each status the public list weighs before it keeps the first 20 in its order (below). */
const LIST_POOL = 200;

/**
 * The public list's order: the club's own first, then those with more
 * players, then the sooner start; so that a pile of empty tournaments made by
 * fresh accounts never pushes a real one off the list.
 */
export function listOrder(a: TournamentSummary, b: TournamentSummary): number {
  return Number(b.club) - Number(a.club) || (b.players ?? 0) - (a.players ?? 0) || a.startsAt - b.startsAt;
}

export const CreateTournament = z
  .object({
    name: z.string().trim().min(1).max(80),
    kind: z.enum(TOURNAMENT_KINDS),
    variant: z.enum(VARIANT_KEYS),
    clock: ClockSpec,
    rated: z.boolean().default(false),
    /** When it starts (epoch ms): from now to 60 days ahead. */
    startsAt: z.number().int().nonnegative(),
    /** Arena: how long it runs. */
    minutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    /** Swiss: the number of rounds. */
    rounds: z.number().int().min(1).max(20).default(5),
    roundGapSeconds: z.number().int().min(0).max(3600).default(30),
    minRatedGames: z.number().int().min(0).max(500).default(0),
    maxPlayers: z.number().int().min(2).max(10_000).optional(),
    withdrawAfterSeconds: z.number().int().min(30).max(3600).default(120),
    /** A room's tournament, listed in that room. */
    room: z
      .string()
      .regex(/^[A-Za-z0-9]{6,16}$/)
      .optional(),
    /** A private event: unlisted, joined through its link. */
    private: z.boolean().default(false),
    /** The club's own (admins only): listed as the club's. */
    club: z.boolean().default(false),
    /** Arena: players may go berserk. */
    berserk: z.boolean().default(true),
    /** Swiss: half-point byes a player may ask for (never in the last round); at most rounds − 1. */
    halfByes: z.number().int().min(0).max(19).optional(),
  })
  .strict();
export type CreateTournament = z.infer<typeof CreateTournament>;

const Join = z.object({ invite: z.string().max(64).optional() }).strict();
/** The round of the half-point bye asked for (the page sends the next round to be paired). */
const HalfBye = z.object({ round: z.number().int().min(1).max(20) }).strict();

/** The terms of a new tournament from a request (also used by the schedule file). */
export function termsOf(req: CreateTournament): TournamentTerms {
  const maxPlayers = Math.min(
    req.maxPlayers ?? (req.kind === 'roundRobin' ? MAX_ROUND_ROBIN_PLAYERS : 1000),
    req.kind === 'roundRobin' ? MAX_ROUND_ROBIN_PLAYERS : 10_000,
  );
  return {
    kind: req.kind,
    variant: req.variant,
    clock: clockFromSpec(req.clock),
    rated: req.rated,
    startsAt: req.startsAt,
    durationMs: req.kind === 'arena' ? req.minutes * MINUTE : 0,
    rounds: req.kind === 'swiss' ? req.rounds : 0,
    roundGapMs: req.kind === 'arena' ? 0 : req.roundGapSeconds * 1000,
    // Arena: players may go berserk (half the clock for a bonus point on a win) unless the creator turned it off.
    berserk: req.kind === 'arena' && req.berserk,
    minRatedGames: req.rated ? req.minRatedGames : 0,
    maxPlayers,
    lateJoinUntilRound: req.kind === 'swiss' ? Math.ceil(req.rounds / 2) : 0,
    withdrawAfterMs: req.withdrawAfterSeconds * 1000,
    ...(req.kind === 'swiss' ? { halfByes: Math.min(req.halfByes ?? DEFAULT_HALF_BYES, req.rounds - 1) } : {}),
  };
}

/** A new tournament's row, from its terms. */
export function newTournament(
  id: string,
  name: string,
  terms: TournamentTerms,
  who: { createdBy: string | null; roomId: string | null; inviteToken: string | null; scheduleKey: string | null },
  now: number,
): TournamentRow {
  return { id, name, terms, status: 'upcoming', round: 0, rounds: terms.rounds, startedAt: null, endedAt: null, version: 1, ...who, createdAt: now, notes: [] };
}

/** How often a join is checked again when the tournament moves on between its check and its write (a start, a round paired). */
const JOIN_TRIES = 3;

function deps(all: { tournaments?: TournamentRouteDeps }): TournamentRouteDeps {
  if (!all.tournaments) fail('server.unavailable', 'Tournaments are not available on this server');
  return all.tournaments;
}

async function find(t: TournamentRouteDeps, ctx: Ctx): Promise<TournamentRow> {
  const row = await t.store.tournament(ctx.params[0]!);
  if (!row) fail('tournament.not-found', 'No such tournament');
  return row;
}

/**
 * A private tournament shows itself (its page, its standings, its chat) to
 * those with its link, its players and its creator; to anyone else it does
 * not exist. The socket's tour-sub and tour-chat ask the same question.
 */
export async function mayViewTournament(
  store: Pick<TournamentStore, 'tournamentLive'>,
  row: TournamentRow,
  userId: string | null,
  invite: string | null,
): Promise<boolean> {
  if (row.inviteToken === null || invite === row.inviteToken || (userId !== null && row.createdBy === userId)) return true;
  if (userId === null) return false;
  // The entries are all it needs: the live part has them without the finished games.
  const sheet = await store.tournamentLive(row.id);
  return sheet.entries.some((e) => e.userId === userId);
}

const mayView = (t: TournamentRouteDeps, row: TournamentRow, ctx: Ctx, invite: string | null) => mayViewTournament(t.store, row, ctx.user.id, invite);

/** What the tournament routes read (fields of http/routes.ts's Deps). */
export interface TournamentRoutesDeps {
  readonly tournaments?: TournamentRouteDeps;
  readonly rooms: Pick<RoomsPort, 'view'>;
  readonly limits: Pick<Limits, 'enforce'>;
}

export const TOURNAMENT_ROUTES: readonly RouteOf<TournamentRoutesDeps>[] = [
  {
    method: 'GET',
    path: /^\/api\/tournaments$/,
    anonymous: true,
    handler: async (ctx, all) => {
      const t = deps(all);
      const room = ctx.url.searchParams.get('room') ?? undefined;
      if (room !== undefined && !/^[A-Za-z0-9]{6,16}$/.test(room)) fail('tournament.bad-room', 'A room id is 6 to 16 letters and digits');
      const q = { listedOnly: true, limit: LIST_POOL, ...(room !== undefined ? { roomId: room } : {}) };
      const [upcoming, running, finished] = await Promise.all([
        t.store.listTournaments({ ...q, statuses: ['upcoming'] }),
        t.store.listTournaments({ ...q, statuses: ['running'] }),
        t.store.listTournaments({ ...q, statuses: ['finished'], latestFirst: true, limit: 10 }),
      ]);
      // Counting the players needs their entries only, not a long arena's finished games.
      const counted = async (rows: TournamentRow[]) =>
        (await Promise.all(rows.map(async (r) => summaryOf(r, (await t.store.tournamentLive(r.id)).entries.length)))).sort(listOrder).slice(0, 20);
      const lists: TournamentLists = {
        upcoming: await counted(upcoming),
        running: await counted(running),
        finished: finished.map((r) => summaryOf(r, null)),
        now: t.now(),
      };
      sendJson(ctx.res, 200, { ok: true, ...lists });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/tournaments$/,
    handler: async (ctx, all) => {
      const t = deps(all);
      if (ctx.user.username === null) fail('auth.required', 'Sign up to create tournaments');
      const req = await body(ctx, CreateTournament);
      const now = t.now();
      const admin = isAdmin(ctx.user.username);
      if (req.club && !admin) fail('tournament.forbidden', 'Only the club’s admins create the club’s tournaments');
      if (req.club && (req.room || req.private)) fail('tournament.bad-terms', 'A club tournament is public and belongs to no room');
      if (req.startsAt < now - MINUTE || req.startsAt > now + 60 * 24 * 60 * MINUTE) fail('tournament.bad-start', 'Start between now and 60 days ahead');
      const bad = checkTerms({ variant: req.variant, clock: req.clock, rated: false, players: [] });
      if (bad && !bad.ok) fail(bad.error.code, bad.error.message);
      if (req.kind === 'roundRobin' && (req.maxPlayers ?? 0) > MAX_ROUND_ROBIN_PLAYERS) {
        fail('tournament.bad-terms', `A round-robin has at most ${MAX_ROUND_ROBIN_PLAYERS} players`);
      }
      // A listed tournament needs an account that has played (issue 31, item 7: fresh accounts' junk filled the list).
      const bar = t.minRatedGames ?? MIN_RATED_GAMES_TO_CREATE;
      if (!admin && !req.private && bar > 0) {
        const played = (await t.store.ratings(ctx.user.id)).reduce((n, r) => n + r.games, 0);
        if (played < bar)
          fail('tournament.needs-games', `Play ${bar} rated games before creating a public tournament (you have ${played}); a private one needs none`);
      }
      if (!req.club) {
        const open = await t.store.listTournaments({ statuses: ['upcoming', 'running'], listedOnly: false, limit: 10_000 });
        if (open.filter((o) => o.createdBy === ctx.user.id).length >= MAX_OPEN_PER_ACCOUNT) {
          fail('tournament.too-many', `At most ${MAX_OPEN_PER_ACCOUNT} tournaments of yours may be upcoming or running at once`);
        }
      }
      // A room's tournament is made from a room that is open now (it is listed there).
      if (req.room && !(await all.rooms.view(req.room))) fail('tournament.bad-room', 'No such room is open');
      if (!admin) await all.limits.enforce('tour-create', { user: ctx.user.id, addr: ctx.addr });
      const terms = termsOf(req);
      const inviteToken = req.private ? randomId(16) : null;
      const row = newTournament(
        randomId(8),
        req.name,
        terms,
        { createdBy: req.club ? null : ctx.user.id, roomId: req.room ?? null, inviteToken, scheduleKey: null },
        now,
      );
      await t.store.createTournament(row);
      t.changed(row.id);
      sendJson(ctx.res, 201, { ok: true, id: row.id, inviteToken, tournament: summaryOf(row, 0) });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/tournaments/${ID}$`),
    handler: async (ctx, all) => {
      const t = deps(all);
      const row = await find(t, ctx);
      if (!(await mayView(t, row, ctx, ctx.url.searchParams.get('invite')))) fail('tournament.not-found', 'No such tournament');
      // Shared by this node's readers for up to half a second (a big arena's watchers all read at once).
      // One page of the standings (a big arena's whole table is hundreds of KiB), with the reader's own rows.
      const standingsPage = Number(ctx.url.searchParams.get('page') ?? 1);
      const view = t.views
        ? await t.views.view(row, ctx.user.id, standingsPage)
        : viewOf(row, await t.store.tournamentSheet(row.id), ctx.user.id, t.now(), standingsPage);
      const page: TournamentPage = {
        ...view,
        // The creator shares the link of a private event.
        inviteToken: row.createdBy === ctx.user.id ? row.inviteToken : null,
        variantName: VARIANTS[row.terms.variant as keyof typeof VARIANTS]?.name ?? null,
      };
      sendJson(ctx.res, 200, { ok: true, ...page });
    },
  },
  {
    // The tournament of a game (the game page links back to it): a listed one for anyone, a private one for its players and creator.
    method: 'GET',
    path: new RegExp(`^/api/tournament-games/${ID}$`),
    handler: async (ctx, all) => {
      const t = deps(all);
      const tg = await t.store.tournamentGame(ctx.params[0]!);
      const row = tg ? await t.store.tournament(tg.tournamentId) : null;
      // Most games are in no tournament: that is an answer, not an error (issue 33, item 8.9: every game page logged a 404).
      // A private one the asker may not see reads the same as none.
      if (!row || !(await mayViewTournament(t.store, row, ctx.user.id || null, null))) return sendJson(ctx.res, 200, { ok: true, tournament: null });
      sendJson(ctx.res, 200, { ok: true, tournament: { id: row.id, name: row.name, status: row.status, kind: row.terms.kind } });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/tournaments/${ID}/join$`),
    handler: async (ctx, all) => {
      const t = deps(all);
      let row = await find(t, ctx);
      const req = await body(ctx, Join);
      if (!(await mayView(t, row, ctx, req.invite ?? null))) fail('tournament.not-found', 'No such tournament');
      // A join/withdraw loop stirs every watcher's standings: a quota (issue 31, item 10).
      await all.limits.enforce('tour-entry', { user: ctx.user.id, addr: ctx.addr });
      const ratings = await t.store.ratings(ctx.user.id);
      const mine = ratings.find((r) => r.variant === row.terms.variant);
      for (let tries = 1; ; tries++) {
        // Who may join depends on the entries (a place, a return), not on the games played.
        const sheet = await t.store.tournamentLive(row.id);
        const ok = mayJoin(row.terms, progressOf(row), sheetOf(sheet), {
          userId: ctx.user.id,
          guest: ctx.user.username === null,
          ratedGames: mine?.games ?? 0,
        });
        if (!ok.ok) fail(`tournament.${ok.error.code}`, ok.error.message);
        // Entered only if the tournament is still where this check saw it: one started or paired meanwhile is checked again.
        const r = await t.store.enterTournament(
          { tournamentId: row.id, userId: ctx.user.id, name: displayName(ctx.user), rating: Math.round(mine?.rating ?? DEFAULT_RATING.rating), at: t.now() },
          row.terms.maxPlayers,
          { status: row.status, round: row.round },
        );
        if (r === 'full') fail('tournament.tournament-full', 'The tournament is full.');
        if (r === 'changed') {
          if (tries === JOIN_TRIES) fail('server.unavailable', 'The tournament moved on as you joined; try again.');
          row = await find(t, ctx);
          continue;
        }
        t.changed(row.id);
        if (row.status === 'running') t.look?.();
        sendJson(ctx.res, 200, { ok: true, entry: r });
        return;
      }
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/tournaments/${ID}/withdraw$`),
    handler: async (ctx, all) => {
      const t = deps(all);
      const row = await find(t, ctx);
      await all.limits.enforce('tour-entry', { user: ctx.user.id, addr: ctx.addr });
      // Before the start the player leaves the draw (the store refuses once the director has started it: then withdrawn).
      const left = withdrawal(progressOf(row)) === 'leave' ? await t.store.leaveTournament(row.id, ctx.user.id) : 'started';
      if (left === 'not-entered' || (left === 'started' && !(await t.store.setEntryActive(row.id, ctx.user.id, false))))
        fail('tournament.not-entered', 'You are not in this tournament');
      t.changed(row.id);
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  {
    // A half-point bye asked for before its round is paired (Swiss): the player is left out of that round's pairing and scores ½.
    method: 'POST',
    path: new RegExp(`^/api/tournaments/${ID}/bye$`),
    handler: async (ctx, all) => {
      const t = deps(all);
      const row = await find(t, ctx);
      const req = await body(ctx, HalfBye);
      await all.limits.enforce('tour-entry', { user: ctx.user.id, addr: ctx.addr });
      const sheet = await t.store.tournamentSheet(row.id);
      const may = mayRequestHalfBye(row.terms, progressOf(row), sheetOf(sheet), ctx.user.id, req.round);
      if (!may.ok) fail(`tournament.${may.error.code}`, may.error.message);
      // Checked again in the write, with the version moved on: a round paired meanwhile refuses it; a pairing decided without it is decided again.
      const r = await t.store.requestHalfBye(row.id, ctx.user.id, req.round, row.terms.halfByes ?? 0);
      if (r === 'paired') fail('tournament.half-bye-paired', `Round ${req.round} is paired already.`);
      if (r === 'taken') fail('tournament.half-bye-taken', `You have a bye in round ${req.round} already.`);
      if (r === 'limit') fail('tournament.half-bye-limit', `This tournament allows ${row.terms.halfByes ?? 0} half-point byes a player.`);
      if (r === 'not-entered') fail('tournament.not-entered', 'You are not playing in this tournament.');
      t.changed(row.id);
      sendJson(ctx.res, 200, { ok: true, round: req.round });
    },
  },
  {
    // The Swiss as a FIDE Tournament Report File (TRF-16), for an arbiter's own pairing program (trf-export.ts says what is written).
    method: 'GET',
    path: new RegExp(`^/api/tournaments/${ID}/trf$`),
    handler: async (ctx, all) => {
      const t = deps(all);
      const row = await find(t, ctx);
      if (!(await mayView(t, row, ctx, ctx.url.searchParams.get('invite')))) fail('tournament.not-found', 'No such tournament');
      if (row.terms.kind !== 'swiss') fail('tournament.not-swiss', 'Only a Swiss is exported as a tournament report file.');
      const text = trfOf(row, await t.store.tournamentSheet(row.id));
      ctx.res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': `attachment; filename="youzai-${row.id}.trf"`,
        'cache-control': 'no-store',
      });
      ctx.res.end(text);
    },
  },
];
