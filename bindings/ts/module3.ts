import { SATError, type SATErrorCode } from './errors.js';

/**
 * The 3D module as the TypeScript layer sees it (the EMSCRIPTEN_BINDINGS blocks of bindings/3d/*.cpp), and every
 * number the layer needs about its memory layouts: read from the module's registered constants and enums when a
 * module is loaded, never written here. They hold the values of the first 3D module loaded; a later one whose values
 * differ (a mismatched build) is refused with `LoadFailed`. Not part of the public API: handles are positive
 * integers, and every function returning a status-or-value number returns `-(status | argument <<
 * ERROR_ARGUMENT_SHIFT)` on failure. tests/js/bindings_names.test.ts compares these lists with what the sources
 * register and what a loaded module holds.
 * @internal
 * @module
 */

/** Registered names used by the TypeScript layer, by kind. @internal */
export const BINDINGS_3D = {
  functions: ['statusMessage', 'collide', 'overlap', 'distance', 'raycast', 'collideDebug'],
  classes: {
    ShapeStore3: {
      static: ['scratch', 'buffer', 'live', 'hull', 'box', 'sphere', 'capsule', 'release', 'kind', 'hullMesh'],
      methods: [],
    },
    PairBatch3: {
      static: [],
      methods: ['reserve', 'handles', 'transforms', 'pairs', 'counts', 'manifolds', 'caches', 'errorIndex', 'run'],
    },
    World3: {
      static: ['create'],
      methods: [
        'info',
        'transforms',
        'contacts',
        'beginEvents',
        'stayEvents',
        'endEvents',
        'createBody',
        'setShapes',
        'destroyBody',
        'check',
        'bodyCount',
        'setTransform',
        'getTransform',
        'setEnabled',
        'setSensor',
        'setBullet',
        'setType',
        'setMass',
        'setUserId',
        'setFilter',
        'bodyInfo',
        'setPushApart',
        'update',
        'validate',
        'raycast',
        'query',
      ],
    },
  },
} as const;

/** The constants of bindings/3d/sat3d_bindings.cpp. */
export const CONSTANTS_3D = [
  'MAX_HULL_VERTICES',
  'DEFAULT_HULL_VERTEX_LIMIT',
  'ERROR_ARGUMENT_SHIFT',
  'TRANSFORM_FLOATS',
  'SCRATCH_IN_XF_A',
  'SCRATCH_IN_XF_B',
  'SCRATCH_IN_EXTRA',
  'SCRATCH_OUT',
  'MANIFOLD_NORMAL',
  'MANIFOLD_DEPTH',
  'MANIFOLD_POINTS',
  'MANIFOLD_POINT_FLOATS',
  'MANIFOLD_FLOATS',
  'DISTANCE_POINT_A',
  'DISTANCE_POINT_B',
  'DISTANCE_NORMAL',
  'DISTANCE_VALUE',
  'RAY_POINT',
  'RAY_NORMAL',
  'RAY_FRACTION',
  'MESH_VERTEX_COUNT',
  'MESH_FACE_COUNT',
  'MESH_INDEX_COUNT',
  'DEBUG_KIND',
  'DEBUG_INDEX_A',
  'DEBUG_INDEX_B',
  'DEBUG_AXIS',
  'DEBUG_SEPARATION',
  'DEBUG_MIN_A',
  'DEBUG_MAX_A',
  'DEBUG_MIN_B',
  'DEBUG_MAX_B',
  'DEBUG_EDGE_A',
  'DEBUG_EDGE_B',
  'DEBUG_MANIFOLD',
  'CACHE_WORDS',
] as const;

