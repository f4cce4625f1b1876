/**
 * What the game page draws: its regions and widgets (board, move list,
 * analysis, chat, rematch), built from the game's first full frame and again
 * when this visitor's seat changes, and a render for each part. It reads the
 * game and the page's state from its host (game.ts) and forwards what is
 * played and pressed there; it decides nothing (game-model.ts does).
 */
import type { ServerMessage } from '@youzai/protocol';
import { VARIANTS, sideIndex } from '@youzai/rules';
import type { AppContext } from '../app/context.ts';
import { confirmBox } from '../app/dialog.ts';
import { h, fill } from '../app/h.ts';
import { clockConfigName, variantName } from '../app/names.ts';
import { choosePromotion } from '../board/promotion.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { settingsButton } from '../board/settings-panel.ts';
import { gameTabTitle } from '../game/tab-title.ts';
import { Board, orientationOf } from '../board/board.ts';
import { inPlaceButtons } from '../board/in-place.ts';
import { sideColorVars } from '../board/layout.ts';
import { AnalysisPanel, JUDGEMENT_GLYPH } from '../game/analysis-panel.ts';
import { offersAnalysisBoard } from '../game/analysis-link.ts';
import { ChatView } from '../game/chat-view.ts';
import { RematchView } from '../game/rematch-view.ts';
import type { LiveGame } from '../game/live-game.ts';
import { takebackControls } from '../game/takeback-controls.ts';
import { Cursor } from '../game/move-history.ts';
import { MoveListView } from '../game/move-list-view.ts';
import { typedPlaceholder } from '../game/typed-hint.ts';
import { readTypedMove } from '../game/typed-move.ts';
import { refereePanel } from '../game/referee-panel.ts';
import { violationWarning } from '../game/verdict-text.ts';
import { t } from '../i18n/index.ts';
import type { Outgoing } from '../net/socket.ts';
import { reportButton } from '../social/report.ts';
import { controlLabel, drawClocks, endPanelContent, inviteShare, seatLine, statusText, toastText } from './game-parts.ts';
import { analysisLinkAt, boardSetting, controlMessage, controlsFor, type EventCues, type GamePageState, type Notice } from './game-model.ts';
import { cursorKey } from '../game/cursor-keys.ts';

/** What the screen reads from the page and hands back to it. */
export interface GameScreenHost {
  /** The game, once its first full frame came. */
  live(): LiveGame | null;
  state(): GamePageState;
  /** The page has been left: a late answer (a confirmation box) does nothing. */
  destroyed(): boolean;
  /** A move made on the board, typed, or pressed in place. */
  play(uci: string): void;
  /** An action's message (resign, draw, takeback…), its answer shown on the status line. */
  send(msg: Outgoing): void;
  /** A word for the status line (a typed move not read). */
  notice(n: Notice): void;
}

/** The widgets made from the game's first frame (again for a new seat). */
interface Widgets {
  readonly board: Board;
  readonly cursor: Cursor;
  readonly moveList: MoveListView;
  readonly analysis: AnalysisPanel;
  readonly chat: ChatView;
}

