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
import { CORE_STATUS_CODES, SATError, type SATErrorCode } from './errors.js';
import type { Quat, Ray3, SAT3D, SAT3DModule, Shape3, Transform3, Vec3 } from './3d.js';

/** The world exports of the 3D module (bindings/3d/world3_bindings.cpp). @internal */
export interface World3Module extends SAT3DModule {
  _sat_w3_layout(): number;
  _sat_w3_layout_length(): number;
  _sat_w3_io(): number;
  _sat_w3_create(treeMargin: number, capacity: number, timeStages: number): number;
  _sat_w3_destroy(h: number): number;
  _sat_w3_create_body(h: number, type: number, group: number, mask: number, flags: number, mass: number, userId: number, defs: number, count: number): number;
  _sat_w3_destroy_body(h: number, id: number): number;
  _sat_w3_check(h: number, id: number): number;
  _sat_w3_body_count(h: number): number;
  _sat_w3_set_transform(h: number, id: number, teleport: number): number;
  _sat_w3_set_shapes(h: number, id: number, shapeDefs: number, count: number): number;
  _sat_w3_get_transform(h: number, id: number): number;
  _sat_w3_set(h: number, id: number, what: number, a: number, b: number, value: number): number;
  _sat_w3_body_info(h: number, id: number): number;
  _sat_w3_set_push_apart(h: number, enabled: number, iterations: number, slop: number): number;
  _sat_w3_update(h: number): number;
  _sat_w3_publish(h: number): number;
  _sat_w3_validate(h: number): number;
  _sat_w3_raycast(h: number, mode: number, group: number, mask: number, sensors: number): number;
  _sat_w3_query(h: number, kind: number, shape: number, group: number, mask: number, sensors: number): number;
}

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
export interface World3Options {
  /** How much a proxy's box is fattened on each side, as a fraction of the body's largest half extent (default 0.5): larger means fewer re-insertions and more candidate pairs. */
  treeMargin?: number;
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

/** The world's numbers as the module publishes them (sat_w3_layout), read once at load time. */
interface Layout {
  xfStride: number;
  contactWords: number;
  flagBegan: number;
  flagSensor: number;
  flagSwept: number;
  rayHitWords: number;
  shapeDefWords: number;
  slotBits: number;
  maxShapes: number;
  io: Record<'begin' | 'beginCount' | 'stay' | 'stayCount' | 'end' | 'endCount' | 'contacts' | 'contactCount' | 'rejected' | 'rejectedCount' | 'transforms' | 'transformCapacity' | 'moved' | 'reinserted' | 'candidatePairs' | 'touchingPairs' | 'narrowTests' | 'syncMs' | 'broadMs' | 'narrowMs' | 'eventsMs' | 'pushMs' | 'residualDepth' | 'result' | 'resultCount' | 'value' | 'in' | 'inExtra' | 'sweptBodies' | 'ccdMs', number>;
}

function readLayout(m: World3Module): Layout {
  const at = m._sat_w3_layout() >> 2;
  const v = Array.from(m.HEAP32.subarray(at, at + m._sat_w3_layout_length()));
  if (v[0] !== 1) throw new SATError('LoadFailed', `createWorld: unknown 3D world layout version ${v[0]}`);
  const names = ['begin', 'beginCount', 'stay', 'stayCount', 'end', 'endCount', 'contacts', 'contactCount', 'rejected', 'rejectedCount', 'transforms', 'transformCapacity', 'moved', 'reinserted', 'candidatePairs', 'touchingPairs', 'narrowTests', 'syncMs', 'broadMs', 'narrowMs', 'eventsMs', 'pushMs', 'residualDepth', 'result', 'resultCount', 'value', 'in', 'inExtra', 'sweptBodies', 'ccdMs'] as const;
  const io = {} as Layout['io'];
  names.forEach((n, i) => (io[n] = v[10 + i]));
  return { xfStride: v[1], contactWords: v[2], flagBegan: v[3], flagSensor: v[4], flagSwept: v[10 + names.length], rayHitWords: v[5], shapeDefWords: v[6], slotBits: v[7], maxShapes: v[8], io };
}

const WORLD_STATUS: Record<number, SATErrorCode> = { 64: 'UnknownBody', 65: 'RemovedBody', 66: 'WorldFull' };
const WORLD_MESSAGES: Record<number, string> = {
  64: 'the id was never issued by this world',
  65: 'the body was destroyed: a stale id',
  66: 'the world holds as many bodies as it can',
};
const codeOf = (status: number): SATErrorCode => CORE_STATUS_CODES[status] ?? WORLD_STATUS[status] ?? 'InvalidArgument';

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;

/** A 3D collision world living in the 3D module. Free it with {@link World3.dispose}. */
export class World3 {
  private readonly m: World3Module;
  private readonly sat3: SAT3D;
  private readonly L: Layout;
  private readonly io: number;
  private h: number;
  private readonly statsObj: World3Stats = { movedBodies: 0, reinserted: 0, candidatePairs: 0, touchingPairs: 0, narrowTests: 0, rejected: 0, sweptBodies: 0, syncMs: 0, ccdMs: 0, broadMs: 0, narrowMs: 0, eventsMs: 0, pushMs: 0, residualDepth: 0 };
  private readonly frameObj: World3Frame;
  private xfView: Float32Array | null = null;
  private xfPtr = 0;
  private xfCap = 0;
  private rejectedAt = 0;
  private rejectedCount = 0;

