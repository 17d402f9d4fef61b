// Type of the Emscripten glue of the 3D module, copied here by scripts/build-wasm.mjs.
import type { Module3DFactory } from '../3d.js';
declare const createSAT3DModule: Module3DFactory;
export default createSAT3DModule;
