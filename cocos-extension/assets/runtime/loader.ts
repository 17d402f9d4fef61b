/**
 * Loads sat-wasm once per game, the way each platform Cocos builds for allows. The module is not one of the
 * extension's scripts (that would put it into every build): the builder hook (hooks.js) copies the one file a
 * platform needs into the game package, under `sat-wasm/`, and this reads it.
 *
 * - web (browsers): `sat-wasm/sat-baseline.wasm` beside the page, fetched.
 * - WeChat mini-game: `WXWebAssembly.instantiate(path)` on `sat-wasm/sat-baseline.wasm.br` (or `.wasm`), through
 *   loadSAT's `instantiateWasm`, with the glue that makes no code from strings (WeChat refuses `new Function`).
 * - native with WebAssembly (Android, Windows, Mac, HarmonyOS): `sat-wasm/sat-baseline.wasm` read with
 *   `jsb.fileUtils`.
 * - iOS native (JavaScriptCore has no WebAssembly): the asm.js build, `sat-wasm/sat-asmjs.js` read with
 *   `jsb.fileUtils` and evaluated.
 * - the editor and its preview, where no build hook runs: the bytes of `lib/wasm/sat-baseline.bin`, a BufferAsset
 *   that nothing references (so no build carries it), loaded by its UUID.
 *
 * Loading starts when this module is first imported: at once if the game is already initialised, else from
 * `game.onPostProjectInitDelegate` (the engine waits for it before the first scene starts).
 */
import { assetManager, game, sys, type BufferAsset } from 'cc';
import { EDITOR, PREVIEW } from 'cc/env';
import { loadSAT, SATError, type LoadOptions, type SAT } from '../lib/index.js';

/** How the module is loaded. */
export type LoadPlan = 'web' | 'wechat' | 'native' | 'asmjs' | 'editor';

/** Reads files of the game package (what the builder hook wrote). */
export interface BuildFiles {
  /** the bytes of a file, by its path in the game package; rejects when it cannot be read */
  bytes(path: string): Promise<ArrayBuffer>;
  /** the text of a file; rejects when it cannot be read */
  text(path: string): Promise<string>;
}

/** What chooseLoadPlan and the plans look at; every field defaults to the running platform's. */
export interface PlatformInfo {
  isNative: boolean;
  os: string;
  platform: string;
  /** running in the editor or its preview (no build hook has run) */
  editor: boolean;
  /** `globalThis.WebAssembly` (null when the platform has none) */
  webAssembly: unknown;
  /** `globalThis.WXWebAssembly` on WeChat (null elsewhere) */
  wxWebAssembly: unknown;
  /** how to read the game package's files: `jsb.fileUtils` on native, `fetch` elsewhere */
  files: BuildFiles;
}

/** The game-package paths the builder hook writes (hooks.js BUILD_FILES names the same). */
export const FILES = {
  wasm: 'sat-wasm/sat-baseline.wasm',
  asmjs: 'sat-wasm/sat-asmjs.js',
} as const;
/** The file a WeChat build holds (plus `.br` when compressed). */
export const WECHAT_WASM_PATH = FILES.wasm;
/** UUID of lib/wasm/sat-baseline.bin (its .meta): the module's bytes as a BufferAsset, for the editor and preview. */
export const MODULE_ASSET_UUID = 'ff7bacd7-24d9-45a5-b15a-bb069ff9a140';

type Global = typeof globalThis & { WXWebAssembly?: unknown; wx?: WxLike; jsb?: JsbLike };
interface WxLike {
  getFileSystemManager?(): { accessSync(path: string): void };
}
interface JsbLike {
  fileUtils?: {
    isFileExist(path: string): boolean;
    getDataFromFile(path: string): ArrayBuffer | null;
    getStringFromFile(path: string): string;
  };
}
export interface WXWebAssemblyLike {
  instantiate(path: string, imports: WebAssembly.Imports): Promise<{ instance: WebAssembly.Instance }>;
}

const notBuilt = (path: string, why: string) =>
  new SATError(
    'LoadFailed',
    `[sat-wasm] cannot read ${path} from the game package (${why}). Was the sat-wasm extension enabled when ` +
      'building? Its builder hook puts the module there.',
  );

/** Native: the files of the build's data folder, through jsb.fileUtils. */
function nativeFiles(): BuildFiles {
  const fileUtils = () => {
    const f = (globalThis as Global).jsb?.fileUtils;
    if (!f) throw new SATError('LoadFailed', '[sat-wasm] jsb.fileUtils is missing on this native platform');
    return f;
  };
  return {
    bytes: async (path) => {
      const f = fileUtils();
      const data = f.isFileExist(path) ? f.getDataFromFile(path) : null;
      if (!data || data.byteLength === 0) throw notBuilt(path, 'no such file');
      return data;
    },
    text: async (path) => {
      const f = fileUtils();
      const text = f.isFileExist(path) ? f.getStringFromFile(path) : '';
      if (!text) throw notBuilt(path, 'no such file');
      return text;
    },
  };
}

