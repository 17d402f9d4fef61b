/**
 * The narrow-phase API: shapes stored in the WebAssembly module and addressed by handle, and the queries.
 * @module
 */
import { SATError, describe, isFiniteFloat32, isFiniteNumber } from './errors.js';
import { CORE_CONSTANTS, E, K, STATUS_CODE, readConstants, readEnums, statusOf } from './layout.js';
import type { SATModule } from './module.js';
import { World, type WorldOptions } from './world.js';
import { explainPair, type AxisCache, type Explanation } from './explain.js';
import { CollisionBatch, bulkTransformError } from './batch.js';
import type {
  AABB,
  CollideManyOptions,
  CollideManyResult,
  Contact,
  DistanceResult,
  Manifold,
  ManifoldResult,
  PointsInput,
  Ray,
  RaycastHit,
  Transform,
  Vec2,
} from './types.js';

/** Which build of the module is running. */
export type Variant = 'simd' | 'baseline' | 'asmjs';

/** Kind of a {@link Shape}. */
export type ShapeKind = 'circle' | 'capsule' | 'polygon' | 'segment';



/** Cached description of a stored shape (shapes are immutable). */
interface ShapeInfo {
  radius: number;
  centroid: Vec2;
  area: number;
  localBounds: AABB;
  vertexCount: number;
  centers: Vec2[];
  vertices?: Vec2[];
  normals?: Vec2[];
}

const registryHeld = new WeakMap<Shape, object>();

/**
 * A convex shape stored inside the WebAssembly module: a circle, a capsule or a convex polygon, in its own
 * local frame. Shapes are immutable and made by the makers of {@link SAT} (`polygon`, `hull`, `box`, `circle`,
 * `capsule`). Place a shape in the world by passing a {@link Transform} with it to a query; the same shape can
 * be used at any number of places.
 *
 * Lifetime: call {@link Shape.dispose} when done. Using a disposed shape throws `SATError('Disposed')`. A
 * FinalizationRegistry frees shapes that are garbage-collected without `dispose()`, as a safety net only.
 */
export class Shape {
  /** @internal handle in the module's shape store; 0 once disposed */
  _h: number;
  /** @internal the module that owns the shape */
  readonly _sat: SAT;
  /** Which kind of shape this is. */
  readonly kind: ShapeKind;
  private _info: ShapeInfo | undefined;

  /** @internal Shapes are made by the makers of {@link SAT}, not constructed directly. */
  constructor(sat: SAT, handle: number, kind: ShapeKind) {
    this._sat = sat;
    this._h = handle;
    this.kind = kind;
  }

  /** Whether {@link Shape.dispose} has been called. */
  get disposed(): boolean {
    return this._h === 0;
  }

  /**
   * The shape's integer handle in the module (positive). Stable for the shape's life; a handle is never reused
   * for another shape while this one lives. Throws `Disposed` after `dispose()`.
   */
  get handle(): number {
    if (this._h === 0) throw disposedError('Shape.handle', 'this shape');
    return this._h;
  }

  /** Frees the shape in the module. Harmless when called again. */
  dispose(): void {
    if (this._h === 0) return;
    this._sat._release(this);
  }

  private info(what: string): ShapeInfo {
    if (this._h === 0) throw disposedError(`Shape.${what}`, 'this shape');
    return (this._info ??= this._sat._describe(this));
  }

  /** Radius of a circle or capsule; 0 for a polygon or segment. */
  get radius(): number {
    return this.info('radius').radius;
  }

  /** Centre of mass in local coordinates. */
  get centroid(): Vec2 {
    const c = this.info('centroid').centroid;
    return { x: c.x, y: c.y };
  }

  /** Area in square world units (unscaled). */
  get area(): number {
    return this.info('area').area;
  }

  /** Bounds in local coordinates. */
  get localBounds(): AABB {
    const b = this.info('localBounds').localBounds;
    return { lower: { ...b.lower }, upper: { ...b.upper } };
  }

  /** Number of stored vertices of a polygon (after welding and dropping collinear points); 0 otherwise. */
  get vertexCount(): number {
    return this.info('vertexCount').vertexCount;
  }

  /**
   * The stored vertices of a polygon in local coordinates, counter-clockwise (a fresh copy); the centre of a
   * circle; the two cap centres of a capsule; the two points of a segment.
   */
  get vertices(): Vec2[] {
    const info = this.info('vertices');
    return (info.vertices ?? info.centers).map((v) => ({ x: v.x, y: v.y }));
  }

  /** Unit outward edge normals of a polygon (normal i belongs to the edge from vertex i to i+1); [] otherwise. */
  get normals(): Vec2[] {
    return (this.info('normals').normals ?? []).map((v) => ({ x: v.x, y: v.y }));
  }

  /**
   * World-space bounds of the shape under a transform.
   * @param xf - where the shape is
   */
  bounds(xf: Transform): AABB {
    return this._sat._bounds(this, xf);
  }
}

function disposedError(fn: string, what: string): SATError {
  return new SATError('Disposed', `${fn}: ${what} has been disposed`);
}

/** Makes a fresh {@link ManifoldResult} (all zero). @internal */
function emptyManifold(): ManifoldResult {
  return {
    touching: false,
    normal: { x: 0, y: 0 },
    depth: 0,
    contactCount: 0,
    contacts: [
      { x: 0, y: 0, depth: 0, id: 0 },
      { x: 0, y: 0, depth: 0, id: 0 },
    ],
  };
}

/**
 * A loaded sat-wasm module: shape makers and narrow-phase queries. Get one with {@link loadSAT}.
 *
 * Every query takes shapes with their transforms: `(a, xfA, b, xfB)`. Normals point from A to B. Bad input
 * throws {@link SATError} with a `code` and a message naming the argument; the module stays usable afterwards.
 */
export class SAT {
  /** Which build is running: `'simd'`, `'baseline'` (WebAssembly without SIMD) or `'asmjs'`. */
  readonly variant: Variant;
  /** @internal the raw Emscripten module, for other binding modules (a world) */
  readonly _m: SATModule;
  /** @internal float index of the scratch block */
  readonly _s: number;
  private _f32: Float32Array;
  _i32: Int32Array;
  private _u32: Uint32Array;
  private readonly _registry: FinalizationRegistry<number> | null;
  private readonly _maxPolygonVertices: number;
  private readonly _maxHullInput: number;
  private readonly _maxCoordinate: number;
  /** collideMany's batch (its arrays reused from call to call). */
  private _bulk: CollisionBatch | null = null;

