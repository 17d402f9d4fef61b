/**
 * The collision world: bodies made of shapes, a broad phase, a pair cache with begin / stay / end events and
 * contact manifolds, queries, continuous collision for bullets and an optional push-apart response, all in the
 * WebAssembly module. Make one with {@link SAT.createWorld}.
 *
 * The hot path is bulk (see docs/world-api.md):
 * ```ts
 * const world = sat.createWorld({ broadPhase: 'grid' });
 * const id = world.add({ shape: sat.box(1, 1), x: 0, y: 0 });
 * const slot = world.slotOf(id);
 * // every frame:
 * const t = world.transforms;            // re-read every frame: the view is replaced when memory grows
 * t[slot * 5] = x; t[slot * 5 + 1] = y; t[slot * 5 + 2] = angle;
 * world.update();                        // one call into the module
 * const c = world.contacts;              // typed-array views, no allocation
 * for (let i = 0; i < c.count; i++) {
 *   const o = i * CONTACT_WORDS;
 *   const a = c.u32[o], b = c.u32[o + 1], nx = c.f32[o + 2], ny = c.f32[o + 3], depth = c.f32[o + 4];
 * }
 * ```
 * @module
 */
import { SATError, describe, isFiniteFloat32, type SATErrorCode } from './errors.js';
import { E, K, STATUS_CODE, WORLD_CONSTANTS, readConstants, statusOf } from './layout.js';
import type { BodyDefValue, NativeWorld } from './module.js';
import type { SAT, Shape } from './api.js';
import type { AABB, PointsInput, Transform, Vec2 } from './types.js';

// ---------------------------------------------------------------------------------------------------------------
// Public types

/** How a body moves. Static bodies are never tested against each other. */
export type BodyType = 'static' | 'kinematic' | 'dynamic';

/**
 * The broad phase of a world:
 * - `'grid'` (default): a uniform grid rebuilt each frame over the moving bodies; fastest on the scene benchmark.
 * - `'tree'`: a dynamic AABB tree with fattened boxes (Box2D's design); best when few bodies move.
 * - `'sap'`: bodies kept sorted on x between frames (insertion sort), swept within horizontal bands a few bodies high.
 */
export type BroadPhase = 'grid' | 'tree' | 'sap';

/** The optional response step run at the end of {@link World.update}. */
export interface PushApartOptions {
  /** Whether update() pushes overlapping non-sensor pairs apart. Default false. */
  enabled?: boolean;
  /** Most relaxation sweeps per update, 0..64; it stops early once no pair overlaps beyond the slop. Default 24. */
  iterations?: number;
  /** Overlap left alone (and allowed to remain), in world units. Default 0.001. */
  slop?: number;
}

/** Options of {@link SAT.createWorld}. */
export interface WorldOptions {
  /** Broad phase, see {@link BroadPhase}. Default `'grid'`. */
  broadPhase?: BroadPhase;
  /** Tree: how much a moving body's box is fattened, as a fraction of its extent. Default 0.25. */
  treeMargin?: number;
  /** Grid: cell size in world units; 0 (default) picks it each frame from the moving bodies' mean size. */
  gridCellSize?: number;
  /** Expected number of bodies: arrays are reserved up front (fewer reallocations while adding). */
  capacity?: number;
  /** Push-apart response; `true` enables it with the defaults. Change later with {@link World.setPushApart}. */
  pushApart?: boolean | PushApartOptions;
  /**
   * Whether update() times its stages (the `...Ms` fields of {@link WorldStats}). Default true. Each clock read is a
   * call out to `performance.now()` (about 0.1-0.3 µs and a boxed number): a small world updated very often may
   * turn it off; the stage times then stay 0.
   */
  timeStages?: boolean;
  /**
   * Whether pairs of two non-dynamic bodies (kinematic-static, kinematic-kinematic) are tested and report events.
   * Default false, as in Box2D. Static-static pairs never are.
   */
  kinematicPairs?: boolean;
  /**
   * Threads update() runs on, the calling thread included: an integer from 1 to {@link SAT.maxThreads}. Default
   * {@link SAT.threads} (`loadSAT`'s `threads`, 1 without). More than 1 needs the threaded build
   * (`loadSAT({ threads })`), else `ThreadsUnavailable`. Every result is bit-identical to one thread's.
   */
  threads?: number;
}

/** Options of {@link World.setTransform} in its object form. */
export interface SetTransformOptions {
  /**
   * The body jumps to the new transform: CCD does not sweep a bullet along the way (the change is taken as it is).
   * Default false.
   */
  teleport?: boolean;
}

/** One shape of a compound body, placed in the body's frame. */
export interface BodyShape {
  /** the shape (its geometry is copied into the world; the Shape may be disposed afterwards) */
  shape: Shape;
  /** offset of the shape in the body frame, x. Default 0. */
  offsetX?: number;
  /** offset of the shape in the body frame, y. Default 0. */
  offsetY?: number;
  /** rotation of the shape in the body frame, radians. Default 0. */
  angle?: number;
  /** Any uint32 of yours for this shape, returned by {@link World.shapeUserDataOf}. Default 0. */
  userData?: number;
}

/** Everything about a body except its geometry (used by {@link World.addConcave}). */
export interface BodyOptions {
  /** How the body moves. Default `'dynamic'`. */
  type?: BodyType;
  /** initial position x */
  x: number;
  /** initial position y */
  y: number;
  /** initial rotation, radians. Default 0. */
  angle?: number;
  /** initial scale along the body's x axis. Default 1. */
  scaleX?: number;
  /** initial scale along the body's y axis. Default 1. */
  scaleY?: number;
  /**
   * Category bits of the body (uint32). Default 1. A pair is tested iff `(a.group & b.mask) && (b.group & a.mask)`.
   */
  group?: number;
  /** Categories the body collides with (uint32). Default 0xFFFFFFFF (all). */
  mask?: number;
  /** A sensor reports events but is never pushed apart. Default false. */
  sensor?: boolean;
  /** A bullet is swept along its motion each update (CCD) so it cannot tunnel; not for static bodies. Default false. */
  bullet?: boolean;
  /** Push-apart weight of a dynamic body, finite and > 0. Default 1. */
  mass?: number;
  /** Any uint32 of yours (an entity index...), returned by {@link World.userIdOf}. Default 0. */
  userId?: number;
  /** A disabled body is in no pair and no query. Default true. */
  enabled?: boolean;
}

/** A chain body's options (used by {@link World.addChain}): the body's options plus the chain's. */
export interface ChainOptions extends BodyOptions {
  /** Close the chain: a segment from the last point back to the first. Default false. */
  loop?: boolean;
  /**
   * Collide only with shapes in front of a segment: on the right-hand side of its direction (outside of a
   * counter-clockwise loop; above a floor listed right to left). Shapes behind pass through. Default false.
   */
  oneSided?: boolean;
}

/** A body to add: its options plus either one shape at the body origin or a list of placed shapes. */
export interface BodyDef extends BodyOptions {
  /** one shape at the body origin (give this or `shapes`) */
  shape?: Shape;
  /** several shapes placed in the body frame: a compound body (give this or `shape`) */
  shapes?: ReadonlyArray<BodyShape>;
}

/**
 * Which bodies a query sees: a body passes iff `(body.group & filter.mask) && (body.mask & filter.group)`. The
 * query is filtered like a body of this group and mask (Box2D v3's rule), so a body whose own mask is 0 is
 * invisible to queries too.
 */
export interface QueryFilter {
  /** category bits of the query. Default 0xFFFFFFFF. */
  group?: number;
  /** categories the query sees. Default 0xFFFFFFFF. */
  mask?: number;
  /** whether sensors are reported. Default true. */
  includeSensors?: boolean;
  /**
   * Ids of bodies the query never reports (e.g. the body casting the ray). Ids of removed bodies are ignored.
   * Checked by a linear scan per candidate body: meant for a handful of ids.
   */
  exclude?: ArrayLike<number>;
}

/**
 * A raycast hit on a body, from {@link World.raycast} / {@link World.raycastAll}. A ray that starts inside a body
 * (boundary included) hits it at fraction 0, at the start point, with a zero normal; `shape` is then the part
 * holding the start. The seams between the convex parts of a compound or concave body are never hit.
 */
export interface WorldRayHit {
  /** the body hit */
  body: number;
  /** index of the shape (part) of the body that was hit */
  shape: number;
  /** world hit point */
  point: Vec2;
  /** unit surface normal at the hit, facing the ray; (0, 0) for a ray that starts inside the body */
  normal: Vec2;
  /** point = start + fraction * (end - start), in [0, 1] */
  fraction: number;
}

/**
 * Counters and timings of the last {@link World.update}. {@link World.update} returns the same object every
 * frame, refreshed in place (no allocation); copy it (`{ ...stats }`) to keep a frame's values.
 */
export interface WorldStats {
  /** bodies whose transform changed and was taken */
  readonly movedBodies: number;
  /** pairs in the pair cache (broad-phase overlaps) */
  readonly candidatePairs: number;
  /** pairs touching after this update (= begin + stay) */
  readonly touchingPairs: number;
  /** shape-pair SAT tests run */
  readonly narrowTests: number;
  /** bullets swept (CCD) */
  readonly sweptBodies: number;
  /** bodies whose buffered transform was refused (see {@link World.rejected}) */
  readonly rejected: number;
  /** push-apart: largest overlap beyond the slop left after the last iteration */
  readonly residualDepth: number;
  /** push-apart: pairs still overlapping beyond the slop */
  readonly residualPairs: number;
  /** number of begin events */
  readonly beginCount: number;
  /** number of stay events */
  readonly stayCount: number;
  /** number of end events */
  readonly endCount: number;
  /** number of contacts (= beginCount + stayCount) */
  readonly contactCount: number;
  /** ms: taking transforms, world geometry of moved bodies */
  readonly syncMs: number;
  /** ms: broad-phase update */
  readonly broadMs: number;
  /**
   * ms: CCD sweeps of bullets. Always set by update(); optional in the type (as `eventsMs`) so that stats objects
   * built by hand against the shape without it still type-check.
   */
  readonly ccdMs?: number;
  /** ms: new pairs into the pair cache */
  readonly pairsMs: number;
  /** ms: narrow phase (SAT tests, contacts) */
  readonly narrowMs: number;
  /** ms: begin / stay / end events, contacts put in event order (always set by update(), see `ccdMs`) */
  readonly eventsMs?: number;
  /** ms: push-apart */
  readonly pushMs: number;
  /** ms: sum of the stages above (the update inside the module) */
  readonly totalMs: number;
}

/** A body a query shape overlaps, from {@link World.overlapShape}. */
export interface WorldShapeOverlap {
  /** the body */
  body: number;
  /** the body's part of the deepest overlap */
  shape: number;
  /** unit, from the query shape to the body: moving the query shape by -normal * depth separates it from that part */
  normal: Vec2;
  /** overlap depth (0 when just touching) */
  depth: number;
}

/** Closest points of two bodies, from {@link World.distance}. */
export interface WorldDistance {
  /** closest point on body A (world) */
  pointA: Vec2;
  /** closest point on body B */
  pointB: Vec2;
  /** unit, from A towards B; (0, 0) when they overlap */
  normal: Vec2;
  /** >= 0; 0 when touching or overlapping */
  distance: number;
  /** the part of A the point is on */
  shapeA: number;
  /** the part of B */
  shapeB: number;
}

/** A body whose buffered transform {@link World.update} refused; it kept its last valid transform. */
export interface RejectedBody {
  /** the body */
  id: number;
  /** why: `'InvalidTransform'` (non-finite, out of range or zero scale) */
  code: SATErrorCode;
}

/** A contact copied out of the world into a plain object (see {@link ContactView.toJSON}). */
export interface WorldContact {
  /** body A (the smaller slot) */
  a: number;
  /** body B */
  b: number;
  /** unit body-level resolution normal, from A to B */
  normal: Vec2;
  /** body-level resolution distance: moving B by normal * depth separates the bodies */
  depth: number;
  /** CCD: fraction of the bullet's motion at first touch; 1 without CCD */
  toi: number;
  /** whether the pair began touching this frame (else it stays) */
  began: boolean;
  /** whether either body is a sensor */
  sensor: boolean;
  /** whether found by CCD (the bullet was stopped at `toi`) */
  swept: boolean;
  /** the contact points of the deepest shape pair (world): 1 or 2 */
  points: Array<{ x: number; y: number; depth: number; id: number }>;
  /** the part of A of that deepest shape pair (0 for a single-shape body) */
  shapeA: number;
  /** the part of B of that pair */
  shapeB: number;
}

