/**
 * npm run admin -- create NAME: makes the account of a name listed in ADMINS
 * (which nobody can register over HTTP), with the password read from the
 * first line of standard input. The store is the server's: DATABASE_URL, or
 * SQLite in DATA_DIR (default data). docs/operations.md.
 */
import { claimAdmin } from '../src/auth/admins.ts';
import { openStore } from '../src/store/open.ts';

const [command, name] = process.argv.slice(2);
if (command !== 'create' || !name) {
  console.error('Usage: npm run admin -- create NAME  (the password on standard input; NAME must be listed in ADMINS)');
  process.exit(2);
}
if (process.stdin.isTTY) process.stderr.write(`Password for ${name} (shown as typed), then Enter: `);
const password = await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (d: string) => {
    text += d;
    if (text.includes('\n')) resolve(text.split(/\r?\n/)[0]!);
  });
  process.stdin.on('end', () => resolve(text.split(/\r?\n/)[0]!));
});
process.stdin.pause();
const store = await openStore({
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  DATA_DIR: process.env.DATA_DIR || 'data',
  ...(process.env.SQLITE_SYNC ? { SQLITE_SYNC: process.env.SQLITE_SYNC } : {}),
});
try {
  const r = await claimAdmin(store, name, password, Date.now());
  if (!r.ok) {
    console.error(`Not created: ${r.error.message} [${r.error.code}]`);
    process.exitCode = 1;
  } else console.log(JSON.stringify({ ok: true, id: r.value.id, username: r.value.username }));
} finally {
  await store.close();
}
