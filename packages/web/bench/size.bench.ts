/**
 * npm run bench:web — what the game page costs to load: builds the client
 * for production, then sums the gzipped JavaScript and CSS that
 * index.html loads (entry, static imports, stylesheets; chunks loaded on
 * demand, such as the rules texts, are listed apart), and the images one
 * game's board needs. Target (issue 6): JS + CSS at most 200 kB gzipped.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { VARIANT_KEYS, VARIANTS } from '@youzai/rules';
import { build } from 'vite';

const TARGET_KB = 200;
const outDir = mkdtempSync(join(tmpdir(), 'youzai-web-size-'));
await build({ root: fileURLToPath(new URL('..', import.meta.url)), logLevel: 'warn', build: { outDir, emptyOutDir: true } });

const kb = (n: number) => (n / 1000).toFixed(1);
const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const raw = (file: string) => readFileSync(join(outDir, file)).length;

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const loaded = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const all = readdirSync(join(outDir, 'assets')).map((f) => `assets/${f}`);
const lazy = all.filter((f) => /\.(js|css)$/.test(f) && !loaded.includes(f));

console.log('Game page: JavaScript and CSS loaded by index.html');
console.log('file'.padEnd(44), 'raw kB'.padStart(8), 'gzip kB'.padStart(8));
let total = 0;
for (const f of loaded) {
  total += gz(f);
  console.log(f.padEnd(44), kb(raw(f)).padStart(8), kb(gz(f)).padStart(8));
}
console.log('total'.padEnd(44), ''.padStart(8), kb(total).padStart(8), `(target ≤ ${TARGET_KB} kB: ${total <= TARGET_KB * 1000 ? 'met' : 'NOT met'})`);
console.log('\nLoaded on demand (not by the game page):');
for (const f of lazy) console.log(f.padEnd(44), kb(raw(f)).padStart(8), kb(gz(f)).padStart(8));

console.log('\nImages per board (SVG, fetched once and cached; gzip as the server sends them):');
for (const variant of VARIANT_KEYS) {
  // A board shows one piece set (the visitor's choice): each set's pictures with the board's.
  for (const set of VARIANTS[variant].board.pieceSets) {
    const dir = fileURLToPath(new URL(`../src/assets/pieces/${variant}/${set}/`, import.meta.url));
    const files = readdirSync(dir).map((f) => join(dir, f));
    files.push(fileURLToPath(new URL(`../src/assets/boards/${variant}.svg`, import.meta.url)));
    const r = files.reduce((n, f) => n + readFileSync(f).length, 0);
    const g = files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    console.log(`${variant}/${set} (${files.length} files)`.padEnd(44), kb(r).padStart(8), kb(g).padStart(8));
  }
}
rmSync(outDir, { recursive: true, force: true });
