/**
 * The Embind module as the TypeScript layer sees it (the EMSCRIPTEN_BINDINGS blocks of bindings/*.cpp). Not part
 * of the public API: handles are positive integers, and every function returning a status-or-value number returns
 * `-(status | argument << ERROR_ARGUMENT_SHIFT)` on failure. Layout constants and enums are read by layout.ts;
 * {@link BINDINGS} lists every other registered name this layer uses (tests/js/bindings_names.test.ts compares it
 * with what the module registers).
 * @internal
 * @module
 */

/** Registered names used by the TypeScript layer, by kind. @internal */
export const BINDINGS = {
  functions: ['statusMessage', 'collide', 'overlap', 'distance', 'raycast', 'containsPoint', 'explain'],
  classes: {
    ShapeStore: {
      static: ['scratch', 'buffer', 'live', 'polygon', 'decompose', 'box', 'circle', 'capsule', 'segment', 'release', 'info', 'bounds', 'vertices'],
      methods: [],
    },
    PairBatch: {
      static: [],
      methods: ['reserve', 'handles', 'transforms', 'pairs', 'counts', 'normals', 'depths', 'points', 'ids', 'caches', 'errorIndex', 'run'],
    },
    World: {
      static: ['create', 'statusMessage', 'maxThreads'],
      methods: [
        'info',
        'add',
        'addConcave',
        'addChain',
        'setShapes',
        'setType',
        'setScale',
        'shapeUserData',
        'remove',
        'check',
        'bodyCount',
        'slotOf',
        'setTransform',
        'getTransform',
        'setEnabled',
        'setFilter',
        'setSensor',
        'setBullet',
        'setMass',
        'setUserId',
        'bodyInfo',
        'transforms',
        'capacity',
        'setThreads',
        'setPushApart',
        'setPairFilter',
        'key',
        'update',
        'setQueryExclude',
        'raycast',
        'queryPoint',
        'queryAABB',
        'queryShape',
        'castShape',
        'overlapShape',
        'distance',
        'shapeContact',
        'validate',
      ],
    },
  },
  /** Value objects and their fields (objects the module returns, or the layer passes in). */
  valueObjects: {
    Vec2: ['x', 'y'],
    AABB: ['lower', 'upper'],
    ShapeInfo: ['status', 'kind', 'vertexCount', 'radius', 'centroid', 'area', 'localBounds', 'center1', 'center2'],
    BoundsResult: ['status', 'bounds'],
    DistanceResult: ['status', 'pointA', 'pointB', 'normal', 'distance', 'iterations'],
    RayHit: ['status', 'hit', 'point', 'normal', 'fraction'],
    ExplainResult: ['status', 'axisTotal', 'axisCount', 'deciding', 'aabbOverlap', 'cacheHit', 'overlap', 'depth', 'normal', 'tolerance', 'cacheType', 'cacheIndex'],
    BodyDef: ['type', 'x', 'y', 'angle', 'scaleX', 'scaleY', 'userId', 'group', 'mask', 'sensor', 'enabled', 'bullet', 'mass'],
    Transform: ['x', 'y', 'angle', 'scaleX', 'scaleY'],
    BodyInfo: ['status', 'userId', 'type', 'shapeCount', 'bounds'],
    BodyDistance: ['status', 'pointA', 'pointB', 'normal', 'distance', 'shapeA', 'shapeB'],
    ManifoldPoint: ['point', 'depth', 'id'],
    Manifold: ['normal', 'depth', 'pointCount', 'point0', 'point1'],
    ShapeContact: ['a', 'b', 'shapeA', 'shapeB', 'manifold'],
  },
} as const;

export interface Vec2Value {
  x: number;
  y: number;
}
export interface AABBValue {
  lower: Vec2Value;
  upper: Vec2Value;
}
export interface ShapeInfoValue {
  status: number;
  kind: number;
  vertexCount: number;
  radius: number;
  centroid: Vec2Value;
  area: number;
  localBounds: AABBValue;
  center1: Vec2Value;
  center2: Vec2Value;
}
export interface DistanceValue {
  status: number;
  pointA: Vec2Value;
  pointB: Vec2Value;
  normal: Vec2Value;
  distance: number;
  iterations: number;
}
export interface RayHitValue {
  status: number;
  hit: boolean;
  point: Vec2Value;
  normal: Vec2Value;
  fraction: number;
}
export interface ExplainValue {
  status: number;
  axisTotal: number;
  axisCount: number;
  deciding: number;
  aabbOverlap: boolean;
  cacheHit: boolean;
  overlap: boolean;
  depth: number;
  normal: Vec2Value;
  tolerance: number;
  cacheType: number;
  cacheIndex: number;
}
export interface BodyDefValue {
  type: number;
  x: number;
  y: number;
  angle: number;
  scaleX: number;
  scaleY: number;
  userId: number;
  group: number;
  mask: number;
  sensor: boolean;
  enabled: boolean;
  bullet: boolean;
  mass: number;
}
export interface TransformValue {
  x: number;
  y: number;
  angle: number;
  scaleX: number;
  scaleY: number;
}
export interface ManifoldPointValue {
  point: Vec2Value;
  depth: number;
  id: number;
}
export interface ManifoldValue {
  normal: Vec2Value;
  depth: number;
  pointCount: number;
  point0: ManifoldPointValue;
  point1: ManifoldPointValue;
}

