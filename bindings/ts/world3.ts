/**
 * The 3D collision world of 'sat-wasm/3d': bodies of convex 3D shapes, an incremental broad phase, begin / stay /
 * end events with contact manifolds, queries and push-apart, all native. Made by {@link SAT3D.createWorld}.
 *
 * Frame model (the same as the 2D world's): write transforms (one typed array, {@link World3.transforms}, or
 * {@link World3.setTransform}), call {@link World3.update} once, read events and contacts. The fast path allocates
 * nothing per frame: {@link World3.frame} gives word offsets into the module's heap views ({@link World3.heapU32},
 * {@link World3.heapF32}); {@link World3.contacts} and friends return objects for convenience.
 * @module
 */
import { SATError, describe, type SATErrorCode } from './errors.js';
import type { Quat, Ray3, SAT3D, Shape3, Transform3, Vec3 } from './3d.js';
import { E3, K3, STATUS_CODE_3D, errorCode3, status3, type NativeWorld3, type SAT3DModule } from './module3.js';

/** How a body moves: `static` never (and is never tested against other static bodies), `kinematic` by the game only, `dynamic` by the game and by push-apart. */
export type BodyType3 = 'static' | 'kinematic' | 'dynamic';
const BODY_TYPES: readonly BodyType3[] = ['static', 'kinematic', 'dynamic'];

/** A shape placed in the body frame: rotated by `rotation`, then moved by `offset`. The world keeps its own copy. */
export interface ShapeDef3 {
  shape: Shape3;
  offset?: Vec3;
  rotation?: Quat;
}

/** What {@link World3.createBody} takes. */
export interface BodyDef3 {
  /** One shape at the body origin, or 1 to 256 shapes (each a Shape3 or a {@link ShapeDef3}). */
  shapes: Shape3 | readonly (Shape3 | ShapeDef3)[];
  /** Default `'dynamic'`. */
  type?: BodyType3;
  /** Initial transform; default the origin. */
  transform?: Transform3;
  /** Category bits (default 1). A pair is tested iff (a.group & b.mask) && (b.group & a.mask). */
  group?: number;
  /** Categories it collides with (default all). */
  mask?: number;
  /** Reports events, never pushed apart (default false). */
  sensor?: boolean;
  /** A disabled body is in no pair and no query (default true). */
  enabled?: boolean;
  /**
   * Swept along its motion at each update (CCD) and stopped at the first time of impact with a non-bullet,
   * non-sensor body: it cannot tunnel through thin walls (default false; not for static bodies).
   */
  bullet?: boolean;
  /** Push-apart weight of a dynamic body, finite and > 0 (default 1). */
  mass?: number;
  /** Any unsigned 32-bit number, returned by {@link World3.userId}. */
  userId?: number;
}

/** Options of {@link SAT3D.createWorld}. */
/** World3's broad phase: `'tree'`, a dynamic AABB tree, or `'grid'`, a uniform hash grid (faster when many bodies move every frame: docs/3d-world.md). */
export type BroadPhase3 = 'tree' | 'grid';

export interface World3Options {
  /** Broad phase, see {@link BroadPhase3}. Default `'tree'`. */
  broadPhase?: BroadPhase3;
  /** How much a proxy's box is fattened on each side, as a fraction of the body's largest half extent (default 0.5), in either broad phase: larger means fewer re-insertions and more candidate pairs. */
  treeMargin?: number;
  /** Grid: cell size in world units; 0 (default) picks the mean largest side of the fat boxes, and picks again when that mean halves or doubles. */
  gridCellSize?: number;
  /** Expected body count: arrays are reserved for it up front. */
  capacity?: number;
  /** Fill the stage times of {@link World3Stats} (default true). */
  timeStages?: boolean;
}

/** Which bodies a query sees: (body.group & mask) && (body.mask & group), and sensors unless excluded. */
export interface QueryFilter3 {
  group?: number;
  mask?: number;
  includeSensors?: boolean;
}

