/**
 * Gives an account counted rated games, straight in the store, against a
 * partner made for it: tests of what needs a player who has played (creating
 * a listed tournament, issue 31 item 7) without playing the games out.
 */
import type { RatingStore } from '../store/ratings.ts';
import type { UserStore } from '../store/users.ts';
import { user } from '../store/fixtures.ts';

let partners = 0;

export async function giveRatedGames(store: UserStore & RatingStore, username: string, n: number): Promise<void> {
  const me = await store.userByName(username);
  if (!me) throw new Error(`no account ${username}`);
  const partner = `partner${++partners}x${Date.now().toString(36)}`;
  await store.createUser(user(partner));
  for (let i = 0; i < n; i++) {
    await store.applyRatedGame({ gameId: `${partner}g${i}`, variant: 'xiangqi', whiteId: me.id, blackId: partner, score: 0.5, at: Date.now() });
  }
}