/** An object of a registered class (Embind handle): free it with delete(). */
export interface EmbindObject {
  delete(): void;
}

/** class PairBatch (bindings/narrow_phase.cpp). */
export interface PairBatch extends EmbindObject {
  reserve(shapeCount: number, transformFloats: number, pairCount: number): number;
  handles(): Int32Array;
  transforms(): Float32Array;
  pairs(): Int32Array;
  counts(): Uint8Array;
  normals(): Float32Array;
  depths(): Float32Array;
  points(): Float32Array;
  ids(): Uint32Array;
  caches(): Uint32Array;
  errorIndex(): number;
  run(shapeCount: number, pairCount: number, flags: number): number;
}

/** class World (bindings/world_bindings.cpp). ids are uint32. */
export interface NativeWorld extends EmbindObject {
  info(): Uint32Array;
  add(def: BodyDefValue, count: number): number;
  addConcave(def: BodyDefValue, count: number): number;
  addChain(def: BodyDefValue, count: number, flags: number): number;
  setShapes(id: number, count: number): number;
  setType(id: number, type: number): number;
  setScale(id: number, scaleX: number, scaleY: number): number;
  shapeUserData(id: number, shape: number): number;
  remove(id: number): number;
  check(id: number): number;
  bodyCount(): number;
  slotOf(id: number): number;
  setTransform(id: number, x: number, y: number, angle: number, scaleX: number, scaleY: number, teleport: boolean): number;
  getTransform(id: number): number;
  setEnabled(id: number, enabled: boolean): number;
  setFilter(id: number, group: number, mask: number): number;
  setSensor(id: number, sensor: boolean): number;
  setBullet(id: number, bullet: boolean): number;
  setMass(id: number, mass: number): number;
  setUserId(id: number, userId: number): number;
  bodyInfo(id: number): { status: number; userId: number; type: number; shapeCount: number; bounds: AABBValue };
  transforms(): Float32Array;
  capacity(): number;
  /** a status: 0, or InvalidArgument outside 1..World.maxThreads() */
  setThreads(threads: number): number;
  setPushApart(enabled: boolean, iterations: number, slop: number): void;
  setPairFilter(on: boolean): void;
  key(): number;
  update(): number;
  /** Room for `count` ids the following queries leave out; their address (0: none, or memory could not grow). */
  setQueryExclude(count: number): number;
  raycast(x: number, y: number, dx: number, dy: number, group: number, mask: number, sensors: boolean, capacity: number): number;
  queryPoint(x: number, y: number, group: number, mask: number, sensors: boolean, capacity: number): number;
  queryAABB(lx: number, ly: number, ux: number, uy: number, group: number, mask: number, sensors: boolean, capacity: number): number;
  queryShape(handle: number, group: number, mask: number, sensors: boolean, capacity: number): number;
  castShape(handle: number, dx: number, dy: number, group: number, mask: number, sensors: boolean): number;
  overlapShape(handle: number, group: number, mask: number, sensors: boolean, capacity: number): number;
  distance(a: number, b: number): {
    status: number;
    pointA: Vec2Value;
    pointB: Vec2Value;
    normal: Vec2Value;
    distance: number;
    shapeA: number;
    shapeB: number;
  };
  shapeContact(i: number): { a: number; b: number; shapeA: number; shapeB: number; manifold: ManifoldValue };
  validate(): boolean;
}

/** The module (what the glue's factory resolves to). @internal */
export interface SATModule {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;

  statusMessage(status: number): string;
  collide(handleA: number, handleB: number): number;
  overlap(handleA: number, handleB: number): number;
  distance(handleA: number, handleB: number): DistanceValue;
  raycast(handle: number): RayHitValue;
  containsPoint(handle: number): number;
  /** Only in the narrow-phase-only flavour. */
  explain?(handleA: number, handleB: number, capacity: number, cacheType: number, cacheIndex: number): ExplainValue;

  ShapeStore: {
    scratch(): Float32Array;
    buffer(bytes: number): Uint8Array;
    live(): number;
    polygon(count: number, hull: boolean): number;
    decompose(count: number): number;
    box(halfWidth: number, halfHeight: number, cx: number, cy: number, angle: number): number;
    circle(cx: number, cy: number, radius: number): number;
    capsule(x1: number, y1: number, x2: number, y2: number, radius: number): number;
    segment(x1: number, y1: number, x2: number, y2: number): number;
    release(handle: number): boolean;
    info(handle: number): ShapeInfoValue;
    bounds(handle: number, xf: TransformValue): { status: number; bounds: AABBValue };
    vertices(handle: number): number;
  };
  PairBatch: new () => PairBatch;
  /** Not in the narrow-phase-only flavour. */
  World?: {
    create(broadPhase: number, treeMargin: number, gridCellSize: number, capacity: number, flags: number): NativeWorld | null;
    statusMessage(status: number): string;
    /** 1 in a build without threads; else the pthread pool's workers plus one */
    maxThreads(): number;
  };
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
  /** The threaded build: the URL of its glue, which each pthread worker imports. */
  mainScriptUrlOrBlob?: string;
}

/** The MODULARIZE factory each glue file exports by default. @internal */
export type ModuleFactory = (options: FactoryOptions) => Promise<SATModule>;