/** A ray hit of a world query. */
export interface WorldRayHit3 {
  body: number;
  /** Shape index within the body. */
  shape: number;
  point: Vec3;
  /** Surface normal facing the ray. */
  normal: Vec3;
  fraction: number;
}

/** A contact point of a world contact. */
export interface WorldContactPoint3 {
  x: number;
  y: number;
  z: number;
  depth: number;
  id: number;
}

/** A touching body pair (one per begin or stay event); A has the smaller slot. */
export interface WorldContact3 {
  a: number;
  b: number;
  /** Unit, from A to B. */
  normal: Vec3;
  depth: number;
  /** This frame's begin (else a stay). */
  began: boolean;
  /** Either body is a sensor. */
  sensor: boolean;
  /** Found by CCD: the bullet was stopped just short of the other body (one point; depth is minus the gap). */
  swept: boolean;
  /** Shape indices of the reported (deepest) shape pair. */
  shapeA: number;
  shapeB: number;
  points: WorldContactPoint3[];
}

/** Counters and stage times (milliseconds) of the last update. One object, updated in place. */
export interface World3Stats {
  movedBodies: number;
  reinserted: number;
  candidatePairs: number;
  touchingPairs: number;
  narrowTests: number;
  rejected: number;
  /** Bullets swept (moved since the last update). */
  sweptBodies: number;
  syncMs: number;
  /** CCD sweeps of bullets. */
  ccdMs: number;
  broadMs: number;
  narrowMs: number;
  eventsMs: number;
  pushMs: number;
  residualDepth: number;
}

/**
 * Where the last update's arrays are, as word offsets into {@link World3.heapU32} / {@link World3.heapF32}, and
 * how many entries each holds. Pairs are 2 words (a, b); contacts `contactWords` words: a, b, normal xyz, depth,
 * pointCount | flags << 8, shapeA | shapeB << 16, then 4 points of x, y, z, depth, id. Valid until the next call
 * that changes the world. One object, updated in place.
 */
export interface World3Frame {
  begin: number;
  beginCount: number;
  stay: number;
  stayCount: number;
  end: number;
  endCount: number;
  contacts: number;
  contactCount: number;
  contactWords: number;
}


/** A 3D collision world living in the 3D module. Free it with {@link World3.dispose}. */
export class World3 {
  private readonly m: SAT3DModule;
  private readonly sat3: SAT3D;
  private w: NativeWorld3 | null;
  /** Word offset of the world's info block in the heap (a fixed address). */
  private readonly info: number;
  private readonly statsObj: World3Stats = { movedBodies: 0, reinserted: 0, candidatePairs: 0, touchingPairs: 0, narrowTests: 0, rejected: 0, sweptBodies: 0, syncMs: 0, ccdMs: 0, broadMs: 0, narrowMs: 0, eventsMs: 0, pushMs: 0, residualDepth: 0 };
  private readonly frameObj: World3Frame;
  private xfView: Float32Array | null = null;
  private xfPtr = 0;
  private xfCap = 0;
  private rejectedAt = 0;
  private rejectedCount = 0;

  /** The broad phase chosen at creation. */
  readonly broadPhase: BroadPhase3;

