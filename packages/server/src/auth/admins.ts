/**
 * The club's administrators: the account names listed in ADMINS
 * (comma-separated, case-insensitive). Read on each call, so that a test or
 * a restart with a new list needs nothing else.
 */
import { usernameKey } from '../store/checks.ts';

export function isAdmin(name: string | null | undefined): boolean {
  if (!name) return false;
  const key = usernameKey(name);
  return (process.env.ADMINS ?? '')
    .split(',')
    .map((n) => usernameKey(n.trim()))
    .some((n) => n !== '' && n === key);
}