  /**
   * false for the build without dynamic code generation (its Embind glue calls through a generic invoker), which
   * {@link loadSAT} picks where `eval` / `new Function` are refused; true for the default builds.
   */
  readonly dynamicExecution: boolean;

  /**
   * Threads a world's update() runs on unless {@link WorldOptions.threads} says otherwise: `loadSAT`'s `threads`
   * (1 by default, the single-thread build).
   */
  readonly threads: number;

  /** The most threads a world of this module runs on: 1 for the single-thread builds. */
  get maxThreads(): number {
    return this._m.World?.maxThreads() ?? 1;
  }

  /** @internal Use {@link loadSAT}. Reads the module's constants and enums (LoadFailed when they do not match). */
  constructor(module: SATModule, variant: Variant, dynamicExecution = true, threads = 1) {
    readConstants(module, CORE_CONSTANTS);
    readEnums(module);
    this._m = module;
    this.variant = variant;
    this.dynamicExecution = dynamicExecution;
    this.threads = threads;
    this._s = module.ShapeStore.scratch().byteOffset >> 2;
    this._f32 = module.HEAPF32;
    this._i32 = module.HEAP32;
    this._u32 = module.HEAPU32;
    this._maxPolygonVertices = K.MAX_POLYGON_VERTICES;
    this._maxHullInput = K.MAX_HULL_INPUT;
    this._maxCoordinate = K.MAX_COORDINATE;
    const store = module.ShapeStore;
    this._registry =
      typeof FinalizationRegistry === 'function'
        ? new FinalizationRegistry<number>((handle) => {
            store.release(handle);
          })
        : null;
  }

  /** Largest vertex count of a polygon after cleaning (256). */
  get maxPolygonVertices(): number {
    return this._maxPolygonVertices;
  }

  /** Largest coordinate magnitude the makers and transforms accept (1e6). */
  get maxCoordinate(): number {
    return this._maxCoordinate;
  }

  /** Number of shapes alive in the module (made and not yet disposed or collected). */
  get liveShapes(): number {
    return this._m.ShapeStore.live();
  }

