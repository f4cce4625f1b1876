/**
 * The game page: board, clocks, move list, controls, verdict, chat. State
 * comes only from the server (full `game` frames and versioned `event`s);
 * the board shows moves at once and the server's answer confirms or resets them.
 * The game is live-game.ts; the page's own state and decisions are game-model.ts.
 */
import type { ChatLine, GameView, ServerMessage } from '@youzai/protocol';
import { VARIANTS, sideIndex, type Side } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { confirmBox } from '../app/dialog.ts';
import { h, fill } from '../app/h.ts';
import { clockConfigName, seatName, sideName, variantName } from '../app/names.ts';
import { choosePromotion } from '../board/promotion.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { settingsButton } from '../board/settings-panel.ts';
import { gameTabTitle } from '../game/tab-title.ts';
import { Board, orientationOf } from '../board/board.ts';
import { inPlaceButtons } from '../board/in-place.ts';
import { sideColorVars } from '../board/layout.ts';
import { AnalysisPanel, JUDGEMENT_GLYPH } from '../game/analysis-panel.ts';
import { analysisPath, offersAnalysisBoard } from '../game/analysis-link.ts';
import { ChatView } from '../game/chat-view.ts';
import { RematchView } from '../game/rematch-view.ts';
import { clockFace, formatClock } from '../game/clock-display.ts';
import { LiveGame } from '../game/live-game.ts';
import { positionWith } from '../game/held-move.ts';
import { takebackControls } from '../game/takeback-controls.ts';
import { Cursor } from '../game/move-history.ts';
import { MoveListView } from '../game/move-list-view.ts';
import { typedPlaceholder } from '../game/typed-hint.ts';
import { readTypedMove } from '../game/typed-move.ts';
import { refereePanel } from '../game/referee-panel.ts';
import { verdictText, violationWarning } from '../game/verdict-text.ts';
import { formatTimeLeft } from '../game/time-left.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { hasProfile } from './profile-data.ts';
import { reportButton } from '../social/report.ts';
import {
  answered,
  controlsFor,
  eventCues,
  eventsApplied,
  fullFrame,
  hold as holdMove,
  initialGamePageState,
  noticed,
  ratingsArrived,
  ratingsNote,
  settle as settleModel,
  watchersPushed,
  watchersRead,
  type ActionControl,
  type GamePageState,
  type Notice,
  type RatingsFrame,
  type Toast,
} from './game-model.ts';