  /** @internal */
  constructor(sat3: SAT3D, module: World3Module, options: World3Options) {
    this.sat3 = sat3;
    this.m = module;
    this.L = readLayout(module);
    this.io = module._sat_w3_io() >> 2;
    this.frameObj = { begin: 0, beginCount: 0, stay: 0, stayCount: 0, end: 0, endCount: 0, contacts: 0, contactCount: 0, contactWords: this.L.contactWords };
    if (typeof options !== 'object' || options === null) throw new SATError('InvalidArgument', `createWorld: options must be an object, got ${describe(options)}`);
    const margin = options.treeMargin ?? -1, capacity = options.capacity ?? 0;  // -1: the C++ default
    if (typeof margin !== 'number' || !(margin <= 10) || (options.treeMargin !== undefined && margin < 0)) throw new SATError('InvalidArgument', `createWorld: treeMargin must be a number in [0, 10], got ${describe(margin)}`);
    if (!Number.isInteger(capacity) || capacity < 0) throw new SATError('InvalidArgument', `createWorld: capacity must be a non-negative integer, got ${describe(capacity)}`);
    const h = module._sat_w3_create(margin, capacity, options.timeStages === false ? 0 : 1);
    if (h <= 0) throw new SATError('InvalidArgument', 'createWorld: the options were refused');
    this.h = h;
  }

  /** Frees the world. Using it afterwards throws `Disposed`. Safe to call twice. */
  dispose(): void {
    if (this.h > 0) this.m._sat_w3_destroy(this.h);
    this.h = 0;
    this.xfView = null;
  }

  /** Floats per body in {@link World3.transforms}: x, y, z, qx, qy, qz, qw, sx, sy, sz. */
  get transformStride(): number {
    return this.L.xfStride;
  }