  /**
   * A new collision world (broad phase, pair cache, begin / stay / end events, queries) in this module. See
   * {@link World} and docs/world-api.md. Call `world.dispose()` when done.
   *
   * @param options - broad phase and sizing, see {@link WorldOptions}
   * @throws SATError `InvalidArgument` for bad options, `OutOfMemory`
   */
  createWorld(options?: WorldOptions): World {
    return new World(this, options);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Internals shared with Shape and with other binding modules.

  /** @internal Current heap views; memory growth replaces the buffer, so views are re-taken when stale. */
  _heap(): Float32Array {
    const f32 = this._m.HEAPF32;
    if (f32 !== this._f32) {
      this._f32 = f32;
      this._i32 = this._m.HEAP32;
      this._u32 = this._m.HEAPU32;
    }
    return f32;
  }

  /**
   * @internal The growable buffer, at least `bytes` long: its byte address (it moves when it grows), or 0 when the
   * memory cannot grow.
   */
  _buffer(bytes: number): number {
    // The block only moves when it grows: while it is large enough, no call into the module.
    if (bytes <= this._bufferBytes && this._bufferAt !== 0) return this._bufferAt;
    const view = this._m.ShapeStore.buffer(bytes);
    const ok = view.length >= bytes && view.length > 0;
    this._bufferAt = ok ? view.byteOffset : 0;
    this._bufferBytes = ok ? view.length : 0;
    return this._bufferAt;
  }

  private _bufferAt = 0;
  private _bufferBytes = 0;

  /** @internal The handle of a shape of this module, or throws naming the argument. */
  _handle(shape: Shape, fn: string, arg: string): number {
    if (shape == null || shape._sat !== this) {
      if (shape instanceof Shape) {
        throw new SATError('InvalidArgument', `${fn}: ${arg} is a shape of another loaded sat-wasm module`);
      }
      throw new SATError('InvalidArgument', `${fn}: ${arg} must be a Shape, got ${describe(shape)}`);
    }
    const h = shape._h;
    if (h === 0) throw disposedError(fn, arg);
    return h;
  }

  /** @internal Writes a transform into the heap at float index `o`, checking its types. */
  _writeTransform(f32: Float32Array, o: number, xf: Transform, fn: string, arg: string): void {
    if (typeof xf !== 'object' || xf === null) {
      throw new SATError('InvalidTransform', `${fn}: ${arg} must be a transform {x, y, angle?, scaleX?, scaleY?}, got ${describe(xf)}`);
    }
    const x = xf.x;
    const y = xf.y;
    let angle = xf.angle;
    let scaleX = xf.scaleX;
    let scaleY = xf.scaleY;
    if (angle === undefined) angle = 0;
    if (scaleX === undefined) scaleX = 1;
    if (scaleY === undefined) scaleY = 1;
    if (
      typeof x !== 'number' ||
      typeof y !== 'number' ||
      typeof angle !== 'number' ||
      typeof scaleX !== 'number' ||
      typeof scaleY !== 'number'
    ) {
      throw this._transformError(xf, fn, arg, E.Status.InvalidTransform);
    }
    f32[o] = x;
    f32[o + 1] = y;
    f32[o + 2] = angle;
    f32[o + 3] = scaleX;
    f32[o + 4] = scaleY;
  }

  /** @internal The error for a transform the core refused (or whose fields have wrong types). */
  _transformError(xf: Transform, fn: string, arg: string, status: number): SATError {
    const fields = ['x', 'y', 'angle', 'scaleX', 'scaleY'] as const;
    const optional = { x: false, y: false, angle: true, scaleX: true, scaleY: true };
    for (const field of fields) {
      const v = (xf as unknown as Record<string, unknown>)[field];
      if (v === undefined && optional[field]) continue;
      if (typeof v !== 'number') {
        return new SATError('InvalidTransform', `${fn}: ${arg}.${field} must be a number, got ${describe(v)}`);
      }
      if (!isFiniteFloat32(v)) {
        return new SATError('InvalidTransform', `${fn}: ${arg}.${field} is ${v}: transform components must be finite`);
      }
    }
    const reason = STATUS_CODE[status] ?? 'InvalidTransform';
    return new SATError(
      'InvalidTransform',
      `${fn}: ${arg} is not a usable transform (${reason}): |x|, |y| must be <= 1e6, |angle| <= 1e9 and |scaleX|, |scaleY| in [1e-6, 1e6]`,
    );
  }

  /** @internal Turns a negative return code of a two-shape query into an error. */
  _pairError(code: number, fn: string, a: string, xfA: Transform, b: string, xfB: Transform): SATError {
    const status = statusOf(code);
    const which = -code >> K.ERROR_ARGUMENT_SHIFT;
    if (status === E.Status.NonFinite || status === E.Status.InvalidTransform || status === E.Status.OutOfRange) {
      return which === 0
        ? this._transformError(xfA, fn, 'xfA', status)
        : this._transformError(xfB, fn, 'xfB', status);
    }
    return this._statusError(status, `${fn}: ${which === 0 ? a : b}`);
  }

  /** @internal An error for a core status, with the core's explanation. */
  _statusError(status: number, prefix: string): SATError {
    const code = STATUS_CODE[status] ?? 'InvalidArgument';
    return new SATError(code, `${prefix}: ${this._m.statusMessage(status)} (${code})`);
  }

  /** @internal */
  _release(shape: Shape): void {
    const h = shape._h;
    shape._h = 0;
    const token = registryHeld.get(shape);
    if (token && this._registry) this._registry.unregister(token);
    this._m.ShapeStore.release(h);
  }

  /** @internal */
  _describe(shape: Shape): ShapeInfo {
    const store = this._m.ShapeStore;
    const v = store.info(shape._h);
    if (v.status < 0) throw this._statusError(statusOf(v.status), 'Shape');
    const kind = v.kind;
    const info: ShapeInfo = {
      radius: v.radius,
      centroid: v.centroid,
      area: v.area,
      localBounds: v.localBounds,
      vertexCount: v.vertexCount,
      centers: kind === E.ShapeKind.Circle ? [v.center1] : kind === E.ShapeKind.Capsule || kind === E.ShapeKind.Segment ? [v.center1, v.center2] : [],
    };
    if (kind === E.ShapeKind.Polygon) {
      const count = v.vertexCount;
      const ptr = this._buffer(count * 16);
      if (ptr === 0) throw new SATError('OutOfMemory', 'Shape.vertices: the WebAssembly memory could not grow');
      const n = store.vertices(shape._h);
      if (n !== count) throw this._statusError(statusOf(n), 'Shape.vertices');
      const g = this._heap();
      const base = ptr >> 2;
      info.vertices = [];
      info.normals = [];
      for (let i = 0; i < count; i++) {
        info.vertices.push({ x: g[base + 2 * i], y: g[base + 2 * i + 1] });
        info.normals.push({ x: g[base + 2 * count + 2 * i], y: g[base + 2 * count + 2 * i + 1] });
      }
    }
    return info;
  }

  /** @internal */
  _bounds(shape: Shape, xf: Transform): AABB {
    const h = this._handle(shape, 'Shape.bounds', 'this shape');
    // Checked as for every query (named errors), then passed as the Transform value object.
    const f = this._heap();
    const o = this._s + K.SCRATCH_IN_XF_A;
    this._writeTransform(f, o, xf, 'Shape.bounds', 'xf');
    const r = this._m.ShapeStore.bounds(h, { x: xf.x, y: xf.y, angle: xf.angle ?? 0, scaleX: xf.scaleX ?? 1, scaleY: xf.scaleY ?? 1 });
    if (r.status < 0) throw this._transformError(xf, 'Shape.bounds', 'xf', E.Status.InvalidTransform);
    return r.bounds;
  }

  private _adopt(handle: number, fn: string, kind: ShapeKind): Shape {
    if (handle < 0) throw this._statusError(statusOf(handle), fn);
    const shape = new Shape(this, handle, kind);
    if (this._registry) {
      const token = {};
      registryHeld.set(shape, token);
      this._registry.register(shape, handle, token);
    }
    return shape;
  }

  /** Checks a scalar argument of a maker: a finite number. */
  private _number(v: unknown, fn: string, arg: string): number {
    if (typeof v !== 'number') throw new SATError('InvalidArgument', `${fn}: ${arg} must be a number, got ${describe(v)}`);
    if (!isFiniteFloat32(v)) throw new SATError('NonFinite', `${fn}: ${arg} is ${v}: it must be finite`);
    return v;
  }

  private _point(v: unknown, fn: string, arg: string): Vec2 {
    if (typeof v !== 'object' || v === null) {
      throw new SATError('InvalidArgument', `${fn}: ${arg} must be a point {x, y}, got ${describe(v)}`);
    }
    const p = v as Record<string, unknown>;
    return { x: this._number(p.x, fn, `${arg}.x`), y: this._number(p.y, fn, `${arg}.y`) };
  }

  /** Copies an outline / point cloud into the heap; returns [pointer, point count]. */
  private _writePoints(points: PointsInput, fn: string): [number, number] {
    if (typeof points !== 'object' || points === null || typeof (points as ArrayLike<unknown>).length !== 'number') {
      throw new SATError('InvalidArgument', `${fn}: points must be an array of numbers [x0, y0, ...] or of {x, y}, got ${describe(points)}`);
    }
    const list = points as ArrayLike<unknown>;
    const n = list.length;
    const objects = n > 0 && typeof list[0] === 'object' && list[0] !== null;
    if (!objects && n % 2 !== 0) {
      throw new SATError('InvalidArgument', `${fn}: points has odd length ${n}: a flat array holds x, y pairs`);
    }
    const count = objects ? n : n / 2;
    if (count > this._maxHullInput) {
      throw new SATError('TooManyPoints', `${fn}: ${count} points is more than the ${this._maxHullInput} accepted`);
    }
    const ptr = this._buffer(Math.max(count, 1) * 8);
    if (ptr === 0) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow`);
    const f = this._heap();
    const base = ptr >> 2;
    for (let i = 0; i < n; i++) {
      if (objects) {
        const p = list[i];
        if (typeof p !== 'object' || p === null) {
          throw new SATError('InvalidArgument', `${fn}: points[${i}] must be a point {x, y}, got ${describe(p)}`);
        }
        const q = p as Record<string, unknown>;
        f[base + 2 * i] = this._number(q.x, fn, `points[${i}].x`);
        f[base + 2 * i + 1] = this._number(q.y, fn, `points[${i}].y`);
      } else {
        f[base + i] = this._number(list[i], fn, `points[${i}]`);
      }
    }
    return [ptr, count];
  }

  // ---------------------------------------------------------------------------------------------------------
  // Makers

  /**
   * A convex polygon from an outline in either winding (stored counter-clockwise), optionally closed (last
   * point equal to the first). Near-duplicate points are welded and collinear ones dropped.
   *
   * @param points - flat `[x0, y0, x1, y1, ...]` or `{x, y}[]`, local coordinates, at most 256 after cleaning
   * @throws SATError `TooFewPoints`, `TooManyPoints`, `NonFinite`, `OutOfRange`, `ZeroArea`, `SelfIntersecting`,
   *   `Concave` (use {@link SAT.hull} to repair explicitly), `InvalidArgument` (not an array, odd length, strings)
   */
  polygon(points: PointsInput): Shape {
    const [, count] = this._writePoints(points, 'polygon');
    return this._adopt(this._m.ShapeStore.polygon(count, false), 'polygon', 'polygon');
  }

  /**
   * The convex hull of any point cloud (order irrelevant), as a polygon. Same cleaning and limits as
   * {@link SAT.polygon}: the hull may have at most 256 vertices.
   *
   * @param points - flat `[x0, y0, x1, y1, ...]` or `{x, y}[]`, local coordinates
   * @throws SATError `TooFewPoints`, `TooManyPoints`, `NonFinite`, `OutOfRange`, `ZeroArea`, `InvalidArgument`
   */
  hull(points: PointsInput): Shape {
    const [, count] = this._writePoints(points, 'hull');
    return this._adopt(this._m.ShapeStore.polygon(count, true), 'hull', 'polygon');
  }

  /**
   * Splits a simple outline, concave or not, into convex polygons that tile it (ear clipping, then
   * Hertel-Mehlhorn merging). The explicit repair for a `Concave` outline when its shape matters (`hull` fills
   * the dents). Each part is its own {@link Shape}, in the outline's local frame: collide each, or hand them to a
   * World body. A convex outline comes back as one part. Allocates in the module: call it when a shape is made.
   *
   * @param points - flat `[x0, y0, x1, y1, ...]` or `{x, y}[]`, either winding, at most 1024 points
   * @returns the convex parts (dispose each when done)
   * @throws SATError `TooFewPoints`, `TooManyPoints`, `NonFinite`, `OutOfRange`, `ZeroArea`, `SelfIntersecting`,
   *   `InvalidArgument`
   */
  decompose(points: PointsInput): Shape[] {
    // The points at the start of the buffer; the parts' handles come back in their place.
    const [ptr, count] = this._writePoints(points, 'decompose');
    const n = this._m.ShapeStore.decompose(count);
    if (n < 0) throw this._statusError(statusOf(n), 'decompose');
    this._heap();
    const handles = Array.from(this._i32.subarray(ptr >> 2, (ptr >> 2) + n));
    return handles.map((h) => this._adopt(h, 'decompose', 'polygon'));
  }

  /**
   * A rectangle `width` by `height` (full sizes, like SAT.js' `Box`), centred on the local origin or on
   * `options.center`, and rotated by `options.angle` in its local frame.
   *
   * @param width - full width, > 0
   * @param height - full height, > 0
   * @param options - `center` (default {0, 0}) and `angle` in radians (default 0)
   * @throws SATError `ZeroArea` (a size <= 0), `NonFinite`, `OutOfRange`, `InvalidArgument`
   */
  box(width: number, height: number, options?: { center?: Vec2; angle?: number }): Shape {
    this._number(width, 'box', 'width');
    this._number(height, 'box', 'height');
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw new SATError('InvalidArgument', `box: options must be an object {center?, angle?}, got ${describe(options)}`);
    }
    const center = options?.center === undefined ? { x: 0, y: 0 } : this._point(options.center, 'box', 'options.center');
    const angle = options?.angle === undefined ? 0 : this._number(options.angle, 'box', 'options.angle');
    if (!(width > 0) || !(height > 0)) {
      throw new SATError('ZeroArea', `box: width and height must be > 0, got ${width} x ${height}`);
    }
    const handle = this._m.ShapeStore.box(width / 2, height / 2, center.x, center.y, angle);
    return this._adopt(handle, `box(${width}, ${height})`, 'polygon');
  }

  /**
   * A circle.
   *
   * @param radius - > 0
   * @param center - local centre, default {0, 0}
   * @throws SATError `InvalidRadius` (radius <= 0), `NonFinite`, `OutOfRange`, `InvalidArgument`
   */
  circle(radius: number, center?: Vec2): Shape {
    this._number(radius, 'circle', 'radius');
    const c = center === undefined ? { x: 0, y: 0 } : this._point(center, 'circle', 'center');
    return this._adopt(this._m.ShapeStore.circle(c.x, c.y, radius), `circle(radius=${radius})`, 'circle');
  }

  /**
   * A capsule: the segment from `center1` to `center2` swept by a disc of `radius`.
   *
   * @param center1 - local centre of the first cap
   * @param center2 - local centre of the second cap (must differ from center1; use a circle otherwise)
   * @param radius - > 0
   * @throws SATError `ZeroLength`, `InvalidRadius`, `NonFinite`, `OutOfRange`, `InvalidArgument`
   */
  capsule(center1: Vec2, center2: Vec2, radius: number): Shape {
    const p = this._point(center1, 'capsule', 'center1');
    const q = this._point(center2, 'capsule', 'center2');
    this._number(radius, 'capsule', 'radius');
    return this._adopt(this._m.ShapeStore.capsule(p.x, p.y, q.x, q.y, radius), `capsule(radius=${radius})`, 'capsule');
  }

  /**
   * A segment from `point1` to `point2`: a capsule of radius 0, two-sided, with no area. It collides, overlaps,
   * measures distance and takes rays like any shape; no point is inside it (containsPoint is always false).
   *
   * @param point1 - local first point
   * @param point2 - local second point (must differ from point1)
   * @throws SATError `Degenerate` (coincident points), `NonFinite`, `OutOfRange`, `InvalidArgument`
   */
  segment(point1: Vec2, point2: Vec2): Shape {
    const p = this._point(point1, 'segment', 'point1');
    const q = this._point(point2, 'segment', 'point2');
    return this._adopt(this._m.ShapeStore.segment(p.x, p.y, q.x, q.y), 'segment', 'segment');
  }

  // ---------------------------------------------------------------------------------------------------------
  // Queries

  /**
   * Whether two placed shapes touch (overlap, or are within the contact tolerance). Agrees exactly with
   * {@link SAT.collide}: `overlaps(...)` is true when `collide(...)` is not null.
   *
   * @param a - shape A
   * @param xfA - where A is
   * @param b - shape B
   * @param xfB - where B is
   * @throws SATError `InvalidArgument`, `Disposed`, `InvalidTransform`
   */
  overlaps(a: Shape, xfA: Transform, b: Shape, xfB: Transform): boolean {
    const ha = this._handle(a, 'overlaps', 'a');
    const hb = this._handle(b, 'overlaps', 'b');
    const f = this._heap();
    const s = this._s;
    this._writeTransform(f, s + K.SCRATCH_IN_XF_A, xfA, 'overlaps', 'xfA');
    this._writeTransform(f, s + K.SCRATCH_IN_XF_B, xfB, 'overlaps', 'xfB');
    const r = this._m.overlap(ha, hb);
    if (r < 0) throw this._pairError(r, 'overlaps', 'a', xfA, 'b', xfB);
    return r === 1;
  }

  /**
   * The contact manifold of two placed shapes, or null when they are apart. The normal points from A to B;
   * moving B by `normal * depth` separates them. Allocates the result; see {@link SAT.collideInto} for a
   * variant that fills an object you keep.
   *
   * @param a - shape A
   * @param xfA - where A is
   * @param b - shape B
   * @param xfB - where B is
   * @returns null when apart, else `{ normal, depth, contacts }` with one or two contacts
   * @throws SATError `InvalidArgument`, `Disposed`, `InvalidTransform`
   */
  collide(a: Shape, xfA: Transform, b: Shape, xfB: Transform): Manifold | null {
    const ha = this._handle(a, 'collide', 'a');
    const hb = this._handle(b, 'collide', 'b');
    const f = this._heap();
    const s = this._s;
    this._writeTransform(f, s + K.SCRATCH_IN_XF_A, xfA, 'collide', 'xfA');
    this._writeTransform(f, s + K.SCRATCH_IN_XF_B, xfB, 'collide', 'xfB');
    const n = this._m.collide(ha, hb);
    if (n <= 0) {
      if (n === 0) return null;
      throw this._pairError(n, 'collide', 'a', xfA, 'b', xfB);
    }
    const o = s + K.SCRATCH_OUT;
    const p = o + K.MANIFOLD_POINTS;
    const q = p + K.MANIFOLD_POINT_FLOATS;
    const ids = o + K.MANIFOLD_IDS;
    const u32 = this._u32;
    const c0: Contact = { x: f[p], y: f[p + 1], depth: f[p + 2], id: u32[ids] };
    // The array made at its final length (a push would grow it).
    const contacts = n === 2 ? [c0, { x: f[q], y: f[q + 1], depth: f[q + 2], id: u32[ids + 1] }] : [c0];
    const normal = o + K.MANIFOLD_NORMAL;
    return { normal: { x: f[normal], y: f[normal + 1] }, depth: f[o + K.MANIFOLD_DEPTH], contacts };
  }

  /**
   * {@link SAT.collide} without allocation: fills `out` (make it once with {@link SAT.createManifold}).
   *
   * @param a - shape A
   * @param xfA - where A is
   * @param b - shape B
   * @param xfB - where B is
   * @param out - the result to fill; when apart, `touching` is false and the rest is zeroed
   * @returns whether the shapes touch (`out.touching`)
   * @throws SATError `InvalidArgument` (also for an `out` not shaped like a ManifoldResult), `Disposed`,
   *   `InvalidTransform`
   */
  collideInto(a: Shape, xfA: Transform, b: Shape, xfB: Transform, out: ManifoldResult): boolean {
    const ha = this._handle(a, 'collideInto', 'a');
    const hb = this._handle(b, 'collideInto', 'b');
    if (typeof out !== 'object' || out === null || typeof out.normal !== 'object' || out.normal === null || !Array.isArray(out.contacts)) {
      throw new SATError('InvalidArgument', `collideInto: out must be a ManifoldResult from createManifold(), got ${describe(out)}`);
    }
    const c0 = out.contacts[0];
    const c1 = out.contacts[1];
    if (typeof c0 !== 'object' || c0 === null || typeof c1 !== 'object' || c1 === null) {
      throw new SATError('InvalidArgument', 'collideInto: out.contacts must hold two contact objects (use createManifold())');
    }
    const f = this._heap();
    const s = this._s;
    this._writeTransform(f, s + K.SCRATCH_IN_XF_A, xfA, 'collideInto', 'xfA');
    this._writeTransform(f, s + K.SCRATCH_IN_XF_B, xfB, 'collideInto', 'xfB');
    const n = this._m.collide(ha, hb);
    if (n < 0) throw this._pairError(n, 'collideInto', 'a', xfA, 'b', xfB);
    const o = s + K.SCRATCH_OUT;
    const p = o + K.MANIFOLD_POINTS;
    const q = p + K.MANIFOLD_POINT_FLOATS;
    const ids = o + K.MANIFOLD_IDS;
    const u32 = this._u32;
    out.touching = n > 0;
    out.contactCount = n;
    out.normal.x = f[o + K.MANIFOLD_NORMAL];
    out.normal.y = f[o + K.MANIFOLD_NORMAL + 1];
    out.depth = f[o + K.MANIFOLD_DEPTH];
    c0.x = f[p];
    c0.y = f[p + 1];
    c0.depth = f[p + 2];
    c0.id = u32[ids];
    c1.x = f[q];
    c1.y = f[q + 1];
    c1.depth = f[q + 2];
    c1.id = u32[ids + 1];
    if (n === 0) {
      out.normal.x = 0;
      out.normal.y = 0;
      out.depth = 0;
      c0.x = c0.y = c0.depth = c0.id = 0;
      c1.x = c1.y = c1.depth = c1.id = 0;
    }
    return n > 0;
  }

  /** A zeroed {@link ManifoldResult} for {@link SAT.collideInto}. */
  createManifold(): ManifoldResult {
    return emptyManifold();
  }

  /**
   * SAT step by step: every axis the test of this pair looks at (each face normal of A and of B, and for rounded
   * shapes the line between their closest core points), both projection intervals on each, the separation, and
   * the axis that decides, with the same answer as {@link SAT.collide}. Also whether the bounding boxes overlap
   * (the broad phase's pre-check) and, given the same `cache` object every frame, whether the axis cached from
   * the last frame still separates the pair (then collide() needs one projection). For teaching and debugging:
   * it allocates its result; use collide() in a game loop. It is part of the narrow-phase-only flavour
   * (`loadSAT({ narrowPhaseOnly: true })`), which keeps the full module small.
   *
   * @param a - shape A
   * @param xfA - where A is
   * @param b - shape B
   * @param xfB - where B is
   * @param cache - optional axis cache `{ type, index }`, read and updated as the World updates its own
   * @throws SATError `InvalidArgument`, `Disposed`, `InvalidTransform`; `LoadFailed` on the full module
   */
  explain(a: Shape, xfA: Transform, b: Shape, xfB: Transform, cache?: AxisCache): Explanation {
    return explainPair(this, a, xfA, b, xfB, cache);
  }

  /**
   * Distance and closest points between two placed shapes (GJK). Overlapping shapes give distance 0.
   *
   * @param a - shape A
   * @param xfA - where A is
   * @param b - shape B
   * @param xfB - where B is
   * @throws SATError `InvalidArgument`, `Disposed`, `InvalidTransform`
   */
  distance(a: Shape, xfA: Transform, b: Shape, xfB: Transform): DistanceResult {
    const ha = this._handle(a, 'distance', 'a');
    const hb = this._handle(b, 'distance', 'b');
    const f = this._heap();
    const s = this._s;
    this._writeTransform(f, s + K.SCRATCH_IN_XF_A, xfA, 'distance', 'xfA');
    this._writeTransform(f, s + K.SCRATCH_IN_XF_B, xfB, 'distance', 'xfB');
    const r = this._m.distance(ha, hb);
    if (r.status < 0) throw this._pairError(r.status, 'distance', 'a', xfA, 'b', xfB);
    return { distance: r.distance, pointA: r.pointA, pointB: r.pointB, normal: r.normal, iterations: r.iterations };
  }

  /**
   * Where a ray first enters a placed shape. A ray that starts inside the shape does not hit it.
   *
   * @param shape - the shape
   * @param xf - where it is
   * @param ray - `{ origin, translation, maxFraction? }` in world coordinates
   * @returns the hit, or null
   * @throws SATError `InvalidArgument` (a bad ray), `Disposed`, `InvalidTransform`
   */
  raycast(shape: Shape, xf: Transform, ray: Ray): RaycastHit | null {
    const h = this._handle(shape, 'raycast', 'shape');
    if (typeof ray !== 'object' || ray === null) {
      throw new SATError('InvalidArgument', `raycast: ray must be {origin, translation, maxFraction?}, got ${describe(ray)}`);
    }
    const origin = this._rayPoint(ray.origin, 'ray.origin');
    const translation = this._rayPoint(ray.translation, 'ray.translation');
    let maxFraction = ray.maxFraction;
    if (maxFraction === undefined) maxFraction = 1;
    if (typeof maxFraction !== 'number' || !isFiniteNumber(maxFraction) || maxFraction < 0) {
      throw new SATError('InvalidArgument', `raycast: ray.maxFraction must be a finite number >= 0, got ${describe(maxFraction)}`);
    }
    const f = this._heap();
    const s = this._s;
    this._writeTransform(f, s + K.SCRATCH_IN_XF_A, xf, 'raycast', 'xf');
    const e = s + K.SCRATCH_IN_EXTRA;
    f[e] = origin.x;
    f[e + 1] = origin.y;
    f[e + 2] = translation.x;
    f[e + 3] = translation.y;
    f[e + 4] = maxFraction;
    const r = this._m.raycast(h);
    if (r.status < 0) {
      const which = -r.status >> K.ERROR_ARGUMENT_SHIFT;
      if (which === 1) throw this._transformError(xf, 'raycast', 'xf', statusOf(r.status));
      throw new SATError('InvalidArgument', 'raycast: ray coordinates must be within 1e6');
    }
    if (!r.hit) return null;
    return { point: r.point, normal: r.normal, fraction: r.fraction };
  }

  private _rayPoint(v: unknown, arg: string): Vec2 {
    if (typeof v !== 'object' || v === null) {
      throw new SATError('InvalidArgument', `raycast: ${arg} must be a point {x, y}, got ${describe(v)}`);
    }
    const p = v as Record<string, unknown>;
    for (const k of ['x', 'y'] as const) {
      if (typeof p[k] !== 'number' || !isFiniteNumber(p[k])) {
        throw new SATError('InvalidArgument', `raycast: ${arg}.${k} must be a finite number, got ${describe(p[k])}`);
      }
    }
    return p as unknown as Vec2;
  }

  /**
   * Whether a world point lies inside or on the boundary of a placed shape.
   *
   * @param shape - the shape
   * @param xf - where it is
   * @param point - world point
   * @throws SATError `InvalidArgument`, `Disposed`, `InvalidTransform`
   */
  containsPoint(shape: Shape, xf: Transform, point: Vec2): boolean {
    const h = this._handle(shape, 'containsPoint', 'shape');
    if (typeof point !== 'object' || point === null || typeof point.x !== 'number' || typeof point.y !== 'number' || !isFiniteNumber(point.x) || !isFiniteNumber(point.y)) {
      throw new SATError('InvalidArgument', `containsPoint: point must be {x, y} with finite numbers, got ${describe(point)}`);
    }
    const f = this._heap();
    const s = this._s;
    this._writeTransform(f, s + K.SCRATCH_IN_XF_A, xf, 'containsPoint', 'xf');
    f[s + K.SCRATCH_IN_EXTRA] = point.x;
    f[s + K.SCRATCH_IN_EXTRA + 1] = point.y;
    const r = this._m.containsPoint(h);
    if (r < 0) {
      const which = -r >> K.ERROR_ARGUMENT_SHIFT;
      if (which === 1) throw this._transformError(xf, 'containsPoint', 'xf', statusOf(r));
      throw new SATError('InvalidArgument', 'containsPoint: point coordinates must be within 1e6');
    }
    return r === 1;
  }

  /**
   * The bulk narrow phase: collides many pairs in one call into the module, the fast path for scenes (one
   * boundary crossing for all pairs; inputs and outputs cross as typed arrays).
   *
   * @param shapes - the shapes the pairs refer to, by index: Shape objects, or (fastest, for large scenes) an
   *   Int32Array of their {@link Shape.handle}s, which the module validates; or `null`: then `pairs` holds the
   *   shapes' handles themselves (`[handleA0, handleB0, ...]`, as a JS broad phase produces them) and
   *   transforms are per pair
   * @param transforms - 5 numbers (x, y, angle, scaleX, scaleY) per shape, or with
   *   `options.transformsPer: 'pair'` 10 per pair (A's then B's). A Float32Array is copied fastest.
   * @param pairs - indices into `shapes`, two per pair: `[a0, b0, a1, b1, ...]` (an Int32Array is fastest); with
   *   `shapes` null, shape handles
   * @param options - see {@link CollideManyOptions}; pass `out` to reuse the result arrays and `cache` to keep
   *   each pair's last separating axis across frames
   * @returns the results by pair index, see {@link CollideManyResult}
   * @throws SATError `InvalidArgument` (bad arrays, disposed or foreign shapes, an index out of range, naming
   *   the index), `Disposed`, `InvalidTransform` (naming the shape or pair), `OutOfMemory`
   *
   * @example
   * ```ts
   * const shapes = [sat.box(1, 1), sat.circle(0.5)];
   * const transforms = new Float32Array([0, 0, 0, 1, 1,   0.8, 0, 0, 1, 1]);
   * const pairs = new Int32Array([0, 1]);
   * const r = sat.collideMany(shapes, transforms, pairs);
   * if (r.counts[0] > 0) console.log(r.normals[0], r.normals[1], r.depths[0]);
   * ```
   */
  collideMany(
    shapes: ReadonlyArray<Shape> | Int32Array | null,
    transforms: ArrayLike<number>,
    pairs: ArrayLike<number>,
    options?: CollideManyOptions,
  ): CollideManyResult {
    const fn = 'collideMany';
    const handlePairs = shapes === null;
    const byHandle = shapes instanceof Int32Array;
    if (!handlePairs && !byHandle && !Array.isArray(shapes)) {
      throw new SATError(
        'InvalidArgument',
        `${fn}: shapes must be an array of Shape, an Int32Array of handles, or null (pairs of handles), got ${describe(shapes)}`,
      );
    }
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw new SATError('InvalidArgument', `${fn}: options must be an object, got ${describe(options)}`);
    }
    if (options?.transformsPer !== undefined && options.transformsPer !== 'pair' && options.transformsPer !== 'shape') {
      throw new SATError('InvalidArgument', `${fn}: options.transformsPer must be 'shape' or 'pair', got ${describe(options.transformsPer)}`);
    }
    if (handlePairs && options?.transformsPer === 'shape') {
      throw new SATError('InvalidArgument', `${fn}: with shapes = null (pairs of handles) transforms are per pair, not per shape`);
    }
    const perPair = handlePairs || options?.transformsPer === 'pair';
    const overlapOnly = options?.overlapOnly === true;
    checkNumberArray(pairs, fn, 'pairs', true);
    checkNumberArray(transforms, fn, 'transforms', false);
    if (pairs.length % 2 !== 0) throw new SATError('InvalidArgument', `${fn}: pairs has odd length ${pairs.length}: it holds index pairs`);
    const shapeCount = handlePairs ? 0 : shapes.length;
    const pairCount = pairs.length / 2;
    const expected = perPair ? 2 * K.TRANSFORM_FLOATS * pairCount : K.TRANSFORM_FLOATS * shapeCount;
    if (transforms.length !== expected) {
      throw new SATError(
        'InvalidArgument',
        `${fn}: transforms has length ${transforms.length}, expected ${expected} (${perPair ? `10 per pair x ${pairCount} pairs` : `5 per shape x ${shapeCount} shapes`})`,
      );
    }
    const cache = options?.cache;
    if (cache !== undefined && (!(cache instanceof Uint32Array) || cache.length < pairCount)) {
      throw new SATError(
        'InvalidArgument',
        `${fn}: options.cache must be a Uint32Array with at least ${pairCount} entries (one per pair), got ${describe(cache)}${cache instanceof Uint32Array ? ` of length ${cache.length}` : ''}`,
      );
    }
    const bulk = (this._bulk ??= new CollisionBatch(this, this._m));
    const v = bulk.reserveUnkept(fn, shapeCount, expected, pairCount); // valid through the run: it never allocates
    const hv = v.handles;
    if (byHandle) {
      hv.set(shapes);
    } else if (!handlePairs) {
      const list = shapes as ReadonlyArray<Shape>;
      for (let i = 0; i < shapeCount; i++) {
        const shape = list[i];
        // Inline fast path of _handle(): a live shape of this module.
        const h = shape != null && shape._sat === this ? shape._h : 0;
        hv[i] = h !== 0 ? h : this._handle(shape, fn, `shapes[${i}]`);
      }
    }
    v.transforms.set(transforms);
    v.pairs.set(pairs);
    if (cache) v.caches.set(cache.length === pairCount ? cache : cache.subarray(0, pairCount));
    const flags =
      (perPair ? K.BULK_TRANSFORMS_PER_PAIR : 0) |
      (overlapOnly ? K.BULK_OVERLAP_ONLY : 0) |
      (handlePairs ? K.BULK_HANDLE_PAIRS : 0) |
      (cache ? K.BULK_CACHE : 0);
    const r = bulk.runFlags(fn, shapeCount, pairCount, flags);
    if (cache && r >= 0) cache.set(v.caches.subarray(0, pairCount));
    if (r < 0) throw this._bulkError(r, bulk.errorIndex(fn), shapeCount, perPair, pairs, handlePairs);
    const out = resultFor(options?.out, pairCount, fn);
    out.pairCount = pairCount;
    out.touching = r;
    out.counts.set(v.counts.subarray(0, pairCount));
    if (!overlapOnly) {
      out.normals.set(v.normals.subarray(0, K.BULK_NORMAL_FLOATS * pairCount));
      out.depths.set(v.depths.subarray(0, pairCount));
      out.points.set(v.points.subarray(0, K.BULK_POINT_FLOATS * pairCount));
      out.ids.set(v.ids.subarray(0, K.BULK_ID_WORDS * pairCount));
    }
    return out;
  }

  /**
   * A {@link CollisionBatch}: `shapes` and room for `pairCapacity` pairs, their transforms, pairs, axis caches and
   * results in WebAssembly memory, collided in one call without copies. The fastest bulk path when the shapes
   * stay the same from frame to frame; free it with `dispose()`.
   *
   * @example
   * ```ts
   * const batch = sat.createBatch([sat.box(1, 1), sat.circle(0.5)], 1);
   * batch.transforms.set([0, 0, 0, 1, 1,   0.8, 0, 0, 1, 1]);
   * batch.pairs.set([0, 1]);
   * if (batch.run() > 0) console.log(batch.normals[0], batch.normals[1], batch.depths[0]);
   * ```
   * @throws SATError `InvalidArgument`, `Disposed`, `OutOfMemory`
   */
  createBatch(shapes: readonly Shape[], pairCapacity: number): CollisionBatch {
    return new CollisionBatch(this, this._m).init(shapes, pairCapacity);
  }

  private _bulkError(code: number, index: number, shapeCount: number, perPair: boolean, pairs: ArrayLike<number>, handlePairs: boolean): SATError {
    const which = -code >> K.ERROR_ARGUMENT_SHIFT;
    const fn = 'collideMany';
    if (which === 0) {
      return new SATError('InvalidArgument', `${fn}: shapes[${index}] is not the handle of a live shape (disposed, or of another module?)`);
    }
    if (which === 2 && handlePairs) {
      return new SATError('InvalidArgument', `${fn}: pairs[${index}] = ${pairs[index]} is not the handle of a live shape (disposed, or of another module?)`);
    }
    if (which === 2) {
      return new SATError(
        'InvalidArgument',
        `${fn}: pairs[${index}] = ${pairs[index]} is not an index into shapes (0..${shapeCount - 1})`,
      );
    }
    const what = perPair ? `the transform of ${index % 2 === 0 ? 'A' : 'B'} in pair ${index >> 1}` : `the transform of shapes[${index}]`;
    return bulkTransformError(fn, what, index, code);
  }
}

function checkNumberArray(a: unknown, fn: string, arg: string, integers: boolean): void {
  if (ArrayBuffer.isView(a) && !(a instanceof DataView)) {
    if (typeof (a as unknown as { length?: unknown }).length !== 'number' || a instanceof BigInt64Array || a instanceof BigUint64Array) {
      throw new SATError('InvalidArgument', `${fn}: ${arg} must be a typed array of numbers, got ${describe(a)}`);
    }
    if (integers && (a instanceof Float32Array || a instanceof Float64Array)) {
      const t = a as Float32Array | Float64Array;
      for (let i = 0; i < t.length; i++) {
        if (!Number.isInteger(t[i])) throw new SATError('InvalidArgument', `${fn}: ${arg}[${i}] = ${t[i]} is not an integer index`);
      }
    }
    return;
  }
  if (!Array.isArray(a)) throw new SATError('InvalidArgument', `${fn}: ${arg} must be an array or typed array, got ${describe(a)}`);
  for (let i = 0; i < a.length; i++) {
    const v: unknown = a[i];
    if (typeof v !== 'number') throw new SATError('InvalidArgument', `${fn}: ${arg}[${i}] must be a number, got ${describe(v)}`);
    if (integers && !Number.isInteger(v)) throw new SATError('InvalidArgument', `${fn}: ${arg}[${i}] = ${v} is not an integer index`);
  }
}

function resultFor(out: CollideManyResult | undefined, pairCount: number, fn: string): CollideManyResult {
  if (out === undefined) {
    return {
      pairCount,
      touching: 0,
      counts: new Uint8Array(pairCount),
      normals: new Float32Array(K.BULK_NORMAL_FLOATS * pairCount),
      depths: new Float32Array(pairCount),
      points: new Float32Array(K.BULK_POINT_FLOATS * pairCount),
      ids: new Uint32Array(K.BULK_ID_WORDS * pairCount),
    };
  }
  if (typeof out !== 'object' || out === null || !(out.counts instanceof Uint8Array)) {
    throw new SATError('InvalidArgument', `${fn}: options.out must be a result of an earlier collideMany call, got ${describe(out)}`);
  }
  if (out.counts.length < pairCount) {
    const capacity = Math.max(pairCount, 2 * out.counts.length);
    out.counts = new Uint8Array(capacity);
    out.normals = new Float32Array(K.BULK_NORMAL_FLOATS * capacity);
    out.depths = new Float32Array(capacity);
    out.points = new Float32Array(K.BULK_POINT_FLOATS * capacity);
    out.ids = new Uint32Array(K.BULK_ID_WORDS * capacity);
  }
  return out;
}