export function gamePage(app: AppContext, params: Record<string, string>): Page {
  const id = params.id!;
  const el = h('div.game-page', { 'data-testid': 'game-page' }, h('p', null, t('common.loading')));
  // A tournament game links back to its tournament.
  const tourLink = h('p.game-tournament', { 'data-testid': 'game-tournament' });
  void api<{ tournament: { id: string; name: string } | null }>('GET', `/api/tournament-games/${id}`).then((r) => {
    if (!r.ok || !r.tournament) return;
    fill(tourLink, h('a', { href: `/tournament/${r.tournament.id}` }, `${t('tour.back')}: ${r.tournament.name}`));
    // Its end panel leads back to the tournament, with no rematch (issue 27).
    rematch.setTournament(r.tournament);
  });
  let live: LiveGame | null = null;
  let board: Board | null = null;
  let moveList: MoveListView | null = null;
  let chat: ChatView | null = null;
  let cursor: Cursor | null = null;
  let analysis: AnalysisPanel | null = null;
  const rematch = new RematchView(id, (next) => app.navigate(`/game/${next}`));
  let pendingChat: readonly ChatLine[] | null = null;
  let tick: ReturnType<typeof setInterval> | null = null;
  /** The page's own state (game-model.ts); the game's is `live`. */
  let s: GamePageState = initialGamePageState();
  let destroyed = false;
  /** Whether the claim button was shown at the last render (it appears with time, not with an event). */
  let claimShown = false;
  const invite = (() => {
    try {
      return sessionStorage.getItem(`yz-invite-${id}`);
    } catch {
      return null;
    }
  })();

  // Regions, built once the first full frame arrives.
  const top = h('div.player.top');
  const bottom = h('div.player.bottom');
  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'status' });
  const controls = h('div.controls');
  const special = h('div.special');
  const analysisLink = h('a.button', { 'data-testid': 'open-analysis-board', hidden: true }, t('board.open')) as HTMLAnchorElement;
  const endPanel = h('section.end', { 'data-testid': 'end-panel', hidden: true });
  const refHolder = h('div');
  const invitePanel = h('div.invite-panel');
  const typedForm = h('form.typed');
  const watchersEl = h('span.watchers', { 'data-testid': 'watchers' });

  /** This player's side as an index (the board and the per-side tuples); null for a watcher. */
  function myColor(): 0 | 1 | null {
    return live?.you ? sideIndex(live.you) : null;
  }

  function orientation(): 0 | 1 {
    return myColor() ?? 0;
  }

  function build(g: LiveGame): void {
    const variant = g.view.variant;
    for (const [name, value] of Object.entries(sideColorVars(VARIANTS[variant]))) el.style.setProperty(name, value);
    cursor = new Cursor(() => live?.history.length ?? 0);
    board = new Board(boardEl, {
      variant,
      orientation: orientationOf(orientation()),
      premoves: g.isPlayer,
      onMove: (uci) => void play(uci),
      choose: choosePromotion,
    });
    moveList = new MoveListView(
      () => live!.history,
      cursor,
      () => renderBoard(),
    );
    analysis = new AnalysisPanel({
      gameId: id,
      variant,
      history: () => live!.history,
      notationId: () => moveList!.notationId,
      pick: (ply) => {
        cursor?.go(ply);
        renderBoard();
      },
      changed: () => {
        moveList?.setMarks(marks);
        renderBoard();
        renderEnd();
      },
    });
    const marks = (ply: number) => {
      const j = analysis?.judgementAt(ply);
      return j ? { glyph: JUDGEMENT_GLYPH[j], kind: j, title: t(`analysis.${j}`) } : null;
    };
    moveList.setMarks(marks);
    const channel = g.isPlayer ? 'players' : 'spectators';
    chat = new ChatView(`${t('chat.title')} · ${t(g.isPlayer ? 'chat.players' : 'chat.spectators')}`, (text) =>
      app.socket.request({ t: 'chat', game: id, channel, text }),
    );
    if (pendingChat) chat.replace(pendingChat);
    const input = h('input', {
      type: 'text',
      name: 'move',
      autocomplete: 'off',
      placeholder: typedPlaceholder(VARIANTS[variant]),
      'aria-label': t('game.typed.label'),
      'data-testid': 'typed-move',
    }) as HTMLInputElement;
    fill(typedForm, h('label', null, t('game.typed.label'), input), h('button', { type: 'submit' }, t('game.typed.submit')));
    typedForm.onsubmit = (e) => {
      e.preventDefault();
      if (!live) return;
      const r = readTypedMove(live.history.current, input.value);
      if (!r.ok) {
        s = noticed(s, { kind: 'typed-invalid', text: input.value, code: r.code, message: r.message });
        renderStatus();
        return;
      }
      input.value = '';
      void play(r.uci);
    };
    const flip = h('button', { type: 'button', 'data-testid': 'flip' }, `⇅ ${t('game.flip')}`);
    flip.addEventListener('click', () => board?.flip());
    fill(
      el,
      h(
        'div.game-layout',
        null,
        h('div.board-col', null, top, boardEl, bottom, analysis.el),
        h(
          'aside.side-col',
          null,
          h(
            'p.game-meta',
            null,
            // A game from a set position (the board editor's) is never rated, and says so.
            `${variantName(variant, true)} · ${clockConfigName(g.view.clockConfig)} · ${t(g.view.rated ? 'common.rated' : g.view.initialFen !== VARIANTS[variant].startFen ? 'game.setPosition' : 'common.casual')} `,
            watchersEl,
          ),
          tourLink,
          // Sent here by an invitation link already used: say why this visitor only watches.
          new URLSearchParams(location.search).get('seat') === 'taken' ? h('p.notice', { 'data-testid': 'seat-taken' }, t('invite.seatTaken')) : null,
          invitePanel,
          statusEl,
          controls,
          special,
          endPanel,
          moveList.el,
          analysisLink,
          h('div.row', null, flip, coordsToggle(), settingsButton([VARIANTS[variant]]), reportButton(app, g.view.seats, id)),
          typedForm,
          refHolder,
          chat.el,
        ),
      ),
    );
    document.addEventListener('keydown', onKey);
    // build() runs again when our seat changes: one timer only.
    if (tick) clearInterval(tick);
    tick = setInterval(onTick, 100);
  }

  function onTick(): void {
    renderClocks();
    if (live && live.canClaimVictory(app.socket.serverNow()) !== claimShown) renderControls();
  }

  function onKey(e: KeyboardEvent): void {
    if (!cursor || (e.target as HTMLElement).closest('input,textarea,select')) return;
    const go: Record<string, () => void> = {
      ArrowLeft: () => cursor!.prev(),
      ArrowRight: () => cursor!.next(),
      Home: () => cursor!.first(),
      End: () => cursor!.last(),
    };
    const f = go[e.key];
    if (!f) return;
    e.preventDefault();
    f();
    renderBoard();
  }

  async function play(uci: string): Promise<void> {
    const g = live;
    if (!g?.myTurn) {
      s = noticed(s, { kind: 'not-your-turn' });
      renderStatus();
      renderBoard();
      return;
    }
    const violation = g.wouldViolate(uci);
    if (violation) {
      const go = await confirmBox(
        t('game.violation.title'),
        violationWarning(g.history, uci, moveList?.notationId ?? '', violation),
        t('game.violation.confirm'),
      );
      if (!go || destroyed) {
        renderBoard();
        return;
      }
    }
    const ply = g.view.ply;
    if (app.socket.state !== 'open') return hold(uci, ply);
    await sendMove(uci, ply);
  }

  /** Offline: the move waits, shown on the board, and the page says so. */
  function hold(uci: string, ply: number): void {
    s = holdMove(s, uci, ply);
    renderStatus();
    renderBoard();
  }

  /** Once the state is back after a reconnect: the held move is sent, known to be in, or dropped with a word. */
  function settle(): void {
    if (!s.held || !live) return;
    const r = settleModel(s, live.view, live.you, app.socket.state === 'open');
    if (r.state === s) return;
    s = r.state;
    if (r.send) void sendMove(r.send.uci, r.send.ply);
    renderAll();
  }

  async function sendMove(uci: string, ply: number): Promise<void> {
    s = noticed(s, { kind: 'pending' });
    renderStatus();
    const r = await app.socket.request({ t: 'move', game: id, uci, ply });
    // The socket dropped before the answer: whether the server has the move is known once the state is back.
    if (!r.ok && r.code === 'net.offline') return hold(uci, ply);
    if (!r.ok) {
      s = answered(s, r);
      renderStatus();
      // The server follows a refused move with the current state; without a socket, show ours again.
      renderBoard();
    }
  }

  function renderPlayers(): void {
    const o = orientation();
    fill(top, seatLine(live!.view, (1 - o) as 0 | 1));
    fill(bottom, seatLine(live!.view, o));
    renderClocks();
  }

  function renderClocks(): void {
    if (!live) return;
    drawClocks(el, live.view, app.socket.serverNow());
    if (live.view.firstMoveDeadline && live.view.status === 'active') renderStatus();
  }

  function renderBoard(): void {
    if (destroyed || !live || !board || !cursor) return;
    const ply = cursor.ply;
    const waiting = s.held && cursor.live ? s.held : null;
    const pos = waiting ? positionWith(live.history.positionAt(ply), waiting.uci) : live.history.positionAt(ply);
    const mine = myColor();
    const playing = live.view.status === 'active' || live.view.status === 'waiting';
    board.set({
      pos,
      lastUci: waiting ? waiting.uci : live.history.lastUci(ply),
      movable: cursor.live && live.myTurn && !waiting ? orientationOf(mine!) : null,
      premoveColor: cursor.live && playing && mine !== null && !live.myTurn ? orientationOf(mine) : null,
    });
    board.setArrows(analysis?.arrowsAt(ply) ?? []);
    analysis?.render(ply);
    // The analysis board, at the ply shown: once the game is over, for everyone (never while it is played).
    analysisLink.hidden = !offersAnalysisBoard(live);
    analysisLink.href = analysisPath({
      variant: live.view.variant,
      fen: live.view.initialFen !== VARIANTS[live.view.variant].startFen ? live.view.initialFen : undefined,
      moves: live.history.moves.join(' '),
      at: live.history.moves.slice(0, ply),
      game: id,
    });
    moveList?.render();
    renderSpecial();
  }

  function renderSpecial(): void {
    if (!live || !board) return;
    fill(special, ...inPlaceButtons(board.inPlaceMoves(), (uci) => void play(uci)));
  }

  function renderStatus(): void {
    if (!live) return;
    const v = live.view;
    const text = statusText(live, s.notice, app.socket.state === 'open', app.socket.serverNow());
    if (statusEl.textContent !== text) statusEl.textContent = text;
    document.title = gameTabTitle(v, live.isPlayer && live.myTurn);
    // Typing a move is for a player of a game still on.
    typedForm.hidden = !live.isPlayer || live.over;
  }

  function renderControls(): void {
    if (!live) return;
    const v = live.view;
    const me = myColor();
    const buttons: HTMLElement[] = [];
    const act = (label: string, testid: string, run: () => void, primary = false) => {
      const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, label);
      b.addEventListener('click', run);
      buttons.push(b);
    };
    const send = async (msg: Parameters<typeof app.socket.request>[0]) => {
      s = answered(s, await app.socket.request(msg));
      renderStatus();
    };
    claimShown = me !== null && v.status === 'active' && live.canClaimVictory(app.socket.serverNow());
    const claim = live.refereeState.counters?.claim;
    for (const c of controlsFor(v, me, claim?.claimable ? claim.plies : null, claimShown)) {
      if (c.kind === 'they-offer') buttons.push(h('span.offer', null, t('game.draw.theyOffer')));
      else if (c.kind === 'offered') buttons.push(h('span.offer', null, t('game.draw.offered')));
      else if (c.kind === 'takeback') buttons.push(...takebackControls(v, me!, (op) => void send({ t: 'takeback', game: id, op })));
      else if (c.kind === 'resign')
        act(t('game.resign'), 'resign', async () => {
          if ((await confirmBox(t('game.resign'), t('game.resign.confirm'), t('game.resign'))) && !destroyed) void send({ t: 'resign', game: id });
        });
      else act(controlLabel(c), c.kind, () => void send(controlMessage(c, id)), c.kind === 'draw-accept');
    }
    fill(controls, ...buttons);
  }

  function renderInvite(): void {
    if (live?.view.status !== 'waiting' || !invite) {
      fill(invitePanel);
      return;
    }
    fill(invitePanel, ...inviteShare(invite, () => app.toast(t('common.copied'))));
  }

  function renderEnd(): void {
    analysis?.setFinished(live?.view.status === 'finished');
    rematch.set(live?.view.status === 'finished', live?.you ?? null);
    if (!live?.over) {
      endPanel.hidden = true;
      return;
    }
    endPanel.hidden = false;
    fill(endPanel, ...endPanelContent(live.view, s.ratings, id, [rematch.el, analysis?.endButton() ?? null]));
  }

  function renderReferee(): void {
    if (!live) return;
    const state = live.refereeState;
    let warning: string | null = null;
    if (live.myTurn && cursor?.live) {
      const bad = live.movesThatViolate().length;
      if (bad) warning = t('game.violation.some', { n: bad });
    }
    if (state.runs || state.counters || state.quiet || warning) refHolder.replaceChildren(refereePanel(live.view.variant, state, warning));
    else refHolder.replaceChildren();
  }

  function renderAll(): void {
    renderPlayers();
    renderBoard();
    renderStatus();
    renderControls();
    renderInvite();
    renderEnd();
    renderReferee();
  }

  function onFullFrame(view: GameView, v: number, you: Side | null): void {
    // A state read before events we already applied (an answer to a refused move racing a move): keep ours.
    if (live && live.you === you && v < live.v) return;
    if (!live) {
      live = new LiveGame(view, v, you);
      build(live);
    } else {
      const flipSide = live.you !== you;
      live.reset(view, v, you);
      if (flipSide) {
        board?.destroy();
        build(live);
      }
    }
    s = fullFrame(s);
    renderAll();
    settle();
  }

  const off = app.socket.on((msg: ServerMessage) => {
    if ('game' in msg && msg.game !== id) return;
    switch (msg.t) {
      case 'game':
        onFullFrame(msg.view, msg.v, msg.you);
        break;
      case 'events': {
        if (!live) return;
        const r = live.apply(msg.v, msg.events, msg.now);
        const cues = eventCues(msg.events, live.you, live.myTurn);
        const next = eventsApplied(s, r, cues.ended);
        s = next.state;
        if (next.resync) app.socket.resync(id);
        if (r === 'resync') return;
        if (r === 'ignored') return settle();
        if (cues.sound) app.sound.play(cues.sound);
        showWatchers();
        if (cues.toLive) cursor?.last();
        for (const toast of cues.toasts) app.toast(toastText(toast, live.view.variant));
        renderAll();
        settle();
        if (cues.premove) board?.playPremove();
        break;
      }
      case 'error':
        if (msg.game === id && msg.code === 'game.not-found') fill(el, h('p', null, t('game.notFound')));
        break;
      case 'chat':
        if ('game' in msg) chat?.add(msg);
        break;
      case 'chat-log':
        if ('game' in msg) {
          pendingChat = msg.lines;
          chat?.replace(msg.lines);
        }
        break;
      case 'rematch':
        rematch.onFrame(msg);
        break;
      case 'spectators':
        s = watchersPushed(s, msg.n);
        showWatchers();
        break;
      case 'analysis':
        analysis?.onProgress(msg.state, msg.progress);
        break;
      case 'ratings':
        s = ratingsArrived(s, msg);
        renderEnd();
        break;
    }
  });

  /** How many watch: read with the game, then pushed by the server as watchers come and go (`spectators`, from any node). */
  function showWatchers(): void {
    const n = s.watchers?.n ?? 0;
    watchersEl.textContent = n > 0 ? t('game.watchers', { n }) : '';
  }
  void api<{ spectators: number }>('GET', `/api/games/${id}`).then((r) => {
    if (!r.ok && r.code === 'game.not-found') fill(el, h('p', { 'data-testid': 'not-found' }, t('game.notFound')));
    // A count pushed meanwhile is the newer one.
    if (!r.ok || destroyed) return;
    s = watchersRead(s, r.spectators);
    showWatchers();
  });
  app.socket.subscribe(id);
  // The status says when the connection is down (a move then waits for it).
  const offState = app.socket.onState(() => renderStatus());

  return {
    el,
    title: t('game.movesTitle'),
    destroy() {
      destroyed = true;
      off();
      offState();
      app.socket.unsubscribe(id);
      if (tick) clearInterval(tick);
      document.removeEventListener('keydown', onKey);
      board?.destroy();
    },
  };
}

