/**
 * The Cocos Creator extension's `files.js` (scripts/build-cocos.mjs ships this module under that name). The
 * extension carries the baseline build's glue (the full module; the narrow-phase flavour is a subset of it) twice:
 * the default one and the one without dynamic code generation, for WeChat mini-games (both run the same `.wasm`);
 * and nothing that needs `URL` or `import.meta.url`, which WeChat mini-games and some native runtimes lack. Its
 * runtime loader passes the module's bytes (or an instantiate hook) and, on iOS native, the asm.js build's factory
 * read from the game package (`moduleFactory`).
 * @internal
 * @module
 */
import type { Variant } from './api.js';
import { SATError } from './errors.js';
import createBaseline from './wasm/sat-baseline.mjs';
import createBaselineNoDyn from './wasm/sat-baseline-nodyn.mjs';

/** The baseline glue; any other build is an error naming the way out. @internal */
export function importGlue(variant: Variant, narrow: boolean, noDyn = false): Promise<{ default: unknown }> {
  if (variant === 'baseline') return Promise.resolve({ default: noDyn ? createBaselineNoDyn : createBaseline });
  return Promise.reject(
    new SATError(
      'LoadFailed',
      `loadSAT: the Cocos extension ships only the baseline build's glue, not the ${variant}${narrow ? ' (narrow phase only)' : ''} ` +
        "build's: use prefer: 'baseline', or pass options.moduleFactory",
    ),
  );
}

/** Always throws: in Cocos the module's bytes come through `wasmBinary`, `instantiateWasm` or `locateFile`. @internal */
export function defaultWasmUrl(variant: Variant, narrow: boolean): URL {
  throw new SATError(
    'LoadFailed',
    `loadSAT: no default location for the ${variant}${narrow ? ' (narrow phase only)' : ''} module in Cocos Creator: ` +
      'pass options.wasmBinary, options.instantiateWasm or options.locateFile',
  );
}

/** Always throws: the Cocos extension does not ship the threaded build. @internal */
export function importThreadedGlue(): Promise<{ default: unknown }> {
  return Promise.reject(new SATError('ThreadsUnavailable', 'loadSAT: the Cocos extension does not ship the threaded build'));
}

/** Always throws: the Cocos extension does not ship the threaded build. @internal */
export function threadedFileUrl(file: 'glue' | 'wasm' | 'worker' | 'node-worker'): URL {
  throw new SATError('ThreadsUnavailable', `loadSAT: the Cocos extension does not ship the threaded build (${file})`);
}
