/**
 * The game page: board, clocks, move list, controls, verdict, chat. State
 * comes only from the server (full `game` frames and versioned `event`s);
 * the board shows moves at once and the server's answer confirms or resets them.
 * The game is live-game.ts; the page's own state and decisions are game-model.ts,
 * how the server's frames change them game-socket-model.ts; what it draws is
 * game-screen.ts. This module holds them together: the socket, and the moves and actions sent.
 */
import type { GameView, ServerMessage } from '@youzai/protocol';
import type { Side } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { LiveGame } from '../game/live-game.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import type { Outgoing } from '../net/socket.ts';
import {
  answered,
  fullFrame,
  hold as holdMove,
  initialGamePageState,
  noticed,
  settle as settleModel,
  watchersRead,
  type GamePageState,
  type Notice,
} from './game-model.ts';
import { GameScreen } from './game-screen.ts';
import { eventsStep, fullFrameStep, otherFrame } from './game-socket-model.ts';

export function gamePage(app: AppContext, params: Record<string, string>): Page {
  const id = params.id!;
  const el = h('div.game-page', { 'data-testid': 'game-page' }, h('p', null, t('common.loading')));
  let live: LiveGame | null = null;
  /** The page's own state (game-model.ts); the game's is `live`. */
  let s: GamePageState = initialGamePageState();
  let destroyed = false;
  const screen = new GameScreen(el, app, id, {
    live: () => live,
    state: () => s,
    destroyed: () => destroyed,
    play: (uci) => void play(uci),
    send: (msg) => void send(msg),
    notice: (n) => say(n),
  });
  void api<{ tournament: { id: string; name: string } | null }>('GET', `/api/tournament-games/${id}`).then((r) => {
    if (r.ok && r.tournament) screen.setTournament(r.tournament);
  });

  /** A word on the status line. */
  function say(notice: Notice): void {
    s = noticed(s, notice);
    screen.renderStatus();
  }

  /** A move made on the board, typed or pressed: sent, held while offline, or taken back off the board. */
  async function play(uci: string): Promise<void> {
    const g = live;
    if (!g?.myTurn) say({ kind: 'not-your-turn' });
    // A move that would lose by a rule is played only once confirmed.
    if (!g?.myTurn || !(await screen.confirmMove(g, uci))) return screen.renderBoard();
    const ply = g.view.ply;
    if (app.socket.state !== 'open') return hold(uci, ply);
    await sendMove(uci, ply);
  }

  /** Offline: the move waits, shown on the board, and the page says so. */
  function hold(uci: string, ply: number): void {
    s = holdMove(s, uci, ply);
    screen.renderStatus();
    screen.renderBoard();
  }

  /** Once the state is back after a reconnect: the held move is sent, known to be in, or dropped with a word. */
  function settle(): void {
    if (!s.held || !live) return;
    const r = settleModel(s, live.view, live.you, app.socket.state === 'open');
    if (r.state === s) return;
    s = r.state;
    if (r.send) void sendMove(r.send.uci, r.send.ply);
    screen.renderAll();
  }

  async function sendMove(uci: string, ply: number): Promise<void> {
    say({ kind: 'pending' });
    const r = await app.socket.request({ t: 'move', game: id, uci, ply });
    // The socket dropped before the answer: whether the server has the move is known once the state is back.
    if (!r.ok && r.code === 'net.offline') return hold(uci, ply);
    if (!r.ok) {
      s = answered(s, r);
      screen.renderStatus();
      // The server follows a refused move with the current state; without a socket, show ours again.
      screen.renderBoard();
    }
  }

  /** An action (resign, draw, takeback…): its answer goes to the status line. */
  async function send(msg: Outgoing): Promise<void> {
    s = answered(s, await app.socket.request(msg));
    screen.renderStatus();
  }

  function onFullFrame(view: GameView, v: number, you: Side | null): void {
    const step = fullFrameStep(live, v, you);
    if (step === 'stale') return;
    if (live) live.reset(view, v, you);
    else live = new LiveGame(view, v, you);
    if (step !== 'same-seat') screen.build(live);
    s = fullFrame(s);
    screen.renderAll();
    settle();
  }

  function onEvents(msg: Extract<ServerMessage, { t: 'events' }>): void {
    if (!live) return;
    const r = live.apply(msg.v, msg.events, msg.now);
    const step = eventsStep(s, r, msg.events, live.you, live.myTurn);
    s = step.state;
    if (step.resync) app.socket.resync(id);
    if (step.cues) screen.applied(step.cues);
    if (step.settle) settle();
    if (step.cues?.premove) screen.playPremove();
  }

  const off = app.socket.on((msg: ServerMessage) => {
    if ('game' in msg && msg.game !== id) return;
    if (msg.t === 'game') return onFullFrame(msg.view, msg.v, msg.you);
    if (msg.t === 'events') return onEvents(msg);
    if (msg.t === 'error' && msg.game === id && msg.code === 'game.not-found') return fill(el, h('p', null, t('game.notFound')));
    s = otherFrame(s, msg);
    screen.heard(msg);
  });

  void api<{ spectators: number }>('GET', `/api/games/${id}`).then((r) => {
    if (!r.ok && r.code === 'game.not-found') fill(el, h('p', { 'data-testid': 'not-found' }, t('game.notFound')));
    // A count pushed meanwhile is the newer one.
    if (!r.ok || destroyed) return;
    s = watchersRead(s, r.spectators);
    screen.renderWatchers();
  });
  app.socket.subscribe(id);
  // The status says when the connection is down (a move then waits for it).
  const offState = app.socket.onState(() => screen.renderStatus());

  return {
    el,
    title: t('game.movesTitle'),
    destroy() {
      destroyed = true;
      off();
      offState();
      app.socket.unsubscribe(id);
      screen.destroy();
    },
  };
}
