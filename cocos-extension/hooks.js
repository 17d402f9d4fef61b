'use strict';
// Builder hooks (see builder.js). After a WeChat mini-game build, copies the WebAssembly module into the game
// package at sat-wasm/sat-baseline.wasm.br (or .wasm without brotli), where assets/runtime/loader.ts asks
// WXWebAssembly.instantiate for it. Any other platform: nothing to do.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const PACKAGE_NAME = 'sat-wasm';
const WASM_FILE = 'sat-baseline.wasm';
/** Folder inside the build output (and the path the runtime loader uses). Keep in sync with runtime/loader.ts. */
const OUTPUT_DIR = 'sat-wasm';
/** Platforms whose runtime instantiates the module from a file of the game package. */
const FILE_PLATFORMS = new Set(['wechatgame']);

/**
 * Copies the module into `result.dest` when the platform needs the file. Returns the written path, or null.
 * `extensionDir` is where the installed extension lives (its native/ folder holds the module).
 */
function copyWasm(options, result, extensionDir = __dirname, log = console) {
  if (!options || !FILE_PLATFORMS.has(options.platform)) return null;
  if (!result || typeof result.dest !== 'string') throw new Error(`[${PACKAGE_NAME}] build result has no dest folder`);
  const source = path.join(extensionDir, 'native', WASM_FILE);
  if (!fs.existsSync(source)) {
    throw new Error(`[${PACKAGE_NAME}] ${source} is missing: reinstall the extension (npm run build makes it)`);
  }
  const settings = (options.packages && options.packages[PACKAGE_NAME]) || {};
  const brotli = settings.brotli !== false;
  const outDir = path.join(result.dest, OUTPUT_DIR);
  fs.mkdirSync(outDir, { recursive: true });
  // Only one of the two may exist: the runtime takes the .br file when it is there.
  const target = path.join(outDir, brotli ? `${WASM_FILE}.br` : WASM_FILE);
  const stale = path.join(outDir, brotli ? WASM_FILE : `${WASM_FILE}.br`);
  if (fs.existsSync(stale)) fs.rmSync(stale);
  const bytes = fs.readFileSync(source);
  const out = brotli
    ? zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : bytes;
  fs.writeFileSync(target, out);
  log.log(`[${PACKAGE_NAME}] copied ${WASM_FILE} to ${path.relative(result.dest, target)} (${out.length} bytes)`);
  return target;
}

exports.throwError = true;
exports.copyWasm = copyWasm;
exports.onAfterBuild = async function onAfterBuild(options, result) {
  copyWasm(options, result);
};
