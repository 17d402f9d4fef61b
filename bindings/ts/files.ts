/**
 * Where the module's files are, for the npm package: each build's glue through a static `import()` and its `.wasm`
 * beside it as a `new URL('./wasm/<file>', import.meta.url)` literal, so that bundlers (Vite, webpack, Rollup) find
 * and ship every file.
 *
 * The Cocos Creator extension ships `files-cocos.js` under this module's name instead (scripts/build-cocos.mjs).
 * @internal
 * @module
 */
import type { Variant } from './api.js';

/**
 * The glue of a build (`noDyn`: the build without dynamic code generation, WebAssembly variants only). Its declared
 * type is deliberately vague (see wasm/*.d.mts); ModuleFactory in module.ts is its real shape. @internal
 */
export function importGlue(variant: Variant, narrow: boolean, noDyn = false): Promise<{ default: unknown }> {
  if (noDyn && narrow) {
    if (variant === 'simd') return import('./wasm/sat-simd-narrow-nodyn.mjs');
    if (variant === 'baseline') return import('./wasm/sat-baseline-narrow-nodyn.mjs');
  } else if (noDyn) {
    if (variant === 'simd') return import('./wasm/sat-simd-nodyn.mjs');
    if (variant === 'baseline') return import('./wasm/sat-baseline-nodyn.mjs');
  }
  if (narrow) {
    switch (variant) {
      case 'simd':
        return import('./wasm/sat-simd-narrow.mjs');
      case 'baseline':
        return import('./wasm/sat-baseline-narrow.mjs');
      default:
        return import('./wasm/sat-asmjs-narrow.mjs');
    }
  }
  switch (variant) {
    case 'simd':
      return import('./wasm/sat-simd.mjs');
    case 'baseline':
      return import('./wasm/sat-baseline.mjs');
    default:
      return import('./wasm/sat-asmjs.mjs');
  }
}

/**
 * The default location of a build's `.wasm` file: beside its glue in `dist/wasm/`. The builds without dynamic
 * execution differ from the default ones in their glue only: they load the same `.wasm`. @internal
 */
export function defaultWasmUrl(variant: Variant, narrow: boolean): URL {
  if (narrow) {
    return variant === 'simd'
      ? new URL('./wasm/sat-simd-narrow.wasm', import.meta.url)
      : new URL('./wasm/sat-baseline-narrow.wasm', import.meta.url);
  }
  return variant === 'simd'
    ? new URL('./wasm/sat-simd.wasm', import.meta.url)
    : new URL('./wasm/sat-baseline.wasm', import.meta.url);
}

/** The threaded SIMD build's glue (loadSAT({ threads })). @internal */
export function importThreadedGlue(): Promise<{ default: unknown }> {
  return import('./wasm/sat-simd-mt.mjs');
}

/**
 * The default location of a file of the threaded build: its glue (which its workers import), its `.wasm`, and its
 * pthread worker script (`.worker.js` for browsers, `.worker.cjs` for Node, the same script). @internal
 */
export function threadedFileUrl(file: 'glue' | 'wasm' | 'worker' | 'node-worker'): URL {
  if (file === 'glue') return new URL('./wasm/sat-simd-mt.mjs', import.meta.url);
  if (file === 'wasm') return new URL('./wasm/sat-simd-mt.wasm', import.meta.url);
  if (file === 'worker') return new URL('./wasm/sat-simd-mt.worker.js', import.meta.url);
  return new URL('./wasm/sat-simd-mt.worker.cjs', import.meta.url);
}