/** The constants of bindings/3d/world3_bindings.cpp. */
export const WORLD3_CONSTANTS = [
  'MAX_SHAPES_PER_BODY',
  'BODY_SLOT_BITS',
  'WORLD_TRANSFORM_STRIDE',
  'INFO_BEGIN',
  'INFO_BEGIN_COUNT',
  'INFO_STAY',
  'INFO_STAY_COUNT',
  'INFO_END',
  'INFO_END_COUNT',
  'INFO_CONTACTS',
  'INFO_CONTACT_COUNT',
  'INFO_REJECTED',
  'INFO_REJECTED_COUNT',
  'INFO_TRANSFORMS',
  'INFO_TRANSFORM_CAPACITY',
  'INFO_MOVED',
  'INFO_REINSERTED',
  'INFO_CANDIDATE_PAIRS',
  'INFO_TOUCHING_PAIRS',
  'INFO_NARROW_TESTS',
  'INFO_SWEPT_BODIES',
  'INFO_SYNC_MS',
  'INFO_CCD_MS',
  'INFO_BROAD_MS',
  'INFO_NARROW_MS',
  'INFO_EVENTS_MS',
  'INFO_PUSH_MS',
  'INFO_RESIDUAL_DEPTH',
  'INFO_RESULT',
  'INFO_VALUE',
  'EVENT_WORDS',
  'REJECTED_WORDS',
  'CONTACT_WORDS',
  'CONTACT_A',
  'CONTACT_B',
  'CONTACT_NORMAL',
  'CONTACT_DEPTH',
  'CONTACT_INFO',
  'CONTACT_FLAGS_SHIFT',
  'CONTACT_SHAPES',
  'CONTACT_POINTS',
  'CONTACT_FLAG_BEGAN',
  'CONTACT_FLAG_SENSOR',
  'CONTACT_FLAG_SWEPT',
  'RAY_HIT_WORDS',
  'RAY_HIT_BODY',
  'RAY_HIT_SHAPE',
  'RAY_HIT_POINT',
  'RAY_HIT_NORMAL',
  'RAY_HIT_FRACTION',
  'SHAPE_DEF_WORDS',
  'SHAPE_DEF_HANDLE',
  'SHAPE_DEF_OFFSET',
  'SHAPE_DEF_ROTATION',
  'RAY_CLOSEST',
  'RAY_ANY',
  'RAY_ALL',
  'QUERY_POINT',
  'QUERY_AABB',
  'QUERY_SPHERE',
  'QUERY_SHAPE',
] as const;

/** The enums of bindings/3d/sat3d_bindings.cpp the TypeScript layer reads, with the value names it uses. */
export const ENUMS_3D = {
  Status: [
    'Ok',
    'TooFewPoints',
    'TooManyPoints',
    'NonFinite',
    'OutOfRange',
    'InvalidRadius',
    'ZeroLength',
    'InvalidTransform',
    'InvalidArgument',
    'Coplanar',
    'ZeroVolume',
    'Degenerate',
    'UnknownBody',
    'RemovedBody',
    'WorldFull',
  ],
  ShapeKind3: ['Sphere', 'Capsule', 'Box', 'Hull'],
  SatAxis3: ['None', 'FaceA', 'FaceB', 'EdgePair'],
} as const;

/** The enums of bindings/3d/world3_bindings.cpp (not in the narrow-phase-only flavour). */
export const WORLD3_ENUMS = {
  BodyType: ['Static', 'Kinematic', 'Dynamic'],
  BroadPhase3Kind: ['Tree', 'Grid'],
} as const;

type Names<T extends readonly string[]> = Record<T[number], number>;
export type Layout3 = Names<typeof CONSTANTS_3D> & Names<typeof WORLD3_CONSTANTS>;
type AllEnums3 = typeof ENUMS_3D & typeof WORLD3_ENUMS;
export type Enums3 = { [E in keyof AllEnums3]: Names<AllEnums3[E]> };

// Built with every name up front: objects of a fixed shape, which V8 reads as fast as literals (see layout.ts).
const zeros = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 0]));

/** The layouts of the first 3D module loaded (0 until then). */
export const K3 = zeros([...CONSTANTS_3D, ...WORLD3_CONSTANTS]) as Layout3;
/** Enum values by name (e.g. `E3.Status.InvalidTransform`), of the first 3D module loaded. */
export const E3 = Object.fromEntries(
  Object.entries({ ...ENUMS_3D, ...WORLD3_ENUMS }).map(([e, values]) => [e, zeros(values)]),
) as unknown as Enums3;
/** A status value -> its error code. */
export const STATUS_CODE_3D: SATErrorCode[] = [];

/** The names (constants, and enum values as `Enum.Value`) already read from a 3D module. */
const adopted = new Set<string>();

/** Whether a loaded 3D module has World3 (the full flavour; the narrow-phase-only one has not). @internal */
export function hasWorld3(m: object): boolean {
  return (m as { World3?: unknown }).World3 !== undefined;
}

/**
 * Reads the constants and enums of a 3D module into {@link K3} and {@link E3}: those of sat3d_bindings.cpp always,
 * those of world3_bindings.cpp when the module has World3. The first module's value of each name is kept; a module
 * that lacks a name, or whose value differs from the one read before (a mismatched build), is refused. @internal
 */
