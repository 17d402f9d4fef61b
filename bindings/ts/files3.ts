/**
 * Where the 3D module's files are, for the npm package: each build's glue through a static `import()` and its
 * `.wasm` beside it as a `new URL('./wasm/<file>', import.meta.url)` literal, so that bundlers find and ship them.
 *
 * The Cocos Creator extension ships `files3-cocos.js` under this module's name instead (scripts/build-cocos.mjs).
 * @internal
 * @module
 */
import type { Variant } from './api.js';

/**
 * The glue of a 3D build (`narrow`: the narrow-phase-only flavour, without World3; `noDyn`: the glue without dynamic
 * code generation, WebAssembly variants only, the same `.wasm`). Its real shape is Module3DFactory in module3.ts.
 * @internal
 */
export function importGlue3(variant: Variant, narrow: boolean, noDyn = false): Promise<{ default: unknown }> {
  if (narrow) {
    if (noDyn && variant === 'simd') return import('./wasm/sat3d-simd-narrow-nodyn.mjs');
    if (noDyn && variant === 'baseline') return import('./wasm/sat3d-baseline-narrow-nodyn.mjs');
    switch (variant) {
      case 'simd':
        return import('./wasm/sat3d-simd-narrow.mjs');
      case 'baseline':
        return import('./wasm/sat3d-baseline-narrow.mjs');
      default:
        return import('./wasm/sat3d-asmjs-narrow.mjs');
    }
  }
  if (noDyn && variant === 'simd') return import('./wasm/sat3d-simd-nodyn.mjs');
  if (noDyn && variant === 'baseline') return import('./wasm/sat3d-baseline-nodyn.mjs');
  switch (variant) {
    case 'simd':
      return import('./wasm/sat3d-simd.mjs');
    case 'baseline':
      return import('./wasm/sat3d-baseline.mjs');
    default:
      return import('./wasm/sat3d-asmjs.mjs');
  }
}

/** The default location of a 3D build's `.wasm` file: beside its glue in `dist/wasm/`. @internal */
export function defaultWasmUrl3(variant: Variant, narrow: boolean): URL {
  if (narrow) {
    return variant === 'simd'
      ? new URL('./wasm/sat3d-simd-narrow.wasm', import.meta.url)
      : new URL('./wasm/sat3d-baseline-narrow.wasm', import.meta.url);
  }
  return variant === 'simd'
    ? new URL('./wasm/sat3d-simd.wasm', import.meta.url)
    : new URL('./wasm/sat3d-baseline.wasm', import.meta.url);
}