  /** @internal */
  constructor(sat3: SAT3D, module: SAT3DModule, options: World3Options) {
    const native = module.World3;
    if (native === undefined) {
      throw new SATError('LoadFailed', 'createWorld: this build of the 3D module has no world (the narrow-phase-only flavour): load3D() without narrowPhaseOnly');
    }
    this.sat3 = sat3;
    this.m = module;
    this.frameObj = { begin: 0, beginCount: 0, stay: 0, stayCount: 0, end: 0, endCount: 0, contacts: 0, contactCount: 0, contactWords: K3.CONTACT_WORDS };
    if (typeof options !== 'object' || options === null) throw new SATError('InvalidArgument', `createWorld: options must be an object, got ${describe(options)}`);
    const margin = options.treeMargin ?? -1, capacity = options.capacity ?? 0;  // -1: the C++ default
    if (typeof margin !== 'number' || !(margin <= 10) || (options.treeMargin !== undefined && margin < 0)) throw new SATError('InvalidArgument', `createWorld: treeMargin must be a number in [0, 10], got ${describe(margin)}`);
    if (!Number.isInteger(capacity) || capacity < 0) throw new SATError('InvalidArgument', `createWorld: capacity must be a non-negative integer, got ${describe(capacity)}`);
    const bp = options.broadPhase ?? 'tree';
    if (bp !== 'tree' && bp !== 'grid') throw new SATError('InvalidArgument', `createWorld: broadPhase must be 'tree' or 'grid', got ${describe(bp)}`);
    const cell = options.gridCellSize ?? 0;
    if (typeof cell !== 'number' || !(cell >= 0) || !Number.isFinite(cell)) throw new SATError('InvalidArgument', `createWorld: gridCellSize must be a finite number >= 0, got ${describe(cell)}`);
    this.broadPhase = bp;
    const w = native.create(bp === 'grid' ? E3.BroadPhase3Kind.Grid : E3.BroadPhase3Kind.Tree, margin, cell, capacity, options.timeStages !== false);
    if (w === null) throw new SATError('InvalidArgument', 'createWorld: the options were refused');
    this.w = w;
    this.info = w.info().byteOffset >> 2;
  }

  /** Frees the world. Using it afterwards throws `Disposed`. Safe to call twice. */
  dispose(): void {
    this.w?.delete();
    this.w = null;
    this.xfView = null;
  }

  /** Floats per body in {@link World3.transforms}: x, y, z, qx, qy, qz, qw, sx, sy, sz. */
  get transformStride(): number {
    return K3.WORLD_TRANSFORM_STRIDE;
  }

  /** The slot of a body: its index into {@link World3.transforms} (times {@link World3.transformStride}). */
  slotOf(id: number): number {
    return id & ((1 << K3.BODY_SLOT_BITS) - 1);
  }

  /** The module's heap as unsigned words (re-read after anything that may grow memory; cheap). */
  get heapU32(): Uint32Array {
    return this.m.HEAPU32;
  }
  /** The module's heap as floats. */
  get heapF32(): Float32Array {
    return this.m.HEAPF32;
  }

  // ----- bodies -----

  /**
   * Adds a body and returns its id (a positive number, never reissued).
   * @throws SATError `InvalidArgument` (a bad option, a disposed shape or one of another module, bad mass),
   *   `InvalidTransform`, the makers' codes for a shape that cannot be placed, `WorldFull`, `Disposed`
   */
  createBody(def: BodyDef3): number {
    const w = this.world('createBody');
    if (typeof def !== 'object' || def === null) throw new SATError('InvalidArgument', `createBody: def must be an object, got ${describe(def)}`);
    const type = BODY_TYPES.indexOf(def.type ?? 'dynamic');
    if (type < 0) throw new SATError('InvalidArgument', `createBody: type must be 'static', 'kinematic' or 'dynamic', got ${describe(def.type)}`);
    const mass = def.mass ?? 1;
    if (typeof mass !== 'number') throw new SATError('InvalidArgument', `createBody: mass must be a number, got ${describe(mass)}`);
    const count = this.writeShapeDefs('createBody', def.shapes);
    this.writeTransform('createBody', 'transform', def.transform ?? { x: 0, y: 0, z: 0 });
    this.check('createBody', w.createBody(this.typeValue(type), def.group ?? 1, def.mask ?? 0xffffffff, def.sensor === true, def.enabled !== false, def.bullet === true, mass, def.userId ?? 0, count));
    return this.m.HEAPU32[this.info + K3.INFO_VALUE];
  }