/** Web: the files beside the page, fetched. */
function webFiles(): BuildFiles {
  const get = async (path: string) => {
    if (typeof fetch !== 'function') throw notBuilt(path, 'this platform has no fetch');
    const response = await fetch(path);
    if (!response.ok) throw notBuilt(path, `HTTP ${response.status}`);
    return response;
  };
  return {
    bytes: async (path) => (await get(path)).arrayBuffer(),
    text: async (path) => (await get(path)).text(),
  };
}

/** The platform as the loader sees it. */
export function currentPlatform(): PlatformInfo {
  const g = globalThis as Global;
  return {
    isNative: sys.isNative,
    os: sys.os,
    platform: sys.platform,
    editor: EDITOR || PREVIEW,
    webAssembly: typeof WebAssembly === 'object' ? WebAssembly : null,
    wxWebAssembly: typeof g.WXWebAssembly === 'object' && g.WXWebAssembly !== null ? g.WXWebAssembly : null,
    files: sys.isNative ? nativeFiles() : webFiles(),
  };
}

/** Picks the way to load the module on a platform. */
export function chooseLoadPlan(p: PlatformInfo = currentPlatform()): LoadPlan {
  if (p.platform === sys.Platform.WECHAT_GAME && p.wxWebAssembly) return 'wechat';
  if (p.isNative) return p.os === sys.OS.IOS || !p.webAssembly ? 'asmjs' : 'native';
  if (p.editor) return 'editor';
  return 'web';
}

/** A module's bytes from its BufferAsset (editor and preview). */
export function moduleAssetBytes(uuid = MODULE_ASSET_UUID, name = 'lib/wasm/sat-baseline.bin'): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    assetManager.loadAny({ uuid }, (err: Error | null, asset: BufferAsset | null) => {
      if (err || !asset) {
        reject(new SATError('LoadFailed', `[sat-wasm] cannot load ${name}: ${err?.message ?? 'no asset'}`));
      } else {
        resolve(asset.buffer());
      }
    });
  });
}

/** The asm.js build's factory from its classic script (the script defines `createSATModule`). */
export function evaluateAsmjsGlue(source: string, file: string = FILES.asmjs): NonNullable<LoadOptions['moduleFactory']> {
  // scripts/build-cocos.mjs writes the script from the module's ES glue; iOS native evaluates it as Cocos
  // evaluates its own plugin scripts.
  const factory = new Function(`${source}\nreturn typeof createSATModule === 'function' ? createSATModule : null;`)() as unknown;
  if (typeof factory !== 'function') throw new SATError('LoadFailed', `[sat-wasm] ${file} does not define createSATModule`);
  return factory as NonNullable<LoadOptions['moduleFactory']>;
}

/**
 * WeChat's WXWebAssembly lacks parts of the standard object that the Emscripten glue and loadSAT test for
 * (`validate`, `RuntimeError`): without `validate` loadSAT would take the platform for one without WebAssembly
 * and fall back to asm.js. The glue also needs a global `WebAssembly`. Cocos' WeChat adapter may already have set
 * `WebAssembly = WXWebAssembly`; either way the global becomes an object built on it with the missing parts.
 */
function ensureWebAssemblyGlobal(wx: unknown): void {
  const g = globalThis as unknown as { WebAssembly?: Record<string, unknown> };
  const current = typeof g.WebAssembly === 'object' && g.WebAssembly !== null ? g.WebAssembly : (wx as Record<string, unknown>);
  if (typeof current.validate === 'function' && typeof current.RuntimeError === 'function' && current === g.WebAssembly) return;
  const shim = Object.create(current) as Record<string, unknown>;
  if (typeof shim.validate !== 'function') shim.validate = () => true;
  if (typeof shim.RuntimeError !== 'function') shim.RuntimeError = Error;
  g.WebAssembly = shim;
}

/** The module files a WeChat build may hold, the one the file system says exists first. */
function wechatWasmPaths(plain: string): string[] {
  const br = `${plain}.br`;
  const fsm = (globalThis as Global).wx?.getFileSystemManager?.();
  if (fsm) {
    try {
      fsm.accessSync(plain);
      return [plain, br];
    } catch {
      // no plain file: the build was made with brotli (the default)
    }
  }
  return [br, plain];
}

/**
 * WeChat: instantiate through WXWebAssembly from the file the builder hook wrote, trying the other name if the
 * first fails. `failed` rejects when neither loads (the glue would otherwise wait for the instance forever).
 */