function noticeText(n: Notice): string {
  switch (n.kind) {
    case 'none':
      return '';
    case 'not-your-turn':
      return t('err.game.not-your-turn');
    case 'held':
      return t('game.offline.held');
    case 'stale':
      return t('game.offline.stale');
    case 'pending':
      return t('game.pending');
    case 'error':
      return tMaybe(`err.${n.code}`, n.message);
    case 'typed-invalid':
      return t('game.typed.invalid', { text: n.text, message: tMaybe(`err.${n.code}`, n.message) });
  }
}

function controlLabel(c: ActionControl): string {
  switch (c.kind) {
    case 'abort':
      return t('game.abort');
    case 'berserk':
      return t('game.berserk');
    case 'draw-accept':
      return t('game.draw.accept');
    case 'draw-decline':
      return t('game.draw.decline');
    case 'draw-offer':
      return t('game.draw.offer');
    case 'draw-claim':
      return t('game.draw.claim', { plies: c.plies });
    case 'claim-victory':
      return t('game.claimVictory');
  }
}

function controlMessage(c: ActionControl, game: string): Parameters<AppContext['socket']['request']>[0] {
  switch (c.kind) {
    case 'abort':
    case 'berserk':
    case 'claim-victory':
      return { t: c.kind, game };
    case 'draw-accept':
      return { t: 'draw', game, op: 'accept' };
    case 'draw-decline':
      return { t: 'draw', game, op: 'decline' };
    case 'draw-offer':
      return { t: 'draw', game, op: 'offer' };
    case 'draw-claim':
      return { t: 'draw', game, op: 'claim' };
  }
}

