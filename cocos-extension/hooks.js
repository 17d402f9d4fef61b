'use strict';
// Builder hooks (see builder.js). The collision module is not a script of the extension: after a build, this puts
// the one file the platform needs into the game package, under sat-wasm/, where assets/runtime/loader.ts reads it:
//   web-mobile, web-desktop and the other browser targets: sat-wasm/sat-baseline.wasm beside index.html (fetched);
//   WeChat mini-games: sat-wasm/sat-baseline.wasm.br (or .wasm; WXWebAssembly.instantiate reads it);
//   iOS native (JavaScriptCore has no WebAssembly): sat-wasm/sat-asmjs.js in the data folder (jsb.fileUtils);
//   other native platforms (Android, Windows, Mac, HarmonyOS): sat-wasm/sat-baseline.wasm in the data folder.
// BUILD_FILES below and FILES in runtime/loader.ts name the same paths (tests/cocos/hooks.test.ts compares them).
//
// The 3D module (sat3d-*, BUILD_FILES_3D and FILES_3D in runtime/loader3d.ts) goes the same way, but only into
// builds of projects that use it: the build option "3D module" (`module3d`) is 'auto' (default: copied when a
// scene, prefab or script of the project's assets/ uses a 3D component, see projectUses3D), 'always' or 'never'.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const PACKAGE_NAME = 'sat-wasm';
/** What each kind of platform gets: the file in the extension's native/ folder and its path in the build. */
const BUILD_FILES = {
  wasm: { source: 'sat-baseline.wasm', target: 'sat-wasm/sat-baseline.wasm' },
  asmjs: { source: 'sat-asmjs.js', target: 'sat-wasm/sat-asmjs.js' },
};
/** The 3D module's files (runtime/loader3d.ts FILES_3D names the same targets). */
const BUILD_FILES_3D = {
  wasm: { source: 'sat3d-baseline.wasm', target: 'sat-wasm/sat3d-baseline.wasm' },
  asmjs: { source: 'sat3d-asmjs.js', target: 'sat-wasm/sat3d-asmjs.js' },
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
  return copyFiles(BUILD_FILES, options, result, extensionDir, log);
}

/** Copies the 3D module's file for the platform into the build (as copyModule). Returns the written path. */
function copyModule3D(options, result, extensionDir = __dirname, log = console) {
  return copyFiles(BUILD_FILES_3D, options, result, extensionDir, log);
}

function copyFiles(files, options, result, extensionDir, log) {
  if (!options || typeof options.platform !== 'string') throw new Error(`[${PACKAGE_NAME}] build options have no platform`);
  const kind = platformKind(options.platform);
  const root = resourceRoot(kind, result);
  const file = kind === 'asmjs' ? files.asmjs : files.wasm;
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

// ---- does the project use 3D? ----------------------------------------------------------------------------------

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A UUID in Cocos' compressed form: the first `keep` hex digits, then every 3 hex digits as 2 base-64 characters.
 * Scenes and prefabs name a script component by its script's UUID compressed with keep = 5 (23 characters);
 * keep = 2 (22 characters) is the asset form the engine's decodeUuid reads.
 */
function compressUuid(uuid, keep) {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  let out = hex.slice(0, keep);
  for (let i = keep; i < hex.length; i += 3) {
    const v = parseInt(hex.slice(i, i + 3), 16);
    out += BASE64[v >> 6] + BASE64[v & 63];
  }
  return out;
}

/** Names and serialized ids of the 3D components (read from the extension's own .meta files). */
function components3D(extensionDir) {
  const dir = path.join(extensionDir, 'assets', 'components3d');
  const names = [];
  const ids = [];
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!f.endsWith('.ts.meta')) continue;
    names.push(f.slice(0, -'.ts.meta'.length));
    const { uuid } = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    ids.push(compressUuid(uuid, 5), compressUuid(uuid, 2), uuid);
  }
  names.push('SATCollisionManager3D');
  return { names, ids };
}

/**
 * The first file of the project's assets/ that uses a 3D component, or null: a scene or prefab naming one of the
 * component scripts (by its compressed UUID or class name), or a script naming a 3D component class.
 */
function projectUses3D(projectDir, extensionDir = __dirname) {
  const { names, ids } = components3D(extensionDir);
  const word = new RegExp(`\\b(${names.join('|')})\\b`);
  const serialized = new RegExp(`"(${ids.concat(names).join('|')})"`);
  const stack = [path.join(projectDir, 'assets')];
  while (stack.length) {
    const dir = stack.pop();
    let entries = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) stack.push(p);
      } else if (/\.(scene|prefab)$/.test(e.name)) {
        if (serialized.test(fs.readFileSync(p, 'utf8'))) return p;
      } else if (/\.(ts|js)$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        if (word.test(fs.readFileSync(p, 'utf8'))) return p;
      }
    }
  }
  return null;
}

/**
 * Whether a build gets the 3D module, and why: the option `module3d` ('auto', 'always', 'never'); with 'auto' the
 * project's assets are scanned (no project folder known: it is copied, to be safe).
 */
function wants3D(options, projectDir, extensionDir = __dirname) {
  const settings = (options && options.packages && options.packages[PACKAGE_NAME]) || {};
  const mode = settings.module3d || 'auto';
  if (mode === 'always') return { copy: true, why: 'the 3D module option says always' };
  if (mode === 'never') return { copy: false, why: 'the 3D module option says never' };
  if (typeof projectDir !== 'string') return { copy: true, why: 'the project folder is unknown, so it cannot be scanned' };
  const user = projectUses3D(projectDir, extensionDir);
  return user
    ? { copy: true, why: `${path.relative(projectDir, user)} uses a 3D collider` }
    : { copy: false, why: 'no scene, prefab or script of the project uses a 3D collider' };
}

function editorProjectDir() {
  const editor = typeof Editor === 'object' && Editor ? Editor : null;
  return editor && editor.Project && typeof editor.Project.path === 'string' ? editor.Project.path : undefined;
}

exports.throwError = true;
exports.BUILD_FILES = BUILD_FILES;
exports.BUILD_FILES_3D = BUILD_FILES_3D;
exports.platformKind = platformKind;
exports.copyModule = copyModule;
exports.copyModule3D = copyModule3D;
exports.compressUuid = compressUuid;
exports.projectUses3D = projectUses3D;
exports.wants3D = wants3D;
exports.onAfterBuild = async function onAfterBuild(options, result) {
  copyModule(options, result);
  const decision = wants3D(options, editorProjectDir());
  if (decision.copy) copyModule3D(options, result);
  console.log(`[${PACKAGE_NAME}] 3D module ${decision.copy ? 'copied' : 'not copied'}: ${decision.why}`);
};