  /**
   * Replaces a body's shapes in place (as `shapes` of {@link BodyDef3}): the body keeps its id, options and pairs;
   * at the next update a pair that still touches reports stay, one that no longer does, end. A deforming or
   * destructible hull: `world.setShapes(id, sat3.hull(movedPoints))` (the shape is copied; dispose it after).
   * @throws SATError `InvalidArgument`, `InvalidTransform`, `UnknownBody`, `RemovedBody`; the body is unchanged
   */
  setShapes(id: number, shapes: Shape3 | readonly (Shape3 | ShapeDef3)[]): void {
    const w = this.world('setShapes');
    this.check('setShapes', w.setShapes(id, this.writeShapeDefs('setShapes', shapes)));
  }

  /** Writes 1 to MAX_SHAPES_PER_BODY shape definitions into the module's buffer; returns their number. */
  private writeShapeDefs(fn: string, shapes: Shape3 | readonly (Shape3 | ShapeDef3)[]): number {
    const list = Array.isArray(shapes) ? shapes : [shapes];
    const max = K3.MAX_SHAPES_PER_BODY;
    if (list.length < 1 || list.length > max) throw new SATError('InvalidArgument', `${fn}: a body needs 1 to ${max} shapes, got ${list.length}`);
    const words = K3.SHAPE_DEF_WORDS;
    const handles = list.map((item, i) => this.shapeHandle(fn, `shapes[${i}]`, (isShape(item) ? item : (item as ShapeDef3)?.shape)));
    const at = this.sat3.buffer(fn, 4 * words * list.length);
    const i32 = this.m.HEAP32, f32 = this.m.HEAPF32;
    list.forEach((item, i) => {
      const sd = (isShape(item) ? { shape: item } : item) as ShapeDef3;
      const d = at + words * i;
      i32[d + K3.SHAPE_DEF_HANDLE] = handles[i];
      const o = sd.offset ?? { x: 0, y: 0, z: 0 }, q = sd.rotation ?? { x: 0, y: 0, z: 0, w: 1 };
      const k = d + K3.SHAPE_DEF_OFFSET, r = d + K3.SHAPE_DEF_ROTATION;
      f32[k] = o.x, f32[k + 1] = o.y, f32[k + 2] = o.z;
      f32[r] = q.x, f32[r + 1] = q.y, f32[r + 2] = q.z, f32[r + 3] = q.w;
    });
    return list.length;
  }

  /** Removes a body; its touching pairs report end at the next update. @throws SATError `UnknownBody`, `RemovedBody` */
  destroyBody(id: number): void {
    this.check('destroyBody', this.world('destroyBody').destroyBody(id));
  }

  /** Whether the id names a live body of this world. */
  isAlive(id: number): boolean {
    return this.world('isAlive').check(id) === 0;
  }

  get bodyCount(): number {
    return this.world('bodyCount').bodyCount();
  }

  /**
   * Sets one body's transform (taken at the next update). With `{ teleport: true }` a bullet jumps there without
   * being swept along the way (for that update only).
   * @throws SATError `InvalidTransform`, `UnknownBody`, `RemovedBody`
   */
  setTransform(id: number, xf: Transform3, options?: { teleport?: boolean }): void {
    const w = this.world('setTransform');
    this.writeTransform('setTransform', 'xf', xf);
    this.check('setTransform', w.setTransform(id, options?.teleport === true));
  }

  /** The transform as of the last update (after push-apart). */
  getTransform(id: number): { x: number; y: number; z: number; rotation: Quat; scale: Vec3 } {
    this.check('getTransform', this.world('getTransform').getTransform(id));
    const f = this.m.HEAPF32, k = this.sat3.scratchAt + K3.SCRATCH_OUT;
    return { x: f[k], y: f[k + 1], z: f[k + 2], rotation: { x: f[k + 3], y: f[k + 4], z: f[k + 5], w: f[k + 6] }, scale: { x: f[k + 7], y: f[k + 8], z: f[k + 9] } };
  }

