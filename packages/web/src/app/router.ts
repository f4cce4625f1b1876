/** Paths to pages. Pure: a table of patterns, matched in order. */
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
  | 'rules'
  | 'puzzles'
  | 'puzzle'
  | 'login'
  | 'register';

export interface Match {
  readonly name: RouteName | 'not-found';
  readonly params: Readonly<Record<string, string>>;
}

const ID = '([A-Za-z0-9]{6,16})';
const TABLE: readonly [RouteName, RegExp, readonly string[]][] = [
  ['home', /^\/$/, []],
  ['game', new RegExp(`^/game/${ID}$`), ['id']],
  ['invite', new RegExp(`^/invite/${ID}/([A-Za-z0-9]{8,64})$`), ['id', 'token']],
  ['live', /^\/live$/, []],
  ['tv', /^\/tv$/, []],
  ['profile', /^\/@\/([A-Za-z0-9_-]{1,32})$/, ['name']],
  ['leaderboard', /^\/leaderboard(?:\/(xiangqi|janggi|sittuyin))?$/, ['variant']],
  ['rooms', /^\/rooms$/, []],
  ['room', new RegExp(`^/rooms/${ID}$`), ['id']],
  ['solo', /^\/solo(?:\/(xiangqi|janggi|sittuyin))?$/, ['variant']],
  ['rules', /^\/rules(?:\/(xiangqi|janggi|sittuyin))?$/, ['variant']],
  ['puzzles', /^\/puzzles(?:\/(xiangqi|janggi|sittuyin))?$/, ['variant']],
  ['puzzle', /^\/puzzle\/([A-Za-z0-9_-]{1,40})$/, ['id']],
  ['login', /^\/login$/, []],
  ['register', /^\/register$/, []],
];

/** Every path the client answers: the server sends index.html for these. */
export const CLIENT_PATHS: readonly RegExp[] = TABLE.map((r) => r[1]);

export function match(path: string): Match {
  for (const [name, re, keys] of TABLE) {
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
