/**
 * Assembles the tournaments: their shared views, and the director that runs
 * them (one club-wide, the leader's) over the club's games.
 */
import { tournamentTopic, userTopic } from '../bus/topics.ts';
import { TournamentDirector } from '../tournaments/director.ts';
import { changedFrame } from '../tournaments/socket.ts';
import { TournamentViews } from '../tournaments/view-cache.ts';
import type { Base } from './edges.ts';
import type { GamesPart } from './games.ts';
import type { People } from './people.ts';

/** The tournaments' shared views and their director: one club-wide (the leader's); every node records the results of the games it decides. */
export function startTournaments({ opts, store, club }: Base, { games, router }: GamesPart, { presence, clubPresence, notifier }: People) {
  const tournamentViews = new TournamentViews({ store, now: () => opts.clock.now(), bus: opts.bus });
  // A change made here drops this node's shared view at once, and is announced on every node.
  const tournamentChanged = (id: string) => {
    tournamentViews.invalidate(id);
    opts.bus.publish(tournamentTopic(id), changedFrame(id));
  };
  const director = new TournamentDirector({
    store: store,
    games: router,
    clock: opts.clock,
    timers: opts.timers,
    bus: opts.bus,
    online: clubPresence ? (ids) => clubPresence.onlineAmong(ids) : (ids) => new Set(ids.filter((id) => presence.isOnline(id))),
    changed: tournamentChanged,
    ...(opts.tournamentSchedule ? { schedule: opts.tournamentSchedule } : {}),
    notify: (userId, m) => opts.bus.publish(userTopic(userId), JSON.stringify(m)),
    // A tournament starting rings its players' bells (stored: one who is away finds it).
    started: (t, players) => {
      const notice = {
        kind: 'tournament' as const,
        id: `tournament:${t.id}`,
        data: { url: `/tournament/${t.id}`, text: { vi: `Giải «${t.name}» bắt đầu`, en: `The tournament “${t.name}” is starting` } },
      };
      for (const id of players) void notifier.send(id, notice);
    },
    ...(club ? { isDirector: () => club.leader.isLeader } : {}),
  });
  games.onEnd((row) => void director.gameEnded(row));
  if (opts.directTournaments !== false) director.start();
  return { tournamentViews, tournamentChanged, director };
}
export type Tournaments = ReturnType<typeof startTournaments>;
