/** How the home page's live lists take a frame: pure, so that they are tested without a page. */
import type { FollowedPlayer, OngoingGame, ServerMessage } from '@youzai/protocol';

/** Shown per followed player, as the server's snapshot has them. */
export const PLAYING_SHOWN = 3;

/** "My games" after a `my-game` frame: the game replaced or added, or gone when over. */
export function applyMyGame(games: readonly OngoingGame[], game: OngoingGame, over: boolean): OngoingGame[] {
  const rest = games.filter((g) => g.id !== game.id);
  return over ? rest : [...rest, game];
}

/** Yours to move first (correspondence), then the latest changed. */
export function sortMyGames(games: readonly OngoingGame[]): OngoingGame[] {
  const mine = (g: OngoingGame) => Number(g.yourTurn && g.correspondence);
  return [...games].sort((a, b) => mine(b) - mine(a) || b.updatedAt - a.updatedAt);
}

/**
 * The followed players after a `followed` frame (the same array when it
 * changes nothing): online or not, a game started (at most PLAYING_SHOWN)
 * or over; online players first, then by name, as the snapshot.
 */
export function applyFollowed(users: readonly FollowedPlayer[], m: Extract<ServerMessage, { t: 'followed' }>): FollowedPlayer[] {
  const i = users.findIndex((u) => u.id === m.user);
  if (i < 0) return users as FollowedPlayer[];
  const u = users[i]!;
  let next: FollowedPlayer = u;
  if (m.online !== undefined) next = { ...next, online: m.online, playing: m.online ? next.playing : [] };
  if (m.game) {
    const others = next.playing.filter((g) => g.id !== m.game!.id);
    // A game starting means its player is online, whatever frame came first.
    next = m.over ? { ...next, playing: others } : { ...next, online: true, playing: [m.game, ...others].slice(0, PLAYING_SHOWN) };
  }
  if (next === u) return users as FollowedPlayer[];
  const out = [...users];
  out[i] = next;
  return out.sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
}
