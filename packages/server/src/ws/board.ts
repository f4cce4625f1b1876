/**
 * The analysis board over the socket: a tab's running evaluation of the
 * position it shows (analysis/board.ts runs them), stopped with the tab.
 */
import type { ClientMessage } from '@youzai/protocol';
import type { BoardClient } from '../analysis/board.ts';
import { socketFeature, type FrameId, type SocketConnection, type SocketPart } from './connection.ts';

/** This tab's analysis board session, as the boards know it (made on its first board-start). */
class BoardSession implements SocketPart {
  private board: BoardClient | null = null;

  constructor(private readonly c: SocketConnection) {}

  async start(m: Extract<ClientMessage, { t: 'board-start' }>, id: FrameId): Promise<void> {
    const c = this.c;
    if (!c.user) return c.send({ t: 'error', ...id, code: 'auth.required', message: 'Open the site first to get a session' });
    const boards = c.deps.boards;
    if (!boards) return c.send({ t: 'error', ...id, code: 'server.no-engine', message: 'The engine is not available on this server' });
    const q = await c.deps.limits.take('board', { user: c.user.id, addr: c.addr });
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
    if (this.board) this.c.deps.boards?.stop(this.board);
    this.c.send({ t: 'ack', ...id });
  }

  close(): void {
    if (this.board) this.c.deps.boards?.stop(this.board);
  }
}

export const BOARD_FEATURE = socketFeature('analysis board', ['board-start', 'board-stop'], async (c, m, id) => {
  const session = c.part(BoardSession, () => new BoardSession(c));
  return m.t === 'board-start' ? session.start(m, id) : session.stop(id);
});
