// Vite config of the browser demo. The demo imports the package by its published name, `sat-wasm`, exactly as a
// user's app would; here that name resolves to the package built in this repository (dist/, made by
// `node scripts/build-wasm.mjs`), so the demo exercises the real loader, glue and .wasm files users get.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve, sep } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
// node_modules may be a link to another checkout's (a git worktree sharing its packages): allow where it points.
const modules = resolve(repo, 'node_modules');
const modulesReal = existsSync(modules) ? realpathSync(modules) : modules;
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/**
 * The threaded build's pthread worker script (dist/wasm/sat-simd-mt.worker.js) is a classic script: the dev server
 * would rewrite it as a module (it adds an import for the dynamic import it cannot analyse), which a classic worker
 * refuses. Served as it is. (The production build copies it untouched: see assetsInlineLimit below.)
 */
const wasmDir = resolve(repo, 'dist/wasm') + sep;
const workerScriptsAsTheyAre: Plugin = {
  name: 'sat-wasm-worker-scripts',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const path = decodeURIComponent((req.url ?? '').split('?')[0]);
      const file = path.startsWith('/@fs/') ? resolve(path.slice('/@fs'.length)) : '';
      if (!file.startsWith(wasmDir) || !file.endsWith('.worker.js') || !existsSync(file)) return next();
      res.setHeader('Content-Type', 'text/javascript');
      for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
      res.end(readFileSync(file));
    });
  },
};

export default defineConfig({
  root: here,
  plugins: [workerScriptsAsTheyAre],
  resolve: {
    // `import { loadSAT } from 'sat-wasm'`: the package's "exports" entries ('.' -> dist/index.js,
    // './3d' -> dist/3d.js).
    alias: [
      { find: /^sat-wasm$/, replacement: resolve(repo, 'dist/index.js') },
      { find: /^sat-wasm\/3d$/, replacement: resolve(repo, 'dist/3d.js') },
    ],
  },
  // Pre-bundling would move the loaders away from their .wasm files (they find them with import.meta.url): ours
  // in dist/wasm/, and box2d-wasm's (the stress scene's side-by-side comparison loads it on demand).
  optimizeDeps: { exclude: ['sat-wasm', 'sat-wasm/3d', 'box2d-wasm'] },
  server: {
    host: '127.0.0.1',
    strictPort: false,
    // dist/ lies outside web-demo/: let the dev server read the package files.
    fs: { allow: modulesReal === modules ? [repo] : [repo, modulesReal] },
    // Cross-origin isolation gives performance.now() microsecond resolution (else browsers round it to 0.1 ms),
    // so the world's per-stage timings are meaningful.
    headers: isolation,
  },
  preview: { headers: isolation },
  build: {
    outDir: resolve(repo, 'build/web-demo'),
    emptyOutDir: true,
    target: 'es2022',
    // Not the pthread worker script (2.8 KB) as a data: URL: a worker from one has an opaque origin, and its import
    // of the glue from this server would then be a cross-origin request, which fails.
    assetsInlineLimit: (file: string) => (file.endsWith('.worker.js') ? false : undefined),
    // The 3D scenes' chunk holds three.js (about 650 KB minified) and loads only with a 3D scene.
    chunkSizeWarningLimit: 800,
  },
  clearScreen: false,
  logLevel: 'info',
});
