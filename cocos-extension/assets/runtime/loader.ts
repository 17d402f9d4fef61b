/**
 * Loads sat-wasm once per game, the way each platform Cocos builds for allows:
 *
 * - web and Android native: the bytes of the WebAssembly module come from a generated script
 *   (lib/wasm/sat-baseline-bytes.js, base64) and are passed as `wasmBinary`: no file to fetch or locate.
 * - WeChat mini-game: `WXWebAssembly.instantiate(path)` on the file the builder hook (hooks.js) copied into the
 *   game package, through loadSAT's `instantiateWasm`.
 * - iOS native (JavaScriptCore has no WebAssembly) and any platform without a WebAssembly object: the asm.js build.
 *
 * Loading starts when this module is first imported: at once if the game is already initialised, else from
 * `game.onPostProjectInitDelegate` (the engine waits for it before the first scene starts).
 */
import { game, sys } from 'cc';
import { loadSAT, type LoadOptions, type SAT } from '../lib/index.js';
// Imported statically: Cocos project scripts are compiled with ES2015 modules (no import()), so the bytes ship on
// every platform (about 90 KB of script), also where WeChat or asm.js do not use them.
import wasmBase64 from '../lib/wasm/sat-baseline-bytes.js';

/** How the module is loaded. */
export type LoadPlan = 'web' | 'wechat' | 'android' | 'asmjs';

/** What chooseLoadPlan looks at; every field defaults to the running platform's. */
export interface PlatformInfo {
  isNative: boolean;
  os: string;
  platform: string;
  /** `globalThis.WebAssembly` (null when the platform has none) */
  webAssembly: unknown;
  /** `globalThis.WXWebAssembly` on WeChat (null elsewhere) */
  wxWebAssembly: unknown;
}

/** Folder and file the builder hook writes into a WeChat build (keep in sync with hooks.js). */
export const WECHAT_WASM_PATH = 'sat-wasm/sat-baseline.wasm';

type Global = typeof globalThis & { WXWebAssembly?: unknown; wx?: WxLike };
interface WxLike {
  getFileSystemManager?(): { accessSync(path: string): void };
}
interface WXWebAssemblyLike {
  instantiate(path: string, imports: WebAssembly.Imports): Promise<{ instance: WebAssembly.Instance }>;
}

/** The platform as the loader sees it. */
export function currentPlatform(): PlatformInfo {
  const g = globalThis as Global;
  return {
    isNative: sys.isNative,
    os: sys.os,
    platform: sys.platform,
    webAssembly: typeof WebAssembly === 'object' ? WebAssembly : null,
    wxWebAssembly: typeof g.WXWebAssembly === 'object' && g.WXWebAssembly !== null ? g.WXWebAssembly : null,
  };
}

/** Picks the way to load the module on a platform. */
export function chooseLoadPlan(p: PlatformInfo = currentPlatform()): LoadPlan {
  if (p.platform === sys.Platform.WECHAT_GAME && p.wxWebAssembly) return 'wechat';
  if ((p.isNative && p.os === sys.OS.IOS) || !p.webAssembly) return 'asmjs';
  if (p.isNative && p.os === sys.OS.ANDROID) return 'android';
  return 'web';
}

/** Decodes base64 without atob (not every Cocos native runtime has it). */
export function decodeBase64(text: string): Uint8Array {
  const table = new Uint8Array(128);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  let end = text.length;
  while (end > 0 && text[end - 1] === '=') end--;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    value = (value << 6) | table[text.charCodeAt(i)];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
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
function wechatWasmPaths(): string[] {
  const br = `${WECHAT_WASM_PATH}.br`;
  const fsm = (globalThis as Global).wx?.getFileSystemManager?.();
  if (fsm) {
    try {
      fsm.accessSync(WECHAT_WASM_PATH);
      return [WECHAT_WASM_PATH, br];
    } catch {
      // no plain file: the build was made with brotli (the default)
    }
  }
  return [br, WECHAT_WASM_PATH];
}

/**
 * WeChat: instantiate through WXWebAssembly from the file the builder hook wrote, trying the other name if the
 * first fails. `failed` rejects when neither loads (the glue would otherwise wait for the instance forever).
 */
function wechatOptions(wx: WXWebAssemblyLike): { options: LoadOptions; failed: Promise<never> } {
  ensureWebAssemblyGlobal(wx);
  let fail: (err: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {}); // observed through loadWithPlan's race
  const paths = wechatWasmPaths();
  const options: LoadOptions = {
    prefer: 'baseline',
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

/** The loadSAT options of a plan. */
export function loadOptionsFor(plan: LoadPlan, p: PlatformInfo = currentPlatform()): LoadOptions {
  switch (plan) {
    case 'asmjs':
      return { prefer: 'asmjs' };
    case 'wechat':
      return wechatOptions(p.wxWebAssembly as WXWebAssemblyLike).options;
    default:
      // web and Android native: the bytes ship inside a script, so nothing has to be fetched. A locateFile keeps
      // loadSAT from resolving its default URL beside the glue (unused; `URL` is missing on some runtimes).
      return { prefer: 'baseline', locateFile: (file: string) => file, wasmBinary: decodeBase64(wasmBase64) };
  }
}

/** Loads sat-wasm with a plan; a new, independent instance per call. */
export function loadWithPlan(plan: LoadPlan, p: PlatformInfo = currentPlatform()): Promise<SAT> {
  if (plan === 'wechat') {
    const { options, failed } = wechatOptions(p.wxWebAssembly as WXWebAssemblyLike);
    return Promise.race([loadSAT(options), failed]);
  }
  return loadSAT(loadOptionsFor(plan, p));
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
