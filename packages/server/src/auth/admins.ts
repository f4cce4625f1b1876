/**
 * The club's administrators: the accounts named in ADMINS (comma-separated,
 * case-insensitive). Read on each call, so that a test or a restart with a
 * new list needs nothing else.
 *
 * Admin power never follows from winning a race for a name: a name in ADMINS
 * cannot be registered over HTTP (auth.username-reserved), so an account so
 * named is either one that existed before it was listed or one the operator
 * made from the command line (`npm run admin -- create <name>`, claimAdmin).
 * A start with a listed name nobody holds says so (unclaimedAdmins).
 */
import { Credentials } from '@youzai/protocol';
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import { randomId } from '../service/ids.ts';
import { usernameKey } from '../store/checks.ts';
import { UniqueViolation, type UserRow, type UserStore } from '../store/types.ts';
import { checkNewPassword, hashPassword } from './passwords.ts';

/** The names listed in ADMINS, as written. */
export function adminNames(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ADMINS ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

export function isAdmin(name: string | null | undefined): boolean {
  if (!name) return false;
  const key = usernameKey(name);
  return adminNames().some((n) => usernameKey(n) === key);
}

/** Registration refuses an admin's name, whether or not anyone holds it yet. */
export function reservedName(name: string): Result<void, RuleError> {
  return isAdmin(name) ? err('auth.username-reserved', `The name ${name} is reserved for the club’s administrators`) : ok(undefined);
}

/** The names in ADMINS that no account holds yet: said at start, with how to claim them. */
export async function unclaimedAdmins(store: Pick<UserStore, 'userByName'>): Promise<string[]> {
  const names = adminNames();
  const held = await Promise.all(names.map((n) => store.userByName(n)));
  return names.filter((_, i) => !held[i]?.username);
}

/** The operator's command: makes the account of an admin's name with this password (the name must be listed in ADMINS and free). */
export async function claimAdmin(
  store: Pick<UserStore, 'createUser' | 'registerUser' | 'userByName'>,
  name: string,
  password: string,
  now: number,
): Promise<Result<UserRow, RuleError>> {
  const input = Credentials.safeParse({ username: name, password });
  if (!input.success) return err('auth.bad-input', input.error.issues.map((i) => i.message).join('; '));
  if (!isAdmin(name)) return err('admin.not-listed', `${name} is not in ADMINS: list it first, so that nobody else can register it`);
  const taken = `The name ${name} is taken: that account is already an admin`;
  if (await store.userByName(name)) return err('auth.username-taken', taken);
  const weak = checkNewPassword(password, name);
  if (!weak.ok) return err(weak.code, weak.message);
  const hash = await hashPassword(password);
  const id = `u${randomId(11)}`;
  await store.createUser({ id, username: null, passwordHash: null, createdAt: now });
  try {
    await store.registerUser(id, name, hash);
  } catch (e) {
    if (e instanceof UniqueViolation) return err('auth.username-taken', taken);
    throw e;
  }
  return ok({ id, username: name, passwordHash: hash, createdAt: now });
}
