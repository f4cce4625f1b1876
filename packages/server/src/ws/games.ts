/**
 * Games over the socket: watching a game (its state, then every version in
 * order, caught up after a hole or a lost bus) and a player's actions in it.
 */
import type { ClientMessage } from '@youzai/protocol';
import type { Side } from '@youzai/rules';
import { gameChatTopic } from '../bus/topics.ts';
import type { Bus } from '../bus/bus.ts';
import type { Chat } from '../chat/chat.ts';
import type { Limits } from '../limits/limits.ts';
import type { Logger } from '../observe/log.ts';
import type { MoveCost } from '../observe/move-cost.ts';
import { topicOf, type PlayerAction } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { actFor, drawAction, takebackAction } from '../service/player-action.ts';
import { systemTimers, type Clock, type Timers } from '../service/time.ts';
import { socketFeature, type FrameId, type SocketConnection, type SocketFeature, type SocketPart } from './connection.ts';
import { LAG_REFRESH_MS } from './lag.ts';

/** What the games feature needs of the club. */
export interface GamesFeatureDeps {
  readonly games: GamesPort;
  /** The draw-offer quota. */
  readonly limits: Limits;
  readonly bus: Bus;
  /** The game's chat: the recent lines a watcher gets on joining. */
  readonly chat: Chat;
  readonly clock: Clock;
  /** Timers on the same time as `clock` (a catch-up's retries); the system's by default. */
  readonly timers?: Timers;
  /** Game actions (moves at debug level). */
  readonly log?: Logger;
  /** CPU per stage of the moves (sending the answer), for /api/stats. */
  readonly moveCost?: MoveCost;
}

type ActionMessage = Extract<ClientMessage, { t: (typeof ACTIONS)[number] }>;
const ACTIONS = ['move', 'resign', 'draw', 'takeback', 'abort', 'claim-victory', 'berserk'] as const satisfies readonly ClientMessage['t'][];

/** A player's action in a game (the seat its session holds acts; a move carries the lag measured here). */
async function act(c: SocketConnection, d: GamesFeatureDeps, m: ActionMessage, id: FrameId): Promise<void> {
  if (!c.user) return c.send({ t: 'error', ...id, game: m.game, code: 'auth.required', message: 'Open the site first to get a session' });
  const action: PlayerAction =
    m.t === 'move'
      ? { type: 'move', uci: m.uci, ply: m.ply, lagMs: c.lagMs() }
      : m.t === 'draw'
        ? drawAction(m.op)
        : m.t === 'takeback'
          ? takebackAction(m.op)
          : { type: m.t };
  if (action.type === 'draw-offer') {
    const q = await d.limits.take('draw', { user: c.user.id, addr: c.addr });
    if (!q.ok) return c.send({ t: 'error', ...id, game: m.game, code: q.error.code, message: q.error.message });
  }
  const r = await actFor(d.games, m.game, c.user.id, action);
  const line = { user: c.user.id, game: m.game, t: m.t, ...(r.ok ? {} : { code: r.error.code }) };
  // Moves are many: one line each at debug level; the rarer actions and every refusal at info.
  if (r.ok && m.t === 'move') d.log?.debug(line, 'socket action');
  else d.log?.info(line, 'socket action');
  if (r.ok) {
    const cost = d.moveCost;
    const t = cost?.start() ?? 0;
    c.send({ t: 'ack', ...id });
    // A fresh round trip after a move, for the next ones, unless one came back in the last few seconds.
    if (m.t === 'move') c.measure(LAG_REFRESH_MS);
    cost?.end('fanout', t);
    return;
  }
  c.send({ t: 'error', ...id, game: m.game, code: r.error.code, message: r.error.message });
  // A stale or illegal move is answered with the current state too.
  if (r.state) c.send({ t: 'game', game: m.game, v: r.state.v, view: r.state.view, you: r.state.you });
}

/** The games one socket watches: each game's subscription, the last version sent, and the frames held while catching up. */
class GameWatches implements SocketPart {
  private readonly subs = new Map<string, () => void>();

  constructor(
    private readonly c: SocketConnection,
    private readonly d: GamesFeatureDeps,
  ) {}

