/**
 * Loading the threaded build (`loadSAT({ threads })`): the SIMD module built with pthreads, whose World runs the
 * world geometry and narrow phase of update() on several threads, with results bit-identical to one thread.
 *
 * It needs shared WebAssembly memory: `SharedArrayBuffer`, which browsers give only to cross-origin isolated pages
 * (served with `Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy: require-corp`), and
 * worker threads (Web Workers; `worker_threads` in Node). The module starts its pthread workers when it loads.
 * @internal
 * @module
 */
import { SATError } from './errors.js';
import { importThreadedGlue, threadedFileUrl } from './files.js';
import type { FactoryOptions, ModuleFactory, SATModule } from './module.js';

/** Why threads cannot run here, or null when they can. @internal */
export function threadsUnavailableReason(node: boolean): string | null {
  if (typeof SharedArrayBuffer !== 'function') {
    return node ? 'this Node has no SharedArrayBuffer' : 'this page has no SharedArrayBuffer (serve it cross-origin isolated: COOP/COEP headers)';
  }
  if (!node && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== true) {
    return 'the page is not cross-origin isolated (serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)';
  }
  if (!node && typeof Worker !== 'function') return 'this runtime has no Web Workers';
  return null;
}

interface PThreadRegistry {
  unusedWorkers: { unref?: () => void }[];
  runningWorkers: { unref?: () => void }[];
}

/**
 * Loads the threaded module. In Node its glue (Emscripten's, CommonJS at heart) reads `require` and `__dirname`
 * as globals: they are provided when missing; its workers are unreferenced, so that they do not keep the process
 * alive. @internal
 */
export async function loadThreadedModule(
  factoryOptions: FactoryOptions,
  node: boolean,
  readLocalFile: (location: string | URL) => Promise<Uint8Array>,
): Promise<SATModule> {
  const reason = threadsUnavailableReason(node);
  if (reason !== null) throw new SATError('ThreadsUnavailable', `loadSAT: threads: ${reason}`);
  if (node) {
    const moduleName = 'node:module';
    const urlName = 'node:url';
    const pathName = 'node:path';
    const nodeModule = (await import(/* @vite-ignore */ /* webpackIgnore: true */ moduleName)) as {
      createRequire(from: string | URL): unknown;
    };
    const url = (await import(/* @vite-ignore */ /* webpackIgnore: true */ urlName)) as { fileURLToPath(u: URL): string };
    const path = (await import(/* @vite-ignore */ /* webpackIgnore: true */ pathName)) as { dirname(p: string): string };
    const workersName = 'node:worker_threads';
    try {
      await import(/* @vite-ignore */ /* webpackIgnore: true */ workersName);
    } catch {
      throw new SATError('ThreadsUnavailable', 'loadSAT: threads: this Node has no worker_threads');
    }
    const g = globalThis as { require?: unknown; __dirname?: string };
    const wasm = threadedFileUrl('wasm');
    g.require ??= nodeModule.createRequire(wasm);
    g.__dirname ??= path.dirname(url.fileURLToPath(wasm));
    const worker = url.fileURLToPath(threadedFileUrl('node-worker'));
    factoryOptions.wasmBinary = await readLocalFile(wasm);
    factoryOptions.locateFile = (file: string) => (file.endsWith('.worker.js') ? worker : file);
  } else {
    const wasm = threadedFileUrl('wasm').href;
    const worker = threadedFileUrl('worker').href;
    factoryOptions.locateFile = (file: string) => (file.endsWith('.wasm') ? wasm : file.endsWith('.worker.js') ? worker : file);
    // The worker imports the glue from this URL; without it, from a path relative to the worker script, which a
    // bundler that renames or moves the files (Vite's production build) breaks.
    factoryOptions.mainScriptUrlOrBlob = threadedFileUrl('glue').href;
  }
  const factory = (await importThreadedGlue()).default as ModuleFactory;
  const module = await factory(factoryOptions);
  if (node) {
    const pthreads = (module as unknown as { PThread?: PThreadRegistry }).PThread;
    for (const w of [...(pthreads?.unusedWorkers ?? []), ...(pthreads?.runningWorkers ?? [])]) w.unref?.();
  }
  return module;
}
