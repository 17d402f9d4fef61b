/**
 * The Cocos Creator extension's `wasm-url.js` (scripts/build-cocos.mjs ships this module under that name): no
 * default location, so that nothing in the extension touches `URL` or `import.meta.url`, which WeChat mini-games and
 * some native runtimes lack. The extension's runtime loader always passes `wasmBinary` or `instantiateWasm`.
 * @internal
 * @module
 */
import type { Variant } from './api.js';
import { SATError } from './errors.js';

/** Always throws: in Cocos the module's bytes come through `wasmBinary`, `instantiateWasm` or `locateFile`. @internal */
export function defaultWasmUrl(variant: Variant, narrow: boolean): URL {
  throw new SATError(
    'LoadFailed',
    `loadSAT: no default location for the ${variant}${narrow ? ' (narrow phase only)' : ''} module in Cocos Creator: ` +
      'pass options.wasmBinary, options.instantiateWasm or options.locateFile',
  );
}