function toastText(toast: Toast, variant: GameView['variant']): string {
  if (toast.kind === 'your-turn') return t('game.yourTurn');
  const side = sideName(variant, toast.side);
  const key = {
    berserk: 'game.berserk.toast',
    'draw-declined': 'game.draw.declined',
    'takeback-declined': 'game.takeback.declined',
    takeback: 'game.takeback.done',
  } as const;
  return t(key[toast.kind], { side });
}

/** The rating change, one line a player, then why none moved or one was held. */
function ratingLines(r: RatingsFrame, v: GameView): string[] {
  const lines = r.players.map((p, i) =>
    t('game.ratingChange', {
      name: seatName(v.seats[i]),
      before: Math.round(p.before.rating),
      after: Math.round(p.after.rating),
      diff: `${p.diff >= 0 ? '+' : ''}${Math.round(p.diff)}`,
    }),
  );
  const note = ratingsNote(r);
  if (note) lines.push(t(note === 'newcomers' ? 'game.newcomersUncounted' : note === 'pair-limit' ? 'game.pairLimit' : 'game.ratingHeld'));
  return lines;
}

function seatLine(v: GameView, c: 0 | 1): HTMLElement {
  const seat = v.seats[c];
  const gone = v.disconnectedSince[c] !== null && v.status === 'active';
  // Guests have no profile page to link to.
  const nameEl =
    seat && seat.kind === 'human' && hasProfile(seat.name, seat.userId)
      ? h('a', { href: `/@/${encodeURIComponent(seat.name)}` }, seat.name)
      : h('span', null, seatName(seat));
  return h(
    'div.seat',
    null,
    h(`span.side-dot.c${c}`, { 'aria-hidden': 'true' }),
    h('span.side-name', null, sideName(v.variant, c)),
    ' ',
    seat ? nameEl : h('em', null, t('game.waiting')),
    gone
      ? h(
          'span.gone',
          {
            role: 'img',
            title: t('game.disconnected', { side: sideName(v.variant, c) }),
            'aria-label': t('game.disconnected', { side: sideName(v.variant, c) }),
          },
          ' ⚠',
        )
      : null,
    v.berserk[c] ? h('span.berserk', { 'data-testid': `berserk-${c}`, title: t('game.berserk.done') }, ' ⚡') : null,
    h(`span.clock.c${c}`, { 'data-testid': `clock-${c}`, role: 'timer' }),
  );
}

