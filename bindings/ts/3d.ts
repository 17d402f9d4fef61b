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
import { CORE_STATUS_CODES, SATError } from './errors.js';
import { chooseVariant, isNode, readLocalFile, toBytes, type LoadOptions } from './loader.js';
import type { Variant } from './api.js';
import { World3, type World3Module, type World3Options } from './world3.js';
import { defaultWasmUrl3, importGlue3 } from './files3.js';

export { SATError, type SATErrorCode } from './errors.js';
export {
  World3,
  type BodyDef3,
  type BodyType3,
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

const SAT_AXIS_KINDS: readonly SatAxisKind3[] = ['none', 'faceA', 'faceB', 'edgePair'];

/** The kinds of 3D shapes. */
export type Shape3Kind = 'sphere' | 'capsule' | 'box' | 'hull';

/** The raw 3D module (bindings/3d/sat3d_bindings.cpp). @internal */
export interface SAT3DModule {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;
  _sat_3d_scratch(): number;
  _sat_3d_layout(): number;
  _sat_3d_layout_length(): number;
  _sat_3d_live_shapes(): number;
  _sat_3d_malloc(bytes: number): number;
  _sat_3d_free(ptr: number): void;
  _sat_3d_status_message(status: number): number;
  _sat_3d_make_hull(points: number, count: number, maxVertices: number): number;
  _sat_3d_make_box(hx: number, hy: number, hz: number): number;
  _sat_3d_make_sphere(cx: number, cy: number, cz: number, r: number): number;
  _sat_3d_make_capsule(x1: number, y1: number, z1: number, x2: number, y2: number, z2: number, r: number): number;
  _sat_3d_release(handle: number): number;
  _sat_3d_shape_info(handle: number): number;
  _sat_3d_hull_mesh(handle: number, vertices: number, counts: number, indices: number): number;
  _sat_3d_collide(a: number, b: number): number;
  _sat_3d_collide_debug(a: number, b: number, out: number): number;
  _sat_3d_overlap(a: number, b: number): number;
  _sat_3d_distance(a: number, b: number): number;
  _sat_3d_raycast(handle: number): number;
  _sat_3d_collide_many(
    handles: number,
    shapeCount: number,
    xforms: number,
    pairs: number,
    pairCount: number,
    counts: number,
    manifolds: number,
    caches: number,
  ): number;
}

/** The Emscripten factory of the 3D glue. @internal */
export type Module3DFactory = (options: Record<string, unknown>) => Promise<SAT3DModule>;

/** The scratch layout the module publishes (sat_3d_layout), read once at load time. */
interface Layout {
  xfFloats: number;
  inXfA: number;
  inXfB: number;
  inExtra: number;
  out: number;
  pointFloats: number;
  manifoldFloats: number;
  outError: number;
  cacheWords: number;
  maxHullVertices: number;
  defaultHullVertexLimit: number;
  debugHeader: number;
}

function readLayout(m: SAT3DModule): Layout {
  const at = m._sat_3d_layout() >> 2;
  const v = Array.from(m.HEAP32.subarray(at, at + m._sat_3d_layout_length()));
  if (v[0] !== 1) throw new SATError('LoadFailed', `load3D: unknown 3D module layout version ${v[0]}`);
  const [, xfFloats, inXfA, inXfB, inExtra, out, pointFloats, manifoldFloats, outError, cacheWords, maxHullVertices, defaultHullVertexLimit, debugHeader] = v;
  return { xfFloats, inXfA, inXfB, inExtra, out, pointFloats, manifoldFloats, outError, cacheWords, maxHullVertices, defaultHullVertexLimit, debugHeader };
}

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

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;

/** The 3D API over one loaded module. Made by {@link load3D}. */
export class SAT3D {
  /** Which build runs: `'simd'`, `'baseline'` or `'asmjs'`. */
  readonly variant: Variant;
  private readonly m: SAT3DModule;
  private readonly layout: Layout;
  private readonly scratch: number;

  /** @internal */
  constructor(module: SAT3DModule, variant: Variant) {
    this.m = module;
    this.variant = variant;
    this.layout = readLayout(module);
    this.scratch = module._sat_3d_scratch() >> 2;
  }

  /** Number of live shapes in the module (for leak checks). */
  get liveShapes(): number {
    return this.m._sat_3d_live_shapes();
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
    const maxVertices = options.maxVertices ?? this.layout.defaultHullVertexLimit;
    if (!Number.isInteger(maxVertices) || maxVertices < 4 || maxVertices > this.layout.maxHullVertices) {
      throw new SATError('InvalidArgument', `hull: options.maxVertices must be an integer in [4, ${this.layout.maxHullVertices}], got ${String(maxVertices)}`);
    }
    const count = flat.length / 3;
    const ptr = this.alloc('hull', flat.length * 4);
    try {
      this.m.HEAPF32.set(flat, ptr >> 2);
      return this.made('hull', this.m._sat_3d_make_hull(ptr, count, maxVertices), 'hull');
    } finally {
      this.m._sat_3d_free(ptr);
    }
  }

  /** A box with half extents hx, hy, hz, centred on its local origin. @throws SATError `ZeroVolume`, `NonFinite`, `OutOfRange` */
  box(hx: number, hy: number, hz: number): Shape3 {
    this.numbers('box', { hx, hy, hz });
    return this.made('box', this.m._sat_3d_make_box(hx, hy, hz), 'box');
  }

  /** A sphere. @throws SATError `InvalidRadius`, `NonFinite`, `OutOfRange` */
  sphere(radius: number, center: Vec3 = { x: 0, y: 0, z: 0 }): Shape3 {
    const c = this.vec('sphere', 'center', center);
    this.numbers('sphere', { radius });
    return this.made('sphere', this.m._sat_3d_make_sphere(c.x, c.y, c.z, radius), 'sphere');
  }

  /** A capsule: the segment a-b swept by a ball of `radius`. @throws SATError `ZeroLength`, `InvalidRadius`, `NonFinite`, `OutOfRange` */
  capsule(a: Vec3, b: Vec3, radius: number): Shape3 {
    const p = this.vec('capsule', 'a', a), q = this.vec('capsule', 'b', b);
    this.numbers('capsule', { radius });
    return this.made('capsule', this.m._sat_3d_make_capsule(p.x, p.y, p.z, q.x, q.y, q.z, radius), 'capsule');
  }

  /** A hull's stored vertices and faces. @throws SATError `InvalidArgument` for a shape that is not a hull */
  hullMesh(shape: Shape3): HullMesh {
    const h = this.handleOf('hullMesh', 'shape', shape);
    if (shape.kind !== 'hull') throw new SATError('InvalidArgument', `hullMesh: shape is a ${shape.kind}, not a hull`);
    const sizes = this.m._sat_3d_hull_mesh(h, 0, 0, 0);
    const nv = sizes & 0xff, nf = (sizes >> 8) & 0x3ff, ni = sizes >>> 18;
    const bytes = nv * 12 + nf * 4 + ni * 4;
    const ptr = this.alloc('hullMesh', bytes);
    try {
      const pv = ptr, pc = ptr + nv * 12, pi = pc + nf * 4;
      this.m._sat_3d_hull_mesh(h, pv, pc, pi);
      const vertices = this.m.HEAPF32.slice(pv >> 2, (pv >> 2) + nv * 3);
      const counts = this.m.HEAP32.subarray(pc >> 2, (pc >> 2) + nf);
      const indices = this.m.HEAP32.subarray(pi >> 2, (pi >> 2) + ni);
      const faces: number[][] = [];
      let k = 0;
      for (const n of counts) {
        faces.push(Array.from(indices.subarray(k, k + n)));
        k += n;
      }
      return { vertices, faces };
    } finally {
      this.m._sat_3d_free(ptr);
    }
  }

  // ----- queries -----

  /** Whether two shapes touch. @throws SATError `InvalidTransform`, `InvalidArgument`, `Disposed` */
  overlaps(a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): boolean {
    const [ha, hb] = this.pair('overlaps', a, xfA, b, xfB);
    return this.check('overlaps', this.m._sat_3d_overlap(ha, hb)) === 1;
  }

  /** Contacts of two shapes, or null when apart. @throws SATError `InvalidTransform`, `InvalidArgument`, `Disposed` */
  collide(a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): Manifold3 | null {
    const [ha, hb] = this.pair('collide', a, xfA, b, xfB);
    const n = this.check('collide', this.m._sat_3d_collide(ha, hb));
    if (n === 0) return null;
    return this.readManifold(this.m.HEAPF32, this.m.HEAPU32, this.scratch + this.layout.out, n);
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
    const L = this.layout;
    const ptr = this.alloc('collideDebug', 4 * (L.debugHeader + L.manifoldFloats));
    try {
      const n = this.check('collideDebug', this.m._sat_3d_collide_debug(ha, hb, ptr));
      const f = this.m.HEAPF32, o = ptr >> 2;
      return {
        kind: SAT_AXIS_KINDS[f[o]] ?? 'none',
        indexA: f[o + 1],
        indexB: f[o + 2],
        axis: { x: f[o + 3], y: f[o + 4], z: f[o + 5] },
        separation: f[o + 6],
        minA: f[o + 7],
        maxA: f[o + 8],
        minB: f[o + 9],
        maxB: f[o + 10],
        edgeA: f[o + 11] >= 0 ? [f[o + 11], f[o + 12]] : null,
        edgeB: f[o + 13] >= 0 ? [f[o + 13], f[o + 14]] : null,
        manifold: n > 0 ? this.readManifold(f, this.m.HEAPU32, o + L.debugHeader, n) : null,
      };
    } finally {
      this.m._sat_3d_free(ptr);
    }
  }

  /** Distance and closest points (distance 0 when overlapping). @throws SATError as {@link SAT3D.collide} */
  distance(a: Shape3, xfA: Transform3, b: Shape3, xfB: Transform3): Distance3 {
    const [ha, hb] = this.pair('distance', a, xfA, b, xfB);
    this.check('distance', this.m._sat_3d_distance(ha, hb));
    const f = this.m.HEAPF32, o = this.scratch + this.layout.out;
    return {
      pointA: { x: f[o], y: f[o + 1], z: f[o + 2] },
      pointB: { x: f[o + 3], y: f[o + 4], z: f[o + 5] },
      normal: { x: f[o + 6], y: f[o + 7], z: f[o + 8] },
      distance: f[o + 9],
    };
  }

  /** Where a ray first enters a shape, or null (also when it starts inside). @throws SATError `InvalidTransform`, `InvalidArgument` */
  raycast(shape: Shape3, xf: Transform3, ray: Ray3): RaycastHit3 | null {
    const h = this.handleOf('raycast', 'shape', shape);
    this.writeTransform('raycast', 'xf', xf, this.scratch + this.layout.inXfA);
    if (typeof ray !== 'object' || ray === null) throw new SATError('InvalidArgument', `raycast: ray must be an object {origin, translation, maxFraction?}, got ${describe(ray)}`);
    const o = this.vec('raycast', 'ray.origin', ray.origin), t = this.vec('raycast', 'ray.translation', ray.translation);
    const maxFraction = ray.maxFraction ?? 1;
    this.numbers('raycast', { 'ray.maxFraction': maxFraction });
    const f = this.m.HEAPF32, e = this.scratch + this.layout.inExtra;
    f[e] = o.x, f[e + 1] = o.y, f[e + 2] = o.z, f[e + 3] = t.x, f[e + 4] = t.y, f[e + 5] = t.z, f[e + 6] = maxFraction;
    if (this.check('raycast', this.m._sat_3d_raycast(h)) !== 1) return null;
    const r = this.scratch + this.layout.out;
    return { point: { x: f[r], y: f[r + 1], z: f[r + 2] }, normal: { x: f[r + 3], y: f[r + 4], z: f[r + 5] }, fraction: f[r + 6] };
  }

  /**
   * Many pairs in one call (the fast path for scenes). `transforms` holds 10 floats per shape (x, y, z, qx, qy, qz,
   * qw, sx, sy, sz); `pairs` holds index pairs into `shapes`. Pass the same `caches` array (2 words per pair,
   * zero-filled at first) every frame to keep the per-pair SAT cache.
   * @returns `counts[p]` (contact count of pair p, 0 when apart) and `manifolds` (24 floats per pair: normal xyz,
   *   depth, then 4 contacts of x, y, z, depth, id-bits); both copied out of the module.
   * @throws SATError `InvalidTransform` (naming the shape), `InvalidArgument` (a bad index or array)
   */
  collideMany(
    shapes: readonly Shape3[],
    transforms: Float32Array,
    pairs: Int32Array,
    caches?: Uint32Array,
  ): { counts: Int32Array; manifolds: Float32Array; touching: number } {
    const L = this.layout, n = shapes.length, np = pairs.length >> 1;
    if (!(transforms instanceof Float32Array) || transforms.length !== n * L.xfFloats) {
      throw new SATError('InvalidArgument', `collideMany: transforms must be a Float32Array of ${n * L.xfFloats} floats (${L.xfFloats} per shape)`);
    }
    if (!(pairs instanceof Int32Array) || (pairs.length & 1)) throw new SATError('InvalidArgument', 'collideMany: pairs must be an Int32Array of index pairs');
    if (caches !== undefined && (!(caches instanceof Uint32Array) || caches.length !== np * L.cacheWords)) {
      throw new SATError('InvalidArgument', `collideMany: caches must be a Uint32Array of ${np * L.cacheWords} words`);
    }
    const handles = shapes.map((s, i) => this.handleOf('collideMany', `shapes[${i}]`, s));
    const bytes = 4 * (n + transforms.length + pairs.length + np + np * L.manifoldFloats + (caches ? caches.length : 0));
    const ptr = this.alloc('collideMany', bytes);
    try {
      const ph = ptr, px = ph + 4 * n, pp = px + 4 * transforms.length, pc = pp + 4 * pairs.length;
      const pm = pc + 4 * np, pk = pm + 4 * np * L.manifoldFloats;
      this.m.HEAP32.set(handles, ph >> 2);
      this.m.HEAPF32.set(transforms, px >> 2);
      this.m.HEAP32.set(pairs, pp >> 2);
      if (caches) this.m.HEAPU32.set(caches, pk >> 2);
      const r = this.m._sat_3d_collide_many(ph, n, px, pp, np, pc, pm, caches ? pk : 0);
      if (r < 0) {
        const bad = this.m.HEAP32[this.scratch + L.outError];
        const status = -r & 0xff, arg = (-r >> 8) & 0xff;
        const what = arg === 0 ? `shapes[${bad}] / its transform` : arg === 1 ? `pairs[${bad}]` : 'an argument';
        throw new SATError(CORE_STATUS_CODES[status] ?? 'InvalidArgument', `collideMany: ${what} is invalid (${this.message(status)})`);
      }
      if (caches) caches.set(this.m.HEAPU32.subarray(pk >> 2, (pk >> 2) + caches.length));
      return {
        counts: this.m.HEAP32.slice(pc >> 2, (pc >> 2) + np),
        manifolds: this.m.HEAPF32.slice(pm >> 2, (pm >> 2) + np * L.manifoldFloats),
        touching: r,
      };
    } finally {
      this.m._sat_3d_free(ptr);
    }
  }

  /** A 3D collision world (see {@link World3}). Free it with `dispose()`. @throws SATError `InvalidArgument` */
  createWorld(options: World3Options = {}): World3 {
    return new World3(this, this.m as World3Module, options);
  }

  // ----- internals -----

  /** @internal */
  release(shape: Shape3): void {
    this.m._sat_3d_release(shape.handle);
    shape.handle = 0;
  }

  private message(status: number): string {
    const p = this.m._sat_3d_status_message(status);
    let s = '';
    for (let i = p; this.m.HEAPU8[i] !== 0 && i < p + 200; ++i) s += String.fromCharCode(this.m.HEAPU8[i]);
    return s;
  }

  private check(fn: string, r: number): number {
    if (r >= 0) return r;
    const status = -r & 0xff, arg = (-r >> 8) & 0xff;
    const code = CORE_STATUS_CODES[status] ?? 'InvalidArgument';
    throw new SATError(code, `${fn}: ${arg === 0 ? 'the first shape or transform' : 'the second shape or transform'} is invalid (${this.message(status)})`);
  }

  private made(fn: string, r: number, kind: Shape3Kind): Shape3 {
    if (r < 0) {
      const status = -r & 0xff;
      throw new SATError(CORE_STATUS_CODES[status] ?? 'InvalidArgument', `${fn}: ${this.message(status)}`);
    }
    return new Shape3(this, r, kind);
  }

  private alloc(fn: string, bytes: number): number {
    const p = this.m._sat_3d_malloc(Math.max(16, bytes));
    if (p === 0) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow by ${bytes} bytes`);
    return p;
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

  private handleOf(fn: string, name: string, s: unknown): number {
    if (!(s instanceof Shape3)) throw new SATError('InvalidArgument', `${fn}: ${name} must be a Shape3, got ${describe(s)}`);
    if (s.owner !== this) throw new SATError('InvalidArgument', `${fn}: ${name} is a shape of another loaded 3D module`);
    if (s.handle <= 0) throw new SATError('Disposed', `${fn}: ${name} was disposed`);
    return s.handle;
  }

  private writeTransform(fn: string, name: string, xf: unknown, at: number): void {
    const t = xf as Transform3;
    if (typeof xf !== 'object' || xf === null || typeof t.x !== 'number' || typeof t.y !== 'number' || typeof t.z !== 'number') {
      throw new SATError('InvalidTransform', `${fn}: ${name} must be a transform {x, y, z, rotation?, scale?}, got ${describe(xf)}`);
    }
    // No temporary objects or arrays: this runs on every per-call query.
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
    this.writeTransform(fn, 'xfA', xfA, this.scratch + this.layout.inXfA);
    this.writeTransform(fn, 'xfB', xfB, this.scratch + this.layout.inXfB);
    return [ha, hb];
  }

  private readManifold(f: Float32Array, u: Uint32Array, o: number, n: number): Manifold3 {
    const contacts: Contact3[] = [];
    for (let i = 0; i < n; ++i) {
      const p = o + 4 + this.layout.pointFloats * i;
      contacts.push({ x: f[p], y: f[p + 1], z: f[p + 2], depth: f[p + 3], id: u[p + 4] });
    }
    return { normal: { x: f[o], y: f[o + 1], z: f[o + 2] }, depth: f[o + 3], contacts };
  }
}

/**
 * Loads the 3D module. The same options as `loadSAT` (variant choice, `wasmBinary` of `sat3d-<variant>.wasm`,
 * `instantiateWasm`, `locateFile`, `moduleFactory`: the glue's factory of the chosen variant, for platforms that
 * evaluate the glue themselves); `narrowPhaseOnly` does not apply.
 * @throws SATError `LoadFailed` when the module cannot be fetched, compiled or instantiated; `InvalidArgument`
 */
export async function load3D(options: Omit<LoadOptions, 'narrowPhaseOnly'> = {}): Promise<SAT3D> {
  if (typeof options !== 'object' || options === null) {
    throw new SATError('InvalidArgument', `load3D: options must be an object, got ${describe(options)}`);
  }
  if (options.moduleFactory !== undefined && typeof options.moduleFactory !== 'function') {
    throw new SATError('InvalidArgument', 'load3D: options.moduleFactory must be a function');
  }
  const variant = chooseVariant(options);
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
      const file = `sat3d-${variant}.wasm`;
      const location = options.locateFile ? options.locateFile(file, variant) : defaultWasmUrl3(variant);
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
    const factory = (options.moduleFactory ?? (await importGlue3(variant)).default) as Module3DFactory;
    return new SAT3D(await factory(factoryOptions), variant);
  } catch (e) {
    if (e instanceof SATError) throw e;
    const log = loadLog.length ? ` (${loadLog.join('; ')})` : '';
    throw new SATError('LoadFailed', `load3D: the ${variant} 3D build failed to load: ${(e as Error)?.message ?? String(e)}${log}`);
  }
}