  /** The slot of a body: its index into {@link World3.transforms} (times {@link World3.transformStride}). */
  slotOf(id: number): number {
    return id & ((1 << this.L.slotBits) - 1);
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
    const h = this.handle('createBody');
    if (typeof def !== 'object' || def === null) throw new SATError('InvalidArgument', `createBody: def must be an object, got ${describe(def)}`);
    const type = BODY_TYPES.indexOf(def.type ?? 'dynamic');
    if (type < 0) throw new SATError('InvalidArgument', `createBody: type must be 'static', 'kinematic' or 'dynamic', got ${describe(def.type)}`);
    const mass = def.mass ?? 1;
    if (typeof mass !== 'number') throw new SATError('InvalidArgument', `createBody: mass must be a number, got ${describe(mass)}`);
    return this.withShapeDefs('createBody', def.shapes, (ptr, count) => {
      this.writeTransform('createBody', 'transform', def.transform ?? { x: 0, y: 0, z: 0 });
      const flags = (def.sensor ? 1 : 0) | (def.enabled === false ? 2 : 0) | (def.bullet ? 4 : 0);
      this.check('createBody', this.m._sat_w3_create_body(h, type, def.group ?? 1, def.mask ?? 0xffffffff, flags, mass, def.userId ?? 0, ptr, count));
      return this.m.HEAPU32[this.io + this.L.io.value];
    });
  }

  /**
   * Replaces a body's shapes in place (as `shapes` of {@link BodyDef3}): the body keeps its id, options and pairs;
   * at the next update a pair that still touches reports stay, one that no longer does, end. A deforming or
   * destructible hull: `world.setShapes(id, sat3.hull(movedPoints))` (the shape is copied; dispose it after).
   * @throws SATError `InvalidArgument`, `InvalidTransform`, `UnknownBody`, `RemovedBody`; the body is unchanged
   */
  setShapes(id: number, shapes: Shape3 | readonly (Shape3 | ShapeDef3)[]): void {
    const h = this.handle('setShapes');
    this.withShapeDefs('setShapes', shapes, (ptr, count) => this.check('setShapes', this.m._sat_w3_set_shapes(h, id, ptr, count)));
  }

