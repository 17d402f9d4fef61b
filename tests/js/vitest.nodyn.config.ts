// The JavaScript suite again, in worker processes that refuse code generation from strings (Node's
// --disallow-code-generation-from-strings, as WeChat mini-games refuse eval / new Function): loadSAT must pick the
// builds without dynamic execution by itself and pass everything. The asm.js build needs code generation, so only
// the WebAssembly variants run (SAT_VARIANTS, set by scripts/test.mjs). The package under test (dist/) is loaded by
// Node itself, not through Vite's module runner.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      execArgv: ['--disallow-code-generation-from-strings'],
      server: { deps: { external: [/\/dist\//] } },
    },
  }),
);
