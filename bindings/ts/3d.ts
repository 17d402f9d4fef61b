/**
 * sat-wasm 3D: convex polyhedra, boxes, spheres and capsules with the Separating Axis Theorem, from its own
 * WebAssembly module (`sat3d-<variant>.wasm`), so that 2D-only users never download it.
 *
 * ```ts
 * import { load3D } from 'sat-wasm/3d';
 * const sat3 = await load3D();
 * const box = sat3.box(1, 1, 1);
 * const rock = sat3.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * const hit = sat3.collide(box, { x: 0, y: 0, z: 0 }, rock, { x: 0.5, y: 0.5, z: 0.9 });
 * if (hit) console.log(hit.normal, hit.depth, hit.contacts);
 * ```
 * Conventions as in 2D: the normal points from A to B, `depth > 0` means overlap and moving B by
 * `normal * depth` separates the shapes; bad input throws a {@link SATError} with a `code`.
 * @packageDocumentation
 */
import { SATError, describe } from './errors.js';
import { allowsCodeGeneration, buildName, chooseVariant, isNode, readLocalFile, toBytes, type LoadOptions } from './loader.js';
import type { Variant } from './api.js';
import { World3, type World3Options } from './world3.js';
import { CollisionBatch3 } from './batch3.js';
import { defaultWasmUrl3, importGlue3 } from './files3.js';
import { E3, K3, argument3, errorCode3, hasWorld3, readModule3, status3, type Module3DFactory, type SAT3DModule } from './module3.js';

export { SATError, type SATErrorCode } from './errors.js';
export { CollisionBatch3 } from './batch3.js';
export {
  World3,
  type BodyDef3,
  type BodyType3,
  type BroadPhase3,
  type QueryFilter3,
  type ShapeDef3,
  type World3Frame,
  type World3Options,
  type World3Stats,
  type WorldContact3,
  type WorldContactPoint3,
  type WorldRayHit3,
} from './world3.js';

/** A point or direction in 3D. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** A rotation as a unit quaternion (x, y, z vector part; w scalar part), as Cocos' `Quat`. */
export interface Quat {
  x: number;
  y: number;
  z: number;
  w: number;
}

/**
 * Where a shape is: a local point v maps to position + rotation * (scale * v). `rotation` defaults to the identity
 * and must be unit length (within 1e-6 of |q|^2 = 1); `scale` defaults to 1 and may be one number or per axis
 * (negative mirrors); spheres and capsules take the largest |scale| for their radius.
 */
export interface Transform3 {
  x: number;
  y: number;
  z: number;
  rotation?: Quat;
  scale?: number | Vec3;
}

/** A contact point: world position midway between the surfaces, its depth, and a feature id stable frame to frame. */
export interface Contact3 {
  x: number;
  y: number;
  z: number;
  depth: number;
  id: number;
}

/** Result of {@link SAT3D.collide}. */
export interface Manifold3 {
  /** Unit, from A to B. */
  normal: Vec3;
  /** Minimum translation distance (> 0 when overlapping; ~0 when touching). */
  depth: number;
  /** One to four contact points. */
  contacts: Contact3[];
}

/**
 * Result of {@link SAT3D.collideMany}, by pair index; pass it back as `out` to reuse its arrays. The arrays may be
 * longer than the pair count (an `out` sized for a larger frame): the first entries are this call's.
 */
export interface CollideMany3Result {
  /** Contact count of each pair, 0 when apart. */
  counts: Int32Array;
  /** 24 floats per pair: normal xyz, depth, then 4 contacts of x, y, z, depth and the id's bits (read as uint32). */
  manifolds: Float32Array;
  /** Pairs with contacts. */
  touching: number;
}

/** Result of {@link SAT3D.distance}. */
export interface Distance3 {
  /** >= 0; 0 when touching or overlapping. */
  distance: number;
  pointA: Vec3;
  pointB: Vec3;
  /** Unit, from A to B; zero when the shapes overlap. */
  normal: Vec3;
}

/** A ray from `origin` along `translation`, hits at fractions in [0, maxFraction] (default 1). */
export interface Ray3 {
  origin: Vec3;
  translation: Vec3;
  maxFraction?: number;
}

