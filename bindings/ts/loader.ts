/**
 * Loading the module: picks the SIMD, baseline or asm.js build and gets its bytes the way the platform allows.
 * @module
 */
import { SAT, type Variant } from './api.js';
import { SATError } from './errors.js';
import type { FactoryOptions, ModuleFactory, SATModule } from './module.js';
import { defaultWasmUrl, importGlue } from './files.js';
import { loadThreadedModule } from './threads.js';

/**
 * How {@link loadSAT} finds and starts the module. Everything is optional: with no options it picks the best
 * build the platform runs and loads the `.wasm` file shipped beside this package (with `fetch` in browsers and
 * bundlers, from disk in Node).
 */
export interface LoadOptions {
  /**
   * Which build to use. `'simd'` falls back to `'baseline'` when the platform lacks WebAssembly SIMD, and any
   * WebAssembly build to `'asmjs'` when there is no `WebAssembly` global, unless `wasmBinary` or
   * `instantiateWasm` is given too: then the choice is trusted. Default: `'simd'` when supported, else
   * `'baseline'`, else `'asmjs'`; with `wasmBinary` / `instantiateWasm` and no `prefer`, `'simd'`.
   */
  prefer?: Variant;
  /**
   * The bytes of the chosen build's `.wasm` file (`dist/wasm/sat-simd.wasm` or `sat-baseline.wasm`), for
   * platforms that read files their own way. Must match `prefer` (default `'simd'` when given).
   */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /**
   * Instantiate the module yourself (WeChat's `WXWebAssembly`, a cached `WebAssembly.Module`...). Emscripten's
   * hook: call `receiveInstance(instance)` with an instance made from `imports` (sync or later) and return `{}`.
   * When instantiation fails, call `fail(reason)`, throw, or return a promise that rejects: `loadSAT` then
   * rejects with a `LoadFailed` error naming the reason (Emscripten's own hook has no failure path and would
   * leave `loadSAT` pending forever).
   */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receiveInstance: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
    fail: (reason: unknown) => void,
  ) => WebAssembly.Exports | Record<string, never> | PromiseLike<unknown>;
  /**
   * Where the `.wasm` file of a build is: given the file name (`'sat-simd.wasm'`) and the variant, return a URL
   * or path. Default: beside this package's `dist/wasm/` glue. In Node a path or `file:` URL is read from disk.
   */
  locateFile?: (file: string, variant: Variant) => string | URL;
  /**
   * Load the narrow-phase-only flavour of the chosen build (`sat-<variant>-narrow.*`): every shape maker and
   * query of {@link SAT}, but no World (`createWorld` throws `LoadFailed`), for about half the download. With
   * `wasmBinary`, pass that flavour's bytes. Default false.
   */
  narrowPhaseOnly?: boolean;
  /**
   * The Emscripten glue (the default export of `dist/wasm/sat-<variant>[-narrow].mjs`) of the chosen build, for
   * platforms that load that script their own way: the Cocos extension evaluates the asm.js build's script from the
   * game package on iOS native. Must match `prefer` and `narrowPhaseOnly`. Default: the package's own glue.
   */
  moduleFactory?: (options: object) => Promise<object>;
  /**
   * Whether the platform lets the module generate code from strings (`new Function`), which the default builds'
   * Embind glue uses for its fast call path. `false` loads the build without dynamic code generation
   * (the glue `sat-<variant>[-narrow]-nodyn.mjs` with the same `.wasm`; the asm.js build makes no code at all), whose calls go
   * through a generic invoker: for WeChat mini-games and pages whose Content Security Policy has no
   * `'unsafe-eval'`. Default: probed ({@link allowsCodeGeneration}). With `moduleFactory`, pass that build's glue.
   */
  dynamicExecution?: boolean;
  /**
   * Threads each world's update() runs on (the calling thread included): 2 or more loads the threaded SIMD build
   * (`sat-simd-mt.*`, pthreads over `SharedArrayBuffer`), whose worlds split the world geometry and the narrow phase
   * of update() across threads with results bit-identical to one thread; {@link SAT.threads} is then the default of
   * {@link WorldOptions.threads}, up to {@link SAT.maxThreads}. It needs a cross-origin isolated page (COOP/COEP
   * headers) in browsers, or `worker_threads` in Node, else `ThreadsUnavailable`; it cannot be combined with
   * `prefer` other than `'simd'`, `narrowPhaseOnly`, `dynamicExecution: false`, `wasmBinary`, `instantiateWasm`,
   * `locateFile` or `moduleFactory`. Default 1: the single-thread build, chosen as without this option.
   */
  threads?: number;
}

