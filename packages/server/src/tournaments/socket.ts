/**
 * A tournament over the socket: its page hears when it changes, at most
 * once a second (then reads its view again), and its chat, which is a room
 * chat of its own. A private tournament answers only those who may see its
 * page.
 */
import type { ClientMessage } from '@youzai/protocol';
import { roomTopic, tournamentTopic } from '../bus/topics.ts';
import type { Chat } from '../chat/chat.ts';
import type { Limits } from '../limits/limits.ts';
import { socketFeature, type SocketConnection, type SocketFeature } from '../ws/connection.ts';

/** What a tournament's page over the socket needs of the club. */
export interface TournamentFeatureDeps {
  /** Whether this visitor may read a tournament's news and chat (a private one: its link holders, players and creator). */
  readonly tournamentAccess: (tournament: string, userId: string | null, invite: string | null) => Promise<boolean>;
  readonly chat: Chat;
  /** The chat quota. */
  readonly limits: Limits;
}

export type TournamentMessage = Extract<ClientMessage, { t: 'tour-sub' | 'tour-unsub' | 'tour-chat' }>;

/** The chat of a tournament: a room of its own in the chat service. */
export const tournamentChat = (tournamentId: string): string => `tour-${tournamentId}`;

/** The frame every watcher of a tournament gets when it changes. */
export const changedFrame = (tournamentId: string): string => JSON.stringify({ t: 'tournament', tournament: tournamentId });

async function dispatchTournament(d: TournamentFeatureDeps, c: SocketConnection, m: TournamentMessage, id: { id?: number }): Promise<void> {
  const room = tournamentChat(m.tournament);
  // A private tournament's news and chat are for its link holders, players and creator; to others it does not exist (as over HTTP).
  if (m.t !== 'tour-unsub' && !(await d.tournamentAccess(m.tournament, c.user?.id ?? null, m.invite ?? null))) {
    return c.send({ t: 'error', ...id, code: 'tournament.not-found', message: 'No such tournament' });
  }
  switch (m.t) {
    case 'tour-sub': {
      // Announcements are coalesced: a big arena changes many times a second, its watchers hear it at most once a second.
      c.listen(tournamentTopic(m.tournament), true);
      c.listen(roomTopic(room));
      const lines = await d.chat.recent({ room }, c.user?.id);
      if (lines.length) c.send({ t: 'chat-log', room, lines });
      return c.send({ t: 'ack', ...id });
    }
    case 'tour-unsub':
      c.unlisten(tournamentTopic(m.tournament));
      c.unlisten(roomTopic(room));
      return c.send({ t: 'ack', ...id });
    case 'tour-chat': {
      if (!c.user) return c.send({ t: 'error', ...id, code: 'auth.required', message: 'Open the site first to get a session' });
      // The club's chat quota, as in games and rooms (limits/rules.ts).
      const q = await d.limits.take('chat', { user: c.user.id, addr: c.addr });
      if (!q.ok) return c.send({ t: 'error', ...id, code: q.error.code, message: q.error.message });
      const r = await d.chat.post(c.user, { room }, m.text);
      return c.send(r.ok ? { t: 'ack', ...id } : { t: 'error', ...id, code: r.error.code, message: r.error.message });
    }
  }
}

/** A tournament's page over the socket: its news and its chat. */
export const tournamentFeature = (d: TournamentFeatureDeps): SocketFeature =>
  socketFeature('tournaments', ['tour-sub', 'tour-unsub', 'tour-chat'], (c, m, id) => dispatchTournament(d, c, m, id));