/** Result of {@link SAT3D.raycast}. */
export interface RaycastHit3 {
  point: Vec3;
  /** Unit surface normal at the hit, facing the ray. */
  normal: Vec3;
  fraction: number;
}

/** A hull's surface: vertices (x, y, z per vertex) and faces as vertex index loops, counter-clockwise from outside. */
export interface HullMesh {
  vertices: Float32Array;
  faces: number[][];
}

/** Which axis decided a hull-hull query: a face normal of A, of B, or the cross product of an edge of each. */
export type SatAxisKind3 = 'none' | 'faceA' | 'faceB' | 'edgePair';

/** Result of {@link SAT3D.collideDebug}: what decided the query, for a viewer to draw. */
export interface SatDebug3 {
  kind: SatAxisKind3;
  /** Face of A, or half-edge of A for an edge pair (-1: none). */
  indexA: number;
  /** Face of B, or half-edge of B for an edge pair (-1: none). */
  indexB: number;
  /** The deciding axis (world, unit, from A to B). */
  axis: Vec3;
  /** Signed gap along the axis (< 0: overlap by -separation). */
  separation: number;
  /** A's projection interval on the axis (world). */
  minA: number;
  maxA: number;
  /** B's projection interval on the axis (world). */
  minB: number;
  maxB: number;
  /** For an edge pair, the vertex indices (as in {@link SAT3D.hullMesh}) of A's and of B's deciding edge; else null. */
  edgeA: [number, number] | null;
  edgeB: [number, number] | null;
  /** The contacts {@link SAT3D.collide} reports, or null when apart. */
  manifold: Manifold3 | null;
}

/** The kinds of 3D shapes. */
export type Shape3Kind = 'sphere' | 'capsule' | 'box' | 'hull';

/** A shape living in the 3D module. Free it with {@link Shape3.dispose} when done. */
export class Shape3 {
  /** @internal */
  handle: number;
  /** @internal */
  readonly owner: SAT3D;
  /** What kind of shape this is. */
  readonly kind: Shape3Kind;

  /** @internal */
  constructor(owner: SAT3D, handle: number, kind: Shape3Kind) {
    this.owner = owner;
    this.handle = handle;
    this.kind = kind;
  }

  /** Frees the shape's memory in the module. Using it afterwards throws `Disposed`. Safe to call twice. */
  dispose(): void {
    if (this.handle > 0) this.owner.release(this);
  }
}


/** The 3D API over one loaded module. Made by {@link load3D}. */
export class SAT3D {
  /** Which build runs: `'simd'`, `'baseline'` or `'asmjs'`. */
  readonly variant: Variant;
  /**
   * Whether the module's glue generates its call wrappers with `new Function` (the default builds); false for the
   * build without dynamic code generation (and asm.js), which {@link load3D} picks where code generation is refused.
   */
  readonly dynamicExecution: boolean;
  /**
   * Whether this is the narrow-phase-only flavour (`load3D({ narrowPhaseOnly: true })`): every shape and query,
   * no {@link SAT3D.createWorld}.
   */
  readonly narrowPhaseOnly: boolean;
  /** The Embind module. @internal */
  readonly _m: SAT3DModule;
  private readonly m: SAT3DModule;
  /** Word offset of the scratch block in the heap (a fixed address). */
  private readonly scratch: number;
  /** collideMany's batch, made at its first call. */
  private bulk: CollisionBatch3 | null = null;

  /** @internal */
  constructor(module: SAT3DModule, variant: Variant, dynamicExecution: boolean) {
    readModule3(module);
    this.m = module;
    this._m = module;
    this.variant = variant;
    this.dynamicExecution = dynamicExecution;
    this.narrowPhaseOnly = !hasWorld3(module);
    this.scratch = module.ShapeStore3.scratch().byteOffset >> 2;
  }

  /** Number of live shapes in the module (for leak checks). */
  get liveShapes(): number {
    return this.m.ShapeStore3.live();
  }

  // ----- makers -----