export function readModule3(m: object): void {
  const r = m as Record<string, unknown>;
  const world = hasWorld3(m);
  const got = new Map<string, number>();
  for (const name of world ? [...CONSTANTS_3D, ...WORLD3_CONSTANTS] : CONSTANTS_3D) got.set(name, r[name] as number);
  for (const [enumName, values] of Object.entries(world ? { ...ENUMS_3D, ...WORLD3_ENUMS } : ENUMS_3D)) {
    const e = r[enumName] as Record<string, { value?: unknown } | undefined> | undefined;
    for (const v of values) got.set(`${enumName}.${v}`, e?.[v]?.value as number);
  }
  const k = K3 as unknown as Record<string, number>;
  const en = E3 as unknown as Record<string, Record<string, number>>;
  const current = (key: string) => (key.includes('.') ? en[key.split('.')[0]][key.split('.')[1]] : k[key]);
  for (const [key, value] of got) {
    if (typeof value !== 'number' || Number.isNaN(value)) {
      throw new SATError('LoadFailed', `load3D: the module registers no ${key}: a build that does not match this package`);
    }
    if (adopted.has(key) && current(key) !== value) {
      throw new SATError('LoadFailed', `load3D: the module's ${key} is ${value}, another loaded 3D module's ${current(key)}: mismatched builds`);
    }
  }
  for (const [key, value] of got) {
    if (adopted.has(key)) continue;
    if (key.includes('.')) en[key.split('.')[0]][key.split('.')[1]] = value;
    else k[key] = value;
    adopted.add(key);
  }
  for (const name of ENUMS_3D.Status) if (name !== 'Ok') STATUS_CODE_3D[E3.Status[name]] = name as SATErrorCode;
}

/** The status of a refusal code `-(status | argument << ERROR_ARGUMENT_SHIFT)`. @internal */
export function status3(code: number): number {
  return -code & ((1 << K3.ERROR_ARGUMENT_SHIFT) - 1);
}
/** The argument index of a refusal code. @internal */
export function argument3(code: number): number {
  return -code >> K3.ERROR_ARGUMENT_SHIFT;
}
/** The error code of a refusal code. @internal */
export function errorCode3(code: number): SATErrorCode {
  return STATUS_CODE_3D[status3(code)] ?? 'InvalidArgument';
}

/** An object of a registered class (Embind handle): free it with delete(). */
export interface EmbindObject3 {
  delete(): void;
}

/** class PairBatch3 (bindings/3d/sat3d_bindings.cpp). */
export interface PairBatch3 extends EmbindObject3 {
  reserve(shapeCount: number, pairCount: number): number;
  handles(): Int32Array;
  transforms(): Float32Array;
  pairs(): Int32Array;
  counts(): Int32Array;
  manifolds(): Float32Array;
  caches(): Uint32Array;
  errorIndex(): number;
  run(shapeCount: number, pairCount: number, useCaches: boolean): number;
}

/** class World3 (bindings/3d/world3_bindings.cpp). ids are uint32. */
export interface NativeWorld3 extends EmbindObject3 {
  info(): Uint32Array;
  transforms(): Float32Array;
  contacts(): Uint32Array;
  beginEvents(): Uint32Array;
  stayEvents(): Uint32Array;
  endEvents(): Uint32Array;
  createBody(type: number, group: number, mask: number, sensor: boolean, enabled: boolean, bullet: boolean, mass: number, userId: number, count: number): number;
  setShapes(id: number, count: number): number;
  destroyBody(id: number): number;
  check(id: number): number;
  bodyCount(): number;
  setTransform(id: number, teleport: boolean): number;
  getTransform(id: number): number;
  setEnabled(id: number, on: boolean): number;
  setSensor(id: number, on: boolean): number;
  setBullet(id: number, on: boolean): number;
  setType(id: number, type: number): number;
  setMass(id: number, mass: number): number;
  setUserId(id: number, userId: number): number;
  setFilter(id: number, group: number, mask: number): number;
  bodyInfo(id: number): number;
  setPushApart(enabled: boolean, iterations: number, slop: number): number;
  update(): number;
  validate(): boolean;
  raycast(mode: number, group: number, mask: number, sensors: boolean): number;
  query(kind: number, shape: number, group: number, mask: number, sensors: boolean): number;
}

/** The 3D module (what the glue's factory resolves to). @internal */
export interface SAT3DModule {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;

  statusMessage(status: number): string;
  collide(handleA: number, handleB: number): number;
  overlap(handleA: number, handleB: number): number;
  distance(handleA: number, handleB: number): number;
  raycast(handle: number): number;
  collideDebug(handleA: number, handleB: number): number;

  ShapeStore3: {
    scratch(): Float32Array;
    buffer(bytes: number): Uint8Array;
    live(): number;
    hull(count: number, maxVertices: number): number;
    box(hx: number, hy: number, hz: number): number;
    sphere(cx: number, cy: number, cz: number, radius: number): number;
    capsule(x1: number, y1: number, z1: number, x2: number, y2: number, z2: number, radius: number): number;
    release(handle: number): boolean;
    kind(handle: number): number;
    hullMesh(handle: number): number;
  };
  PairBatch3: new () => PairBatch3;
  /** Absent from the narrow-phase-only flavour. */
  World3?: {
    create(broadPhase: number, treeMargin: number, gridCellSize: number, capacity: number, timeStages: boolean): NativeWorld3 | null;
  };
}

/** The Emscripten factory of the 3D glue. @internal */
export type Module3DFactory = (options: Record<string, unknown>) => Promise<SAT3DModule>;