  /** Writes 1 to maxShapes shape definitions into module memory for one call. */
  private withShapeDefs<T>(fn: string, shapes: Shape3 | readonly (Shape3 | ShapeDef3)[], call: (ptr: number, count: number) => T): T {
    const list = Array.isArray(shapes) ? shapes : [shapes];
    if (list.length < 1 || list.length > this.L.maxShapes) throw new SATError('InvalidArgument', `${fn}: a body needs 1 to ${this.L.maxShapes} shapes, got ${list.length}`);
    const words = this.L.shapeDefWords;
    const ptr = this.m._sat_3d_malloc(4 * words * list.length);
    if (ptr === 0) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow`);
    try {
      const i32 = this.m.HEAP32, f32 = this.m.HEAPF32, at = ptr >> 2;
      list.forEach((item, i) => {
        const sd = (isShape(item) ? { shape: item } : item) as ShapeDef3;
        i32[at + words * i] = this.shapeHandle(fn, `shapes[${i}]`, sd?.shape);
        const o = sd.offset ?? { x: 0, y: 0, z: 0 }, q = sd.rotation ?? { x: 0, y: 0, z: 0, w: 1 };
        const k = at + words * i + 1;
        f32[k] = o.x, f32[k + 1] = o.y, f32[k + 2] = o.z, f32[k + 3] = q.x, f32[k + 4] = q.y, f32[k + 5] = q.z, f32[k + 6] = q.w;
      });
      return call(ptr, list.length);
    } finally {
      this.m._sat_3d_free(ptr);
    }
  }

  /** Removes a body; its touching pairs report end at the next update. @throws SATError `UnknownBody`, `RemovedBody` */
  destroyBody(id: number): void {
    this.check('destroyBody', this.m._sat_w3_destroy_body(this.handle('destroyBody'), id));
  }

  /** Whether the id names a live body of this world. */
  isAlive(id: number): boolean {
    return this.m._sat_w3_check(this.handle('isAlive'), id) === 0;
  }

  get bodyCount(): number {
    return this.m._sat_w3_body_count(this.handle('bodyCount'));
  }

  /**
   * Sets one body's transform (taken at the next update). With `{ teleport: true }` a bullet jumps there without
   * being swept along the way (for that update only).
   * @throws SATError `InvalidTransform`, `UnknownBody`, `RemovedBody`
   */
  setTransform(id: number, xf: Transform3, options?: { teleport?: boolean }): void {
    const h = this.handle('setTransform');
    this.writeTransform('setTransform', 'xf', xf);
    this.check('setTransform', this.m._sat_w3_set_transform(h, id, options?.teleport ? 1 : 0));
  }

  /** The transform as of the last update (after push-apart). */
  getTransform(id: number): { x: number; y: number; z: number; rotation: Quat; scale: Vec3 } {
    this.check('getTransform', this.m._sat_w3_get_transform(this.handle('getTransform'), id));
    const f = this.m.HEAPF32, k = this.io + this.L.io.in;
    return { x: f[k], y: f[k + 1], z: f[k + 2], rotation: { x: f[k + 3], y: f[k + 4], z: f[k + 5], w: f[k + 6] }, scale: { x: f[k + 7], y: f[k + 8], z: f[k + 9] } };
  }

  setEnabled(id: number, enabled: boolean): void {
    this.check('setEnabled', this.m._sat_w3_set(this.handle('setEnabled'), id, 0, enabled ? 1 : 0, 0, 0));
  }
  setSensor(id: number, sensor: boolean): void {
    this.check('setSensor', this.m._sat_w3_set(this.handle('setSensor'), id, 1, sensor ? 1 : 0, 0, 0));
  }
  /** Makes a body a bullet (CCD) or not. @throws SATError `InvalidArgument` for a static body */
  setBullet(id: number, bullet: boolean): void {
    this.check('setBullet', this.m._sat_w3_set(this.handle('setBullet'), id, 6, bullet ? 1 : 0, 0, 0));
  }
  /** To `'static'`, a body stops being a bullet. */
  setType(id: number, type: BodyType3): void {
    const t = BODY_TYPES.indexOf(type);
    if (t < 0) throw new SATError('InvalidArgument', `setType: type must be 'static', 'kinematic' or 'dynamic', got ${describe(type)}`);
    this.check('setType', this.m._sat_w3_set(this.handle('setType'), id, 2, t, 0, 0));
  }
  /** @throws SATError `InvalidArgument` unless mass is finite and > 0 */
  setMass(id: number, mass: number): void {
    this.check('setMass', this.m._sat_w3_set(this.handle('setMass'), id, 3, 0, 0, mass));
  }
  setUserId(id: number, userId: number): void {
    this.check('setUserId', this.m._sat_w3_set(this.handle('setUserId'), id, 4, userId, 0, 0));
  }
  setFilter(id: number, group: number, mask: number): void {
    this.check('setFilter', this.m._sat_w3_set(this.handle('setFilter'), id, 5, group, mask, 0));
  }
  userId(id: number): number {
    this.check('userId', this.m._sat_w3_body_info(this.handle('userId'), id));
    return this.m.HEAPU32[this.io + this.L.io.value];
  }
  bodyType(id: number): BodyType3 {
    return BODY_TYPES[this.check('bodyType', this.m._sat_w3_body_info(this.handle('bodyType'), id))];
  }

  // ----- the frame -----

  /**
   * All bodies' transforms, {@link World3.transformStride} floats per slot (see {@link World3.slotOf}), in the
   * module's memory: write any entries, then {@link World3.update}. The same array is returned until a
   * createBody grows the slot range or the memory grows.
   */
  get transforms(): Float32Array {
    // The io block is shared by all worlds of the module: ask for this world's buffer (one cheap call).
    this.m._sat_w3_publish(this.handle('transforms'));
    const ptr = this.m.HEAPU32[this.io + this.L.io.transforms];
    const cap = this.m.HEAPU32[this.io + this.L.io.transformCapacity];
    if (this.xfView === null || this.xfView.buffer !== this.m.HEAPF32.buffer || ptr !== this.xfPtr || cap !== this.xfCap) {
      this.xfPtr = ptr;
      this.xfCap = cap;
      this.xfView = this.m.HEAPF32.subarray(ptr >> 2, (ptr >> 2) + cap * this.L.xfStride);
    }
    return this.xfView;
  }

  /** Push-apart at the end of update: off by default. */
  setPushApart(options: { enabled?: boolean; iterations?: number; slop?: number }): void {
    const it = options.iterations ?? 24, slop = options.slop ?? 0.001;
    this.check('setPushApart', this.m._sat_w3_set_push_apart(this.handle('setPushApart'), options.enabled === false ? 0 : 1, it, slop));
  }

  /**
   * One frame: takes the transforms, runs broad phase, narrow phase and events (and push-apart when on). Bodies
   * whose buffered transform is invalid are refused and reported ({@link World3.rejected}), everything else is
   * updated. Allocates nothing. @returns the stats object (the same object every frame)
   */
  update(): World3Stats {
    const h = this.handle('update');
    this.m._sat_w3_update(h);
    const u = this.m.HEAPU32, f = this.m.HEAPF32, k = this.io, io = this.L.io, s = this.statsObj, fr = this.frameObj;
    fr.begin = u[k + io.begin] >> 2, fr.beginCount = u[k + io.beginCount];
    fr.stay = u[k + io.stay] >> 2, fr.stayCount = u[k + io.stayCount];
    fr.end = u[k + io.end] >> 2, fr.endCount = u[k + io.endCount];
    fr.contacts = u[k + io.contacts] >> 2, fr.contactCount = u[k + io.contactCount];
    this.rejectedAt = u[k + io.rejected] >> 2, this.rejectedCount = u[k + io.rejectedCount];
    s.movedBodies = u[k + io.moved], s.reinserted = u[k + io.reinserted], s.candidatePairs = u[k + io.candidatePairs];
    s.touchingPairs = u[k + io.touchingPairs], s.narrowTests = u[k + io.narrowTests], s.rejected = this.rejectedCount;
    s.sweptBodies = u[k + io.sweptBodies], s.ccdMs = f[k + io.ccdMs];
    s.syncMs = f[k + io.syncMs], s.broadMs = f[k + io.broadMs], s.narrowMs = f[k + io.narrowMs];
    s.eventsMs = f[k + io.eventsMs], s.pushMs = f[k + io.pushMs], s.residualDepth = f[k + io.residualDepth];
    return s;
  }

  /** Stats of the last update (the object {@link World3.update} returns). */
  get stats(): World3Stats {
    return this.statsObj;
  }

  /** Word offsets and counts of the last update's arrays: the allocation-free way to read events and contacts. */
  get frame(): World3Frame {
    this.handle('frame');
    return this.frameObj;
  }

  /** This frame's begin events as [a, b] pairs (allocates). */
  beginEvents(): [number, number][] {
    return this.pairs(this.frameObj.begin, this.frameObj.beginCount);
  }
  stayEvents(): [number, number][] {
    return this.pairs(this.frameObj.stay, this.frameObj.stayCount);
  }
  endEvents(): [number, number][] {
    return this.pairs(this.frameObj.end, this.frameObj.endCount);
  }

  /** This frame's contacts as objects (allocates; see {@link World3.frame} for the allocation-free path). */
  contacts(): WorldContact3[] {
    this.handle('contacts');
    const u = this.m.HEAPU32, f = this.m.HEAPF32, W = this.L.contactWords, out: WorldContact3[] = [];
    for (let i = 0; i < this.frameObj.contactCount; ++i) {
      const c = this.frameObj.contacts + W * i;
      const n = u[c + 6] & 0xff, flags = (u[c + 6] >> 8) & 0xff;
      const points: WorldContactPoint3[] = [];
      for (let p = 0; p < n; ++p) {
        const q = c + 8 + 5 * p;
        points.push({ x: f[q], y: f[q + 1], z: f[q + 2], depth: f[q + 3], id: u[q + 4] });
      }
      out.push({ a: u[c], b: u[c + 1], normal: { x: f[c + 2], y: f[c + 3], z: f[c + 4] }, depth: f[c + 5], began: (flags & this.L.flagBegan) !== 0, sensor: (flags & this.L.flagSensor) !== 0, swept: (flags & this.L.flagSwept) !== 0, shapeA: u[c + 7] & 0xffff, shapeB: u[c + 7] >>> 16, points });
    }
    return out;
  }

  /** Bodies the last update refused (allocates), with the error code of each. */
  rejected(): { id: number; code: SATErrorCode }[] {
    const u = this.m.HEAPU32, out: { id: number; code: SATErrorCode }[] = [];
    for (let i = 0; i < this.rejectedCount; ++i) out.push({ id: u[this.rejectedAt + 2 * i], code: codeOf(u[this.rejectedAt + 2 * i + 1] & 0xff) });
    return out;
  }

  // ----- queries (the world as of the last update) -----

  /** Closest hit along the ray, or null. */
  raycastClosest(ray: Ray3, filter: QueryFilter3 = {}): WorldRayHit3 | null {
    return this.ray('raycastClosest', 0, ray, filter)[0] ?? null;
  }
  /** Some hit along the ray (not necessarily the closest), or null: the cheapest line-of-sight test. */
  raycastAny(ray: Ray3, filter: QueryFilter3 = {}): WorldRayHit3 | null {
    return this.ray('raycastAny', 1, ray, filter)[0] ?? null;
  }
  /** Every body the ray hits (its closest shape hit), closest first. */
  raycastAll(ray: Ray3, filter: QueryFilter3 = {}): WorldRayHit3[] {
    return this.ray('raycastAll', 2, ray, filter);
  }
  /** Bodies with a shape containing the point, in slot order. */
  queryPoint(p: Vec3, filter: QueryFilter3 = {}): number[] {
    this.writeExtra('queryPoint', [p.x, p.y, p.z]);
    return this.ids('queryPoint', 0, 0, filter);
  }
  /** Bodies whose bounds overlap the box. */
  queryAABB(lower: Vec3, upper: Vec3, filter: QueryFilter3 = {}): number[] {
    this.writeExtra('queryAABB', [lower.x, lower.y, lower.z, upper.x, upper.y, upper.z]);
    return this.ids('queryAABB', 1, 0, filter);
  }
  /** Bodies overlapping a ball. */
  querySphere(center: Vec3, radius: number, filter: QueryFilter3 = {}): number[] {
    this.writeExtra('querySphere', [center.x, center.y, center.z, radius]);
    return this.ids('querySphere', 2, 0, filter);
  }
  /** Bodies overlapping a shape placed at xf. */
  queryShape(shape: Shape3, xf: Transform3, filter: QueryFilter3 = {}): number[] {
    const sh = this.shapeHandle('queryShape', 'shape', shape);
    this.writeTransform('queryShape', 'xf', xf);
    return this.ids('queryShape', 3, sh, filter);
  }

  /** For tests: the world's internal invariants hold. */
  validate(): boolean {
    return this.m._sat_w3_validate(this.handle('validate')) === 1;
  }

  // ----- internals -----

  private handle(fn: string): number {
    if (this.h <= 0) throw new SATError('Disposed', `${fn}: the world was disposed`);
    return this.h;
  }

  private check(fn: string, r: number): number {
    if (r >= 0) return r;
    const status = -r & 0xff;
    throw new SATError(codeOf(status), `${fn}: ${this.message(status)}`);
  }

  private message(status: number): string {
    if (WORLD_STATUS[status]) return WORLD_MESSAGES[status];
    const p = this.m._sat_3d_status_message(status);
    let s = '';
    for (let i = p; this.m.HEAPU8[i] !== 0 && i < p + 200; ++i) s += String.fromCharCode(this.m.HEAPU8[i]);
    return s;
  }

  private shapeHandle(fn: string, name: string, s: unknown): number {
    if (!isShape(s)) throw new SATError('InvalidArgument', `${fn}: ${name} must be a Shape3, got ${describe(s)}`);
    if (s.owner !== this.sat3) throw new SATError('InvalidArgument', `${fn}: ${name} is a shape of another loaded 3D module`);
    if (s.handle <= 0) throw new SATError('Disposed', `${fn}: ${name} was disposed`);
    return s.handle;
  }

  private writeTransform(fn: string, name: string, xf: unknown): void {
    const t = xf as Transform3;
    if (typeof xf !== 'object' || xf === null || typeof t.x !== 'number' || typeof t.y !== 'number' || typeof t.z !== 'number') {
      throw new SATError('InvalidTransform', `${fn}: ${name} must be a transform {x, y, z, rotation?, scale?}, got ${describe(xf)}`);
    }
    const q = t.rotation ?? { x: 0, y: 0, z: 0, w: 1 };
    const s = t.scale ?? 1;
    const sv = typeof s === 'number' ? { x: s, y: s, z: s } : s;
    if (typeof q !== 'object' || typeof sv !== 'object' || q === null || sv === null) throw new SATError('InvalidTransform', `${fn}: ${name}.rotation / scale must be objects`);
    const f = this.m.HEAPF32, k = this.io + this.L.io.in;
    f[k] = t.x, f[k + 1] = t.y, f[k + 2] = t.z, f[k + 3] = q.x, f[k + 4] = q.y, f[k + 5] = q.z, f[k + 6] = q.w;
    f[k + 7] = sv.x, f[k + 8] = sv.y, f[k + 9] = sv.z;
  }

  private writeExtra(fn: string, values: number[]): void {
    this.handle(fn);
    values.forEach((v, i) => {
      if (typeof v !== 'number') throw new SATError('InvalidArgument', `${fn}: argument ${i} must be a number, got ${describe(v)}`);
      this.m.HEAPF32[this.io + this.L.io.inExtra + i] = v;
    });
  }

  private filterArgs(f: QueryFilter3): [number, number, number] {
    return [f.group ?? 0xffffffff, f.mask ?? 0xffffffff, f.includeSensors === false ? 0 : 1];
  }

  private ids(fn: string, kind: number, shape: number, filter: QueryFilter3): number[] {
    const n = this.check(fn, this.m._sat_w3_query(this.handle(fn), kind, shape, ...this.filterArgs(filter)));
    const at = this.m.HEAPU32[this.io + this.L.io.result] >> 2;
    return Array.from(this.m.HEAPU32.subarray(at, at + n));
  }

  private ray(fn: string, mode: number, ray: Ray3, filter: QueryFilter3): WorldRayHit3[] {
    if (typeof ray !== 'object' || ray === null) throw new SATError('InvalidArgument', `${fn}: ray must be an object {origin, translation, maxFraction?}, got ${describe(ray)}`);
    const o = ray.origin, t = ray.translation;
    this.writeExtra(fn, [o?.x, o?.y, o?.z, t?.x, t?.y, t?.z, ray.maxFraction ?? 1]);
    const n = this.check(fn, this.m._sat_w3_raycast(this.handle(fn), mode, ...this.filterArgs(filter)));
    const u = this.m.HEAPU32, f = this.m.HEAPF32, at = u[this.io + this.L.io.result] >> 2, W = this.L.rayHitWords;
    const out: WorldRayHit3[] = [];
    for (let i = 0; i < n; ++i) {
      const k = at + W * i;
      out.push({ body: u[k], shape: u[k + 1], point: { x: f[k + 2], y: f[k + 3], z: f[k + 4] }, normal: { x: f[k + 5], y: f[k + 6], z: f[k + 7] }, fraction: f[k + 8] });
    }
    return out;
  }

  private pairs(at: number, n: number): [number, number][] {
    this.handle('events');
    const u = this.m.HEAPU32, out: [number, number][] = [];
    for (let i = 0; i < n; ++i) out.push([u[at + 2 * i], u[at + 2 * i + 1]]);
    return out;
  }
}

function isShape(v: unknown): v is Shape3 {
  return typeof v === 'object' && v !== null && 'handle' in v && 'owner' in v && 'kind' in v;
}

