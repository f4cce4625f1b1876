import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

/** The browser client: built into dist/, which the server serves in production. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Piece and board SVGs stay files (cached once), not data URIs inside the CSS.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/ws': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
});
