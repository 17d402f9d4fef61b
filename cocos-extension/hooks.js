'use strict';
// Builder hooks (see builder.js). The collision module is not a script of the extension: after a build, this puts
// the one file the platform needs into the game package, under sat-wasm/, where assets/runtime/loader.ts reads it:
//   web-mobile, web-desktop and the other browser targets: sat-wasm/sat-baseline.wasm beside index.html (fetched);
//   WeChat mini-games: sat-wasm/sat-baseline.wasm.br (or .wasm; WXWebAssembly.instantiate reads it);
//   iOS native (JavaScriptCore has no WebAssembly): sat-wasm/sat-asmjs.js in the data folder (jsb.fileUtils);
//   other native platforms (Android, Windows, Mac, HarmonyOS): sat-wasm/sat-baseline.wasm in the data folder.
// BUILD_FILES below and FILES in runtime/loader.ts name the same paths (tests/cocos/hooks.test.ts compares them).
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const PACKAGE_NAME = 'sat-wasm';
/** What each kind of platform gets: the file in the extension's native/ folder and its path in the build. */
const BUILD_FILES = {
  wasm: { source: 'sat-baseline.wasm', target: 'sat-wasm/sat-baseline.wasm' },
  asmjs: { source: 'sat-asmjs.js', target: 'sat-wasm/sat-asmjs.js' },
};
/** Platforms whose game package is a mini-game: the module goes in as a file WXWebAssembly can instantiate. */
const MINI_GAME_PLATFORMS = new Set(['wechatgame']);
/** Native platforms whose JavaScript engine has no WebAssembly. */
const ASMJS_PLATFORMS = new Set(['ios']);
/** Native platforms (resources live in the build's data folder). */
const NATIVE_PLATFORMS = new Set(['android', 'ios', 'mac', 'windows', 'ohos', 'openharmony', 'harmonyos-next', 'linux']);

/** Which build file a platform gets and where its resources go: 'web', 'mini-game', 'native' or 'asmjs'. */
function platformKind(platform) {
  if (MINI_GAME_PLATFORMS.has(platform)) return 'mini-game';
  if (ASMJS_PLATFORMS.has(platform)) return 'asmjs';
  if (NATIVE_PLATFORMS.has(platform)) return 'native';
  return 'web';
}

/**
 * The folder the game reads its files from: the build folder itself, or for native builds its data/ folder
 * (`result.paths.dir` once the native build has set it up; `<dest>/data` otherwise).
 */
function resourceRoot(kind, result) {
  if (!result || typeof result.dest !== 'string') throw new Error(`[${PACKAGE_NAME}] build result has no dest folder`);
  if (kind !== 'native' && kind !== 'asmjs') return result.dest;
  const dir = result.paths && typeof result.paths.dir === 'string' ? result.paths.dir : result.dest;
  return path.basename(dir) === 'data' ? dir : path.join(dir, 'data');
}

function readSource(extensionDir, file) {
  const source = path.join(extensionDir, 'native', file);
  if (!fs.existsSync(source)) {
    throw new Error(`[${PACKAGE_NAME}] ${source} is missing: reinstall the extension (npm run build makes it)`);
  }
  return fs.readFileSync(source);
}

/**
 * Copies the module file the platform needs into the build. Returns the written path. `extensionDir` is where the
 * installed extension lives (its native/ folder holds the files).
 */
function copyModule(options, result, extensionDir = __dirname, log = console) {
  if (!options || typeof options.platform !== 'string') throw new Error(`[${PACKAGE_NAME}] build options have no platform`);
  const kind = platformKind(options.platform);
  const root = resourceRoot(kind, result);
  const file = kind === 'asmjs' ? BUILD_FILES.asmjs : BUILD_FILES.wasm;
  const bytes = readSource(extensionDir, file.source);
  let target = path.join(root, file.target);
  let out = bytes;
  if (kind === 'mini-game') {
    const settings = (options.packages && options.packages[PACKAGE_NAME]) || {};
    const brotli = settings.brotli !== false;
    // Only one of the two may exist: the runtime takes the .br file when it is there.
    const stale = brotli ? target : `${target}.br`;
    if (fs.existsSync(stale)) fs.rmSync(stale);
    if (brotli) {
      target = `${target}.br`;
      out = zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      });
    }
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, out);
  log.log(`[${PACKAGE_NAME}] copied ${file.source} to ${path.relative(result.dest, target)} (${out.length} bytes)`);
  return target;
}

exports.throwError = true;
exports.BUILD_FILES = BUILD_FILES;
exports.platformKind = platformKind;
exports.copyModule = copyModule;
exports.onAfterBuild = async function onAfterBuild(options, result) {
  copyModule(options, result);
};