  setEnabled(id: number, enabled: boolean): void {
    this.check('setEnabled', this.world('setEnabled').setEnabled(id, !!enabled));
  }
  setSensor(id: number, sensor: boolean): void {
    this.check('setSensor', this.world('setSensor').setSensor(id, !!sensor));
  }
  /** Makes a body a bullet (CCD) or not. @throws SATError `InvalidArgument` for a static body */
  setBullet(id: number, bullet: boolean): void {
    this.check('setBullet', this.world('setBullet').setBullet(id, !!bullet));
  }
  /** To `'static'`, a body stops being a bullet. */
  setType(id: number, type: BodyType3): void {
    const t = BODY_TYPES.indexOf(type);
    if (t < 0) throw new SATError('InvalidArgument', `setType: type must be 'static', 'kinematic' or 'dynamic', got ${describe(type)}`);
    this.check('setType', this.world('setType').setType(id, this.typeValue(t)));
  }
  /** @throws SATError `InvalidArgument` unless mass is finite and > 0 */
  setMass(id: number, mass: number): void {
    this.check('setMass', this.world('setMass').setMass(id, mass));
  }
  setUserId(id: number, userId: number): void {
    this.check('setUserId', this.world('setUserId').setUserId(id, userId));
  }
  setFilter(id: number, group: number, mask: number): void {
    this.check('setFilter', this.world('setFilter').setFilter(id, group, mask));
  }
  userId(id: number): number {
    this.check('userId', this.world('userId').bodyInfo(id));
    return this.m.HEAPU32[this.info + K3.INFO_VALUE];
  }
  bodyType(id: number): BodyType3 {
    const t = this.check('bodyType', this.world('bodyType').bodyInfo(id)), B = E3.BodyType;
    return t === B.Static ? 'static' : t === B.Kinematic ? 'kinematic' : 'dynamic';
  }

  /** The module's BodyType value of BODY_TYPES[index]. */
  private typeValue(index: number): number {
    const B = E3.BodyType;
    return index === 0 ? B.Static : index === 1 ? B.Kinematic : B.Dynamic;
  }

  // ----- the frame -----

  /**
   * All bodies' transforms, {@link World3.transformStride} floats per slot (see {@link World3.slotOf}), in the
   * module's memory: write any entries, then {@link World3.update}. The same array is returned until a
   * createBody grows the slot range or the memory grows.
   */
  get transforms(): Float32Array {
    const w = this.world('transforms');
    const u = this.m.HEAPU32, ptr = u[this.info + K3.INFO_TRANSFORMS], cap = u[this.info + K3.INFO_TRANSFORM_CAPACITY];
    if (this.xfView === null || this.xfView.buffer !== this.m.HEAPF32.buffer || ptr !== this.xfPtr || cap !== this.xfCap) {
      this.xfPtr = ptr;
      this.xfCap = cap;
      this.xfView = w.transforms();
    }
    return this.xfView;
  }

  /** Push-apart at the end of update: off by default. */
  setPushApart(options: { enabled?: boolean; iterations?: number; slop?: number }): void {
    const it = options.iterations ?? 24, slop = options.slop ?? 0.001;
    this.check('setPushApart', this.world('setPushApart').setPushApart(options.enabled !== false, it, slop));
  }

