/**
 * npm run bench:web — what a page costs to load: builds the client for
 * production, then sums the gzipped JavaScript and CSS a browser fetches to
 * show a page: what index.html loads (the shell: entry, its static imports,
 * the stylesheet) and the page's own chunk with the chunks it imports (the
 * build's manifest says which). Pages load on demand, so every other page's
 * chunks are not fetched. Also: the whole build and its largest chunks, and
 * the images one game's board needs. Target (issue 30, item 7): a player
 * opening a game downloads at most 100 kB of JS + CSS, gzipped.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { VARIANT_KEYS, VARIANTS } from '@youzai/rules';
import { build } from 'vite';

const TARGET_KB = 100;
const outDir = mkdtempSync(join(tmpdir(), 'youzai-web-size-'));
await build({ root: fileURLToPath(new URL('..', import.meta.url)), logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });

const kb = (n: number) => (n / 1000).toFixed(1);
const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const raw = (file: string) => readFileSync(join(outDir, file)).length;
const row = (name: string, r: string, g: string) => console.log(name.padEnd(44), r.padStart(8), g.padStart(8));

interface Chunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** A manifest entry's file, its CSS and those of every chunk it imports statically (what the browser fetches before running it). */
function closure(key: string, into = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c) throw new Error(`no chunk for ${key} in the build's manifest`);
  if (into.has(c.file)) return into;
  into.add(c.file);
  for (const css of c.css ?? []) into.add(css);
  for (const i of c.imports ?? []) closure(i, into);
  return into;
}

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const shell = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
/** What opening a page downloads: the shell, then the page's chunks not already in it. */
const pageFiles = (page: string) => [...shell, ...[...closure(`src/pages/${page}.ts`)].filter((f) => !shell.includes(f))];
const sum = (files: readonly string[]) => files.reduce((n, f) => n + gz(f), 0);

function table(title: string, files: readonly string[], target?: number): number {
  console.log(title);
  row('file', 'raw kB', 'gzip kB');
  for (const f of files) row(`${shell.includes(f) ? '' : '+ '}${f}`, kb(raw(f)), kb(gz(f)));
  const total = sum(files);
  console.log(
    'total'.padEnd(44),
    ''.padStart(8),
    kb(total).padStart(8),
    target === undefined ? '' : `(target ≤ ${target} kB: ${total <= target * 1000 ? 'met' : 'NOT met'})`,
  );
  return total;
}

const game = pageFiles('game');
table('Game page (/game/{id}): the shell index.html loads, and + the game page’s chunks', game, TARGET_KB);
console.log();
table('Home page (/): the shell, and + the home page’s chunks', pageFiles('home'));

const all = readdirSync(join(outDir, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => `assets/${f}`);
const lazy = all.filter((f) => !game.includes(f));
console.log(`\nEvery page (${all.length} files of JS and CSS): ${kb(all.reduce((n, f) => n + raw(f), 0))} kB raw, ${kb(sum(all))} kB gzipped`);
console.log('\nLoaded on demand (not by the game page), the 10 largest:');
for (const f of lazy.sort((a, b) => gz(b) - gz(a)).slice(0, 10)) row(f, kb(raw(f)), kb(gz(f)));
console.log(`and ${Math.max(0, lazy.length - 10)} smaller; all ${lazy.length} on demand: ${kb(sum(lazy))} kB gzipped`);

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
