// Vitest configuration of the Cocos extension tests. scripts/test.mjs runs
//   npx vitest run --dir tests/cocos --config tests/cocos/vitest.config.ts --reporter=json ...
// after the 'wasm' and 'cocos' build steps (the components import the package copied into
// cocos-extension/assets/lib/). `cc` and `cc/env` resolve to the thin stand-ins in tests/cocos/cc/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('../..'),
  resolve: {
    alias: [
      { find: /^cc$/, replacement: here('./cc/index.ts') },
      { find: /^cc\/env$/, replacement: here('./cc/env.ts') },
    ],
  },
  // Cocos compiles components with legacy (experimental) decorators and without define semantics for fields.
  oxc: {
    decorator: { legacy: true },
    typescript: { removeClassFieldsWithoutInitializer: true },
    assumptions: { setPublicClassFields: true },
  },
  test: {
    dir: 'tests/cocos',
    include: ['**/*.test.ts'],
    // the game packages the builder hook makes, served as web and native builds read them
    setupFiles: ['tests/cocos/game-package.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // every file gets fresh modules: the loader and the manager are per-game singletons
    isolate: true,
  },
});