/**
 * Whether this platform allows code generation from strings: a guarded `new Function` (WeChat mini-games, a CSP
 * without `'unsafe-eval'`, Node's `--disallow-code-generation-from-strings` refuse it).
 */
export function allowsCodeGeneration(): boolean {
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
}

/** A WebAssembly module using one SIMD instruction (i8x16.popcnt): validates only where SIMD is supported. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** Whether this platform runs WebAssembly at all. */
export function hasWebAssembly(): boolean {
  return typeof WebAssembly === 'object' && typeof WebAssembly.validate === 'function';
}

/** Whether this platform runs WebAssembly SIMD (feature-detected by validating a tiny SIMD module). */
export function hasSIMD(): boolean {
  if (!hasWebAssembly()) return false;
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** @internal Shared with the 3D loader. */
export function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string' && typeof (globalThis as { window?: unknown }).window === 'undefined';
}

/** The variant loadSAT would pick for these options. */
export function chooseVariant(options: LoadOptions = {}): Variant {
  const { prefer } = options;
  if (prefer !== undefined && prefer !== 'simd' && prefer !== 'baseline' && prefer !== 'asmjs') {
    throw new SATError('InvalidArgument', `loadSAT: options.prefer must be 'simd', 'baseline' or 'asmjs', got ${String(prefer)}`);
  }
  if (prefer === 'asmjs') return 'asmjs';
  const userBytes = options.wasmBinary !== undefined || options.instantiateWasm !== undefined;
  // Bytes or an instantiate hook with an explicit choice are trusted (a platform whose WebAssembly is not the
  // standard global, e.g. WeChat's WXWebAssembly behind instantiateWasm).
  if (userBytes && prefer !== undefined) return prefer;
  if (!hasWebAssembly()) return 'asmjs';
  if (prefer === 'baseline') return 'baseline';
  if (userBytes) return 'simd';
  return hasSIMD() ? 'simd' : 'baseline';
}

/** @internal Shared with the 3D loader. */
export async function readLocalFile(location: string | URL): Promise<Uint8Array> {
  // Kept out of bundlers' sight: this branch only runs in Node.
  const fsName = 'node:fs/promises';
  const urlName = 'node:url';
  const fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ fsName)) as {
    readFile(path: string): Promise<Uint8Array>;
  };
  const url = (await import(/* @vite-ignore */ /* webpackIgnore: true */ urlName)) as {
    fileURLToPath(url: string | URL): string;
  };
  const path = typeof location === 'string' && !location.startsWith('file:') ? location : url.fileURLToPath(location);
  return new Uint8Array(await fs.readFile(path));
}

/** @internal Shared with the 3D loader. */
export function toBytes(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new SATError('InvalidArgument', 'loadSAT: options.wasmBinary must be an ArrayBuffer or a typed array');
}

/**
 * The caller's instantiateWasm hook as Emscripten calls it, with a failure path: `fail` is passed as a third
 * argument, and a throw or a returned promise that rejects count as failures too.
 */
function guardHook(
  hook: NonNullable<LoadOptions['instantiateWasm']>,
  fail: (reason: unknown) => void,
): FactoryOptions['instantiateWasm'] {
  return (imports, receiveInstance) => {
    let result: ReturnType<typeof hook>;
    try {
      result = hook(imports, receiveInstance, fail);
    } catch (e) {
      fail(e);
      return {};
    }
    if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
      (result as PromiseLike<unknown>).then(undefined, fail);
      return {};
    }
    return result as WebAssembly.Exports | Record<string, never>;
  };
}

/**
 * A build's name in load errors, e.g. `simd (narrow phase only, no dynamic execution)`; asm.js has no flavour
 * with dynamic execution, so it is never called out there. @internal
 */
