/**
 * A new game under every quota it takes: the one path of POST /api/games
 * (routes.ts) and the Bot API's challenges (bot/routes.ts).
 */
import type { CreateGame, Identity } from '@youzai/protocol';
import { identityOf } from '../auth/sessions.ts';
import { OpenLimitError } from '../limits/open.ts';
import { OPEN_RULES, type LimitKind } from '../limits/rules.ts';
import type { Deps } from './deps.ts';
import { fail, type Ctx } from './route.ts';

/** Invitations and challenges one player may have waiting at once. */
export const MAX_WAITING_GAMES = OPEN_RULES['player-waiting'].addr;

/** The quota a new game takes, by who the opponent is. */
const GAME_KIND = { invite: 'invite', user: 'challenge', computer: 'computer' } as const satisfies Record<CreateGame['opponent']['type'], LimitKind>;

/**
 * Creates a game for the requester under every quota a new game takes (the
 * waiting games per player and per address, invitations, challenges): the
 * one path of POST /api/games and the Bot API's challenges.
 */
export async function createGame(
  ctx: Ctx,
  { games, limits, store }: Pick<Deps, 'games' | 'limits' | 'store'>,
  req: CreateGame,
  who: Identity = identityOf(ctx.user),
): Promise<{ id: string; inviteToken: string | null }> {
  if (req.opponent.type === 'user') {
    const to = await store.userByName(req.opponent.username);
    if (to && (await store.relation(to.id, ctx.user.id)).blocks) fail('challenge.blocked', 'This player does not accept your challenges');
  }
  if (req.opponent.type !== 'computer') {
    // Invitations and challenges waiting for an opponent: a few at once per player (the store is the club's).
    const open = await store.games({ userId: ctx.user.id, status: ['waiting'], limit: MAX_WAITING_GAMES });
    if (open.length >= MAX_WAITING_GAMES) fail('game.too-many-waiting', `At most ${MAX_WAITING_GAMES} games waiting for an opponent at once`);
  }
  const stillWaiting = async (ids: readonly string[]) => (await Promise.all(ids.map((id) => store.game(id)))).map((g) => g?.status === 'waiting');
  // The count above reads before any of them writes: parallel requests all passed it. The player's place is also taken atomically (issue 31, item 10).
  const own = req.opponent.type === 'computer' ? null : await limits.open.reserve('player-waiting', ctx.user.id, stillWaiting);
  if (own && !own.ok) fail('game.too-many-waiting', `At most ${MAX_WAITING_GAMES} games waiting for an opponent at once`);
  await limits.enforce(GAME_KIND[req.opponent.type], { user: ctx.user.id, addr: ctx.addr }).catch(async (e: unknown) => {
    await own?.value.cancel();
    throw e;
  });
  // And a few more per address (many guests behind one address): a place counts while its game still waits.
  const slot = req.opponent.type === 'computer' ? null : await limits.open.reserve('waiting', ctx.addr, stillWaiting);
  if (slot && !slot.ok) {
    await own?.value.cancel();
    throw new OpenLimitError(slot.error);
  }
  const cancel = () => Promise.all([own?.value.cancel(), slot?.value.cancel()]);
  const r = await games.create(who, req).catch(async (e: unknown) => {
    await cancel();
    throw e;
  });
  if (!r.ok) {
    await cancel();
    fail(r.error.code, r.error.message);
  }
  await Promise.all([own?.value.commit(r.value.id), slot?.value.commit(r.value.id)]);
  return r.value;
}