/** One touching shape pair of a touching compound (or concave) body pair. */
export interface WorldShapeContact {
  /** body A */
  a: number;
  /** body B */
  b: number;
  /** shape (part) index within A */
  shapeA: number;
  /** shape (part) index within B */
  shapeB: number;
  /** unit normal from A's shape to B's shape */
  normal: Vec2;
  /** penetration depth of the shape pair */
  depth: number;
  /** contact points */
  points: Array<{ x: number; y: number; depth: number; id: number }>;
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts of the typed arrays (mirrors cpp/include/sat/world.h)

/** Floats per body slot in {@link World.transforms}: x, y, angle, scaleX, scaleY. */
export const TRANSFORM_STRIDE = 5;
/** 32-bit words per contact in {@link WorldContacts} `u32` / `f32`. */
export const CONTACT_WORDS = 16;
/**
 * Word offsets within one contact (read with `u32` for ids / info, `f32` for the rest):
 * - `A`, `B` (u32): body ids, A has the smaller slot
 * - `NORMAL_X`, `NORMAL_Y`, `DEPTH`, `TOI` (f32)
 * - `INFO` (u32): bits 0-7 point count, bits 8-15 flags ({@link ContactFlags}), bits 16-31 shape-contact count
 * - `FIRST_SHAPE_CONTACT` (u32): index of this pair's first entry in `shapeContacts`
 * - `POINT0` / `POINT1`: x, y, depth (f32) and feature id (u32) of each point
 */
export const ContactWord = Object.freeze({
  A: 0,
  B: 1,
  NORMAL_X: 2,
  NORMAL_Y: 3,
  DEPTH: 4,
  TOI: 5,
  INFO: 6,
  FIRST_SHAPE_CONTACT: 7,
  POINT0: 8,
  POINT1: 12,
} as const);
/** Bits of a contact's flags (bits 8-15 of its `INFO` word). */
export const ContactFlags = Object.freeze({ BEGAN: 1, SENSOR: 2, SWEPT: 4 } as const);
/** 32-bit words per entry of {@link WorldContacts.shapeContacts}. */
export const SHAPE_CONTACT_WORDS = 15;

/** Callback of the event iterators: the two body ids (A has the smaller slot) and the event's index. */
export type PairCallback = (a: number, b: number, index: number) => void;

/**
 * Callback of the part-event iterators: the two body ids (as in the body events), the part (shape index) of each
 * that began or stopped touching, and the event's index.
 */
export type PartCallback = (a: number, b: number, shapeA: number, shapeB: number, index: number) => void;

/**
 * The begin / stay / end events of the last {@link World.update}, as views into WebAssembly memory (no
 * allocation per frame). Each array holds id pairs `[a0, b0, a1, b1, ...]`; only the first `2 * count` entries
 * are valid (arrays may be longer). The object is the world's own, the same every frame.
 *
 * Snapshot semantics: the events stay readable and unchanged until the next `update()`, also across `add`,
 * `remove` and other changes (which take effect at the next update). Ids of bodies removed since may be stale:
 * check with {@link World.has}. Do not keep the arrays across `update()` or `add()`: read them from
 * `world.events` again (memory growth replaces them).
 */
export interface WorldEvents {
  /** number of pairs that began touching */
  readonly beginCount: number;
  /** number of pairs that stay touching */
  readonly stayCount: number;
  /** number of pairs that stopped touching (or lost a body: removed or disabled) */
  readonly endCount: number;
  /** begin pairs `[a0, b0, a1, b1, ...]` */
  readonly begin: Uint32Array;
  /** stay pairs */
  readonly stay: Uint32Array;
  /** end pairs */
  readonly end: Uint32Array;
  /** Calls `fn(a, b, i)` for every begin event, in order. No allocation. */
  forEachBegin(fn: PairCallback): void;
  /** Calls `fn(a, b, i)` for every stay event. */
  forEachStay(fn: PairCallback): void;
  /** Calls `fn(a, b, i)` for every end event. */
  forEachEnd(fn: PairCallback): void;
  /**
   * Number of part pairs (a shape of A and a shape of B) that began touching. For two single-shape bodies this is
   * their body begin with parts 0 and 0; with a compound or concave body each part pair has its own begin, while
   * the body pair begins once and stays while any of its parts touch.
   */
  readonly partBeginCount: number;
  /** Number of part pairs that stopped touching (every touching part pair of a body pair that ends, too). */
  readonly partEndCount: number;
  /**
   * Calls `fn(a, b, shapeA, shapeB, i)` for every part begin, ordered by body pair as the body events, then by
   * shapeA and shapeB. A compound pair found only by CCD (stopped before its parts overlap) has no part events.
   * No allocation.
   */
  forEachPartBegin(fn: PartCallback): void;
  /** Calls `fn(a, b, shapeA, shapeB, i)` for every part end. */
  forEachPartEnd(fn: PartCallback): void;
}

/**
 * A cursor over one contact of {@link WorldContacts}, reused between calls: read it inside the callback or loop
 * step, and copy what you keep with {@link ContactView.toJSON}.
 */
export interface ContactView {
  /** index of the contact in this frame's contacts */
  readonly index: number;
  /** body A (smaller slot) */
  readonly a: number;
  /** body B */
  readonly b: number;
  /** body-level resolution normal x, from A to B */
  readonly normalX: number;
  /** body-level resolution normal y */
  readonly normalY: number;
  /** body-level resolution distance (> 0 overlapping) */
  readonly depth: number;
  /** CCD time of impact in [0, 1]; 1 without CCD */
  readonly toi: number;
  /** began touching this frame */
  readonly began: boolean;
  /** either body is a sensor */
  readonly sensor: boolean;
  /** found by CCD */
  readonly swept: boolean;
  /** number of contact points, 1 or 2 */
  readonly pointCount: number;
  /** number of touching shape pairs (compound bodies); 0 for two single-shape bodies */
  readonly shapeContactCount: number;
  /** index of the first of them in {@link WorldContacts.shapeContacts}: the deepest part pair */
  readonly firstShapeContact: number;
  /** the part of A that touches (the deepest part pair's, whose points the contact carries); 0 for one shape */
  readonly shapeA: number;
  /** the part of B that touches */
  readonly shapeB: number;
  /** x of contact point i (0 or 1) */
  pointX(i: number): number;
  /** y of contact point i */
  pointY(i: number): number;
  /** depth of contact point i */
  pointDepth(i: number): number;
  /** feature id of contact point i */
  pointId(i: number): number;
  /** A plain-object copy of the contact (allocates). */
  toJSON(): WorldContact;
}

/**
 * The contacts of the last {@link World.update}, in event order: contact i belongs to begin event i for
 * i < `events.beginCount`, then to stay event i - `events.beginCount`; begins and stays are each in pair order (slot
 * of A, then slot of B), as the events are. Views into WebAssembly memory. Contact i occupies words `[i * CONTACT_WORDS, (i + 1) * CONTACT_WORDS)` of `u32` and `f32`
 * (the same memory; see {@link ContactWord}). Only the first `count` contacts are valid. Same snapshot rules as
 * {@link WorldEvents}.
 */
export interface WorldContacts {
  /** number of contacts */
  readonly count: number;
  /** the contacts as 32-bit unsigned words (ids, info) */
  readonly u32: Uint32Array;
  /** the contacts as 32-bit floats (normal, depth, toi, points) */
  readonly f32: Float32Array;
  /** number of shape contacts (touching shape pairs of compound bodies) */
  readonly shapeContactCount: number;
  /**
   * Shape contacts, {@link SHAPE_CONTACT_WORDS} words each: a, b (u32), shapeA | shapeB << 16 (u32), normal x/y,
   * depth (f32), two points of x, y, depth (f32), id (u32), point count (u32).
   */
  readonly shapeContactsU32: Uint32Array;
  /** the same memory as floats */
  readonly shapeContactsF32: Float32Array;
  /** Calls `fn(contact, i)` with a reused cursor for every contact, in order. No allocation. */
  forEach(fn: (contact: ContactView, index: number) => void): void;
  /** Iterates the contacts with a reused cursor (for `for...of`; the iterator object itself is allocated). */
  [Symbol.iterator](): IterableIterator<ContactView>;
  /** Plain-object copies of every contact (allocates; for tests and tools). */
  toArray(): WorldContact[];
  /** Plain-object copy of shape contact i (allocates). */
  shapeContact(i: number): WorldShapeContact;
}

const BROAD_PHASES: readonly BroadPhase[] = ['grid', 'tree', 'sap'];
const BROAD_PHASE_KINDS = ['Grid', 'Tree', 'SortAndSweep'] as const;
const BODY_TYPES: readonly BodyType[] = ['static', 'kinematic', 'dynamic'];
const BODY_TYPE_VALUES = ['Static', 'Kinematic', 'Dynamic'] as const;

/** The BodyType value of the module for a type name (-1 for none). */
function bodyTypeValue(type: unknown): number {
  const i = BODY_TYPES.indexOf(type as BodyType);
  return i < 0 ? -1 : E.BodyType[BODY_TYPE_VALUES[i]];
}

/** The type name of a module BodyType value. */
function bodyTypeName(value: number): BodyType {
  for (let i = 0; i < BODY_TYPES.length; i++) if (E.BodyType[BODY_TYPE_VALUES[i]] === value) return BODY_TYPES[i];
  return 'static';
}

/**
 * The public layout constants above are the documented contract; the module's must equal them (a mismatched build
 * is refused at the first createWorld()).
 */
function checkPublicLayout(): void {
  const pairs: Array<[string, number, number]> = [
    ['TRANSFORM_STRIDE', TRANSFORM_STRIDE, K.TRANSFORM_STRIDE],
    ['CONTACT_WORDS', CONTACT_WORDS, K.CONTACT_WORDS],
    ['SHAPE_CONTACT_WORDS', SHAPE_CONTACT_WORDS, K.SHAPE_CONTACT_WORDS],
    ['ContactWord.A', ContactWord.A, K.CONTACT_A],
    ['ContactWord.B', ContactWord.B, K.CONTACT_B],
    ['ContactWord.NORMAL_X', ContactWord.NORMAL_X, K.CONTACT_NORMAL_X],
    ['ContactWord.NORMAL_Y', ContactWord.NORMAL_Y, K.CONTACT_NORMAL_Y],
    ['ContactWord.DEPTH', ContactWord.DEPTH, K.CONTACT_DEPTH],
    ['ContactWord.TOI', ContactWord.TOI, K.CONTACT_TOI],
    ['ContactWord.INFO', ContactWord.INFO, K.CONTACT_INFO],
    ['ContactWord.FIRST_SHAPE_CONTACT', ContactWord.FIRST_SHAPE_CONTACT, K.CONTACT_FIRST_SHAPE_CONTACT],
    ['ContactWord.POINT0', ContactWord.POINT0, K.CONTACT_POINT0],
    ['ContactWord.POINT1', ContactWord.POINT1, K.CONTACT_POINT1],
    ['ContactFlags.BEGAN', ContactFlags.BEGAN, K.CONTACT_FLAG_BEGAN],
    ['ContactFlags.SENSOR', ContactFlags.SENSOR, K.CONTACT_FLAG_SENSOR],
    ['ContactFlags.SWEPT', ContactFlags.SWEPT, K.CONTACT_FLAG_SWEPT],
  ];
  for (const [name, published, module] of pairs) {
    if (published !== module) {
      throw new SATError('LoadFailed', `createWorld: the module's ${name} is ${module}, this package documents ${published}: mismatched builds`);
    }
  }
}

function statusCode(status: number): SATErrorCode {
  return STATUS_CODE[status] ?? 'InvalidArgument';
}


// ---------------------------------------------------------------------------------------------------------------
// World

/**
 * A game's veto on pairs, see {@link World.setPairFilter}: the two body ids (A has the smaller slot); return
 * false to keep the pair out.
 */
export type PairFilter = (a: number, b: number) => boolean;

/** Per module: the pair filter of each world (by native pointer), and the first error a filter threw. */
interface FilterHost {
  filters: Map<number, PairFilter>;
  error: unknown;
  failed: boolean;
}
const filterHosts = new WeakMap<object, FilterHost>();

/** The module's dispatcher, installed once: Module.satPairFilter(world, a, b), called by the native update(). */
function filterHostOf(m: object): FilterHost {
  let host = filterHosts.get(m);
  if (host === undefined) {
    const h: FilterHost = { filters: new Map(), error: undefined, failed: false };
    (m as { satPairFilter?: (w: number, a: number, b: number) => boolean }).satPairFilter = (w, a, b) => {
      const fn = h.filters.get(w);
      if (fn === undefined || h.failed) return true;
      try {
        return fn(a, b) !== false;
      } catch (e) {
        // An exception must not unwind through the native update(): kept, and rethrown once update() returns.
        h.failed = true;
        h.error = e;
        return true;
      }
    };
    filterHosts.set(m, h);
    host = h;
  }
  return host;
}

/** Frees worlds that are garbage-collected without dispose(): a safety net only. */
const worldRegistry: FinalizationRegistry<NativeWorld> | null =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((native) => native.delete()) : null;

/**
 * A collision world living in the WebAssembly module. Bodies are addressed by numeric ids: 1, 2, 3, ... in the
 * order they are added, never reissued (a removed body's id stays invalid for the world's life and is refused with
 * `SATError('RemovedBody')`; an id above the last one issued with `SATError('UnknownBody')`). A world issues at
 * most 2^32 - 1 ids over its life (`WorldFull` after that). Not a rigid-body solver: the game moves bodies; the world tells which touch.
 *
 * Frame model: write transforms (bulk into {@link World.transforms}, or {@link World.setTransform}), call
 * {@link World.update} once, read {@link World.events} and {@link World.contacts}. Queries see the world as of
 * the last update.
 *
 * Lifetime: call {@link World.dispose} when done (idempotent); any other use afterwards throws
 * `SATError('Disposed')`. A FinalizationRegistry frees a world that is collected without dispose(), as a safety
 * net only. Shapes passed to {@link World.add} are copied: they may be disposed afterwards.
 */
export class World {
  /** The broad phase this world was made with. */
  readonly broadPhase: BroadPhase;
  /** @internal */
  readonly _sat: SAT;
  /** @internal the native world; null once disposed */
  private _w: NativeWorld | null;
  /** @internal the native world's key in the pair-filter dispatch */
  private readonly _key: number;
  /** @internal word index of the info block */
  private readonly _info: number;
  private _xfView: Float32Array;
  private _xfPtr = -1;
  private _iterating = 0;
  private readonly _stats: WorldStats;
  private readonly _events: EventsImpl;
  private readonly _contacts: ContactsImpl;

