import { defineConfig } from 'vite';

// The renderer is plain React; Vite's built-in transform handles TSX, so no framework plugin is needed.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP forbids inline scripts; keep the module preload polyfill out of the HTML.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  oxc: { jsx: { runtime: 'automatic' } },
  // The catalogs become JSON.parse("…"): V8 parses JSON much faster than the same object as JavaScript.
  json: { stringify: true },
});