export function wechatOptions(wx: WXWebAssemblyLike, wasmPath: string = WECHAT_WASM_PATH): { options: LoadOptions; failed: Promise<never> } {
  ensureWebAssemblyGlobal(wx);
  let fail: (err: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {}); // observed through loadWithPlan's race
  const paths = wechatWasmPaths(wasmPath);
  const options: LoadOptions = {
    prefer: 'baseline',
    dynamicExecution: false,
    locateFile: (file: string) => file,
    instantiateWasm: (imports, receiveInstance) => {
      const errors: string[] = [];
      const attempt = (i: number): void => {
        if (i === paths.length) {
          fail(
            new Error(
              `[sat-wasm] WXWebAssembly could not load ${paths.join(' or ')} (${errors.join('; ')}). ` +
                'Is the sat-wasm extension enabled when building? Its builder hook copies the module into the game package.',
            ),
          );
          return;
        }
        // a missing file may throw at once rather than reject
        new Promise<{ instance: WebAssembly.Instance }>((resolve) => resolve(wx.instantiate(paths[i], imports))).then(
          (result) => receiveInstance(result.instance),
          (err: unknown) => {
            errors.push(`${paths[i]}: ${err instanceof Error ? err.message : String(err)}`);
            attempt(i + 1);
          },
        );
      };
      attempt(0);
      return {};
    },
  };
  return { options, failed };
}

/** The loadSAT options of a plan; reads the module's file where the plan needs it. */
export async function loadOptionsFor(plan: LoadPlan, p: PlatformInfo = currentPlatform()): Promise<LoadOptions> {
  switch (plan) {
    case 'wechat':
      return wechatOptions(p.wxWebAssembly as WXWebAssemblyLike).options;
    case 'asmjs':
      return { prefer: 'asmjs', moduleFactory: evaluateAsmjsGlue(await p.files.text(FILES.asmjs)) };
    case 'editor':
      return { prefer: 'baseline', wasmBinary: await moduleAssetBytes() };
    default:
      // web and native: the .wasm file the builder hook put into the game package
      if (!p.webAssembly) {
        throw new SATError('LoadFailed', '[sat-wasm] this platform has no WebAssembly (the asm.js build is used on iOS native only)');
      }
      return { prefer: 'baseline', wasmBinary: await p.files.bytes(FILES.wasm) };
  }
}

/** Loads sat-wasm with a plan; a new, independent instance per call. */
export async function loadWithPlan(plan: LoadPlan, p: PlatformInfo = currentPlatform()): Promise<SAT> {
  if (plan === 'wechat') {
    const { options, failed } = wechatOptions(p.wxWebAssembly as WXWebAssemblyLike);
    return Promise.race([loadSAT(options), failed]);
  }
  return loadSAT(await loadOptionsFor(plan, p));
}

// ---- the game's one instance ----------------------------------------------------------------------------------

/** Where loading is. */
export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

let state: LoadState = 'idle';
let instance: SAT | null = null;
let failure: unknown = null;
let pending: Promise<SAT> | null = null;
const readyCallbacks: Array<(sat: SAT) => void> = [];

/** The loaded module, or null before it is ready. */
export function getSAT(): SAT | null {
  return instance;
}

/** Loading state and, when it failed, why. */
export function loadState(): { state: LoadState; error: unknown } {
  return { state, error: failure };
}

/** Starts loading (once) and resolves to the game's instance. */
export function ensureSATLoaded(plan?: LoadPlan): Promise<SAT> {
  if (pending) return pending;
  state = 'loading';
  const chosen = plan ?? chooseLoadPlan();
  pending = loadWithPlan(chosen).then(
    (sat) => {
      instance = sat;
      state = 'ready';
      for (const cb of readyCallbacks.splice(0)) cb(sat);
      return sat;
    },
    (err: unknown) => {
      failure = err;
      state = 'failed';
      console.error(`[sat-wasm] loading the collision module (${chosen}) failed:`, err);
      throw err;
    },
  );
  return pending;
}

/** Calls `cb` when the module is ready (at once when it already is). */
export function onSATReady(cb: (sat: SAT) => void): void {
  if (instance) cb(instance);
  else readyCallbacks.push(cb);
}

/**
 * For tests only: forgets the instance so that another plan can be loaded. Collider and manager state made from
 * the old instance must be gone first.
 */
export function _resetLoaderForTests(): void {
  state = 'idle';
  instance = null;
  failure = null;
  pending = null;
  readyCallbacks.length = 0;
}

/** Starts loading at project start; returning the promise makes the engine wait for it before the first scene. */
function autoStart(): void {
  const start = () => ensureSATLoaded().then(
    () => undefined,
    () => undefined, // reported above; components say they are not ready
  );
  if (game.inited) void start();
  else game.onPostProjectInitDelegate.add(start);
}

autoStart();