  /**
   * The convex hull of a point cloud: flat `[x0, y0, z0, x1, ...]` or `{x, y, z}[]`, any order, duplicates allowed.
   * Nearly coplanar faces are merged and near-duplicate points welded (tolerance 1e-5 of the cloud's size).
   * @param options.maxVertices - most vertices the hull may have, 4..255 (default 64)
   * @throws SATError `TooFewPoints`, `TooManyPoints`, `NonFinite`, `OutOfRange`, `Coplanar`, `ZeroVolume`,
   *   `Degenerate`, `InvalidArgument`
   */
  hull(points: ArrayLike<number> | readonly Vec3[], options: { maxVertices?: number } = {}): Shape3 {
    const flat = this.flatPoints('hull', points);
    const maxVertices = options.maxVertices ?? K3.DEFAULT_HULL_VERTEX_LIMIT;
    if (!Number.isInteger(maxVertices) || maxVertices < 4 || maxVertices > K3.MAX_HULL_VERTICES) {
      throw new SATError('InvalidArgument', `hull: options.maxVertices must be an integer in [4, ${K3.MAX_HULL_VERTICES}], got ${String(maxVertices)}`);
    }
    const at = this.buffer('hull', flat.length * 4);
    this.m.HEAPF32.set(flat, at);
    return this.made('hull', this.m.ShapeStore3.hull(flat.length / 3, maxVertices));
  }

  /** A box with half extents hx, hy, hz, centred on its local origin. @throws SATError `ZeroVolume`, `NonFinite`, `OutOfRange` */
  box(hx: number, hy: number, hz: number): Shape3 {
    this.numbers('box', { hx, hy, hz });
    return this.made('box', this.m.ShapeStore3.box(hx, hy, hz));
  }

  /** A sphere. @throws SATError `InvalidRadius`, `NonFinite`, `OutOfRange` */
  sphere(radius: number, center: Vec3 = { x: 0, y: 0, z: 0 }): Shape3 {
    const c = this.vec('sphere', 'center', center);
    this.numbers('sphere', { radius });
    return this.made('sphere', this.m.ShapeStore3.sphere(c.x, c.y, c.z, radius));
  }

  /** A capsule: the segment a-b swept by a ball of `radius`. @throws SATError `ZeroLength`, `InvalidRadius`, `NonFinite`, `OutOfRange` */
  capsule(a: Vec3, b: Vec3, radius: number): Shape3 {
    const p = this.vec('capsule', 'a', a), q = this.vec('capsule', 'b', b);
    this.numbers('capsule', { radius });
    return this.made('capsule', this.m.ShapeStore3.capsule(p.x, p.y, p.z, q.x, q.y, q.z, radius));
  }

  /** A hull's stored vertices and faces. @throws SATError `InvalidArgument` for a shape that is not a hull */
  hullMesh(shape: Shape3): HullMesh {
    const h = this.handleOf('hullMesh', 'shape', shape);
    if (shape.kind !== 'hull') throw new SATError('InvalidArgument', `hullMesh: shape is a ${shape.kind}, not a hull`);
    this.check('hullMesh', this.m.ShapeStore3.hullMesh(h));
    const i32 = this.m.HEAP32, o = this.scratch + K3.SCRATCH_OUT;
    const nv = i32[o + K3.MESH_VERTEX_COUNT], nf = i32[o + K3.MESH_FACE_COUNT], ni = i32[o + K3.MESH_INDEX_COUNT];
    const pv = this.m.ShapeStore3.buffer(0).byteOffset >> 2, pc = pv + 3 * nv, pi = pc + nf;
    const vertices = this.m.HEAPF32.slice(pv, pv + 3 * nv);
    const counts = i32.subarray(pc, pc + nf), indices = i32.subarray(pi, pi + ni);
    const faces: number[][] = [];
    let k = 0;
    for (const n of counts) {
      faces.push(Array.from(indices.subarray(k, k + n)));
      k += n;
    }
    return { vertices, faces };
  }

  // ----- queries -----

  /** Whether two shapes touch. @throws SATError `InvalidTransform`, `InvalidArgument`, `Disposed` */
  overlaps(a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): boolean {
    const [ha, hb] = this.pair('overlaps', a, xfA, b, xfB);
    return this.check('overlaps', this.m.overlap(ha, hb)) === 1;
  }