  /** @internal Use {@link SAT.createWorld}. */
  constructor(sat: SAT, options: WorldOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new SATError('InvalidArgument', `createWorld: options must be an object, got ${describe(options)}`);
    }
    const bp = options.broadPhase ?? 'grid';
    const bpIndex = BROAD_PHASES.indexOf(bp);
    if (bpIndex < 0) {
      throw new SATError('InvalidArgument', `createWorld: options.broadPhase must be 'grid', 'tree' or 'sap', got ${describe(bp)}`);
    }
    const treeMargin = optNumber(options.treeMargin, 0.25, 'createWorld', 'options.treeMargin', 0);
    const cell = optNumber(options.gridCellSize, 0, 'createWorld', 'options.gridCellSize', 0);
    const capacity = optNumber(options.capacity, 0, 'createWorld', 'options.capacity', 0);
    const native = sat._m.World;
    if (native === undefined) {
      throw new SATError('LoadFailed', 'createWorld: this build of the module has no world (bindings/world_bindings.cpp)');
    }
    readConstants(sat._m, WORLD_CONSTANTS);
    checkPublicLayout();
    if (!Number.isInteger(capacity) || capacity > K.MAX_BODIES) {
      throw new SATError('InvalidArgument', `createWorld: options.capacity must be an integer in [0, ${K.MAX_BODIES}], got ${capacity}`);
    }
    this._sat = sat;
    this.broadPhase = bp;
    const threads = options.threads ?? sat.threads;
    if (typeof threads !== 'number' || !Number.isInteger(threads) || threads < 1) {
      throw new SATError('InvalidArgument', `createWorld: options.threads must be an integer >= 1, got ${describe(threads)}`);
    }
    const maxThreads = native.maxThreads();
    if (threads > maxThreads) {
      throw maxThreads === 1
        ? new SATError('ThreadsUnavailable', `createWorld: options.threads is ${threads}, but this module runs one thread: load it with loadSAT({ threads })`)
        : new SATError('InvalidArgument', `createWorld: options.threads must be at most ${maxThreads}, got ${threads}`);
    }
    const timeStages = optBool(options.timeStages, true, 'createWorld', 'options.timeStages');
    const kinematicPairs = optBool(options.kinematicPairs, false, 'createWorld', 'options.kinematicPairs');
    const w = native.create(
      E.BroadPhaseKind[BROAD_PHASE_KINDS[bpIndex]],
      treeMargin,
      cell,
      capacity,
      (timeStages ? K.WORLD_TIME_STAGES : 0) | (kinematicPairs ? K.WORLD_KINEMATIC_PAIRS : 0),
    );
    if (w === null) throw new SATError('OutOfMemory', 'createWorld: the WebAssembly memory could not grow');
    if (threads > 1 && w.setThreads(threads) !== 0) {
      w.delete();
      throw new SATError(
        'ThreadsUnavailable',
        `createWorld: options.threads is ${threads}, but the module's ${maxThreads - 1} pthread workers are shared by its worlds and fewer than ${threads - 1} are free: dispose a threaded world or ask for fewer threads`,
      );
    }
    this._w = w;
    this._key = w.key();
    worldRegistry?.register(this, w, this);
    this._info = w.info().byteOffset >> 2;
    this._xfView = new Float32Array(0);
    this._stats = makeStats();
    this._events = new EventsImpl(this);
    this._contacts = new ContactsImpl(this);
    if (options.pushApart !== undefined && options.pushApart !== false) {
      this.setPushApart(options.pushApart === true ? { enabled: true } : { enabled: true, ...options.pushApart });
    }
  }

  // ---- internals ---------------------------------------------------------------------------------------------

  /** @internal the native world, or throws Disposed */
  _ptr(fn: string): NativeWorld {
    const w = this._w;
    if (w === null) throw new SATError('Disposed', `World.${fn}: the world has been disposed`);
    return w;
  }

  /** @internal the info block word `i` as uint32 (reads the current heap) */
  _infoU32(i: number): number {
    return this._sat._m.HEAPU32[this._info + i];
  }

  /** @internal */
  _enter(): void {
    this._iterating++;
  }

  /** @internal */
  _leave(): void {
    this._iterating--;
  }

  private _bodyError(status: number, fn: string, id: unknown): SATError {
    const code = statusCode(status);
    return new SATError(code, `World.${fn}: body ${describe(id)}: ${this._msg(status)} (${code})`);
  }

  private _msg(status: number): string {
    return this._sat._m.World!.statusMessage(status);
  }

