/**
 * An invitation game between two new guests, as the tests of sockets need
 * one: Alice makes it (Xiangqi, 5+3, she plays first), Bob joins it with
 * the invitation's token, each through its own address (a proxy, a node).
 * `invitation` makes and joins one between clients a test already has.
 */
import { expect } from 'vitest';
import { TestClient } from './client.ts';

export async function invitedGame(aliceBase: string, bobBase = aliceBase): Promise<{ alice: TestClient; bob: TestClient; id: string }> {
  const alice = new TestClient(aliceBase);
  const bob = new TestClient(bobBase);
  for (const c of [alice, bob]) await c.http('POST', '/api/session');
  const { id, joined } = await invitation(alice, bob);
  expect(joined.json).toEqual({ ok: true, side: 'second' });
  return { alice, bob, id };
}

/** The invitation game between two clients with sessions: `alice` makes it (Xiangqi, 5+3, first), `bob` joins with its token (returned too); the join's answer for the caller to check. */
export async function invitation(alice: TestClient, bob: TestClient): Promise<{ id: string; token: string; joined: Awaited<ReturnType<TestClient['http']>> }> {
  const created = await alice.http('POST', '/api/games', {
    variant: 'xiangqi',
    color: 'first',
    clock: { kind: 'fischer', minutes: 5, increment: 3 },
    opponent: { type: 'invite' },
  });
  const id: string = created.json.id;
  const token = String(created.json.invite).split('/').pop()!;
  return { id, token, joined: await bob.http('POST', `/api/games/${id}/join`, { token }) };
}