export function buildName(variant: Variant, narrow: boolean, dynamic: boolean): string {
  const flags = [narrow ? 'narrow phase only' : '', !dynamic && variant !== 'asmjs' ? 'no dynamic execution' : ''].filter(Boolean);
  return flags.length ? `${variant} (${flags.join(', ')})` : variant;
}

/**
 * Loads sat-wasm and resolves to its API. Works in browsers, bundlers (Vite...), Node 18+ (no flags) and
 * Cocos Creator; each call makes an independent module instance with its own shapes.
 *
 * @param options - build choice and custom byte loading, see {@link LoadOptions}
 * @returns the {@link SAT} API; `sat.variant` tells which build runs
 * @throws SATError `LoadFailed` when the module cannot be fetched, compiled or instantiated;
 *   `InvalidArgument` for bad options
 *
 * @example
 * ```ts
 * import { loadSAT } from 'sat-wasm';
 * const sat = await loadSAT();
 * const a = sat.box(2, 1), b = sat.circle(0.5);
 * const m = sat.collide(a, { x: 0, y: 0 }, b, { x: 1.2, y: 0 });
 * ```
 */
export async function loadSAT(options: LoadOptions = {}): Promise<SAT> {
  if (typeof options !== 'object' || options === null) {
    throw new SATError('InvalidArgument', `loadSAT: options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  if (options.instantiateWasm !== undefined && typeof options.instantiateWasm !== 'function') {
    throw new SATError('InvalidArgument', 'loadSAT: options.instantiateWasm must be a function');
  }
  if (options.locateFile !== undefined && typeof options.locateFile !== 'function') {
    throw new SATError('InvalidArgument', 'loadSAT: options.locateFile must be a function');
  }
  if (options.moduleFactory !== undefined && typeof options.moduleFactory !== 'function') {
    throw new SATError('InvalidArgument', 'loadSAT: options.moduleFactory must be a function');
  }
  if (options.narrowPhaseOnly !== undefined && typeof options.narrowPhaseOnly !== 'boolean') {
    throw new SATError('InvalidArgument', 'loadSAT: options.narrowPhaseOnly must be a boolean');
  }
  if (options.dynamicExecution !== undefined && typeof options.dynamicExecution !== 'boolean') {
    throw new SATError('InvalidArgument', 'loadSAT: options.dynamicExecution must be a boolean');
  }
  const threads = options.threads ?? 1;
  if (typeof threads !== 'number' || !Number.isInteger(threads) || threads < 1) {
    throw new SATError('InvalidArgument', `loadSAT: options.threads must be an integer >= 1, got ${String(threads)}`);
  }
  if (threads > 1) return loadThreaded(options, threads);
  const narrow = options.narrowPhaseOnly === true;
  const variant = chooseVariant(options);
  // The asm.js build's glue never generates code (it serves JIT-less platforms): it has no second flavour.
  const dynamic = variant !== 'asmjs' && (options.dynamicExecution ?? allowsCodeGeneration());
  const noDyn = !dynamic;
  // While loading, the glue's complaints go into the LoadFailed error; afterwards they are warnings.
  let loading = true;
  const loadLog: string[] = [];
  const factoryOptions: FactoryOptions = {
    printErr: (text: string) => (loading ? loadLog.push(text) : console.warn(`[sat-wasm] ${text}`)),
  };
  let aborted: unknown;
  factoryOptions.onAbort = (what: unknown) => {
    aborted = what;
  };
  // A failure reported by the caller's instantiateWasm hook ends the load (the glue would wait forever).
  let hookFailed: (reason: unknown) => void = () => {};
  const hookFailure = new Promise<never>((_, reject) => {
    hookFailed = (reason) => reject(reason instanceof Error ? reason : new Error(String(reason)));
  });
  hookFailure.catch(() => {}); // observed through the race below
  if (variant !== 'asmjs') {
    if (options.wasmBinary !== undefined) {
      factoryOptions.wasmBinary = toBytes(options.wasmBinary);
    } else if (options.instantiateWasm !== undefined) {
      factoryOptions.instantiateWasm = guardHook(options.instantiateWasm, (reason) => hookFailed(reason));
    } else {
      // Resolved only here, when the bytes must be found: some runtimes (Cocos native) lack URL.
      // The builds without dynamic execution have their own glue but the same .wasm as the default ones.
      const file = `sat-${variant}${narrow ? '-narrow' : ''}.wasm`;
      const location = options.locateFile ? options.locateFile(file, variant) : defaultWasmUrl(variant, narrow);
      const isFile =
        typeof location === 'string' ? !/^(https?|data|blob):/.test(location) : location.protocol === 'file:';
      if (isNode() && isFile) {
        // Node 18+ has fetch() but it cannot read file: URLs; read the bytes from disk instead.
        try {
          factoryOptions.wasmBinary = await readLocalFile(location);
        } catch (e) {
          throw new SATError('LoadFailed', `loadSAT: cannot read ${String(location)}: ${(e as Error).message}`);
        }
      } else {
        const href = typeof location === 'string' ? location : location.href;
        factoryOptions.locateFile = (path: string) => (path.endsWith('.wasm') ? href : path);
      }
    }
  }
  let module: SATModule;
  try {
    const factory = (options.moduleFactory ?? (await importGlue(variant, narrow, noDyn)).default) as ModuleFactory;
    module = await Promise.race([factory(factoryOptions), hookFailure]);
  } catch (e) {
    const reason = aborted !== undefined ? String(aborted) : e instanceof Error ? e.message : String(e);
    const log = loadLog.length ? ` (${loadLog.join('; ')})` : '';
    throw new SATError('LoadFailed', `loadSAT: the ${buildName(variant, narrow, dynamic)} build failed to load: ${reason}${log}`);
  }
  loading = false;
  return new SAT(module, variant, dynamic);
}

/** loadSAT({ threads: n }) for n >= 2: the threaded SIMD build. */
async function loadThreaded(options: LoadOptions, threads: number): Promise<SAT> {
  const conflicts: [keyof LoadOptions, boolean][] = [
    ['prefer', options.prefer !== undefined && options.prefer !== 'simd'],
    ['narrowPhaseOnly', options.narrowPhaseOnly === true],
    ['dynamicExecution', options.dynamicExecution === false],
    ['wasmBinary', options.wasmBinary !== undefined],
    ['instantiateWasm', options.instantiateWasm !== undefined],
    ['locateFile', options.locateFile !== undefined],
    ['moduleFactory', options.moduleFactory !== undefined],
  ];
  const conflict = conflicts.find(([, set]) => set);
  if (conflict) {
    throw new SATError('ThreadsUnavailable', `loadSAT: options.threads cannot be combined with options.${conflict[0]}: the threaded build is the SIMD one, loaded from this package`);
  }
  if (!hasSIMD()) throw new SATError('ThreadsUnavailable', 'loadSAT: threads: the threaded build needs WebAssembly SIMD');
  if (!allowsCodeGeneration()) {
    throw new SATError('ThreadsUnavailable', 'loadSAT: threads: the threaded build needs code generation from strings (new Function), which this runtime refuses');
  }
  const loadLog: string[] = [];
  let loading = true;
  let aborted: unknown;
  const factoryOptions: FactoryOptions = {
    printErr: (text: string) => (loading ? loadLog.push(text) : console.warn(`[sat-wasm] ${text}`)),
    onAbort: (what: unknown) => {
      aborted = what;
    },
  };
  let module: SATModule;
  try {
    module = await loadThreadedModule(factoryOptions, isNode(), readLocalFile);
  } catch (e) {
    if (e instanceof SATError) throw e;
    const reason = aborted !== undefined ? String(aborted) : e instanceof Error ? e.message : String(e);
    const log = loadLog.length ? ` (${loadLog.join('; ')})` : '';
    throw new SATError('LoadFailed', `loadSAT: the threaded simd build failed to load: ${reason}${log}`);
  }
  loading = false;
  const max = module.World?.maxThreads() ?? 1;
  if (threads > max) {
    throw new SATError('InvalidArgument', `loadSAT: options.threads must be at most ${max} (the threaded build's pthread pool), got ${threads}`);
  }
  return new SAT(module, 'simd', true, threads);
}