  handle(m: Extract<ClientMessage, { t: 'sub' | 'unsub' }>, id: FrameId): Promise<void> | void {
    if (m.t === 'sub') return this.subscribe(m.game, m.since, id);
    this.unsubscribe(m.game);
    return this.c.send({ t: 'ack', ...id });
  }

  private async sendState(game: string): Promise<{ v: number; you: Side | null } | null> {
    const s = await this.d.games.view(game, this.c.user?.id);
    if (!s) return null;
    this.c.send({ t: 'game', game, v: s.v, view: s.view, you: s.you });
    return { v: s.v, you: s.you };
  }

  private async subscribe(game: string, since: number | undefined, id: { id?: number }): Promise<void> {
    if (this.subs.has(game)) this.unsubscribe(game);
    if (this.subs.size >= 32)
      return this.c.send({ t: 'error', ...id, game, code: 'protocol.too-many-subscriptions', message: 'Watch at most 32 games at once' });
    // Subscribe first and hold frames until the snapshot is out, so no event falls between.
    const sub: Watch = { held: [], sentV: -1, again: false };
    const off = this.d.games.subscribe(
      game,
      (frame) => {
        if (sub.held) sub.held.push(frame);
        else {
          const v = versionOf(frame);
          if (Number.isFinite(v) && sub.sentV >= 0 && v > sub.sentV + 1) {
            // A hole (frames lost with the bus, heard again before the word to catch up): the missed frames first, this one after.
            void this.catchUp(game, sub, off);
            if (sub.held) {
              (sub.held as string[]).push(frame);
              return;
            }
          }
          // Frames without a version (watcher counts) leave it as it is.
          if (Number.isFinite(v)) sub.sentV = Math.max(sub.sentV, v);
          this.c.sendRaw(frame);
        }
      },
      () => void this.catchUp(game, sub, off),
    );
    this.subs.set(game, off);
    // Several nodes: the subscription must be in place in Redis before the state is read.
    await this.d.bus.whenSubscribed?.(topicOf(game));
    let caughtUp = false;
    let seat: Side | null | undefined;
    try {
      if (since !== undefined) {
        const missed = await this.d.games.since(game, since);
        if (missed) {
          for (const f of missed) this.c.sendRaw(f.frame);
          sub.sentV = missed.length ? missed[missed.length - 1]!.v : since;
          caughtUp = true;
        }
      }
      if (!caughtUp) {
        const state = await this.sendState(game);
        if (state === null) {
          this.unsubscribe(game);
          return this.c.send({ t: 'error', ...id, game, code: 'game.not-found', message: 'No such game' });
        }
        sub.sentV = state.v;
        seat = state.you;
      }
    } catch (e) {
      // The club cannot answer now (a failover, Redis coming back): the subscription stays, and the state follows once it can.
      sub.held = null;
      if (since !== undefined && sub.sentV < since) sub.sentV = since;
      void this.catchUp(game, sub, off);
      throw e;
    }
    if (this.holeIn(sub)) {
      // What was read does not reach the frames heard meanwhile (an owner answering from an old copy, a failover under
      // way): they wait for a catch-up instead of showing the client a hole.
      const held = sub.held ?? [];
      sub.held = null;
      void this.catchUp(game, sub, off);
      // Set by catchUp before its first wait (unless the socket went meanwhile).
      (sub.held as string[] | null)?.push(...held);
    } else this.release(sub);
    if (sub.again) {
      sub.again = false;
      void this.catchUp(game, sub, off);
    }
    this.c.send({ t: 'ack', ...id });
    // A reader without a session watches too: counted as a spectator (user '' has no seat).
    void this.d.games.presence(game, this.c.user?.id ?? '', 1);
    // Catching up means the game is live here, so its seat costs nothing to look up.
    if (seat === undefined) seat = this.c.user ? await this.d.games.seat(game, this.c.user.id) : null;
    await this.joinGameChat(game, seat);
  }

  /** Whether sending the held frames now would show a hole: one more than a version past the last sent, the one between missing. */
  private holeIn(sub: Watch): boolean {
    let last = sub.sentV;
    if (last < 0) return false;
    for (const f of sub.held ?? []) {
      const v = versionOf(f);
      if (!Number.isFinite(v) || v <= last) continue;
      if (v > last + 1) return true;
      last = v;
    }
    return false;
  }