  private _id(id: unknown, fn: string): number {
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 0xffffffff) {
      throw new SATError('UnknownBody', `World.${fn}: ${describe(id)} is not a body id (a positive integer from World.add)`);
    }
    return id;
  }

  private _check(status: number, fn: string, id: unknown): void {
    if (status !== 0) throw this._bodyError(status, fn, id);
  }

  // ---- bodies ------------------------------------------------------------------------------------------------

  /**
   * Adds a body: one `shape` at the body origin, or several placed `shapes` (a compound body).
   *
   * @param def - the body, see {@link BodyDef}
   * @returns the body's id (a positive integer)
   * @throws SATError `InvalidArgument` (missing or bad shapes, bad options), `InvalidTransform`, `Disposed`
   *   (world or shape), `WorldFull`, `OutOfMemory`
   */
  add(def: BodyDef): number {
    const w = this._ptr('add');
    this._mutable('add');
    if (typeof def !== 'object' || def === null) {
      throw new SATError('InvalidArgument', `World.add: def must be an object {shape | shapes, x, y, ...}, got ${describe(def)}`);
    }
    const n = this._writeShapes(def.shape, def.shapes, 'World.add', 'def');
    const r = w.add(this._def(def, 'World.add'), n);
    return this._added(r, 'add', def);
  }

  /**
   * Writes a shape list (one `shape` or placed `shapes`) at the start of the module's buffer, SHAPE_ENTRY_WORDS
   * words per shape; returns its length.
   */
  private _writeShapes(shape: Shape | undefined, shapes: ReadonlyArray<BodyShape> | undefined, fn: string, argName: string): number {
    const sat = this._sat;
    let list: ReadonlyArray<BodyShape>;
    if (shapes !== undefined) {
      if (shape !== undefined) throw new SATError('InvalidArgument', `${fn}: give either ${argName}.shape or ${argName}.shapes, not both`);
      if (!Array.isArray(shapes) || shapes.length === 0) {
        throw new SATError('InvalidArgument', `${fn}: ${argName}.shapes must be a non-empty array of {shape, offsetX?, offsetY?, angle?, userData?}, got ${describe(shapes)}`);
      }
      list = shapes;
    } else {
      if (shape === undefined) throw new SATError('InvalidArgument', `${fn}: ${argName}.shape or ${argName}.shapes is required`);
      list = [{ shape }];
    }
    const n = list.length;
    const ptr = sat._buffer(4 * K.SHAPE_ENTRY_WORDS * n);
    if (ptr === 0) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow`);
    const f32 = sat._heap();
    const i32 = sat._m.HEAP32;
    const u32 = sat._m.HEAPU32;
    for (let i = 0; i < n; i++) {
      const s = list[i];
      const o = (ptr >> 2) + K.SHAPE_ENTRY_WORDS * i;
      const arg = shapes !== undefined ? `${argName}.shapes[${i}]` : `${argName}.shape`;
      if (typeof s !== 'object' || s === null) throw new SATError('InvalidArgument', `${fn}: ${arg} must be {shape, offsetX?, offsetY?, angle?, userData?}, got ${describe(s)}`);
      i32[o + K.SHAPE_ENTRY_HANDLE] = sat._handle(s.shape, fn, shapes !== undefined ? `${arg}.shape` : arg);
      f32[o + K.SHAPE_ENTRY_OFFSET] = optNumber(s.offsetX, 0, fn, `${arg}.offsetX`);
      f32[o + K.SHAPE_ENTRY_OFFSET + 1] = optNumber(s.offsetY, 0, fn, `${arg}.offsetY`);
      f32[o + K.SHAPE_ENTRY_ANGLE] = optNumber(s.angle, 0, fn, `${arg}.angle`);
      u32[o + K.SHAPE_ENTRY_USER_DATA] = optBits(s.userData, 0, fn, `${arg}.userData`);
    }
    return n;
  }

  /**
   * Replaces a body's shapes in place: one `shape` at the body origin or placed `shapes`, as in {@link World.add}.
   * The body keeps its id, slot, user id, options and pairs: at the next update() a pair that still touches
   * reports stay (no end + begin), one that no longer touches reports end. Queries see the new shapes at once.
   * A refused shape leaves the body as it was.
   * @throws SATError `InvalidArgument`, `Disposed` (world or shape), `UnknownBody`, `RemovedBody`, `WorldFull`
   */
  setShapes(id: number, shapes: Shape | ReadonlyArray<BodyShape>): void {
    const w = this._ptr('setShapes');
    this._mutable('setShapes');
    this._id(id, 'setShapes');
    const list = Array.isArray(shapes) ? (shapes as ReadonlyArray<BodyShape>) : undefined;
    const n = this._writeShapes(list ? undefined : (shapes as Shape), list, 'World.setShapes', 'shapes');
    const r = w.setShapes(id, n);
    if (r === 0) return;
    if (r === E.Status.UnknownBody || r === E.Status.RemovedBody) throw this._bodyError(r, 'setShapes', id);
    const code = statusCode(r);
    throw new SATError(code, `World.setShapes: body ${id}: ${this._msg(r)} (${code})`);
  }

  /**
   * Changes how a body moves, in place (same id, pairs and options). To `'dynamic'`: its push-apart weight is the
   * last mass given (1 by default); to `'static'`: it stops being a bullet. Pairs it no longer forms (static-static,
   * or non-dynamic pairs without `kinematicPairs`) end at the next update(); pairs that still count stay.
   * @throws SATError `InvalidArgument` (unknown type), `UnknownBody`, `RemovedBody`, `Disposed`
   */
  setType(id: number, type: BodyType): void {
    const w = this._ptr('setType');
    this._mutable('setType');
    const t = bodyTypeValue(type);
    if (t < 0) throw new SATError('InvalidArgument', `World.setType: type must be 'static', 'kinematic' or 'dynamic', got ${describe(type)}`);
    this._check(w.setType(this._id(id, 'setType'), t), 'setType', id);
  }

  /**
   * Sets a body's scale, keeping the position and angle last set (taken at the next update(), like setTransform).
   * @throws SATError `InvalidTransform`, `UnknownBody`, `RemovedBody`, `Disposed`
   */
  setScale(id: number, scaleX: number, scaleY: number): void {
    const w = this._ptr('setScale');
    this._id(id, 'setScale');
    if (!isFiniteFloat32(scaleX) || !isFiniteFloat32(scaleY)) {
      const s = w.check(id);
      if (s !== 0) throw this._bodyError(s, 'setScale', id);
      throw new SATError('InvalidTransform', `World.setScale: body ${id}: (${describe(scaleX)}, ${describe(scaleY)}) must be finite numbers`);
    }
    const r = w.setScale(id, scaleX, scaleY);
    if (r === 0) return;
    if (r === E.Status.UnknownBody || r === E.Status.RemovedBody) throw this._bodyError(r, 'setScale', id);
    throw new SATError('InvalidTransform', `World.setScale: body ${id}: (${scaleX}, ${scaleY}) is not usable: |scaleX|, |scaleY| in [1e-6, 1e6]`);
  }

  /**
   * The `userData` given to shape `shape` (its index, as in ray hits and shape contacts) of a body.
   * @throws SATError `InvalidArgument` (no such shape), `UnknownBody`, `RemovedBody`, `Disposed`
   */
  shapeUserDataOf(id: number, shape: number): number {
    const w = this._ptr('shapeUserDataOf');
    if (!Number.isInteger(shape)) throw new SATError('InvalidArgument', `World.shapeUserDataOf: shape must be an integer index, got ${describe(shape)}`);
    const r = w.shapeUserData(this._id(id, 'shapeUserDataOf'), shape);
    if (r === -E.Status.InvalidArgument) {
      throw new SATError('InvalidArgument', `World.shapeUserDataOf: body ${id} has no shape ${shape}`);
    }
    if (r < 0) this._check(-r, 'shapeUserDataOf', id);
    return r;
  }

  /**
   * Adds a body from a simple outline that may be concave: it is split into few convex parts (ear clipping +
   * Hertel-Mehlhorn). Events and contacts are per body; queries report the part index as `shape`.
   *
   * @param points - the outline, flat `[x0, y0, ...]` or `{x, y}[]`, either winding, not self-intersecting
   * @param def - the body's options (no shapes)
   * @returns the body's id
   * @throws SATError `TooFewPoints`, `SelfIntersecting`, `ZeroArea`, `NonFinite`... for a bad outline;
   *   `InvalidArgument`, `InvalidTransform`, `Disposed`, `WorldFull`
   */
  addConcave(points: PointsInput, def: BodyOptions): number {
    const w = this._ptr('addConcave');
    this._mutable('addConcave');
    if (typeof def !== 'object' || def === null) {
      throw new SATError('InvalidArgument', `World.addConcave: def must be an object {x, y, ...}, got ${describe(def)}`);
    }
    const flat = flatten(points, 'World.addConcave');
    const count = flat.length / 2;
    const sat = this._sat;
    const ptr = sat._buffer(4 * flat.length + 8);
    if (ptr === 0) throw new SATError('OutOfMemory', 'World.addConcave: the WebAssembly memory could not grow');
    const bodyDef = this._def(def, 'World.addConcave');
    sat._heap().set(flat, ptr >> 2);
    const r = w.addConcave(bodyDef, count);
    return this._added(r, 'addConcave', def);
  }

  /**
   * Adds a chain body for level geometry: one segment part per pair of consecutive points (part i runs from
   * point i to point i + 1; with `loop`, the last part closes the chain). Each segment knows its neighbours, so a
   * shape sliding along the chain never snags on an internal vertex: it gets the normal the surface has there.
   * Events, contacts, shape contacts and ray hits carry the segment's part index as `shape`. Segments have no
   * area: queryPoint never reports a chain. Meant for static bodies (`type: 'static'`); chains never collide with
   * each other.
   *
   * @param points - flat `[x0, y0, ...]` or `{x, y}[]`, at least 2 (3 for a loop), at most MAX_CHAIN_POINTS;
   *   consecutive points distinct; a loop does not repeat its first point
   * @param def - the body's options plus `loop` and `oneSided`
   * @returns the body's id
   * @throws SATError `TooFewPoints`, `TooManyPoints`, `Degenerate` (consecutive points coincide), `NonFinite`,
   *   `OutOfRange`; `InvalidArgument`, `InvalidTransform`, `Disposed`, `WorldFull`
   */
  addChain(points: PointsInput, def: ChainOptions): number {
    const w = this._ptr('addChain');
    this._mutable('addChain');
    if (typeof def !== 'object' || def === null) {
      throw new SATError('InvalidArgument', `World.addChain: def must be an object {x, y, loop?, oneSided?, ...}, got ${describe(def)}`);
    }
    const loop = optBool(def.loop, false, 'World.addChain', 'def.loop');
    const oneSided = optBool(def.oneSided, false, 'World.addChain', 'def.oneSided');
    const flat = flatten(points, 'World.addChain');
    const count = flat.length / 2;
    if (count < (loop ? 3 : 2)) {
      throw new SATError('TooFewPoints', `World.addChain: ${count} point(s): a chain needs at least ${loop ? '3 as a loop' : '2'}`);
    }
    if (count > K.MAX_CHAIN_POINTS) {
      throw new SATError('TooManyPoints', `World.addChain: ${count} points: at most ${K.MAX_CHAIN_POINTS}`);
    }
    const sat = this._sat;
    const ptr = sat._buffer(4 * flat.length + 8);
    if (ptr === 0) throw new SATError('OutOfMemory', 'World.addChain: the WebAssembly memory could not grow');
    const bodyDef = this._def(def, 'World.addChain');
    sat._heap().set(flat, ptr >> 2);
    const flags = (loop ? K.CHAIN_LOOP : 0) | (oneSided ? K.CHAIN_ONE_SIDED : 0);
    const r = w.addChain(bodyDef, count, flags);
    return this._added(r, 'addChain', def);
  }

  /** `r`: the new id, or minus the status. */
  private _added(r: number, fn: string, def: BodyOptions): number {
    this._xfPtr = -1; // the transform buffer may have moved
    if (r <= 0) {
      const status = -r;
      const code = statusCode(status);
      if (code === 'InvalidTransform') {
        throw new SATError('InvalidTransform', `World.${fn}: the body's transform (x: ${def.x}, y: ${def.y}, angle: ${def.angle ?? 0}, scaleX: ${def.scaleX ?? 1}, scaleY: ${def.scaleY ?? 1}) is not usable: |x|, |y| <= 1e6, |scaleX|, |scaleY| in [1e-6, 1e6]`);
      }
      throw new SATError(code, `World.${fn}: ${this._msg(status)} (${code})`);
    }
    return r;
  }

  /** The body definition the module takes (value object BodyDef), checked. */
  private _def(def: BodyOptions, fn: string): BodyDefValue {
    const type = def.type ?? 'dynamic';
    const t = bodyTypeValue(type);
    if (t < 0) throw new SATError('InvalidArgument', `${fn}: def.type must be 'static', 'kinematic' or 'dynamic', got ${describe(type)}`);
    for (const k of ['x', 'y'] as const) {
      if (typeof def[k] !== 'number') throw new SATError('InvalidTransform', `${fn}: def.${k} must be a number, got ${describe(def[k])}`);
    }
    for (const k of ['x', 'y', 'angle', 'scaleX', 'scaleY'] as const) {
      const v = def[k];
      if (v !== undefined && !isFiniteFloat32(v)) throw new SATError('InvalidTransform', `${fn}: def.${k} is ${describe(v)}: transform components must be finite numbers`);
    }
    const mass = optNumber(def.mass, 1, fn, 'def.mass');
    if (!(mass > 0)) throw new SATError('InvalidArgument', `${fn}: def.mass must be > 0, got ${mass}`);
    if (def.bullet === true && type === 'static') throw new SATError('InvalidArgument', `${fn}: a static body cannot be a bullet`);
    return {
      type: t,
      x: def.x,
      y: def.y,
      angle: def.angle ?? 0,
      scaleX: def.scaleX ?? 1,
      scaleY: def.scaleY ?? 1,
      userId: optBits(def.userId, 0, fn, 'def.userId'),
      group: optBits(def.group, 1, fn, 'def.group'),
      mask: optBits(def.mask, 0xffffffff, fn, 'def.mask'),
      sensor: optBool(def.sensor, false, fn, 'def.sensor'),
      enabled: optBool(def.enabled, true, fn, 'def.enabled'),
      bullet: optBool(def.bullet, false, fn, 'def.bullet'),
      mass,
    };
  }

  /**
   * Removes a body. Its touching pairs report `end` at the next update(); its id is invalid at once (events of
   * the last update that name it stay readable).
   * @throws SATError `UnknownBody`, `RemovedBody` (removed twice), `Disposed`
   */
  remove(id: number): void {
    const w = this._ptr('remove');
    this._mutable('remove');
    this._check(w.remove(this._id(id, 'remove')), 'remove', id);
  }

  /** Whether `id` names a live body of this world (false for removed, unknown or malformed ids). */
  has(id: number): boolean {
    const w = this._ptr('has');
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 0xffffffff) return false;
    return w.check(id) === 0;
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return this._ptr('bodyCount').bodyCount();
  }

  /**
   * Sets a body's transform, taken at the next update(): `setTransform(id, x, y, angle?, scaleX?, scaleY?)`, or
   * `setTransform(id, xf, options?)` with `xf` a {@link Transform} and `options.teleport` (the body jumps there: a
   * bullet is not swept along the way). For many bodies per frame write {@link World.transforms} instead (no call
   * per body).
   * @throws SATError `InvalidTransform` (nothing changes), `UnknownBody`, `RemovedBody`, `Disposed`
   */
  setTransform(id: number, x: number, y: number, angle?: number, scaleX?: number, scaleY?: number): void;
  setTransform(id: number, xf: Transform, options?: SetTransformOptions): void;
  setTransform(id: number, xOrXf: number | Transform, yOrOptions?: number | SetTransformOptions, angle = 0, scaleX = 1, scaleY = 1): void {
    const w = this._ptr('setTransform');
    this._id(id, 'setTransform');
    let x: number, y: number, teleport = false;
    if (typeof xOrXf === 'object' && xOrXf !== null) {
      const xf = xOrXf;
      x = xf.x;
      y = xf.y;
      angle = xf.angle ?? 0;
      scaleX = xf.scaleX ?? 1;
      scaleY = xf.scaleY ?? 1;
      if (yOrOptions !== undefined) {
        if (typeof yOrOptions !== 'object' || yOrOptions === null) {
          throw new SATError('InvalidArgument', `World.setTransform: options must be an object {teleport?}, got ${describe(yOrOptions)}`);
        }
        teleport = optBool(yOrOptions.teleport, false, 'World.setTransform', 'options.teleport');
      }
    } else {
      x = xOrXf as number;
      y = yOrOptions as number;
    }
    if (!isFiniteFloat32(x) || !isFiniteFloat32(y) || !isFiniteFloat32(angle) || !isFiniteFloat32(scaleX) || !isFiniteFloat32(scaleY)) {
      const s = w.check(id);
      if (s !== 0) throw this._bodyError(s, 'setTransform', id);
      throw new SATError('InvalidTransform', `World.setTransform: body ${id}: (${x}, ${y}, ${angle}, ${scaleX}, ${scaleY}) has a non-finite or non-number component`);
    }
    const r = w.setTransform(id, x, y, angle, scaleX, scaleY, teleport);
    if (r === 0) return;
    if (r === E.Status.UnknownBody || r === E.Status.RemovedBody) throw this._bodyError(r, 'setTransform', id);
    throw new SATError('InvalidTransform', `World.setTransform: body ${id}: (${x}, ${y}, ${angle}, ${scaleX}, ${scaleY}) is not usable: |x|, |y| <= 1e6, |scaleX|, |scaleY| in [1e-6, 1e6]`);
  }

  /**
   * Sets a body's transform from a 2x3 affine matrix, as engines keep world transforms (Cocos Creator:
   * `a = m00, b = m01, c = m04, d = m05, tx = m12, ty = m13` of `node.worldMatrix`). A local point p maps to
   * `(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)`. The matrix must be rotation * scale (mirroring allowed):
   * a skewed matrix cannot be expressed as a {@link Transform} and is refused. See {@link matrixToTransform} for
   * the bulk path.
   * @throws SATError `InvalidTransform` (skewed, singular or non-finite), `UnknownBody`, `RemovedBody`, `Disposed`
   */
  setMatrix(id: number, a: number, b: number, c: number, d: number, tx: number, ty: number): void {
    this._ptr('setMatrix');
    const xf = this._matrixScratch;
    if (!matrixToTransform(a, b, c, d, tx, ty, xf)) {
      const s = this._ptr('setMatrix').check(this._id(id, 'setMatrix'));
      if (s !== 0) throw this._bodyError(s, 'setMatrix', id);
      throw new SATError('InvalidTransform', `World.setMatrix: body ${id}: [${a}, ${b}, ${c}, ${d}, ${tx}, ${ty}] is skewed, singular or not finite: only rotation, scale and translation are supported`);
    }
    this.setTransform(id, xf.x, xf.y, xf.angle, xf.scaleX, xf.scaleY);
  }

  private readonly _matrixScratch = { x: 0, y: 0, angle: 0, scaleX: 1, scaleY: 1 };

  /**
   * The body's transform as of the last update() (after CCD and push-apart), with the angle as it was set (not
   * wrapped): the values its entry in {@link World.transforms} held right after that update. Writes into `out` when
   * given (no allocation) and returns it; else returns a new object.
   * @throws SATError `UnknownBody`, `RemovedBody`, `Disposed`
   */
  getTransform<T extends { x: number; y: number; angle?: number; scaleX?: number; scaleY?: number } = Required<Transform>>(
    id: number,
    out?: T,
  ): T & Required<Transform> {
    const w = this._ptr('getTransform');
    if (out !== undefined && (typeof out !== 'object' || out === null)) {
      throw new SATError('InvalidArgument', `World.getTransform: out must be an object to fill, got ${describe(out)}`);
    }
    this._check(w.getTransform(this._id(id, 'getTransform')), 'getTransform', id);
    const f = this._sat._heap();
    const o = this._sat._s + K.SCRATCH_OUT;
    const r = (out ?? {}) as T & Required<Transform>;
    r.x = f[o];
    r.y = f[o + 1];
    r.angle = f[o + 2];
    r.scaleX = f[o + 3];
    r.scaleY = f[o + 4];
    return r;
  }

  /** Enables or disables a body: a disabled body is in no pair (its pairs end) and no query. */
  setEnabled(id: number, enabled: boolean): void {
    const w = this._ptr('setEnabled');
    this._mutable('setEnabled');
    this._check(w.setEnabled(this._id(id, 'setEnabled'), enabled), 'setEnabled', id);
  }

  /** Sets a body's category bits and mask (uint32 each). Takes effect at the next update(). */
  setFilter(id: number, group: number, mask: number): void {
    const w = this._ptr('setFilter');
    const g = optBits(group, 1, 'World.setFilter', 'group');
    const m = optBits(mask, 0xffffffff, 'World.setFilter', 'mask');
    this._check(w.setFilter(this._id(id, 'setFilter'), g, m), 'setFilter', id);
  }

  /** Makes a body a sensor (reports events, never pushed apart) or not. */
  setSensor(id: number, sensor: boolean): void {
    const w = this._ptr('setSensor');
    this._check(w.setSensor(this._id(id, 'setSensor'), sensor), 'setSensor', id);
  }

  /**
   * Marks a body as a bullet (swept along its motion each update) or not.
   * @throws SATError `InvalidArgument` for a static body, `UnknownBody`, `RemovedBody`, `Disposed`
   */
  setBullet(id: number, bullet: boolean): void {
    const w = this._ptr('setBullet');
    const r = w.setBullet(this._id(id, 'setBullet'), bullet);
    if (r === E.Status.InvalidArgument) {
      throw new SATError('InvalidArgument', `World.setBullet: body ${id} is static: only dynamic and kinematic bodies can be bullets`);
    }
    this._check(r, 'setBullet', id);
  }

  /**
   * Sets the push-apart weight of a dynamic body (finite, > 0; kinematic and static bodies are immovable).
   * @throws SATError `InvalidArgument` for a bad mass, `UnknownBody`, `RemovedBody`, `Disposed`
   */
  setMass(id: number, mass: number): void {
    const w = this._ptr('setMass');
    this._id(id, 'setMass');
    if (!isFiniteFloat32(mass) || !(mass > 0)) {
      const s = w.check(id);
      if (s !== 0) throw this._bodyError(s, 'setMass', id);
      throw new SATError('InvalidArgument', `World.setMass: mass must be a finite number > 0, got ${describe(mass)}`);
    }
    this._check(w.setMass(id, mass), 'setMass', id);
  }

  /** Sets the body's user id (any uint32). */
  setUserId(id: number, userId: number): void {
    const w = this._ptr('setUserId');
    const u = optBits(userId, 0, 'World.setUserId', 'userId');
    this._check(w.setUserId(this._id(id, 'setUserId'), u), 'setUserId', id);
  }

  /** The user id given at add() or setUserId(). @throws SATError `UnknownBody`, `RemovedBody`, `Disposed` */
  userIdOf(id: number): number {
    return this._bodyInfo(id, 'userIdOf').userId;
  }

  /** The body's type. @throws SATError `UnknownBody`, `RemovedBody`, `Disposed` */
  typeOf(id: number): BodyType {
    return bodyTypeName(this._bodyInfo(id, 'typeOf').type);
  }

  /** Number of shapes (convex parts) of the body. @throws SATError `UnknownBody`, `RemovedBody`, `Disposed` */
  shapeCountOf(id: number): number {
    return this._bodyInfo(id, 'shapeCountOf').shapeCount;
  }

  /** World bounds of the body as of the last update(). @throws SATError `UnknownBody`, `RemovedBody`, `Disposed` */
  boundsOf(id: number): AABB {
    return this._bodyInfo(id, 'boundsOf').bounds;
  }

  private _bodyInfo(id: number, fn: string): ReturnType<NativeWorld['bodyInfo']> {
    const w = this._ptr(fn);
    const info = w.bodyInfo(this._id(id, fn));
    this._check(info.status, fn, id);
    return info;
  }

  // ---- the bulk path -----------------------------------------------------------------------------------------

  /**
   * The slot of a live body: its entry in {@link World.transforms} starts at `slot * TRANSFORM_STRIDE`. A slot
   * stays the body's for its whole life (a removed body's slot is reused by later bodies).
   * @throws SATError `UnknownBody`, `RemovedBody`, `Disposed`
   */
  slotOf(id: number): number {
    const w = this._ptr('slotOf');
    const slot = w.slotOf(this._id(id, 'slotOf'));
    if (slot < 0) throw this._bodyError(-slot, 'slotOf', id);
    return slot;
  }

  /**
   * All transforms, {@link TRANSFORM_STRIDE} floats per body slot (x, y, angle, scaleX, scaleY): a Float32Array
   * view into WebAssembly memory. Write any entries, then call update(): changed entries are validated and
   * taken; a body whose entry is non-finite or out of range is refused (reported in {@link World.rejected},
   * kept at its last valid transform, its entry restored) and the rest of the world is unaffected. Entries of
   * free slots are ignored. After update() the entries hold the bodies' transforms (moved by push-apart / CCD).
   *
   * The getter re-validates the view (cheap): `add()`, `addConcave()` and memory growth (any call that
   * allocates, including update()) replace it, so read `world.transforms` again after them; do not keep the
   * array across frames.
   * @throws SATError `Disposed`
   */
  get transforms(): Float32Array {
    const w = this._ptr('transforms');
    const heap = this._sat._m.HEAPF32;
    if (this._xfPtr < 0 || this._xfView.buffer !== heap.buffer) {
      const view = w.transforms();
      this._xfView = view;
      this._xfPtr = view.byteOffset;
    }
    return this._xfView;
  }

  /** Number of body slots the transform buffer holds (`transforms.length / TRANSFORM_STRIDE`). */
  get slotCapacity(): number {
    return this._ptr('slotCapacity').capacity();
  }

  /** Sets the push-apart response run at the end of every update(). */
  setPushApart(options: PushApartOptions): void {
    const w = this._ptr('setPushApart');
    if (typeof options !== 'object' || options === null) {
      throw new SATError('InvalidArgument', `World.setPushApart: options must be an object, got ${describe(options)}`);
    }
    const enabled = optBool(options.enabled, true, 'World.setPushApart', 'options.enabled');
    const iterations = optNumber(options.iterations, 24, 'World.setPushApart', 'options.iterations', 0);
    const slop = optNumber(options.slop, 0.001, 'World.setPushApart', 'options.slop', 0);
    if (!Number.isInteger(iterations) || iterations > 64) {
      throw new SATError('InvalidArgument', `World.setPushApart: options.iterations must be an integer in [0, 64], got ${iterations}`);
    }
    w.setPushApart(enabled, iterations, slop);
  }

  /**
   * Runs one frame in a single call into the module: takes the transforms, updates the broad phase and the
   * pair cache, sweeps bullets, fills events and contacts, optionally pushes bodies apart.
   *
   * A body whose buffered transform is unusable does not make update() throw: it is refused, counted in
   * `stats.rejected` and listed by {@link World.rejected}; everything else is updated.
   *
   * @returns the world's stats object, refreshed in place (the same object every frame: no allocation)
   * @throws SATError `Disposed`; `InvalidArgument` when called from inside an event / contact callback of this
   *   world (the events being read would be overwritten)
   */
  update(): WorldStats {
    const w = this._ptr('update');
    this._mutable('update');
    if (this._iterating > 0) {
      throw new SATError('InvalidArgument', 'World.update: called from inside a forEach callback of this world; update after the loop');
    }
    this._filtering = true;
    try {
      w.update();
    } finally {
      this._filtering = false;
    }
    const host = filterHosts.get(this._sat._m);
    if (host !== undefined && host.failed) {
      host.failed = false;
      const e = host.error;
      host.error = undefined;
      this._refreshAfterUpdate();
      throw e;
    }
    return this._refreshAfterUpdate();
  }

  /** Reads the stats and re-takes the event and contact views after the native update(). */
  private _refreshAfterUpdate(): WorldStats {
    // Plain fields written in place (V8 keeps their doubles unboxed in the object: nothing is allocated).
    const u32 = this._sat._m.HEAPU32;
    const f32 = this._sat._m.HEAPF32;
    const i = this._info;
    const st = this._stats as Mutable<WorldStats>;
    st.movedBodies = u32[i + K.INFO_MOVED_BODIES];
    st.candidatePairs = u32[i + K.INFO_CANDIDATE_PAIRS];
    st.touchingPairs = u32[i + K.INFO_TOUCHING_PAIRS];
    st.narrowTests = u32[i + K.INFO_NARROW_TESTS];
    st.sweptBodies = u32[i + K.INFO_SWEPT_BODIES];
    st.rejected = u32[i + K.INFO_REJECTED_COUNT];
    st.residualPairs = u32[i + K.INFO_RESIDUAL_PAIRS];
    st.beginCount = u32[i + K.INFO_BEGIN + 1];
    st.stayCount = u32[i + K.INFO_STAY + 1];
    st.endCount = u32[i + K.INFO_END + 1];
    st.contactCount = u32[i + K.INFO_CONTACTS + 1];
    st.residualDepth = f32[i + K.INFO_RESIDUAL_DEPTH];
    st.syncMs = f32[i + K.INFO_SYNC_MS];
    st.broadMs = f32[i + K.INFO_BROAD_MS];
    st.pairsMs = f32[i + K.INFO_PAIRS_MS];
    st.narrowMs = f32[i + K.INFO_NARROW_MS];
    st.pushMs = f32[i + K.INFO_PUSH_MS];
    const ccdMs = f32[i + K.INFO_CCD_MS];
    const eventsMs = f32[i + K.INFO_EVENTS_MS];
    st.ccdMs = ccdMs;
    st.eventsMs = eventsMs;
    st.totalMs = st.syncMs + st.broadMs + ccdMs + st.pairsMs + st.narrowMs + eventsMs + st.pushMs;
    this._events._refresh();
    this._contacts._refresh();
    return this._stats;
  }

  /** The stats of the last update() (the object update() returns). */
  get stats(): WorldStats {
    this._ptr('stats');
    return this._stats;
  }

  /** The begin / stay / end events of the last update(), see {@link WorldEvents}. The same object every frame. */
  get events(): WorldEvents {
    this._ptr('events');
    this._events._revalidate();
    return this._events;
  }

  /** The contacts of the last update(), see {@link WorldContacts}. The same object every frame. */
  get contacts(): WorldContacts {
    this._ptr('contacts');
    this._contacts._revalidate();
    return this._contacts;
  }

  /** The bodies the last update() refused (allocates; empty when `stats.rejected` is 0). */
  rejected(): RejectedBody[] {
    this._ptr('rejected');
    const out: RejectedBody[] = [];
    const ptr = this._infoU32(K.INFO_REJECTED) >> 2;
    const n = this._infoU32(K.INFO_REJECTED + 1);
    const u32 = this._sat._m.HEAPU32;
    const words = K.REJECTED_WORDS;
    for (let k = 0; k < n; k++) out.push({ id: u32[ptr + words * k], code: statusCode(u32[ptr + words * k + 1] & 0xff) });
    return out;
  }

  // ---- queries -----------------------------------------------------------------------------------------------

  /**
   * The closest body hit by the segment from (x1, y1) to (x2, y2). A ray that starts inside a body hits it at
   * fraction 0 with a zero normal (see {@link WorldRayHit}); seams between a body's parts are never hit.
   * @returns the hit, or null
   * @throws SATError `InvalidArgument` (non-finite coordinates, bad filter), `Disposed`
   */
  raycast(x1: number, y1: number, x2: number, y2: number, filter?: QueryFilter): WorldRayHit | null {
    const n = this._ray(x1, y1, x2, y2, filter, false, 'raycast');
    if (n === 0) return null;
    return this._hit(this._sat._s + K.SCRATCH_OUT);
  }

  /**
   * Every body the segment hits (the first hit per body), closest first.
   * @throws SATError `InvalidArgument`, `Disposed`
   */
  raycastAll(x1: number, y1: number, x2: number, y2: number, filter?: QueryFilter): WorldRayHit[] {
    const total = this._ray(x1, y1, x2, y2, filter, true, 'raycastAll');
    const base = this._lastOut >> 2;
    const out: WorldRayHit[] = [];
    for (let k = 0; k < total; k++) out.push(this._hit(base + K.RAY_HIT_WORDS * k));
    return out;
  }

  private _lastOut = 0;
  /** Whether the module holds exclude ids from an earlier query (they apply until replaced). */
  private _excluding = false;

  /** The filter's group, mask and sensors as the module takes them; its exclude ids handed to the module. */
  private _filter(w: NativeWorld, filter: QueryFilter | undefined, fn: string): [number, number, boolean] {
    const gms = readFilter(filter, fn);
    const exclude: unknown = filter?.exclude;
    if (exclude !== undefined && (typeof exclude !== 'object' || exclude === null || typeof (exclude as ArrayLike<unknown>).length !== 'number')) {
      throw new SATError('InvalidArgument', `World.${fn}: filter.exclude must be an array of body ids, got ${describe(exclude)}`);
    }
    const ids = exclude as ArrayLike<unknown> | undefined;
    if (ids === undefined || ids.length === 0) {
      if (this._excluding) w.setQueryExclude(0);
      this._excluding = false;
      return gms;
    }
    const n = ids.length;
    for (let k = 0; k < n; k++) {
      const id = ids[k];
      if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 0xffffffff) {
        throw new SATError('InvalidArgument', `World.${fn}: filter.exclude[${k}] must be a body id (a positive integer), got ${describe(id)}`);
      }
    }
    const ptr = w.setQueryExclude(n);
    this._excluding = ptr !== 0;
    if (ptr === 0) throw new SATError('OutOfMemory', `World.${fn}: the WebAssembly memory could not grow`);
    const u32 = this._sat._m.HEAPU32;
    for (let k = 0, o = ptr >> 2; k < n; k++) u32[o + k] = ids[k] as number;
    return gms;
  }

  private _hit(o: number): WorldRayHit {
    const f = this._sat._heap();
    const u32 = this._sat._m.HEAPU32;
    const point = o + K.RAY_HIT_POINT;
    const normal = o + K.RAY_HIT_NORMAL;
    return {
      body: u32[o + K.RAY_HIT_BODY],
      shape: u32[o + K.RAY_HIT_SHAPE],
      point: { x: f[point], y: f[point + 1] },
      normal: { x: f[normal], y: f[normal + 1] },
      fraction: f[o + K.RAY_HIT_FRACTION],
    };
  }

  private _ray(x1: number, y1: number, x2: number, y2: number, filter: QueryFilter | undefined, all: boolean, fn: string): number {
    const w = this._ptr(fn);
    for (const [v, name] of [[x1, 'x1'], [y1, 'y1'], [x2, 'x2'], [y2, 'y2']] as const) {
      if (!isFiniteFloat32(v)) throw new SATError('InvalidArgument', `World.${fn}: ${name} must be a finite number, got ${describe(v)}`);
    }
    const [g, m, sensors] = this._filter(w, filter, fn);
    const sat = this._sat;
    let capacity = all ? 64 : 0;
    for (;;) {
      let ptr = 0;
      if (all) {
        ptr = sat._buffer(4 * K.RAY_HIT_WORDS * capacity);
        if (ptr === 0) throw new SATError('OutOfMemory', `World.${fn}: the WebAssembly memory could not grow`);
      }
      const r = w.raycast(x1, y1, x2 - x1, y2 - y1, g, m, sensors, capacity);
      if (r < 0) throw new SATError('InvalidArgument', `World.${fn}: the ray coordinates must be within 1e6`);
      if (!all || r <= capacity) {
        this._lastOut = ptr;
        return r;
      }
      capacity = r;
    }
  }

  private _ids(
    fn: string,
    out: number[] | undefined,
    call: (capacity: number) => number,
    error: (r: number) => SATError = () =>
      new SATError('InvalidArgument', `World.${fn}: coordinates must be finite and within 1e6`),
  ): number[] {
    const sat = this._sat;
    let capacity = 64;
    for (;;) {
      const ptr = sat._buffer(4 * capacity);
      if (ptr === 0) throw new SATError('OutOfMemory', `World.${fn}: the WebAssembly memory could not grow`);
      const r = call(capacity);
      if (r < 0) throw error(r);
      if (r <= capacity) {
        const res = out ?? [];
        const u32 = sat._m.HEAPU32;
        const base = ptr >> 2;
        res.length = r;
        for (let k = 0; k < r; k++) res[k] = u32[base + k];
        return res;
      }
      capacity = r;
    }
  }

  /**
   * Bodies containing the point (inside or on the boundary).
   * @param out - an array to fill (its length is set), to avoid allocating
   * @throws SATError `InvalidArgument`, `Disposed`
   */
  queryPoint(x: number, y: number, filter?: QueryFilter, out?: number[]): number[] {
    const w = this._ptr('queryPoint');
    if (!isFiniteFloat32(x) || !isFiniteFloat32(y)) {
      throw new SATError('InvalidArgument', `World.queryPoint: (${describe(x)}, ${describe(y)}) must be finite numbers`);
    }
    const [g, m, sensors] = this._filter(w, filter, 'queryPoint');
    return this._ids('queryPoint', out, (cap) => w.queryPoint(x, y, g, m, sensors, cap));
  }

  /**
   * Bodies whose bounds overlap the box [minX, maxX] x [minY, maxY].
   * @throws SATError `InvalidArgument` (non-finite or inverted box), `Disposed`
   */
  queryAABB(minX: number, minY: number, maxX: number, maxY: number, filter?: QueryFilter, out?: number[]): number[] {
    const w = this._ptr('queryAABB');
    if (![minX, minY, maxX, maxY].every(isFiniteFloat32) || !(minX <= maxX) || !(minY <= maxY)) {
      throw new SATError('InvalidArgument', `World.queryAABB: (${minX}, ${minY}, ${maxX}, ${maxY}) must be finite with min <= max`);
    }
    const [g, m, sensors] = this._filter(w, filter, 'queryAABB');
    return this._ids('queryAABB', out, (cap) => w.queryAABB(minX, minY, maxX, maxY, g, m, sensors, cap));
  }

  /**
   * Bodies overlapping a shape placed at `xf`.
   * @throws SATError `InvalidArgument`, `Disposed` (world or shape), `InvalidTransform`
   */
  queryShape(shape: Shape, xf: Transform, filter?: QueryFilter, out?: number[]): number[] {
    const w = this._ptr('queryShape');
    const h = this._sat._handle(shape, 'World.queryShape', 'shape');
    const [g, m, sensors] = this._filter(w, filter, 'queryShape');
    return this._ids(
      'queryShape',
      out,
      (cap) => {
        // Written (and validated) per try, after the buffer grew: the scratch block then surely holds it.
        this._sat._writeTransform(this._sat._heap(), this._sat._s + K.SCRATCH_IN_XF_A, xf, 'World.queryShape', 'xf');
        return w.queryShape(h, g, m, sensors, cap);
      },
      (r) => this._sat._transformError(xf, 'World.queryShape', 'xf', statusOf(r)),
    );
  }

  /**
   * The first body a shape placed at `xf` hits when moved by (dx, dy) without turning: `{ body, shape, point,
   * normal, fraction }` (fraction of the move, the body's surface normal facing the shape, the contact point at the
   * time of impact), or null. A shape that overlaps a body at the start hits it at fraction 0 with a zero normal.
   * @throws SATError `InvalidArgument` (bad move or filter), `InvalidTransform`, `Disposed` (world or shape)
   */
  castShape(shape: Shape, xf: Transform, dx: number, dy: number, filter?: QueryFilter): WorldRayHit | null {
    const w = this._ptr('castShape');
    const h = this._sat._handle(shape, 'World.castShape', 'shape');
    if (!isFiniteFloat32(dx) || !isFiniteFloat32(dy)) {
      throw new SATError('InvalidArgument', `World.castShape: (dx, dy) = (${describe(dx)}, ${describe(dy)}) must be finite numbers`);
    }
    const [g, m, sensors] = this._filter(w, filter, 'castShape');
    const f = this._sat._heap();
    this._sat._writeTransform(f, this._sat._s + K.SCRATCH_IN_XF_A, xf, 'World.castShape', 'xf');
    const r = w.castShape(h, dx, dy, g, m, sensors);
    if (r < 0) {
      if (-r >> K.ERROR_ARGUMENT_SHIFT === 2) throw new SATError('InvalidArgument', `World.castShape: the move (${dx}, ${dy}) must stay within 1e6`);
      throw this._sat._transformError(xf, 'World.castShape', 'xf', statusOf(r));
    }
    return r === 0 ? null : this._hit(this._sat._s + K.SCRATCH_OUT);
  }

  /**
   * Bodies overlapping a shape placed at `xf`, each with the normal and depth of its deepest part (allocates).
   * @throws SATError `InvalidArgument`, `Disposed` (world or shape), `InvalidTransform`
   */
  overlapShape(shape: Shape, xf: Transform, filter?: QueryFilter): WorldShapeOverlap[] {
    const w = this._ptr('overlapShape');
    const h = this._sat._handle(shape, 'World.overlapShape', 'shape');
    const [g, m, sensors] = this._filter(w, filter, 'overlapShape');
    const sat = this._sat;
    let capacity = 32;
    for (;;) {
      const words = K.SHAPE_OVERLAP_WORDS;
      const ptr = sat._buffer(4 * words * capacity);
      if (ptr === 0) throw new SATError('OutOfMemory', 'World.overlapShape: the WebAssembly memory could not grow');
      sat._writeTransform(sat._heap(), sat._s + K.SCRATCH_IN_XF_A, xf, 'World.overlapShape', 'xf');
      const r = w.overlapShape(h, g, m, sensors, capacity);
      if (r < 0) throw sat._transformError(xf, 'World.overlapShape', 'xf', statusOf(r));
      if (r <= capacity) {
        const u32 = sat._m.HEAPU32;
        const f = sat._heap();
        const out: WorldShapeOverlap[] = [];
        for (let k = 0, o = ptr >> 2; k < r; k++, o += words) {
          const normal = o + K.SHAPE_OVERLAP_NORMAL;
          out.push({
            body: u32[o + K.SHAPE_OVERLAP_BODY],
            shape: u32[o + K.SHAPE_OVERLAP_SHAPE],
            normal: { x: f[normal], y: f[normal + 1] },
            depth: f[o + K.SHAPE_OVERLAP_DEPTH],
          });
        }
        return out;
      }
      capacity = r;
    }
  }

  /**
   * Closest points of two bodies (over their parts), as of the last update().
   * @throws SATError `UnknownBody`, `RemovedBody`, `Disposed`
   */
  distance(a: number, b: number): WorldDistance {
    const w = this._ptr('distance');
    this._id(a, 'distance');
    this._id(b, 'distance');
    const r = w.distance(a, b);
    if (r.status !== 0) throw this._bodyError(r.status, 'distance', w.check(a) !== 0 ? a : b);
    return { pointA: r.pointA, pointB: r.pointB, normal: r.normal, distance: r.distance, shapeA: r.shapeA, shapeB: r.shapeB };
  }

  /**
   * Sets (or with null, removes) a veto on pairs: `fn(a, b)` is called during update() for each pair about to
   * enter the pair cache (boxes overlapping, group / mask admitting it), A with the smaller slot; returning false
   * keeps the pair out: no events, no contacts, no push-apart. An admitted pair is not asked again while it stays
   * in the cache; a vetoed one is asked again whenever the broad phase finds it again (grid and sap: every update
   * while the boxes overlap). Setting or removing a filter keeps the pairs in the cache and has every other
   * overlapping pair found and asked again at the next update. Cost: bench/README.md.
   *
   * The callback must not add, remove or edit bodies (that throws `InvalidArgument`); an exception it throws is
   * rethrown by update() once the frame is complete (later pairs of that frame are admitted).
   * @throws SATError `InvalidArgument` (not a function or null), `Disposed`
   */
  setPairFilter(fn: PairFilter | null): void {
    const w = this._ptr('setPairFilter');
    if (fn !== null && typeof fn !== 'function') {
      throw new SATError('InvalidArgument', `World.setPairFilter: fn must be a function (a, b) => boolean or null, got ${describe(fn)}`);
    }
    const host = filterHostOf(this._sat._m);
    if (fn === null) host.filters.delete(this._key);
    else host.filters.set(this._key, fn);
    w.setPairFilter(fn !== null);
  }

  /** @internal throws when a pair filter of this world is running (the world is mid-update). */
  private _mutable(fn: string): void {
    if (this._filtering) {
      throw new SATError('InvalidArgument', `World.${fn}: called from inside this world's pair filter; change bodies after update()`);
    }
  }

  private _filtering = false;

  /** For tests and tools: checks the world's internal invariants (broad phase, pair cache). */
  validate(): boolean {
    return this._ptr('validate').validate();
  }

  // ---- lifetime ----------------------------------------------------------------------------------------------

  /** Whether {@link World.dispose} has been called. */
  get disposed(): boolean {
    return this._w === null;
  }

  /**
   * Frees the world and every body in it. Harmless when called again; any other use afterwards throws
   * `SATError('Disposed')`.
   * @throws SATError `InvalidArgument` when called from inside an event / contact callback of this world
   */
  dispose(): void {
    if (this._w === null) return;
    this._mutable('dispose');
    if (this._iterating > 0) {
      throw new SATError('InvalidArgument', 'World.dispose: called from inside a forEach callback of this world; dispose after the loop');
    }
    const w = this._w;
    this._w = null;
    filterHosts.get(this._sat._m)?.filters.delete(this._key);
    worldRegistry?.unregister(this);
    this._xfView = new Float32Array(0);
    this._events._clear();
    this._contacts._clear();
    w.delete();
  }
}