  /** Contacts of two shapes, or null when apart. @throws SATError `InvalidTransform`, `InvalidArgument`, `Disposed` */
  collide(a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): Manifold3 | null {
    const [ha, hb] = this.pair('collide', a, xfA, b, xfB);
    const n = this.check('collide', this.m.collide(ha, hb));
    if (n === 0) return null;
    return this.readManifold(this.m.HEAPF32, this.m.HEAPU32, this.scratch + K3.SCRATCH_OUT, n);
  }

  /**
   * The same query as {@link SAT3D.collide} for two hulls, with what decided it: the axis (face of A, face of B
   * or an edge pair, with indices as in {@link SAT3D.hullMesh}'s faces), both projection intervals on it and the
   * manifold. For viewers and debugging; it allocates.
   * @throws SATError `InvalidArgument` (a shape that is not a hull), `InvalidTransform`, `Disposed`
   */
  collideDebug(a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): SatDebug3 {
    const [ha, hb] = this.pair('collideDebug', a, xfA, b, xfB);
    if (a.kind !== 'hull' || b.kind !== 'hull') throw new SATError('InvalidArgument', `collideDebug: both shapes must be hulls, got a ${a.kind} and a ${b.kind}`);
    const n = this.check('collideDebug', this.m.collideDebug(ha, hb));
    const f = this.m.HEAPF32, o = this.m.ShapeStore3.buffer(0).byteOffset >> 2;
    const kind = f[o + K3.DEBUG_KIND], axis = o + K3.DEBUG_AXIS, ea = o + K3.DEBUG_EDGE_A, eb = o + K3.DEBUG_EDGE_B;
    const A = E3.SatAxis3;
    return {
      kind: ({ [A.None]: 'none', [A.FaceA]: 'faceA', [A.FaceB]: 'faceB', [A.EdgePair]: 'edgePair' } as const)[kind] ?? 'none',
      indexA: f[o + K3.DEBUG_INDEX_A],
      indexB: f[o + K3.DEBUG_INDEX_B],
      axis: { x: f[axis], y: f[axis + 1], z: f[axis + 2] },
      separation: f[o + K3.DEBUG_SEPARATION],
      minA: f[o + K3.DEBUG_MIN_A],
      maxA: f[o + K3.DEBUG_MAX_A],
      minB: f[o + K3.DEBUG_MIN_B],
      maxB: f[o + K3.DEBUG_MAX_B],
      edgeA: f[ea] >= 0 ? [f[ea], f[ea + 1]] : null,
      edgeB: f[eb] >= 0 ? [f[eb], f[eb + 1]] : null,
      manifold: n > 0 ? this.readManifold(f, this.m.HEAPU32, o + K3.DEBUG_MANIFOLD, n) : null,
    };
  }

  /** Distance and closest points (distance 0 when overlapping). @throws SATError as {@link SAT3D.collide} */
  distance(a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): Distance3 {
    const [ha, hb] = this.pair('distance', a, xfA, b, xfB);
    this.check('distance', this.m.distance(ha, hb));
    const f = this.m.HEAPF32, o = this.scratch + K3.SCRATCH_OUT;
    const pa = o + K3.DISTANCE_POINT_A, pb = o + K3.DISTANCE_POINT_B, nn = o + K3.DISTANCE_NORMAL;
    return {
      pointA: { x: f[pa], y: f[pa + 1], z: f[pa + 2] },
      pointB: { x: f[pb], y: f[pb + 1], z: f[pb + 2] },
      normal: { x: f[nn], y: f[nn + 1], z: f[nn + 2] },
      distance: f[o + K3.DISTANCE_VALUE],
    };
  }

