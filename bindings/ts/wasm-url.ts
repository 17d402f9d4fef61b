/**
 * Where the `.wasm` file of a build lives when the caller gives neither bytes nor a `locateFile`: beside the glue in
 * `dist/wasm/`. Written as `new URL('./wasm/<file>', import.meta.url)` literals so that bundlers (Vite, webpack,
 * Rollup) find and ship the files.
 *
 * The Cocos Creator extension ships `wasm-url-cocos.js` under this module's name instead: Cocos always passes the
 * bytes or an instantiate hook, and some of its platforms have neither `URL` nor `import.meta.url`.
 * @internal
 * @module
 */
import type { Variant } from './api.js';

/** The default location of a build's `.wasm` file. @internal */
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
