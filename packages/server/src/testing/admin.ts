/** Admins in tests, made as the operator makes them (a name in ADMINS cannot be registered over HTTP). */
import { expect } from 'vitest';
import { claimAdmin } from '../auth/admins.ts';
import type { UserStore } from '../store/types.ts';
import { TestClient } from './client.ts';

/** The account of `name` (listed in ADMINS) claimed from the command line, then logged in over HTTP: its client. */
export async function adminClient(
  base: string,
  store: Pick<UserStore, 'createUser' | 'registerUser' | 'userByName'>,
  name: string,
  password = 'an admin’s long phrase',
): Promise<TestClient & { id: string }> {
  const claimed = await claimAdmin(store, name, password, Date.now());
  expect(claimed.ok, JSON.stringify(claimed)).toBe(true);
  const c = new TestClient(base) as TestClient & { id: string };
  const r = await c.http('POST', '/api/login', { username: name, password });
  expect(r.status).toBe(200);
  c.id = r.json.user.id;
  return c;
}
