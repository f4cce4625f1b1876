/** Paths to pages. Pure: a table of patterns, matched in order. */
import { VARIANT_KEYS } from '@youzai/rules';

export type RouteName =
  | 'home'
  | 'game'
  | 'invite'
  | 'live'
  | 'tv'
  | 'profile'
  | 'leaderboard'
  | 'rooms'
  | 'room'
  | 'solo'
  | 'analysis'
  | 'imported'
  | 'editor'
  | 'rules'
  | 'puzzles'
  | 'puzzle'
  | 'learn'
  | 'login'
  | 'register'
  | 'tournaments'
  | 'tournament'
  | 'moderation'
  | 'ops'
  | 'bots'
  | 'tokens';

export interface Match {
  readonly name: RouteName | 'not-found';
  readonly params: Readonly<Record<string, string>>;
}

const ID = '([A-Za-z0-9]{6,16})';

type Route = readonly [RouteName, RegExp, readonly string[]];

/** The pages, for these games: a page about one game takes its key (`/rules/janggi`), so a new game has its pages by being in the registry. */
export function routeTable(games: readonly string[]): readonly Route[] {
  const game = `(?:/(${games.join('|')}))?`;
  const perGame = (name: RouteName, path: string): Route => [name, new RegExp(`^/${path}${game}$`), ['variant']];
  return [
    ['home', /^\/$/, []],
    ['game', new RegExp(`^/game/${ID}$`), ['id']],
    ['invite', new RegExp(`^/invite/${ID}/([A-Za-z0-9]{8,64})$`), ['id', 'token']],
    ['live', /^\/live$/, []],
    // A TV channel: best, a game's key or a speed (`/tv/janggi`, `/tv/blitz`); the server names them.
    ['tv', /^\/tv(?:\/([a-z]{3,20}))?$/, ['channel']],
    ['profile', /^\/@\/([A-Za-z0-9_-]{1,32})$/, ['name']],
    perGame('leaderboard', 'leaderboard'),
    ['rooms', /^\/rooms$/, []],
    ['room', new RegExp(`^/rooms/${ID}$`), ['id']],
    perGame('solo', 'solo'),
    perGame('analysis', 'analysis'),
    // A saved import's short link (issue 28): the analysis board with the game.
    ['imported', new RegExp(`^/i/${ID}$`), ['id']],
    perGame('editor', 'editor'),
    perGame('rules', 'rules'),
    perGame('puzzles', 'puzzles'),
    // The course index, one game's lessons, or a lesson: `/learn`, `/learn/janggi`, `/learn/janggi/pass`.
    ['learn', new RegExp(`^/learn(?:/(${games.join('|')})(?:/([a-z0-9-]{1,40}))?)?$`), ['variant', 'lesson']],
    ['puzzle', /^\/puzzle\/([A-Za-z0-9_-]{1,40})$/, ['id']],
    ['login', /^\/login$/, []],
    ['register', /^\/register$/, []],
    ['tournaments', /^\/tournaments$/, []],
    ['tournament', new RegExp(`^/tournament/${ID}$`), ['id']],
    ['moderation', /^\/admin\/moderation$/, []],
    ['ops', /^\/admin\/ops$/, []],
    // The Bot API's pages (issue 28): the bots online, an account's API tokens.
    ['bots', /^\/player\/bots$/, []],
    ['tokens', /^\/account\/tokens$/, []],
  ];
}

const TABLE = routeTable(VARIANT_KEYS);

/** Every path the client answers: the server sends index.html for these. */
export const CLIENT_PATHS: readonly RegExp[] = TABLE.map((r) => r[1]);

export function match(path: string, table: readonly Route[] = TABLE): Match {
  for (const [name, re, keys] of table) {
    const m = re.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    keys.forEach((k, i) => {
      const v = m[i + 1];
      if (v !== undefined) params[k] = v;
    });
    return { name, params };
  }
  return { name: 'not-found', params: {} };
}
