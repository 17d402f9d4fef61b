// Type of the Emscripten glue copied here by scripts/build-wasm.mjs. Self-contained on purpose: the factory's real
// signature (ModuleFactory in module.ts) is internal and stripped from the published declarations.
declare const createSATModule: (options?: object) => Promise<object>;
export default createSATModule;