  /**
   * One frame: takes the transforms, runs broad phase, narrow phase and events (and push-apart when on). Bodies
   * whose buffered transform is invalid are refused and reported ({@link World3.rejected}), everything else is
   * updated. Allocates nothing. @returns the stats object (the same object every frame)
   */
  update(): World3Stats {
    this.world('update').update();
    const u = this.m.HEAPU32, f = this.m.HEAPF32, k = this.info, s = this.statsObj, fr = this.frameObj;
    fr.begin = u[k + K3.INFO_BEGIN] >> 2, fr.beginCount = u[k + K3.INFO_BEGIN_COUNT];
    fr.stay = u[k + K3.INFO_STAY] >> 2, fr.stayCount = u[k + K3.INFO_STAY_COUNT];
    fr.end = u[k + K3.INFO_END] >> 2, fr.endCount = u[k + K3.INFO_END_COUNT];
    fr.contacts = u[k + K3.INFO_CONTACTS] >> 2, fr.contactCount = u[k + K3.INFO_CONTACT_COUNT];
    this.rejectedAt = u[k + K3.INFO_REJECTED] >> 2, this.rejectedCount = u[k + K3.INFO_REJECTED_COUNT];
    s.movedBodies = u[k + K3.INFO_MOVED], s.reinserted = u[k + K3.INFO_REINSERTED], s.candidatePairs = u[k + K3.INFO_CANDIDATE_PAIRS];
    s.touchingPairs = u[k + K3.INFO_TOUCHING_PAIRS], s.narrowTests = u[k + K3.INFO_NARROW_TESTS], s.rejected = this.rejectedCount;
    s.sweptBodies = u[k + K3.INFO_SWEPT_BODIES], s.ccdMs = f[k + K3.INFO_CCD_MS];
    s.syncMs = f[k + K3.INFO_SYNC_MS], s.broadMs = f[k + K3.INFO_BROAD_MS], s.narrowMs = f[k + K3.INFO_NARROW_MS];
    s.eventsMs = f[k + K3.INFO_EVENTS_MS], s.pushMs = f[k + K3.INFO_PUSH_MS], s.residualDepth = f[k + K3.INFO_RESIDUAL_DEPTH];
    return s;
  }

  /** Stats of the last update (the object {@link World3.update} returns). */
  get stats(): World3Stats {
    return this.statsObj;
  }

  /** Word offsets and counts of the last update's arrays: the allocation-free way to read events and contacts. */
  get frame(): World3Frame {
    this.world('frame');
    return this.frameObj;
  }

  /** This frame's begin events as [a, b] pairs (allocates). */
  beginEvents(): [number, number][] {
    return this.pairs(this.world('beginEvents').beginEvents());
  }
  stayEvents(): [number, number][] {
    return this.pairs(this.world('stayEvents').stayEvents());
  }
  endEvents(): [number, number][] {
    return this.pairs(this.world('endEvents').endEvents());
  }

  /** This frame's contacts as objects (allocates; see {@link World3.frame} for the allocation-free path). */
  contacts(): WorldContact3[] {
    const u = this.world('contacts').contacts(), f = new Float32Array(u.buffer, u.byteOffset, u.length);
    const W = K3.CONTACT_WORDS, out: WorldContact3[] = [];
    for (let c = 0; c < u.length; c += W) {
      const info = u[c + K3.CONTACT_INFO], n = info & ((1 << K3.CONTACT_FLAGS_SHIFT) - 1), flags = (info >>> K3.CONTACT_FLAGS_SHIFT) & 0xff;
      const points: WorldContactPoint3[] = [];
      for (let p = 0; p < n; ++p) {
        const q = c + K3.CONTACT_POINTS + K3.MANIFOLD_POINT_FLOATS * p;
        points.push({ x: f[q], y: f[q + 1], z: f[q + 2], depth: f[q + 3], id: u[q + 4] });
      }
      const nn = c + K3.CONTACT_NORMAL, shapes = u[c + K3.CONTACT_SHAPES];
      out.push({
        a: u[c + K3.CONTACT_A],
        b: u[c + K3.CONTACT_B],
        normal: { x: f[nn], y: f[nn + 1], z: f[nn + 2] },
        depth: f[c + K3.CONTACT_DEPTH],
        began: (flags & K3.CONTACT_FLAG_BEGAN) !== 0,
        sensor: (flags & K3.CONTACT_FLAG_SENSOR) !== 0,
        swept: (flags & K3.CONTACT_FLAG_SWEPT) !== 0,
        shapeA: shapes & 0xffff,
        shapeB: shapes >>> 16,
        points,
      });
    }
    return out;
  }