  /** Sends the frames held while the state was read: those after what was sent (the others were in it). */
  private release(sub: Watch): void {
    const held = sub.held ?? [];
    sub.held = null;
    for (const f of held) {
      const v = versionOf(f);
      if (v > sub.sentV) {
        if (Number.isFinite(v)) sub.sentV = v;
        this.c.sendRaw(f);
      }
    }
  }

  /**
   * Frames of `game` may have been missed (the bus was lost for a while, or
   * their publisher could not reach Redis): what came after the last version
   * sent is sent now (the missed frames, or the full state), in order. The
   * frames heard meanwhile are held until then, through the retries (a
   * second apart) while the club cannot answer yet: a frame let through
   * before the catch-up would show the client a hole.
   */
  private async catchUp(game: string, sub: Watch, off: () => void): Promise<void> {
    const gone = () => this.c.closed || this.subs.get(game) !== off;
    if (gone()) return;
    if (sub.held) {
      // Reading the state already, or catching up: once more after it.
      sub.again = true;
      return;
    }
    sub.held = [];
    for (let tries = 0; ; tries++) {
      sub.again = false;
      let done = false;
      try {
        const missed = await this.d.games.since(game, sub.sentV);
        if (missed) {
          for (const f of missed) if (f.v > sub.sentV) this.c.sendRaw(f.frame);
          if (missed.length) sub.sentV = Math.max(sub.sentV, missed[missed.length - 1]!.v);
          done = true;
        } else {
          const s = await this.d.games.view(game, this.c.user?.id);
          if (s && s.v > sub.sentV) {
            this.c.send({ t: 'game', game, v: s.v, view: s.view, you: s.you });
            sub.sentV = s.v;
          }
          done = s !== null;
        }
      } catch {
        // The club cannot answer yet (Redis still coming back): again a second later.
      }
      // An answer that does not reach the frames heard meanwhile (an owner frozen past its lease answering from its old
      // copy, chaos seed 11: v31 then v33): again a second later, as when the club cannot answer.
      if (done && this.holeIn(sub)) done = false;
      if (gone() || (done && !sub.again) || tries >= CATCH_UP_TRIES) break;
      if (!done) await new Promise<void>((r) => (this.d.timers ?? systemTimers).at(this.d.clock.now() + 1000, r));
    }
    if (!gone()) this.release(sub);
  }

  /** Players hear the players' chat, everyone else the spectators'; recent lines first. */
  private async joinGameChat(game: string, seat: Side | null | undefined): Promise<void> {
    if (seat === undefined || !this.subs.has(game)) return;
    const channel = seat === null ? 'spectators' : 'players';
    this.c.listen(gameChatTopic(game, channel));
    const lines = await this.d.chat.recent({ game, channel }, this.c.user?.id);
    if (lines.length) this.c.send({ t: 'chat-log', game, channel, lines });
  }

  private unsubscribe(game: string): void {
    const off = this.subs.get(game);
    if (!off) return;
    off();
    this.subs.delete(game);
    this.c.unlisten(gameChatTopic(game, 'players'));
    this.c.unlisten(gameChatTopic(game, 'spectators'));
    void this.d.games.presence(game, this.c.user?.id ?? '', -1);
  }

  close(): void {
    for (const g of [...this.subs.keys()]) this.unsubscribe(g);
  }
}

/** A game watched by a socket: the last version sent, and the frames held while a state is read (null: none read now). */
interface Watch {
  held: string[] | null;
  sentV: number;
  /** Told to catch up while reading: once more after. */
  again: boolean;
}

/** How many times (a second apart) a catch-up is tried while the club cannot answer; the held frames go out after. */
const CATCH_UP_TRIES = 30;

function versionOf(frame: string): number {
  const m = /"v":(\d+)/.exec(frame);
  return m ? Number(m[1]) : Infinity;
}

/** The socket's games: `sub`/`unsub` and the players' actions. */
export const gamesFeature = (d: GamesFeatureDeps): SocketFeature =>
  socketFeature('games', ['sub', 'unsub', ...ACTIONS], async (c, m, id) => {
    if (m.t === 'sub' || m.t === 'unsub') return c.part(GameWatches, () => new GameWatches(c, d)).handle(m, id);
    return act(c, d, m, id);
  });