  /** Where a ray first enters a shape, or null (also when it starts inside). @throws SATError `InvalidTransform`, `InvalidArgument` */
  raycast(shape: Shape3, xf: Transform3, ray: Ray3): RaycastHit3 | null {
    const h = this.handleOf('raycast', 'shape', shape);
    this.writeTransform('raycast', 'xf', xf, this.scratch + K3.SCRATCH_IN_XF_A);
    if (typeof ray !== 'object' || ray === null) throw new SATError('InvalidArgument', `raycast: ray must be an object {origin, translation, maxFraction?}, got ${describe(ray)}`);
    const o = this.vec('raycast', 'ray.origin', ray.origin), t = this.vec('raycast', 'ray.translation', ray.translation);
    const maxFraction = ray.maxFraction ?? 1;
    this.numbers('raycast', { 'ray.maxFraction': maxFraction });
    const f = this.m.HEAPF32, e = this.scratch + K3.SCRATCH_IN_EXTRA;
    f[e] = o.x, f[e + 1] = o.y, f[e + 2] = o.z, f[e + 3] = t.x, f[e + 4] = t.y, f[e + 5] = t.z, f[e + 6] = maxFraction;
    if (this.check('raycast', this.m.raycast(h)) !== 1) return null;
    const r = this.scratch + K3.SCRATCH_OUT, p = r + K3.RAY_POINT, n = r + K3.RAY_NORMAL;
    return { point: { x: f[p], y: f[p + 1], z: f[p + 2] }, normal: { x: f[n], y: f[n + 1], z: f[n + 2] }, fraction: f[r + K3.RAY_FRACTION] };
  }

  /**
   * Many pairs in one call (the fast path for scenes). `transforms` holds 10 floats per shape (x, y, z, qx, qy, qz,
   * qw, sx, sy, sz); `pairs` holds index pairs into `shapes`. Pass the same `caches` array (2 words per pair,
   * zero-filled at first) every frame to keep the per-pair SAT cache. Pass `out` (from an earlier call, or your own
   * arrays of at least the pair count and 24 floats per pair) to have the results written into it: then a frame
   * allocates nothing.
   * @returns `counts[p]` (contact count of pair p, 0 when apart) and `manifolds` (24 floats per pair: normal xyz,
   *   depth, then 4 contacts of x, y, z, depth, id-bits), copied out of the module (into `out` when given: the
   *   same object is returned), and `touching`, the number of pairs with contacts.
   * @throws SATError `InvalidTransform` (naming the shape), `InvalidArgument` (a bad index or array, an `out`
   *   too short)
   */
  collideMany(
    shapes: readonly Shape3[],
    transforms: Float32Array,
    pairs: Int32Array,
    caches?: Uint32Array,
    out?: CollideMany3Result,
  ): CollideMany3Result {
    const n = shapes.length, np = pairs.length >> 1, xf = K3.TRANSFORM_FLOATS;
    if (!(transforms instanceof Float32Array) || transforms.length !== n * xf) {
      throw new SATError('InvalidArgument', `collideMany: transforms must be a Float32Array of ${n * xf} floats (${xf} per shape)`);
    }
    if (!(pairs instanceof Int32Array) || (pairs.length & 1)) throw new SATError('InvalidArgument', 'collideMany: pairs must be an Int32Array of index pairs');
    if (caches !== undefined && (!(caches instanceof Uint32Array) || caches.length !== np * K3.CACHE_WORDS)) {
      throw new SATError('InvalidArgument', `collideMany: caches must be a Uint32Array of ${np * K3.CACHE_WORDS} words`);
    }
    if (out !== undefined && (typeof out !== 'object' || out === null || !(out.counts instanceof Int32Array) ||
        !(out.manifolds instanceof Float32Array) || out.counts.length < np || out.manifolds.length < np * K3.MANIFOLD_FLOATS)) {
      throw new SATError(
        'InvalidArgument',
        `collideMany: out must be {counts: Int32Array of at least ${np}, manifolds: Float32Array of at least ${np * K3.MANIFOLD_FLOATS}}, got ${describe(out)}`,
      );
    }
    const bulk = (this.bulk ??= new CollisionBatch3(this, this.m));
    const v = bulk.resize('collideMany', n, np, false);
    const handles = v.handles;
    for (let i = 0; i < n; ++i) {
      // handleOf's checks in line: the element's name for its message is formatted only when one fails.
      const s = shapes[i];
      handles[i] = s instanceof Shape3 && s.owner === this && s.handle > 0 ? s.handle : this.handleOf('collideMany', `shapes[${i}]`, s);
    }
    v.transforms.set(transforms);
    v.pairs.set(pairs);
    if (caches) v.caches.set(caches);
    const r = bulk.runNative('collideMany', n, np, caches !== undefined, shapes);
    if (caches) caches.set(v.caches.subarray(0, caches.length));
    if (out === undefined) {
      return { counts: v.counts.slice(0, np), manifolds: v.manifolds.slice(0, np * K3.MANIFOLD_FLOATS), touching: r };
    }
    out.counts.set(v.counts.subarray(0, np));
    out.manifolds.set(v.manifolds.subarray(0, np * K3.MANIFOLD_FLOATS));
    out.touching = r;
    return out;
  }