  /** Bodies the last update refused (allocates), with the error code of each. */
  rejected(): { id: number; code: SATErrorCode }[] {
    const u = this.m.HEAPU32, W = K3.REJECTED_WORDS, out: { id: number; code: SATErrorCode }[] = [];
    for (let i = 0; i < this.rejectedCount; ++i) {
      out.push({ id: u[this.rejectedAt + W * i], code: STATUS_CODE_3D[u[this.rejectedAt + W * i + 1] & 0xff] ?? 'InvalidArgument' });
    }
    return out;
  }

  // ----- queries (the world as of the last update) -----

  /** Closest hit along the ray, or null. */
  raycastClosest(ray: Ray3, filter: QueryFilter3 = {}): WorldRayHit3 | null {
    return this.ray('raycastClosest', K3.RAY_CLOSEST, ray, filter)[0] ?? null;
  }
  /** Some hit along the ray (not necessarily the closest), or null: the cheapest line-of-sight test. */
  raycastAny(ray: Ray3, filter: QueryFilter3 = {}): WorldRayHit3 | null {
    return this.ray('raycastAny', K3.RAY_ANY, ray, filter)[0] ?? null;
  }
  /** Every body the ray hits (its closest shape hit), closest first. */
  raycastAll(ray: Ray3, filter: QueryFilter3 = {}): WorldRayHit3[] {
    return this.ray('raycastAll', K3.RAY_ALL, ray, filter);
  }
  /** Bodies with a shape containing the point, in slot order. */
  queryPoint(p: Vec3, filter: QueryFilter3 = {}): number[] {
    this.writeExtra('queryPoint', [p.x, p.y, p.z]);
    return this.ids('queryPoint', K3.QUERY_POINT, 0, filter);
  }
  /** Bodies whose bounds overlap the box. */
  queryAABB(lower: Vec3, upper: Vec3, filter: QueryFilter3 = {}): number[] {
    this.writeExtra('queryAABB', [lower.x, lower.y, lower.z, upper.x, upper.y, upper.z]);
    return this.ids('queryAABB', K3.QUERY_AABB, 0, filter);
  }
  /** Bodies overlapping a ball. */
  querySphere(center: Vec3, radius: number, filter: QueryFilter3 = {}): number[] {
    this.writeExtra('querySphere', [center.x, center.y, center.z, radius]);
    return this.ids('querySphere', K3.QUERY_SPHERE, 0, filter);
  }
  /** Bodies overlapping a shape placed at xf. */
  queryShape(shape: Shape3, xf: Transform3, filter: QueryFilter3 = {}): number[] {
    const sh = this.shapeHandle('queryShape', 'shape', shape);
    this.writeTransform('queryShape', 'xf', xf);
    return this.ids('queryShape', K3.QUERY_SHAPE, sh, filter);
  }

  /** For tests: the world's internal invariants hold. */
  validate(): boolean {
    return this.world('validate').validate();
  }

  // ----- internals -----

  private world(fn: string): NativeWorld3 {
    if (this.w === null) throw new SATError('Disposed', `${fn}: the world was disposed`);
    return this.w;
  }

  private check(fn: string, r: number): number {
    if (r >= 0) return r;
    throw new SATError(errorCode3(r), `${fn}: ${this.sat3.message(status3(r))}`);
  }

  private shapeHandle(fn: string, name: string, s: unknown): number {
    if (!isShape(s)) throw new SATError('InvalidArgument', `${fn}: ${name} must be a Shape3, got ${describe(s)}`);
    if (s.owner !== this.sat3) throw new SATError('InvalidArgument', `${fn}: ${name} is a shape of another loaded 3D module`);
    if (s.handle <= 0) throw new SATError('Disposed', `${fn}: ${name} was disposed`);
    return s.handle;
  }