/** The status line: the page's word, or whose turn it is (with check and the first move's time left). */
function statusText(live: LiveGame, notice: Notice, online: boolean, now: number): string {
  const v = live.view;
  let text = noticeText(notice);
  if (!text) {
    if (v.status === 'waiting') text = t('game.waiting');
    else if (live.over)
      text = ''; // the end panel says it
    else if (live.isPlayer && !online) text = t('game.offline');
    else if (live.isPlayer) text = live.myTurn ? t('game.yourTurn') : t('game.theirTurn');
    else text = `${t('game.spectators')} · ${t('game.turnOf', { side: sideName(v.variant, v.turn) })}`;
    if (v.status === 'active' && v.check) text += ` · ${t('game.check')}`;
    if (v.firstMoveDeadline && v.status === 'active') {
      text += ` · ${t('game.firstMove', { time: formatTimeLeft(v.firstMoveDeadline - now) })}`;
    }
  }
  return text;
}

/** The end panel's headline. */
function headline(v: GameView): string {
  const verdict = v.verdict;
  if (v.status === 'aborted') return t('game.result.aborted');
  return verdict?.winner === null || !verdict ? t('game.result.draw') : t('game.result.win', { side: sideName(v.variant, verdict.winner) });
}

/** Each side's clock as it reads at `now` (server time), on every clock element of the page. */
function drawClocks(root: HTMLElement, v: GameView, now: number): void {
  for (const c of [0, 1] as const) {
    const face = clockFace(v.clock, c, v.status === 'active' ? now : v.clock.at);
    for (const node of root.querySelectorAll<HTMLElement>(`.clock.c${c}`)) {
      const text = formatClock(face.shownMs, t('clock.dayUnit')) + (face.periods !== null ? ` (${face.periods})` : '');
      if (node.textContent !== text) node.textContent = text;
      node.classList.toggle('running', face.running && v.status === 'active');
      node.classList.toggle('low', face.low);
      node.classList.toggle('byoyomi', face.inByoyomi);
    }
  }
}

