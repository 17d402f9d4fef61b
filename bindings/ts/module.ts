/**
 * The raw Emscripten module as the TypeScript layer sees it (bindings/*.cpp). Not part of the public API:
 * pointers are byte offsets into the WebAssembly memory, handles are positive integers, and every function
 * returning a number returns `-(status | argument << 8)` on failure.
 * @internal
 * @module
 */

/** Exports of the module (plain wasm exports, see bindings/binding_common.h). @internal */
export interface SATModule {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;

  _sat_scratch(): number;
  _sat_buffer(bytes: number): number;
  _sat_live_shapes(): number;
  _sat_make_polygon(points: number, count: number, hull: number): number;
  _sat_decompose(points: number, count: number, outHandles: number, capacity: number): number;
  _sat_make_box(halfWidth: number, halfHeight: number, cx: number, cy: number, angle: number): number;
  _sat_make_circle(cx: number, cy: number, radius: number): number;
  _sat_make_capsule(x1: number, y1: number, x2: number, y2: number, radius: number): number;
  _sat_release(handle: number): number;
  _sat_shape_info(handle: number): number;
  _sat_shape_vertices(handle: number, out: number): number;
  _sat_collide(handleA: number, handleB: number): number;
  _sat_overlap(handleA: number, handleB: number): number;
  _sat_distance(handleA: number, handleB: number): number;
  _sat_raycast(handle: number): number;
  _sat_contains_point(handle: number): number;
  _sat_collide_many(
    handles: number,
    shapeCount: number,
    xforms: number,
    pairs: number,
    pairCount: number,
    flags: number,
    counts: number,
    normals: number,
    depths: number,
    points: number,
    ids: number,
    caches: number,
  ): number;

  _sat_explain(handleA: number, handleB: number, axesOut: number, capacity: number): number;
  _sat_explain_axis_words(): number;

  _sat_limits(): void;
  _sat_status_message(status: number): number;
  _sat_shape_bounds(handle: number): number;

  /** Further binding files (a world, ...) add their exports here. */
  [name: string]: unknown;
}

/** Options the Emscripten factory understands (the subset sat-wasm passes). @internal */
export interface FactoryOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receiveInstance: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ) => WebAssembly.Exports | Record<string, never>;
  locateFile?: (path: string, scriptDirectory: string) => string;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
  onAbort?: (what: unknown) => void;
}

/** The MODULARIZE factory each glue file exports by default. @internal */
export type ModuleFactory = (options: FactoryOptions) => Promise<SATModule>;