/**
 * Decomposes a 2x3 affine matrix (local p maps to `(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)`) into the
 * transform the world takes: `angle = atan2(b, a)`, `scaleX = |(a, b)|`, `scaleY = det / scaleX` (negative when
 * mirrored). Fills `out` (no allocation) and returns true; returns false, leaving `out` unspecified, when the
 * matrix is skewed (its columns are not orthogonal within `tolerance`, relative), singular or not finite.
 *
 * @example Cocos Creator, bulk: `matrixToTransform(m.m00, m.m01, m.m04, m.m05, m.m12, m.m13, xf)` then write
 * xf into `world.transforms`.
 */
export function matrixToTransform(
  a: number,
  b: number,
  c: number,
  d: number,
  tx: number,
  ty: number,
  out: { x: number; y: number; angle: number; scaleX: number; scaleY: number },
  tolerance = 1e-4,
): boolean {
  const sx = Math.hypot(a, b);
  const det = a * d - b * c;
  if (!(sx > 0) || !Number.isFinite(det) || det === 0 || !Number.isFinite(tx) || !Number.isFinite(ty)) return false;
  const sy = det / sx;
  const colY = Math.hypot(c, d);
  if (!(Math.abs(a * c + b * d) <= tolerance * sx * colY)) return false;
  out.x = tx;
  out.y = ty;
  out.angle = Math.atan2(b, a);
  out.scaleX = sx;
  out.scaleY = sy;
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Events and contacts: views re-taken only when the native array moves, grows past the view, or memory grows.

const EMPTY_U32 = new Uint32Array(0);
const EMPTY_F32 = new Float32Array(0);

/**
 * Views over native arrays, reused while they still cover the array: a native array may alternate between two
 * blocks (the world double-buffers its contacts), so the last two views are kept and a new one is made only when
 * neither fits (the array grew past its high-water mark, or memory grew). No allocation in steady state.
 */
class ViewCache<T extends Uint32Array | Float32Array> {
  private _a: T;
  private _b: T;
  constructor(private readonly _make: (buffer: ArrayBufferLike, ptr: number, length: number) => T, empty: T) {
    this._a = empty;
    this._b = empty;
  }

  get(buffer: ArrayBufferLike, ptr: number, words: number, empty: T): T {
    const a = this._a;
    if (a.buffer === buffer && a.byteOffset === ptr && a.length >= words) return a;
    const b = this._b;
    if (b.buffer === buffer && b.byteOffset === ptr && b.length >= words) {
      this._b = a;
      this._a = b;
      return b;
    }
    if (words === 0) return empty;
    const v = this._make(buffer, ptr, words);
    this._b = a;
    this._a = v;
    return v;
  }
}

const makeU32 = (buffer: ArrayBufferLike, ptr: number, length: number) => new Uint32Array(buffer, ptr, length);
const makeF32 = (buffer: ArrayBufferLike, ptr: number, length: number) => new Float32Array(buffer, ptr, length);

class EventsImpl implements WorldEvents {
  beginCount = 0;
  stayCount = 0;
  endCount = 0;
  begin: Uint32Array = EMPTY_U32;
  stay: Uint32Array = EMPTY_U32;
  end: Uint32Array = EMPTY_U32;
  partBeginCount = 0;
  partEndCount = 0;
  private readonly _world: World;
  private _buffer: ArrayBufferLike | null = null;
  private readonly _vBegin = new ViewCache(makeU32, EMPTY_U32);
  private readonly _vStay = new ViewCache(makeU32, EMPTY_U32);
  private readonly _vEnd = new ViewCache(makeU32, EMPTY_U32);

  constructor(world: World) {
    this._world = world;
  }

  /** After an update: counts and views. */
  _refresh(): void {
    const w = this._world;
    const buffer = w._sat._m.HEAPU32.buffer;
    this._buffer = buffer;
    this.beginCount = w._infoU32(K.INFO_BEGIN + 1);
    this.stayCount = w._infoU32(K.INFO_STAY + 1);
    this.endCount = w._infoU32(K.INFO_END + 1);
    this.partBeginCount = w._infoU32(K.INFO_PART_BEGIN + 1);
    this.partEndCount = w._infoU32(K.INFO_PART_END + 1);
    // Whole blocks (bytes / 4 words), so that a view is reused while its block does not move.
    this.begin = this._vBegin.get(buffer, w._infoU32(K.INFO_BEGIN), w._infoU32(K.INFO_BEGIN_BYTES) >>> 2, EMPTY_U32);
    this.stay = this._vStay.get(buffer, w._infoU32(K.INFO_STAY), w._infoU32(K.INFO_STAY_BYTES) >>> 2, EMPTY_U32);
    this.end = this._vEnd.get(buffer, w._infoU32(K.INFO_END), w._infoU32(K.INFO_END_BYTES) >>> 2, EMPTY_U32);
  }

  /** Memory may have grown since the update (an add, a query): re-take views over the same arrays. */
  _revalidate(): void {
    if (this._buffer !== this._world._sat._m.HEAPU32.buffer) this._refresh();
  }

  _clear(): void {
    this._buffer = null;
    this.beginCount = this.stayCount = this.endCount = this.partBeginCount = this.partEndCount = 0;
    this.begin = this.stay = this.end = EMPTY_U32;
  }

  /** Calls fn for each of `count` events at the info block's entry `which`: body pairs, or part pairs. */
  private _each(which: number, count: number, fn: PairCallback | PartCallback, name: string, parts: boolean): void {
    if (typeof fn !== 'function') throw new SATError('InvalidArgument', `World.events.${name}: fn must be a function, got ${describe(fn)}`);
    const w = this._world;
    w._ptr(name);
    const m = w._sat._m;
    const ptr = w._infoU32(which) >> 2;
    const words = parts ? K.PART_EVENT_WORDS : K.EVENT_WORDS;
    w._enter();
    try {
      for (let k = 0, o = ptr; k < count; k++, o += words) {
        // The heap is re-read each step: a callback that adds bodies may grow memory.
        const u32 = m.HEAPU32;
        if (parts) {
          const shapes = u32[o + K.PART_EVENT_SHAPES];
          (fn as PartCallback)(u32[o], u32[o + 1], shapes & 0xffff, shapes >>> 16, k);
        } else {
          (fn as PairCallback)(u32[o], u32[o + 1], k);
        }
      }
    } finally {
      w._leave();
    }
  }

  forEachBegin(fn: PairCallback): void {
    this._each(K.INFO_BEGIN, this.beginCount, fn, 'forEachBegin', false);
  }

  forEachStay(fn: PairCallback): void {
    this._each(K.INFO_STAY, this.stayCount, fn, 'forEachStay', false);
  }

  forEachEnd(fn: PairCallback): void {
    this._each(K.INFO_END, this.endCount, fn, 'forEachEnd', false);
  }

  forEachPartBegin(fn: PartCallback): void {
    this._each(K.INFO_PART_BEGIN, this.partBeginCount, fn, 'forEachPartBegin', true);
  }

  forEachPartEnd(fn: PartCallback): void {
    this._each(K.INFO_PART_END, this.partEndCount, fn, 'forEachPartEnd', true);
  }
}

class ContactCursor implements ContactView {
  index = 0;
  /** word index of the contact in the heap */
  private _o = 0;
  private readonly _world: World;

  constructor(world: World) {
    this._world = world;
  }

  _at(index: number, word: number): this {
    this.index = index;
    this._o = word;
    return this;
  }

  private get _u(): Uint32Array {
    return this._world._sat._m.HEAPU32;
  }

  private get _f(): Float32Array {
    return this._world._sat._m.HEAPF32;
  }

  get a(): number {
    return this._u[this._o + K.CONTACT_A];
  }
  get b(): number {
    return this._u[this._o + K.CONTACT_B];
  }
  get normalX(): number {
    return this._f[this._o + K.CONTACT_NORMAL_X];
  }
  get normalY(): number {
    return this._f[this._o + K.CONTACT_NORMAL_Y];
  }
  get depth(): number {
    return this._f[this._o + K.CONTACT_DEPTH];
  }
  get toi(): number {
    return this._f[this._o + K.CONTACT_TOI];
  }
  get pointCount(): number {
    return this._u[this._o + K.CONTACT_INFO] & ((1 << K.CONTACT_INFO_FLAGS_SHIFT) - 1);
  }
  get began(): boolean {
    return ((this._u[this._o + K.CONTACT_INFO] >>> K.CONTACT_INFO_FLAGS_SHIFT) & K.CONTACT_FLAG_BEGAN) !== 0;
  }
  get sensor(): boolean {
    return ((this._u[this._o + K.CONTACT_INFO] >>> K.CONTACT_INFO_FLAGS_SHIFT) & K.CONTACT_FLAG_SENSOR) !== 0;
  }
  get swept(): boolean {
    return ((this._u[this._o + K.CONTACT_INFO] >>> K.CONTACT_INFO_FLAGS_SHIFT) & K.CONTACT_FLAG_SWEPT) !== 0;
  }
  get shapeContactCount(): number {
    return this._u[this._o + K.CONTACT_INFO] >>> K.CONTACT_INFO_SHAPE_CONTACTS_SHIFT;
  }
  get firstShapeContact(): number {
    return this._u[this._o + K.CONTACT_FIRST_SHAPE_CONTACT];
  }
  get shapeA(): number {
    return this._parts() & 0xffff;
  }
  get shapeB(): number {
    return this._parts() >>> 16;
  }
  /** shapeA | shapeB << 16 of the first (deepest) shape contact, or 0 for a pair of single-shape bodies */
  private _parts(): number {
    if (this.shapeContactCount === 0) return 0;
    const w = this._world;
    return this._u[(w._infoU32(K.INFO_SHAPE_CONTACTS) >> 2) + K.SHAPE_CONTACT_WORDS * this.firstShapeContact + K.SHAPE_CONTACT_SHAPES];
  }
  /** word index of point i (x, y, depth, id) */
  private _point(i: number): number {
    return this._o + ((i & 1) === 0 ? K.CONTACT_POINT0 : K.CONTACT_POINT1);
  }
  pointX(i: number): number {
    return this._f[this._point(i)];
  }
  pointY(i: number): number {
    return this._f[this._point(i) + 1];
  }
  pointDepth(i: number): number {
    return this._f[this._point(i) + 2];
  }
  pointId(i: number): number {
    return this._u[this._point(i) + 3];
  }
  toJSON(): WorldContact {
    const points = [];
    for (let i = 0; i < this.pointCount; i++) {
      points.push({ x: this.pointX(i), y: this.pointY(i), depth: this.pointDepth(i), id: this.pointId(i) });
    }
    return {
      a: this.a,
      b: this.b,
      normal: { x: this.normalX, y: this.normalY },
      depth: this.depth,
      toi: this.toi,
      began: this.began,
      sensor: this.sensor,
      swept: this.swept,
      points,
      shapeA: this.shapeA,
      shapeB: this.shapeB,
    };
  }
}

class ContactsImpl implements WorldContacts {
  count = 0;
  u32: Uint32Array = EMPTY_U32;
  f32: Float32Array = EMPTY_F32;
  shapeContactCount = 0;
  shapeContactsU32: Uint32Array = EMPTY_U32;
  shapeContactsF32: Float32Array = EMPTY_F32;
  private readonly _world: World;
  private readonly _cursor: ContactCursor;
  private _buffer: ArrayBufferLike | null = null;
  private readonly _vU = new ViewCache(makeU32, EMPTY_U32);
  private readonly _vF = new ViewCache(makeF32, EMPTY_F32);
  private readonly _vSU = new ViewCache(makeU32, EMPTY_U32);
  private readonly _vSF = new ViewCache(makeF32, EMPTY_F32);

  constructor(world: World) {
    this._world = world;
    this._cursor = new ContactCursor(world);
  }

  _refresh(): void {
    const w = this._world;
    const buffer = w._sat._m.HEAPU32.buffer;
    this._buffer = buffer;
    this.count = w._infoU32(K.INFO_CONTACTS + 1);
    const ptr = w._infoU32(K.INFO_CONTACTS);
    // Views over the world's own arrays, sized to the count: re-made only when the count passes the high-water
    // mark of the block (rare after warm-up) or the array moves.
    this.u32 = this._vU.get(buffer, ptr, K.CONTACT_WORDS * this.count, EMPTY_U32);
    this.f32 = this._vF.get(buffer, ptr, K.CONTACT_WORDS * this.count, EMPTY_F32);
    this.shapeContactCount = w._infoU32(K.INFO_SHAPE_CONTACTS + 1);
    const sp = w._infoU32(K.INFO_SHAPE_CONTACTS);
    this.shapeContactsU32 = this._vSU.get(buffer, sp, K.SHAPE_CONTACT_WORDS * this.shapeContactCount, EMPTY_U32);
    this.shapeContactsF32 = this._vSF.get(buffer, sp, K.SHAPE_CONTACT_WORDS * this.shapeContactCount, EMPTY_F32);
  }

  _revalidate(): void {
    if (this._buffer !== this._world._sat._m.HEAPU32.buffer) this._refresh();
  }

  _clear(): void {
    this._buffer = null;
    this.count = this.shapeContactCount = 0;
    this.u32 = this.shapeContactsU32 = EMPTY_U32;
    this.f32 = this.shapeContactsF32 = EMPTY_F32;
  }

  forEach(fn: (contact: ContactView, index: number) => void): void {
    if (typeof fn !== 'function') throw new SATError('InvalidArgument', `World.contacts.forEach: fn must be a function, got ${describe(fn)}`);
    const w = this._world;
    w._ptr('contacts.forEach');
    const base = w._infoU32(K.INFO_CONTACTS) >> 2;
    const n = this.count;
    const c = this._cursor;
    w._enter();
    try {
      for (let k = 0; k < n; k++) fn(c._at(k, base + K.CONTACT_WORDS * k), k);
    } finally {
      w._leave();
    }
  }

  *[Symbol.iterator](): IterableIterator<ContactView> {
    const w = this._world;
    w._ptr('contacts[Symbol.iterator]');
    const base = w._infoU32(K.INFO_CONTACTS) >> 2;
    const n = this.count;
    const c = this._cursor;
    w._enter();
    try {
      for (let k = 0; k < n; k++) yield c._at(k, base + K.CONTACT_WORDS * k);
    } finally {
      w._leave();
    }
  }

  toArray(): WorldContact[] {
    const out: WorldContact[] = [];
    this.forEach((c) => out.push(c.toJSON()));
    return out;
  }

  shapeContact(i: number): WorldShapeContact {
    const w = this._world;
    const native = w._ptr('contacts.shapeContact');
    if (!Number.isInteger(i) || i < 0 || i >= this.shapeContactCount) {
      throw new SATError('InvalidArgument', `World.contacts.shapeContact: index ${describe(i)} is not in [0, ${this.shapeContactCount})`);
    }
    const c = native.shapeContact(i);
    const m = c.manifold;
    const points = [];
    for (let k = 0; k < m.pointCount; k++) {
      const p = k === 0 ? m.point0 : m.point1;
      points.push({ x: p.point.x, y: p.point.y, depth: p.depth, id: p.id });
    }
    return { a: c.a, b: c.b, shapeA: c.shapeA, shapeB: c.shapeB, normal: m.normal, depth: m.depth, points };
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Fresh stats; the double fields start as doubles (0.5 then 0) so V8 gives them a double representation. */
function makeStats(): WorldStats {
  const st: Mutable<WorldStats> = {
    movedBodies: 0,
    candidatePairs: 0,
    touchingPairs: 0,
    narrowTests: 0,
    sweptBodies: 0,
    rejected: 0,
    residualPairs: 0,
    beginCount: 0,
    stayCount: 0,
    endCount: 0,
    contactCount: 0,
    residualDepth: 0.5,
    syncMs: 0.5,
    broadMs: 0.5,
    ccdMs: 0.5,
    pairsMs: 0.5,
    narrowMs: 0.5,
    eventsMs: 0.5,
    pushMs: 0.5,
    totalMs: 0.5,
  };
  st.residualDepth = st.syncMs = st.broadMs = st.ccdMs = st.pairsMs = st.narrowMs = st.eventsMs = st.pushMs = st.totalMs = 0;
  return st;
}

// ---------------------------------------------------------------------------------------------------------------
// Argument helpers

function optNumber(v: unknown, fallback: number, fn: string, arg: string, min = -Infinity): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !isFiniteFloat32(v)) {
    throw new SATError('InvalidArgument', `${fn}: ${arg} must be a finite number, got ${describe(v)}`);
  }
  if (v < min) throw new SATError('InvalidArgument', `${fn}: ${arg} must be >= ${min}, got ${v}`);
  return v;
}

function optBits(v: unknown, fallback: number, fn: string, arg: string): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -0x80000000 || v > 0xffffffff) {
    throw new SATError('InvalidArgument', `${fn}: ${arg} must be a 32-bit integer, got ${describe(v)}`);
  }
  return v >>> 0;
}

