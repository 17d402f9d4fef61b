// Type of the Emscripten glue of the 3D module's narrow-phase-only flavour, copied here by scripts/build-wasm.mjs.
// Self-contained on purpose: the factory's real signature (Module3DFactory in module3.ts) is internal and stripped
// from the published declarations.
declare const createSAT3DModule: (options?: object) => Promise<object>;
export default createSAT3DModule;
