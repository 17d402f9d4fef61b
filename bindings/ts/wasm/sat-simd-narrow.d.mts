// Type of the Emscripten glue copied here by scripts/build-wasm.mjs.
import type { ModuleFactory } from '../module.js';
declare const createSATModule: ModuleFactory;
export default createSATModule;