function optBool(v: unknown, fallback: boolean, fn: string, arg: string): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new SATError('InvalidArgument', `${fn}: ${arg} must be a boolean, got ${describe(v)}`);
  return v;
}

function readFilter(filter: QueryFilter | undefined, fn: string): [number, number, boolean] {
  if (filter === undefined) return [0xffffffff | 0, 0xffffffff | 0, true];
  if (typeof filter !== 'object' || filter === null) {
    throw new SATError('InvalidArgument', `World.${fn}: filter must be an object {group?, mask?, includeSensors?, exclude?}, got ${describe(filter)}`);
  }
  return [
    optBits(filter.group, 0xffffffff, `World.${fn}`, 'filter.group') | 0,
    optBits(filter.mask, 0xffffffff, `World.${fn}`, 'filter.mask') | 0,
    optBool(filter.includeSensors, true, `World.${fn}`, 'filter.includeSensors'),
  ];
}

function flatten(points: PointsInput, fn: string): Float32Array {
  if (points == null || typeof points !== 'object') {
    throw new SATError('InvalidArgument', `${fn}: points must be [x0, y0, ...] or {x, y}[], got ${describe(points)}`);
  }
  const list = points as ArrayLike<unknown>;
  if (typeof list.length !== 'number') throw new SATError('InvalidArgument', `${fn}: points must be an array, got ${describe(points)}`);
  if (list.length > 0 && typeof list[0] === 'object' && list[0] !== null) {
    const out = new Float32Array(2 * list.length);
    for (let i = 0; i < list.length; i++) {
      const p = list[i] as Vec2;
      if (typeof p !== 'object' || p === null || typeof p.x !== 'number' || typeof p.y !== 'number') {
        throw new SATError('InvalidArgument', `${fn}: points[${i}] must be {x, y} with numbers, got ${describe(p)}`);
      }
      if (!isFiniteFloat32(p.x) || !isFiniteFloat32(p.y)) throw new SATError('NonFinite', `${fn}: points[${i}] is not finite`);
      out[2 * i] = p.x;
      out[2 * i + 1] = p.y;
    }
    return out;
  }
  if (list.length % 2 !== 0) throw new SATError('InvalidArgument', `${fn}: points has odd length ${list.length}: it holds x, y pairs`);
  const out = new Float32Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (typeof v !== 'number') throw new SATError('InvalidArgument', `${fn}: points[${i}] must be a number, got ${describe(v)}`);
    if (!isFiniteFloat32(v)) throw new SATError('NonFinite', `${fn}: points[${i}] is ${v}: coordinates must be finite`);
    out[i] = v;
  }
  return out;
}
