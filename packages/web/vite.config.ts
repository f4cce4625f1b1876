import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

/**
 * Chunks by what a page needs (issue 30, item 7). Pages load on demand
 * (src/pages/index.ts); left alone, the bundler cut what they share into
 * some thirty small files, and a game page fetched 33 of them, each
 * compressed apart. Three chunks are cut by hand, from the import graph,
 * each what its anchor imports statically (of the modules its pattern
 * holds) beyond the chunks before it:
 * the shell (the entry: header, socket, router, texts, rules), the board
 * (chessgroundx and the board around it: every page with a board) and
 * play (the game's views and referees: the game page, and the analysis
 * board, Learn and TV that reuse them). Each page adds a chunk of its own.
 */
const CUTS = [
  ['shell', '/src/main.ts', /./],
  ['board', '/src/board/board.ts', /./],
  // The game's own modules and its board tools only: a small helper it shares with other pages (widgets, profile data) does not bring play along
  // to them. Not @youzai/game/analysis either: its barrel leads to the record import and variation trees that the analysis board uses, not the game.
  ['play', '/src/pages/game.ts', /\/packages\/(game\/src\/(?!analysis\/)|web\/src\/(game|board)\/)/],
] as const;
type Cut = (typeof CUTS)[number][0];

function chunksByPage(): { plugin: Plugin; cutOf: (id: string) => Cut | undefined } {
  const cuts = new Map<string, Cut>();
  const plugin: Plugin = {
    name: 'youzai-chunks-by-page',
    apply: 'build',
    buildEnd() {
      cuts.clear();
      const ids = [...this.getModuleIds()];
      for (const [cut, anchor, holds] of CUTS) {
        const from = ids.find((id) => id.endsWith(anchor));
        if (!from) return this.error(`${anchor} is missing: the chunks are cut from it (vite.config.ts)`);
        const seen = new Set<string>();
        const walk = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          if (!cuts.has(id) && holds.test(id)) cuts.set(id, cut);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        walk(from);
      }
    },
  };
  return { plugin, cutOf: (id) => cuts.get(id) };
}

const chunks = chunksByPage();

/** The browser client: built into dist/, which the server serves in production. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [chunks.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Piece and board SVGs stay files (cached once), not data URIs inside the CSS.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // One stylesheet, loaded by index.html: every page's rules in one cascade from the start, none arriving later with a page (7.6 kB gzipped in all).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Cut in order (a module two anchors import belongs to the first); whatever no cut holds is split as the bundler sees fit.
        codeSplitting: { groups: CUTS.map(([cut], i) => ({ name: cut, test: (id: string) => chunks.cutOf(id) === cut, priority: CUTS.length - i })) },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/ws': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
});
