/**
 * The game page: board, clocks, move list, controls, verdict, chat. State
 * comes only from the server (full `game` frames and versioned `event`s);
 * the board shows moves at once and the server's answer confirms or resets them.
 */
import type { ChatLine, GameView, ServerMessage } from '@youzai/protocol';
import { SIDES, VARIANTS, sideIndex, type Side } from '@youzai/rules';
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
import { positionWith, settleHeld, type HeldMove } from '../game/held-move.ts';
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
  let ratingsLine: string[] = [];
  let tick: ReturnType<typeof setInterval> | null = null;
  let status = '';
  /** A move made while the socket was down, sent once the game's state is back (held-move.ts). */
  let held: HeldMove | null = null;
  let destroyed = false;
  /** A full state has been asked for: more gaps until it comes need no second request. */
  let resyncing = false;
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
        status = t('game.typed.invalid', { text: input.value, message: tMaybe(`err.${r.code}`, r.message) });
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
      status = t('err.game.not-your-turn');
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
    held = { uci, ply };
    status = t('game.offline.held');
    renderStatus();
    renderBoard();
  }

  /** Once the state is back after a reconnect: the held move is sent, known to be in, or dropped with a word. */
  function settle(): void {
    if (!held || !live || app.socket.state !== 'open') return;
    const h = held;
    held = null;
    const what = settleHeld(h, live.view, live.you);
    if (what === 'send') void sendMove(h.uci, h.ply);
    else status = what === 'stale' ? t('game.offline.stale') : '';
    renderAll();
  }

  async function sendMove(uci: string, ply: number): Promise<void> {
    status = t('game.pending');
    renderStatus();
    const r = await app.socket.request({ t: 'move', game: id, uci, ply });
    // The socket dropped before the answer: whether the server has the move is known once the state is back.
    if (!r.ok && r.code === 'net.offline') return hold(uci, ply);
    if (!r.ok) {
      status = tMaybe(`err.${r.code}`, r.message ?? String(r.code));
      renderStatus();
      // The server follows a refused move with the current state; without a socket, show ours again.
      renderBoard();
    }
  }

  function seatLine(c: 0 | 1): HTMLElement {
    const v = live!.view;
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

  function renderPlayers(): void {
    const o = orientation();
    fill(top, seatLine((1 - o) as 0 | 1));
    fill(bottom, seatLine(o));
    renderClocks();
  }

  function renderClocks(): void {
    if (!live) return;
    const now = app.socket.serverNow();
    for (const c of [0, 1] as const) {
      const face = clockFace(live.view.clock, c, live.view.status === 'active' ? now : live.view.clock.at);
      for (const node of el.querySelectorAll<HTMLElement>(`.clock.c${c}`)) {
        const text = formatClock(face.shownMs, t('clock.dayUnit')) + (face.periods !== null ? ` (${face.periods})` : '');
        if (node.textContent !== text) node.textContent = text;
        node.classList.toggle('running', face.running && live.view.status === 'active');
        node.classList.toggle('low', face.low);
        node.classList.toggle('byoyomi', face.inByoyomi);
      }
    }
    if (live.view.firstMoveDeadline && live.view.status === 'active') renderStatus();
  }

  function renderBoard(): void {
    if (destroyed || !live || !board || !cursor) return;
    const ply = cursor.ply;
    const waiting = held && cursor.live ? held : null;
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
    let text = status;
    if (!text) {
      if (v.status === 'waiting') text = t('game.waiting');
      else if (live.over)
        text = ''; // the end panel says it
      else if (live.isPlayer && app.socket.state !== 'open') text = t('game.offline');
      else if (live.isPlayer) text = live.myTurn ? t('game.yourTurn') : t('game.theirTurn');
      else text = `${t('game.spectators')} · ${t('game.turnOf', { side: sideName(v.variant, v.turn) })}`;
      if (v.status === 'active' && v.check) text += ` · ${t('game.check')}`;
      if (v.firstMoveDeadline && v.status === 'active') {
        text += ` · ${t('game.firstMove', { time: formatTimeLeft(v.firstMoveDeadline - app.socket.serverNow()) })}`;
      }
    }
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
      const r = await app.socket.request(msg);
      status = r.ok ? '' : tMaybe(`err.${r.code}`, r.message ?? String(r.code));
      renderStatus();
    };
    if (me !== null && v.status === 'active') {
      const opp = (1 - me) as 0 | 1;
      if (v.ply < 2) act(t('game.abort'), 'abort', () => void send({ t: 'abort', game: id }));
      // Berserk (an arena tournament's game): before my first move, once.
      const moved = v.ply >= 2 || (v.ply === 1 && v.turn !== SIDES[me]);
      if (v.berserkable && !v.berserk[me] && !moved) act(t('game.berserk'), 'berserk', () => void send({ t: 'berserk', game: id }));
      else
        act(t('game.resign'), 'resign', async () => {
          if ((await confirmBox(t('game.resign'), t('game.resign.confirm'), t('game.resign'))) && !destroyed) void send({ t: 'resign', game: id });
        });
      if (v.drawOffer === SIDES[opp]) {
        buttons.push(h('span.offer', null, t('game.draw.theyOffer')));
        act(t('game.draw.accept'), 'draw-accept', () => void send({ t: 'draw', game: id, op: 'accept' }), true);
        act(t('game.draw.decline'), 'draw-decline', () => void send({ t: 'draw', game: id, op: 'decline' }));
      } else if (v.drawOffer === SIDES[me]) buttons.push(h('span.offer', null, t('game.draw.offered')));
      else if (v.ply >= 2) act(t('game.draw.offer'), 'draw-offer', () => void send({ t: 'draw', game: id, op: 'offer' }));
      const claim = live.refereeState.counters?.claim;
      if (claim?.claimable) act(t('game.draw.claim', { plies: claim.plies }), 'draw-claim', () => void send({ t: 'draw', game: id, op: 'claim' }));
      buttons.push(...takebackControls(v, me, (op) => void send({ t: 'takeback', game: id, op })));
      claimShown = live.canClaimVictory(app.socket.serverNow());
      if (claimShown) act(t('game.claimVictory'), 'claim-victory', () => void send({ t: 'claim-victory', game: id }));
    } else claimShown = false;
    fill(controls, ...buttons);
  }

  function renderInvite(): void {
    if (live?.view.status !== 'waiting' || !invite) {
      fill(invitePanel);
      return;
    }
    const input = h('input', { type: 'text', readonly: true, value: invite, 'data-testid': 'invite-url', 'aria-label': t('invite.share') }) as HTMLInputElement;
    const copy = h('button', { type: 'button' }, t('common.copy'));
    copy.addEventListener('click', () => {
      void navigator.clipboard?.writeText(invite).then(() => app.toast(t('common.copied')));
      input.select();
    });
    fill(invitePanel, h('p', null, t('invite.share')), h('div.row', null, input, copy));
  }

  function renderEnd(): void {
    analysis?.setFinished(live?.view.status === 'finished');
    rematch.set(live?.view.status === 'finished', live?.you ?? null);
    if (!live?.over) {
      endPanel.hidden = true;
      return;
    }
    const v = live.view;
    const verdict = v.verdict;
    const headline =
      v.status === 'aborted'
        ? t('game.result.aborted')
        : verdict?.winner === null || !verdict
          ? t('game.result.draw')
          : t('game.result.win', { side: sideName(v.variant, verdict.winner) });
    endPanel.hidden = false;
    fill(
      endPanel,
      h('h3', null, t('game.over')),
      h('p.result', { 'data-testid': 'result' }, `${verdict?.result ?? ''} · ${headline}`),
      verdict ? h('p.explanation', { 'data-testid': 'explanation' }, verdictText(v.variant, verdict)) : null,
      ...ratingsLine.map((l) => h('p.rating-change', null, l)),
      h(
        'div.row',
        null,
        rematch.el,
        analysis?.endButton() ?? null,
        h('a.button', { href: '/' }, t('game.rematchHome')),
        h('a.button', { href: `/api/games/${id}.pgn`, download: `${id}.pgn` }, t('game.export')),
      ),
    );
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
    resyncing = false;
    // A refused action is answered with its error, then this frame: keep the error in view.
    if (status === t('game.pending')) status = '';
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
        if (r === 'resync') {
          if (!resyncing) app.socket.resync(id);
          resyncing = true;
          return;
        }
        if (r === 'ignored') return settle();
        status = '';
        const move = msg.events.find((e) => e.type === 'move');
        const end = msg.events.some((e) => e.type === 'end');
        if (end) app.sound.play('end');
        // The server names what a move took: no comparing of positions here.
        else if (move) app.sound.play(move.capture !== null ? 'capture' : move.check ? 'check' : 'move');
        // A finished game counts no watchers (as the server's read says).
        if (end) watchersEl.textContent = '';
        for (const e of msg.events) {
          if (e.type === 'started' && live.myTurn) app.toast(t('game.yourTurn'));
          if (e.type === 'berserk') app.toast(t('game.berserk.toast', { side: sideName(live.view.variant, e.by) }));
          if (e.type === 'draw-declined' && live.you !== null && e.by !== live.you)
            app.toast(t('game.draw.declined', { side: sideName(live.view.variant, e.by) }));
          if (e.type === 'takeback-declined' && live.you !== null && e.by !== live.you)
            app.toast(t('game.takeback.declined', { side: sideName(live.view.variant, e.by) }));
          if (e.type === 'takeback') {
            // Back to the live position: a ply looked at may be gone.
            cursor?.last();
            app.toast(t('game.takeback.done', { side: sideName(live.view.variant, e.by) }));
          }
        }
        renderAll();
        settle();
        if (move && !end && live.myTurn) board?.playPremove();
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
        watchersPushed = true;
        showWatchers(msg.n);
        break;
      case 'analysis':
        analysis?.onProgress(msg.state, msg.progress);
        break;
      case 'ratings':
        ratingsLine = msg.players.map((p, i) =>
          t('game.ratingChange', {
            name: seatName(live?.view.seats[i]),
            before: Math.round(p.before.rating),
            after: Math.round(p.after.rating),
            diff: `${p.diff >= 0 ? '+' : ''}${Math.round(p.diff)}`,
          }),
        );
        if (msg.uncounted === 'newcomers') ratingsLine.push(t('game.newcomersUncounted'));
        else if (msg.uncounted) ratingsLine.push(t('game.pairLimit'));
        else if (msg.held?.length) ratingsLine.push(t('game.ratingHeld'));
        renderEnd();
        break;
    }
  });

  /** How many watch: read with the game, then pushed by the server as watchers come and go (`spectators`, from any node). */
  let watchersPushed = false;
  const showWatchers = (n: number) => {
    watchersEl.textContent = n > 0 ? t('game.watchers', { n }) : '';
  };
  void api<{ spectators: number }>('GET', `/api/games/${id}`).then((r) => {
    if (!r.ok && r.code === 'game.not-found') fill(el, h('p', { 'data-testid': 'not-found' }, t('game.notFound')));
    // A count pushed meanwhile is the newer one.
    if (!r.ok || destroyed || watchersPushed) return;
    showWatchers(r.spectators);
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
