/**
 * The analysis board over the socket: a tab's running evaluation of the
 * position it shows (analysis/board.ts runs them), stopped with the tab.
 */
import type { ClientMessage } from '@youzai/protocol';
import type { AnalysisBoards, BoardClient } from '../analysis/board.ts';
import type { Limits } from '../limits/limits.ts';
import { socketFeature, type FrameId, type SocketConnection, type SocketFeature, type SocketPart } from './connection.ts';

/** What the analysis board needs of the club. */
export interface BoardFeatureDeps {
  /** The running evaluations; absent: board-start is refused with server.no-engine. */
  readonly boards?: AnalysisBoards;
  /** The board quota. */
  readonly limits: Limits;
}

/** This tab's analysis board session, as the boards know it (made on its first board-start). */
class BoardSession implements SocketPart {
  private board: BoardClient | null = null;

  constructor(
    private readonly c: SocketConnection,
    private readonly d: BoardFeatureDeps,
  ) {}

  async start(m: Extract<ClientMessage, { t: 'board-start' }>, id: FrameId): Promise<void> {
    const c = this.c;
    if (!c.user) return c.send({ t: 'error', ...id, code: 'auth.required', message: 'Open the site first to get a session' });
    const boards = this.d.boards;
    if (!boards) return c.send({ t: 'error', ...id, code: 'server.no-engine', message: 'The engine is not available on this server' });
    const q = await this.d.limits.take('board', { user: c.user.id, addr: c.addr });
    if (!q.ok) return c.send({ t: 'error', ...id, code: q.error.code, message: q.error.message });
    if (c.closed) return;
    this.board ??= { userId: c.user.id, send: (f) => c.send(f) };
    const r = await boards.start(this.board, { variant: m.variant, fen: m.fen, multipv: m.multipv });
    if (!r.ok) return c.send({ t: 'error', ...id, code: r.error.code, message: r.error.message });
    // Closed while the checks ran: the session just started has no one to hear it.
    if (c.closed) boards.stop(this.board);
    else c.send({ t: 'ack', ...id });
  }

  stop(id: FrameId): void {
    if (this.board) this.d.boards?.stop(this.board);
    this.c.send({ t: 'ack', ...id });
  }

  close(): void {
    if (this.board) this.d.boards?.stop(this.board);
  }
}

export const boardFeature = (d: BoardFeatureDeps): SocketFeature =>
  socketFeature('analysis board', ['board-start', 'board-stop'], async (c, m, id) => {
    const session = c.part(BoardSession, () => new BoardSession(c, d));
    return m.t === 'board-start' ? session.start(m, id) : session.stop(id);
  });
