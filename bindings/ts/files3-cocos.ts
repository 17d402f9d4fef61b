/**
 * The Cocos Creator extension's `files3.js` (scripts/build-cocos.mjs ships this module under that name): the baseline
 * 3D build's glue twice, the default one and the one without dynamic code generation for WeChat mini-games (both
 * run the same `.wasm`), and nothing that needs `URL` or `import.meta.url`. The extension's runtime
 * loader passes the module's bytes (or an instantiate hook) and, on iOS native, the asm.js build's factory
 * (`moduleFactory`).
 * @internal
 * @module
 */
import type { Variant } from './api.js';
import { SATError } from './errors.js';
import createBaseline3 from './wasm/sat3d-baseline.mjs';
import createBaseline3NoDyn from './wasm/sat3d-baseline-nodyn.mjs';

/** The baseline 3D glue; any other build, or the narrow-phase-only flavour, is an error naming the way out. @internal */
export function importGlue3(variant: Variant, narrow: boolean, noDyn = false): Promise<{ default: unknown }> {
  if (narrow) {
    return Promise.reject(
      new SATError(
        'LoadFailed',
        "load3D: the Cocos extension ships only the full 3D module's glue, not the narrow-phase-only flavour's: " +
          'load3D without narrowPhaseOnly, or pass options.moduleFactory',
      ),
    );
  }
  if (variant === 'baseline') return Promise.resolve({ default: noDyn ? createBaseline3NoDyn : createBaseline3 });
  return Promise.reject(
    new SATError(
      'LoadFailed',
      `load3D: the Cocos extension ships only the baseline 3D build's glue, not the ${variant} build's: ` +
        "use prefer: 'baseline', or pass options.moduleFactory",
    ),
  );
}

/** Always throws: in Cocos the 3D module's bytes come through `wasmBinary`, `instantiateWasm` or `locateFile`. @internal */
export function defaultWasmUrl3(variant: Variant, narrow: boolean): URL {
  throw new SATError(
    'LoadFailed',
    `load3D: no default location for the ${variant}${narrow ? ' (narrow phase only)' : ''} 3D module in Cocos Creator: pass options.wasmBinary, options.instantiateWasm or options.locateFile`,
  );
}
