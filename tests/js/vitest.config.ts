// Vitest configuration of the JavaScript package tests. scripts/test.mjs runs
//   npx vitest run --dir tests/js --config tests/js/vitest.config.ts --reporter=json --outputFile.json=<file>
// and the tests import the BUILT package from dist/ (run `node scripts/build-wasm.mjs` first).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    dir: 'tests/js',
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The reference suites are CPU-bound; two workers match the machines CI runs on.
    pool: 'forks',
    maxWorkers: 2,
  },
});
