/** The account rules the server applies (protocol Username, Password), checked before sending so the message is in the reader's language. Pure. */
import type { MessageKey } from '../i18n/index.ts';

export const USERNAME_PATTERN = '[A-Za-z0-9_\\-]{3,20}';
export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

export function credentialsError(username: string, password: string): { field: 'username' | 'password'; key: MessageKey } | null {
  if (!new RegExp(`^${USERNAME_PATTERN}$`).test(username)) return { field: 'username', key: 'auth.usernameRule' };
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return { field: 'password', key: 'auth.passwordRule' };
  return null;
}
