/**
 * Loads the 3D module (`sat-wasm/3d`) once per game, on first use: a 2D-only game never asks for it, and its
 * builds do not carry it (the builder hook copies the 3D files only into games that use 3D colliders, see
 * hooks.js). The platforms are the 2D module's (runtime/loader.ts), with the 3D files:
 *
 * - web and native with WebAssembly: `sat-wasm/sat3d-baseline.wasm` (fetched beside the page / read with
 *   `jsb.fileUtils` from the data folder);
 * - WeChat: `WXWebAssembly.instantiate` on `sat-wasm/sat3d-baseline.wasm.br` (or `.wasm`);
 * - iOS native: the asm.js build, `sat-wasm/sat3d-asmjs.js`, evaluated;
 * - the editor and its preview: `lib/wasm/sat3d-baseline.bin`, a BufferAsset loaded by its UUID.
 *
 * Loading starts when a 3D collider is enabled or the 3D manager is asked for `ready`; colliders join the world at
 * the first update after that. A game that wants colliders from its first frame awaits
 * `SATCollisionManager3D.instance.ready` before loading its first 3D scene.
 */
import { load3D, type SAT3D } from '../lib/3d.js';
import type { LoadOptions } from '../lib/index.js';
import { SATError } from '../lib/errors.js';
import {
  chooseLoadPlan,
  currentPlatform,
  evaluateAsmjsGlue,
  moduleAssetBytes,
  wechatOptions,
  type LoadPlan,
  type LoadState,
  type PlatformInfo,
  type WXWebAssemblyLike,
} from './loader';

/** The game-package paths of the 3D files (hooks.js BUILD_FILES_3D names the same). */
export const FILES_3D = {
  wasm: 'sat-wasm/sat3d-baseline.wasm',
  asmjs: 'sat-wasm/sat3d-asmjs.js',
} as const;
/** UUID of lib/wasm/sat3d-baseline.bin (its .meta): the 3D module's bytes for the editor and preview. */
export const MODULE_3D_ASSET_UUID = '5d0c8a37-2f4e-4b6a-9c1d-7e3f80a4b215';

/** The load3D options of a plan; reads the 3D module's file where the plan needs it. */
export async function load3DOptionsFor(plan: LoadPlan, p: PlatformInfo = currentPlatform()): Promise<LoadOptions> {
  switch (plan) {
    case 'wechat':
      return wechatOptions(p.wxWebAssembly as WXWebAssemblyLike, FILES_3D.wasm).options;
    case 'asmjs':
      return { prefer: 'asmjs', moduleFactory: evaluateAsmjsGlue(await p.files.text(FILES_3D.asmjs), FILES_3D.asmjs) };
    case 'editor':
      return { prefer: 'baseline', wasmBinary: await moduleAssetBytes(MODULE_3D_ASSET_UUID, 'lib/wasm/sat3d-baseline.bin') };
    default:
      if (!p.webAssembly) {
        throw new SATError('LoadFailed', '[sat-wasm] this platform has no WebAssembly (the asm.js build is used on iOS native only)');
      }
      return { prefer: 'baseline', wasmBinary: await p.files.bytes(FILES_3D.wasm) };
  }
}

/** Loads the 3D module with a plan; a new, independent instance per call. */
export async function load3DWithPlan(plan: LoadPlan, p: PlatformInfo = currentPlatform()): Promise<SAT3D> {
  if (plan === 'wechat') {
    const { options, failed } = wechatOptions(p.wxWebAssembly as WXWebAssemblyLike, FILES_3D.wasm);
    return Promise.race([load3D(options), failed]);
  }
  return load3D(await load3DOptionsFor(plan, p));
}

let state: LoadState = 'idle';
let instance: SAT3D | null = null;
let failure: unknown = null;
let pending: Promise<SAT3D> | null = null;
const readyCallbacks: Array<(sat3: SAT3D) => void> = [];

/** The loaded 3D module, or null before it is ready. */
export function getSAT3D(): SAT3D | null {
  return instance;
}

/** Loading state of the 3D module and, when it failed, why. */
export function load3DState(): { state: LoadState; error: unknown } {
  return { state, error: failure };
}

/** Starts loading the 3D module (once) and resolves to the game's instance. */
export function ensureSAT3DLoaded(plan?: LoadPlan): Promise<SAT3D> {
  if (pending) return pending;
  state = 'loading';
  const chosen = plan ?? chooseLoadPlan();
  pending = load3DWithPlan(chosen).then(
    (sat3) => {
      instance = sat3;
      state = 'ready';
      for (const cb of readyCallbacks.splice(0)) cb(sat3);
      return sat3;
    },
    (err: unknown) => {
      failure = err;
      state = 'failed';
      console.error(
        `[sat-wasm] loading the 3D collision module (${chosen}) failed. A build carries it only when the project uses ` +
          'a 3D collider or the "3D module" build option says "always" (see the extension README):',
        err,
      );
      throw err;
    },
  );
  return pending;
}

/** Calls `cb` when the 3D module is ready (at once when it already is). */
export function onSAT3DReady(cb: (sat3: SAT3D) => void): void {
  if (instance) cb(instance);
  else readyCallbacks.push(cb);
}
