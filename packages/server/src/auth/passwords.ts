/** Password hashing with scrypt (Node's crypto): never stored plain, compared in constant time. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (e, key) => (e ? reject(e) : resolve(key))));

const N = 16384,
  R = 8,
  P = 1,
  KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * The passwords guessed first, and a few of this club's own: refused at
 * registration, compared without case (lists of leaked passwords lead with these).
 */
const COMMON = new Set(
  [
    '12345678',
    '123456789',
    '1234567890',
    '0123456789',
    '87654321',
    '11111111',
    '00000000',
    '88888888',
    '66666666',
    '12341234',
    '11223344',
    '12344321',
    '123123123',
    '147258369',
    '123456788',
    '1q2w3e4r',
    '1q2w3e4r5t',
    'qwertyui',
    'qwertyuiop',
    'asdfghjk',
    'asdfghjkl',
    'zxcvbnm1',
    '1qaz2wsx',
    'password',
    'password1',
    'password123',
    'passw0rd',
    'p@ssw0rd',
    'iloveyou',
    'sunshine',
    'princess',
    'football',
    'baseball',
    'welcome1',
    'welcome123',
    'abc12345',
    'abcd1234',
    'abcdefgh',
    'qwerty123',
    'letmein1',
    'trustno1',
    'superman',
    'starwars',
    'whatever',
    'computer',
    'internet',
    'dragon12',
    'master12',
    'monkey12',
    'shadow12',
    'michael1',
    'jennifer',
    'jordan23',
    'aaaaaaaa',
    'changeme',
    'administrator',
    'admin123',
    'admin1234',
    'matkhau123',
    'matkhau1',
    'matkhau',
    'anhyeuem',
    'anhyeuem1',
    'emyeuanh',
    'yeuemnhieu',
    'vietnam1',
    'vietnam123',
    'hanoi123',
    'saigon123',
    'xiangqi1',
    'xiangqi123',
    'cotuong1',
    'cotuong123',
    'janggi123',
    'sittuyin1',
    'youzai123',
    'youzai2026',
    'chess123',
    'chessmaster',
  ].map((p) => p.toLowerCase()),
);

/** A new password the club accepts: not blank, not one of the commonest, not the name itself. */
export function checkNewPassword(password: string, username: string): { ok: true } | { ok: false; code: 'auth.weak-password'; message: string } {
  const p = password.toLowerCase();
  if (password.trim() === '') return { ok: false, code: 'auth.weak-password', message: 'A password cannot be only spaces' };
  if (COMMON.has(p) || COMMON.has(p.trim()))
    return { ok: false, code: 'auth.weak-password', message: 'That password is among the first any attacker tries: choose another' };
  if (username.length >= 4 && p.includes(username.toLowerCase()))
    return { ok: false, code: 'auth.weak-password', message: 'A password cannot contain the name' };
  return { ok: true };
}