  /** A transform into the scratch block's transform A, where the world's methods read it. */
  private writeTransform(fn: string, name: string, xf: unknown): void {
    const t = xf as Transform3;
    if (typeof xf !== 'object' || xf === null || typeof t.x !== 'number' || typeof t.y !== 'number' || typeof t.z !== 'number') {
      throw new SATError('InvalidTransform', `${fn}: ${name} must be a transform {x, y, z, rotation?, scale?}, got ${describe(xf)}`);
    }
    const q = t.rotation ?? { x: 0, y: 0, z: 0, w: 1 };
    const s = t.scale ?? 1;
    const sv = typeof s === 'number' ? { x: s, y: s, z: s } : s;
    if (typeof q !== 'object' || typeof sv !== 'object' || q === null || sv === null) throw new SATError('InvalidTransform', `${fn}: ${name}.rotation / scale must be objects`);
    const f = this.m.HEAPF32, k = this.sat3.scratchAt + K3.SCRATCH_IN_XF_A;
    f[k] = t.x, f[k + 1] = t.y, f[k + 2] = t.z, f[k + 3] = q.x, f[k + 4] = q.y, f[k + 5] = q.z, f[k + 6] = q.w;
    f[k + 7] = sv.x, f[k + 8] = sv.y, f[k + 9] = sv.z;
  }

  private writeExtra(fn: string, values: number[]): void {
    this.world(fn);
    values.forEach((v, i) => {
      if (typeof v !== 'number') throw new SATError('InvalidArgument', `${fn}: argument ${i} must be a number, got ${describe(v)}`);
      this.m.HEAPF32[this.sat3.scratchAt + K3.SCRATCH_IN_EXTRA + i] = v;
    });
  }

  private filterArgs(f: QueryFilter3): [number, number, boolean] {
    return [f.group ?? 0xffffffff, f.mask ?? 0xffffffff, f.includeSensors !== false];
  }

  private ids(fn: string, kind: number, shape: number, filter: QueryFilter3): number[] {
    const n = this.check(fn, this.world(fn).query(kind, shape, ...this.filterArgs(filter)));
    const at = this.m.HEAPU32[this.info + K3.INFO_RESULT] >> 2;
    return Array.from(this.m.HEAPU32.subarray(at, at + n));
  }

  private ray(fn: string, mode: number, ray: Ray3, filter: QueryFilter3): WorldRayHit3[] {
    if (typeof ray !== 'object' || ray === null) throw new SATError('InvalidArgument', `${fn}: ray must be an object {origin, translation, maxFraction?}, got ${describe(ray)}`);
    const o = ray.origin, t = ray.translation;
    this.writeExtra(fn, [o?.x, o?.y, o?.z, t?.x, t?.y, t?.z, ray.maxFraction ?? 1]);
    const n = this.check(fn, this.world(fn).raycast(mode, ...this.filterArgs(filter)));
    const u = this.m.HEAPU32, f = this.m.HEAPF32, at = u[this.info + K3.INFO_RESULT] >> 2, W = K3.RAY_HIT_WORDS;
    const out: WorldRayHit3[] = [];
    for (let i = 0; i < n; ++i) {
      const k = at + W * i, p = k + K3.RAY_HIT_POINT, q = k + K3.RAY_HIT_NORMAL;
      out.push({ body: u[k + K3.RAY_HIT_BODY], shape: u[k + K3.RAY_HIT_SHAPE], point: { x: f[p], y: f[p + 1], z: f[p + 2] }, normal: { x: f[q], y: f[q + 1], z: f[q + 2] }, fraction: f[k + K3.RAY_HIT_FRACTION] });
    }
    return out;
  }

  private pairs(events: Uint32Array): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i + 1 < events.length; i += K3.EVENT_WORDS) out.push([events[i], events[i + 1]]);
    return out;
  }
}

function isShape(v: unknown): v is Shape3 {
  return typeof v === 'object' && v !== null && 'handle' in v && 'owner' in v && 'kind' in v;
}