  /**
   * A 3D collision world (see {@link World3}). Free it with `dispose()`.
   * @throws SATError `InvalidArgument`; `LoadFailed` on the narrow-phase-only flavour, which has no world
   */
  createWorld(options: World3Options = {}): World3 {
    return new World3(this, this.m, options);
  }

  /**
   * A {@link CollisionBatch3}: `shapes` and room for `pairCapacity` pairs, its poses, pairs, caches and results
   * in WebAssembly memory, collided in one call without copies. The fastest bulk path; free it with `dispose()`.
   * @throws SATError `InvalidArgument`, `Disposed`, `OutOfMemory`
   */
  createBatch(shapes: readonly Shape3[], pairCapacity: number): CollisionBatch3 {
    return new CollisionBatch3(this, this.m).init(shapes, pairCapacity);
  }

  // ----- internals -----

  /** @internal */
  release(shape: Shape3): void {
    this.m.ShapeStore3.release(shape.handle);
    shape.handle = 0;
  }

  /** The core's message for a status. @internal */
  message(status: number): string {
    return this.m.statusMessage(status);
  }

  /**
   * The growable buffer with room for `bytes` bytes, as a word offset into the heap; valid until the next call that
   * may allocate. @internal
   */
  buffer(fn: string, bytes: number): number {
    const view = this.m.ShapeStore3.buffer(Math.max(16, bytes));
    if (view.length < bytes) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow by ${bytes} bytes`);
    return view.byteOffset >> 2;
  }

  /** The scratch block's word offset in the heap. @internal */
  get scratchAt(): number {
    return this.scratch;
  }

  private check(fn: string, r: number): number {
    if (r >= 0) return r;
    const arg = argument3(r);
    throw new SATError(errorCode3(r), `${fn}: ${arg === 0 ? 'the first shape or transform' : 'the second shape or transform'} is invalid (${this.message(status3(r))})`);
  }

  private made(fn: string, r: number): Shape3 {
    if (r < 0) throw new SATError(errorCode3(r), `${fn}: ${this.message(status3(r))}`);
    const k = this.m.ShapeStore3.kind(r), K = E3.ShapeKind3;
    const kinds = { [K.Sphere]: 'sphere', [K.Capsule]: 'capsule', [K.Box]: 'box', [K.Hull]: 'hull' } as const;
    return new Shape3(this, r, kinds[k]);
  }

  private numbers(fn: string, values: Record<string, unknown>): void {
    for (const [name, v] of Object.entries(values)) {
      if (typeof v !== 'number') throw new SATError('InvalidArgument', `${fn}: ${name} must be a number, got ${describe(v)}`);
    }
  }

  private vec(fn: string, name: string, v: unknown): Vec3 {
    const p = v as Vec3;
    if (typeof v !== 'object' || v === null || typeof p.x !== 'number' || typeof p.y !== 'number' || typeof p.z !== 'number') {
      throw new SATError('InvalidArgument', `${fn}: ${name} must be a point {x, y, z}, got ${describe(v)}`);
    }
    return p;
  }

  private flatPoints(fn: string, points: unknown): Float32Array {
    if (Array.isArray(points) && points.length > 0 && typeof points[0] === 'object') {
      const out = new Float32Array(points.length * 3);
      points.forEach((p, i) => {
        const q = this.vec(fn, `points[${i}]`, p);
        out[3 * i] = q.x, out[3 * i + 1] = q.y, out[3 * i + 2] = q.z;
      });
      return out;
    }
    if (points instanceof Float32Array || points instanceof Float64Array || Array.isArray(points)) {
      if (points.length % 3 !== 0) throw new SATError('InvalidArgument', `${fn}: points has length ${points.length}: a flat array holds x, y, z triples`);
      for (let i = 0; i < points.length; ++i) {
        if (typeof points[i] !== 'number') throw new SATError('InvalidArgument', `${fn}: points[${i}] must be a number, got ${describe(points[i])}`);
      }
      return Float32Array.from(points as ArrayLike<number>);
    }
    throw new SATError('InvalidArgument', `${fn}: points must be an array of numbers [x0, y0, z0, ...] or of {x, y, z}, got ${describe(points)}`);
  }

  /** @internal */
  handleOf(fn: string, name: string, s: unknown): number {
    if (!(s instanceof Shape3)) throw new SATError('InvalidArgument', `${fn}: ${name} must be a Shape3, got ${describe(s)}`);
    if (s.owner !== this) throw new SATError('InvalidArgument', `${fn}: ${name} is a shape of another loaded 3D module`);
    if (s.handle <= 0) throw new SATError('Disposed', `${fn}: ${name} was disposed`);
    return s.handle;
  }

  /** Writes a transform at word `at` of the heap (no temporary objects: this runs on every per-call query). @internal */
  writeTransform(fn: string, name: string, xf: unknown, at: number): void {
    const t = xf as Transform3;
    if (typeof xf !== 'object' || xf === null || typeof t.x !== 'number' || typeof t.y !== 'number' || typeof t.z !== 'number') {
      throw new SATError('InvalidTransform', `${fn}: ${name} must be a transform {x, y, z, rotation?, scale?}, got ${describe(xf)}`);
    }
    const f = this.m.HEAPF32;
    f[at] = t.x, f[at + 1] = t.y, f[at + 2] = t.z;
    const q = t.rotation;
    if (q === undefined) {
      f[at + 3] = 0, f[at + 4] = 0, f[at + 5] = 0, f[at + 6] = 1;
    } else if (typeof q === 'object' && q !== null && typeof q.x === 'number' && typeof q.y === 'number' &&
               typeof q.z === 'number' && typeof q.w === 'number') {
      f[at + 3] = q.x, f[at + 4] = q.y, f[at + 5] = q.z, f[at + 6] = q.w;
    } else {
      throw new SATError('InvalidTransform', `${fn}: ${name}.rotation must be a quaternion {x, y, z, w}`);
    }
    const s = t.scale;
    if (s === undefined) {
      f[at + 7] = 1, f[at + 8] = 1, f[at + 9] = 1;
    } else if (typeof s === 'number') {
      f[at + 7] = s, f[at + 8] = s, f[at + 9] = s;
    } else if (typeof s === 'object' && s !== null && typeof s.x === 'number' && typeof s.y === 'number' && typeof s.z === 'number') {
      f[at + 7] = s.x, f[at + 8] = s.y, f[at + 9] = s.z;
    } else {
      throw new SATError('InvalidTransform', `${fn}: ${name}.scale must be a number or {x, y, z}`);
    }
  }

  private pair(fn: string, a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): [number, number] {
    const ha = this.handleOf(fn, 'a', a), hb = this.handleOf(fn, 'b', b);
    this.writeTransform(fn, 'xfA', xfA, this.scratch + K3.SCRATCH_IN_XF_A);
    this.writeTransform(fn, 'xfB', xfB, this.scratch + K3.SCRATCH_IN_XF_B);
    return [ha, hb];
  }

  /** @internal */
  readManifold(f: Float32Array, u: Uint32Array, o: number, n: number): Manifold3 {
    const contacts: Contact3[] = [];
    const nn = o + K3.MANIFOLD_NORMAL;
    for (let i = 0; i < n; ++i) {
      const p = o + K3.MANIFOLD_POINTS + K3.MANIFOLD_POINT_FLOATS * i;
      contacts.push({ x: f[p], y: f[p + 1], z: f[p + 2], depth: f[p + 3], id: u[p + 4] });
    }
    return { normal: { x: f[nn], y: f[nn + 1], z: f[nn + 2] }, depth: f[o + K3.MANIFOLD_DEPTH], contacts };
  }
}

/**
 * Loads the 3D module. The same options as `loadSAT` (variant choice, `wasmBinary` of `sat3d-<variant>.wasm`,
 * `instantiateWasm`, `locateFile`, `dynamicExecution`, `moduleFactory`: the glue's factory of the chosen build, for
 * platforms that evaluate the glue themselves). `narrowPhaseOnly: true` loads the narrow-phase-only flavour
 * (`sat3d-<variant>-narrow.*`): every shape, hull and query of {@link SAT3D}, bit for bit the same results, without
 * World3 (`createWorld` throws `LoadFailed`), for games that bring their own broad phase; a smaller download
 * (bench/README.md, "3D binding layer"). Where code generation from strings is refused (WeChat mini-games, a CSP
 * without `'unsafe-eval'`) it picks the glue without dynamic code generation by itself; both glues run the same
 * `.wasm`.
 * @throws SATError `LoadFailed` when the module cannot be fetched, compiled or instantiated, or does not match this
 *   package; `InvalidArgument`
 */
export async function load3D(options: LoadOptions = {}): Promise<SAT3D> {
  if (typeof options !== 'object' || options === null) {
    throw new SATError('InvalidArgument', `load3D: options must be an object, got ${describe(options)}`);
  }
  if (options.moduleFactory !== undefined && typeof options.moduleFactory !== 'function') {
    throw new SATError('InvalidArgument', 'load3D: options.moduleFactory must be a function');
  }
  if (options.dynamicExecution !== undefined && typeof options.dynamicExecution !== 'boolean') {
    throw new SATError('InvalidArgument', 'load3D: options.dynamicExecution must be a boolean');
  }
  if (options.narrowPhaseOnly !== undefined && typeof options.narrowPhaseOnly !== 'boolean') {
    throw new SATError('InvalidArgument', 'load3D: options.narrowPhaseOnly must be a boolean');
  }
  const narrow = options.narrowPhaseOnly === true;
  const variant = chooseVariant(options);
  // The asm.js build's glue never generates code: it has no second flavour.
  const dynamic = variant !== 'asmjs' && (options.dynamicExecution ?? allowsCodeGeneration());
  const factoryOptions: Record<string, unknown> = {};
  const loadLog: string[] = [];
  factoryOptions.printErr = (text: string) => loadLog.push(text);
  if (variant !== 'asmjs') {
    if (options.wasmBinary !== undefined) {
      factoryOptions.wasmBinary = toBytes(options.wasmBinary);
    } else if (options.instantiateWasm !== undefined) {
      const hook = options.instantiateWasm;
      factoryOptions.instantiateWasm = (imports: WebAssembly.Imports, receive: (i: WebAssembly.Instance) => void) =>
        hook(imports, receive, (reason) => loadLog.push(String(reason)));
    } else {
      const file = `sat3d-${variant}${narrow ? '-narrow' : ''}.wasm`;
      const location = options.locateFile ? options.locateFile(file, variant) : defaultWasmUrl3(variant, narrow);
      const isFile = typeof location === 'string' ? !/^(https?|data|blob):/.test(location) : location.protocol === 'file:';
      if (isNode() && isFile) {
        try {
          factoryOptions.wasmBinary = await readLocalFile(location);
        } catch (e) {
          throw new SATError('LoadFailed', `load3D: cannot read ${String(location)}: ${(e as Error).message}`);
        }
      } else {
        const href = typeof location === 'string' ? location : location.href;
        factoryOptions.locateFile = (path: string) => (path.endsWith('.wasm') ? href : path);
      }
    }
  }
  try {
    const factory = (options.moduleFactory ?? (await importGlue3(variant, narrow, !dynamic)).default) as Module3DFactory;
    const module = await factory(factoryOptions);
    if (hasWorld3(module) === narrow) {
      throw new SATError(
        'LoadFailed',
        `load3D: options.moduleFactory made the ${narrow ? 'full' : 'narrow-phase-only'} 3D module, but narrowPhaseOnly is ${narrow}: pass the glue of the flavour asked for`,
      );
    }
    return new SAT3D(module, variant, dynamic);
  } catch (e) {
    if (e instanceof SATError) throw e;
    const log = loadLog.length ? ` (${loadLog.join('; ')})` : '';
    throw new SATError('LoadFailed', `load3D: the ${buildName(variant, narrow, dynamic)} 3D build failed to load: ${(e as Error)?.message ?? String(e)}${log}`);
  }
}