export class GameScreen {
  // Regions, filled once the first full frame arrives.
  private readonly top = h('div.player.top');
  private readonly bottom = h('div.player.bottom');
  private readonly boardEl = h('div.board-holder', { 'data-testid': 'board' });
  private readonly statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'status' });
  private readonly controls = h('div.controls');
  private readonly special = h('div.special');
  private readonly analysisLink = h('a.button', { 'data-testid': 'open-analysis-board', hidden: true }, t('board.open')) as HTMLAnchorElement;
  private readonly endPanel = h('section.end', { 'data-testid': 'end-panel', hidden: true });
  private readonly refHolder = h('div');
  private readonly invitePanel = h('div.invite-panel');
  private readonly typedForm = h('form.typed');
  private readonly watchersEl = h('span.watchers', { 'data-testid': 'watchers' });
  /** A tournament game links back to its tournament. */
  private readonly tourLink = h('p.game-tournament', { 'data-testid': 'game-tournament' });
  private readonly rematch: RematchView;
  private w: Widgets | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;
  /** Whether the claim button was shown at the last render (it appears with time, not with an event). */
  private claimShown = false;
  /** The invitation link to share while the game waits (this browser made it). */
  private readonly invite: string | null;

  constructor(
    private readonly el: HTMLElement,
    private readonly app: AppContext,
    private readonly id: string,
    private readonly host: GameScreenHost,
  ) {
    this.rematch = new RematchView(id, (next) => app.navigate(`/game/${next}`));
    this.invite = storedInvite(id);
  }

  /**
   * Draws what a frame other than the game's own changed (the page's state already has it, game-socket-model.ts
   * otherFrame): a chat line or the whole log, the watchers, the rating change, a rematch, the analysis's progress.
   */
  heard(msg: ServerMessage): void {
    switch (msg.t) {
      case 'chat':
        if ('game' in msg) this.w?.chat.add(msg);
        break;
      case 'chat-log':
        if ('game' in msg) this.w?.chat.replace(msg.lines);
        break;
      case 'spectators':
        this.renderWatchers();
        break;
      case 'ratings':
        this.renderEnd();
        break;
      case 'rematch':
        this.rematch.onFrame(msg);
        break;
      case 'analysis':
        this.w?.analysis.onProgress(msg.state, msg.progress);
        break;
    }
  }

  /** Whether move `uci` of game `g` is to be sent: yes, unless it would lose by a rule and the player does not confirm it. */
  async confirmMove(g: LiveGame, uci: string): Promise<boolean> {
    const violation = g.wouldViolate(uci);
    if (!violation) return true;
    const warning = violationWarning(g.history, uci, this.w?.moveList.notationId ?? '', violation);
    const go = await confirmBox(t('game.violation.title'), warning, t('game.violation.confirm'));
    return go && !this.host.destroyed();
  }

  /** This player's side as an index (the board and the per-side tuples); null for a watcher. */
  private myColor(): 0 | 1 | null {
    const you = this.host.live()?.you;
    return you ? sideIndex(you) : null;
  }

  /** Draws the page for game `g` (again when this visitor's seat changed). */
  build(g: LiveGame): void {
    const variant = g.view.variant;
    for (const [name, value] of Object.entries(sideColorVars(VARIANTS[variant]))) this.el.style.setProperty(name, value);
    this.w?.board.destroy();
    const w = this.widgets(g);
    this.w = w;
    const chatLog = this.host.state().chatLog;
    if (chatLog) w.chat.replace(chatLog);
    this.typedMoveForm(g);
    const flip = h('button', { type: 'button', 'data-testid': 'flip' }, `⇅ ${t('game.flip')}`);
    flip.addEventListener('click', () => w.board.flip());
    const side = [
      h(
        'p.game-meta',
        null,
        // A game from a set position (the board editor's) is never rated, and says so.
        `${variantName(variant, true)} · ${clockConfigName(g.view.clockConfig)} · ${t(g.view.rated ? 'common.rated' : g.view.initialFen !== VARIANTS[variant].startFen ? 'game.setPosition' : 'common.casual')} `,
        this.watchersEl,
      ),
      this.tourLink,
      // Sent here by an invitation link already used: say why this visitor only watches.
      new URLSearchParams(location.search).get('seat') === 'taken' ? h('p.notice', { 'data-testid': 'seat-taken' }, t('invite.seatTaken')) : null,
      this.invitePanel,
      this.statusEl,
      this.controls,
      this.special,
      this.endPanel,
      w.moveList.el,
      this.analysisLink,
      h('div.row', null, flip, coordsToggle(), settingsButton([VARIANTS[variant]]), reportButton(this.app, g.view.seats, this.id)),
      this.typedForm,
      this.refHolder,
      w.chat.el,
    ];
    fill(this.el, h('div.game-layout', null, h('div.board-col', null, this.top, this.boardEl, this.bottom, w.analysis.el), h('aside.side-col', null, ...side)));
    document.addEventListener('keydown', this.onKey);
    // build() runs again when our seat changes: one timer only.
    if (this.tick) clearInterval(this.tick);
    this.tick = setInterval(() => this.onTick(), 100);
  }

  private widgets(g: LiveGame): Widgets {
    const variant = g.view.variant;
    const history = () => this.host.live()!.history;
    const cursor = new Cursor(() => this.host.live()?.history.length ?? 0);
    const board = new Board(this.boardEl, {
      variant,
      orientation: orientationOf(this.myColor() ?? 0),
      premoves: g.isPlayer,
      onMove: (uci) => this.host.play(uci),
      choose: choosePromotion,
    });
    const moveList = new MoveListView(history, cursor, () => this.renderBoard());
    const analysis: AnalysisPanel = new AnalysisPanel({
      gameId: this.id,
      variant,
      history,
      notationId: () => moveList.notationId,
      pick: (ply) => {
        cursor.go(ply);
        this.renderBoard();
      },
      changed: () => {
        moveList.setMarks(marks);
        this.renderBoard();
        this.renderEnd();
      },
    });
    const marks = (ply: number) => {
      const j = analysis.judgementAt(ply);
      return j ? { glyph: JUDGEMENT_GLYPH[j], kind: j, title: t(`analysis.${j}`) } : null;
    };
    moveList.setMarks(marks);
    const channel = g.isPlayer ? 'players' : 'spectators';
    const chat = new ChatView(`${t('chat.title')} · ${t(g.isPlayer ? 'chat.players' : 'chat.spectators')}`, (text) =>
      this.app.socket.request({ t: 'chat', game: this.id, channel, text }),
    );
    return { board, cursor, moveList, analysis, chat };
  }

  /** The form to type a move in (its placeholder shows this game's notation). */
  private typedMoveForm(g: LiveGame): void {
    const input = h('input', {
      type: 'text',
      name: 'move',
      autocomplete: 'off',
      placeholder: typedPlaceholder(VARIANTS[g.view.variant]),
      'aria-label': t('game.typed.label'),
      'data-testid': 'typed-move',
    }) as HTMLInputElement;
    fill(this.typedForm, h('label', null, t('game.typed.label'), input), h('button', { type: 'submit' }, t('game.typed.submit')));
    this.typedForm.onsubmit = (e) => {
      e.preventDefault();
      const live = this.host.live();
      if (!live) return;
      const r = readTypedMove(live.history.current, input.value);
      if (!r.ok) {
        this.host.notice({ kind: 'typed-invalid', text: input.value, code: r.code, message: r.message });
        return;
      }
      input.value = '';
      this.host.play(r.uci);
    };
  }

  /** The tournament the game belongs to: a link back, and its end panel leads there with no rematch (issue 27). */
  setTournament(tournament: { readonly id: string; readonly name: string }): void {
    fill(this.tourLink, h('a', { href: `/tournament/${tournament.id}` }, `${t('tour.back')}: ${tournament.name}`));
    this.rematch.setTournament(tournament);
  }

  private onTick(): void {
    this.renderClocks();
    const live = this.host.live();
    if (live && live.canClaimVictory(this.app.socket.serverNow()) !== this.claimShown) this.renderControls();
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    const cursor = this.w?.cursor;
    if (cursor && cursorKey(e, cursor)) this.renderBoard();
  };

  /** A frame of events applied: its sound, the watchers, back to the live ply, its notices, then everything drawn. */
  applied(cues: EventCues): void {
    const live = this.host.live();
    if (!live) return;
    if (cues.sound) this.app.sound.play(cues.sound);
    this.renderWatchers();
    if (cues.toLive) this.w?.cursor.last();
    for (const toast of cues.toasts) this.app.toast(toastText(toast, live.view.variant));
    this.renderAll();
  }

  /** Plays the premove waiting on the board, if any (the opponent has just moved). */
  playPremove(): void {
    this.w?.board.playPremove();
  }

  private renderPlayers(): void {
    const live = this.host.live()!;
    const o = this.myColor() ?? 0;
    fill(this.top, seatLine(live.view, (1 - o) as 0 | 1));
    fill(this.bottom, seatLine(live.view, o));
    this.renderClocks();
  }

  private renderClocks(): void {
    const live = this.host.live();
    if (!live) return;
    drawClocks(this.el, live.view, this.app.socket.serverNow());
    if (live.view.firstMoveDeadline && live.view.status === 'active') this.renderStatus();
  }

  renderBoard(): void {
    const live = this.host.live();
    if (this.host.destroyed() || !live || !this.w) return;
    const { board, cursor, analysis, moveList } = this.w;
    const ply = cursor.ply;
    const set = boardSetting({ history: live.history, status: live.view.status, myTurn: live.myTurn }, cursor, this.host.state().held, this.myColor());
    board.set({
      pos: set.pos,
      lastUci: set.lastUci,
      movable: set.movable === null ? null : orientationOf(set.movable),
      premoveColor: set.premove === null ? null : orientationOf(set.premove),
    });
    board.setArrows(analysis.arrowsAt(ply));
    analysis.render(ply);
    // The analysis board, at the ply shown: once the game is over, for everyone (never while it is played).
    this.analysisLink.hidden = !offersAnalysisBoard(live);
    this.analysisLink.href = analysisLinkAt(live.view, live.history.moves, ply, this.id);
    moveList.render();
    fill(this.special, ...inPlaceButtons(board.inPlaceMoves(), (uci) => this.host.play(uci)));
  }

  renderStatus(): void {
    const live = this.host.live();
    if (!live) return;
    const text = statusText(live, this.host.state().notice, this.app.socket.state === 'open', this.app.socket.serverNow());
    if (this.statusEl.textContent !== text) this.statusEl.textContent = text;
    document.title = gameTabTitle(live.view, live.isPlayer && live.myTurn);
    // Typing a move is for a player of a game still on.
    this.typedForm.hidden = !live.isPlayer || live.over;
  }

  private renderControls(): void {
    const live = this.host.live();
    if (!live) return;
    const v = live.view;
    const me = this.myColor();
    this.claimShown = me !== null && v.status === 'active' && live.canClaimVictory(this.app.socket.serverNow());
    const claim = live.refereeState.counters?.claim;
    const send = (msg: Outgoing) => this.host.send(msg);
    const resign = async () => {
      if ((await confirmBox(t('game.resign'), t('game.resign.confirm'), t('game.resign'))) && !this.host.destroyed()) send({ t: 'resign', game: this.id });
    };
    const parts = controlsFor(v, me, claim?.claimable ? claim.plies : null, this.claimShown).flatMap((c) => {
      if (c.kind === 'they-offer') return [h('span.offer', null, t('game.draw.theyOffer'))];
      if (c.kind === 'offered') return [h('span.offer', null, t('game.draw.offered'))];
      if (c.kind === 'takeback') return takebackControls(v, me!, (op) => send({ t: 'takeback', game: this.id, op }));
      if (c.kind === 'resign') return [actionButton(t('game.resign'), 'resign', resign)];
      return [actionButton(controlLabel(c), c.kind, () => send(controlMessage(c, this.id)), c.kind === 'draw-accept')];
    });
    fill(this.controls, ...parts);
  }

  private renderInvite(): void {
    if (this.host.live()?.view.status !== 'waiting' || !this.invite) {
      fill(this.invitePanel);
      return;
    }
    fill(this.invitePanel, ...inviteShare(this.invite, () => this.app.toast(t('common.copied'))));
  }

  renderEnd(): void {
    const live = this.host.live();
    this.w?.analysis.setFinished(live?.view.status === 'finished');
    this.rematch.set(live?.view.status === 'finished', live?.you ?? null);
    if (!live?.over) {
      this.endPanel.hidden = true;
      return;
    }
    this.endPanel.hidden = false;
    fill(this.endPanel, ...endPanelContent(live.view, this.host.state().ratings, this.id, [this.rematch.el, this.w?.analysis.endButton() ?? null]));
  }

  private renderReferee(): void {
    const live = this.host.live();
    if (!live) return;
    const state = live.refereeState;
    let warning: string | null = null;
    if (live.myTurn && this.w?.cursor.live) {
      const bad = live.movesThatViolate().length;
      if (bad) warning = t('game.violation.some', { n: bad });
    }
    if (state.runs || state.counters || state.quiet || warning) this.refHolder.replaceChildren(refereePanel(live.view.variant, state, warning));
    else this.refHolder.replaceChildren();
  }

  renderAll(): void {
    this.renderPlayers();
    this.renderBoard();
    this.renderStatus();
    this.renderControls();
    this.renderInvite();
    this.renderEnd();
    this.renderReferee();
  }

  /** How many watch: read with the game, then pushed by the server as watchers come and go (`spectators`, from any node). */
  renderWatchers(): void {
    const n = this.host.state().watchers?.n ?? 0;
    this.watchersEl.textContent = n > 0 ? t('game.watchers', { n }) : '';
  }

  destroy(): void {
    if (this.tick) clearInterval(this.tick);
    document.removeEventListener('keydown', this.onKey);
    this.w?.board.destroy();
  }
}

/** The invitation link this browser made for game `id` (kept for its tab); null where storage is refused. */
function storedInvite(id: string): string | null {
  try {
    return sessionStorage.getItem(`yz-invite-${id}`);
  } catch {
    return null;
  }
}

function actionButton(label: string, testid: string, run: () => void, primary = false): HTMLElement {
  const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, label);
  b.addEventListener('click', run);
  return b;
}