/** The invitation link to share while the game waits for its second player, with a copy button. */
function inviteShare(invite: string, copied: () => void): HTMLElement[] {
  const input = h('input', { type: 'text', readonly: true, value: invite, 'data-testid': 'invite-url', 'aria-label': t('invite.share') }) as HTMLInputElement;
  const copy = h('button', { type: 'button' }, t('common.copy'));
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(invite).then(copied);
    input.select();
  });
  return [h('p', null, t('invite.share')), h('div.row', null, input, copy)];
}

/** The end panel: result, why, the rating change, then `actions` (rematch, analysis) and the ways out. */
function endPanelContent(v: GameView, ratings: RatingsFrame | null, id: string, actions: readonly (HTMLElement | null)[]): (HTMLElement | null)[] {
  const verdict = v.verdict;
  return [
    h('h3', null, t('game.over')),
    h('p.result', { 'data-testid': 'result' }, `${verdict?.result ?? ''} · ${headline(v)}`),
    verdict ? h('p.explanation', { 'data-testid': 'explanation' }, verdictText(v.variant, verdict)) : null,
    ...(ratings ? ratingLines(ratings, v) : []).map((l) => h('p.rating-change', null, l)),
    h(
      'div.row',
      null,
      ...actions,
      h('a.button', { href: '/' }, t('game.rematchHome')),
      h('a.button', { href: `/api/games/${id}.pgn`, download: `${id}.pgn` }, t('game.export')),
    ),
  ];
}
