/**
 * Plain data types of the public API.
 * @module
 */

/** A 2D point or vector in world units. */
export interface Vec2 {
  /** x coordinate */
  x: number;
  /** y coordinate */
  y: number;
}

/**
 * Where a shape is: a local point `v` maps to `(x, y) + R(angle) * (scaleX * v.x, scaleY * v.y)`, that is scale
 * first (along the shape's own axes), then rotate, then translate. Rounded shapes (circle, capsule) under
 * non-uniform scale keep their centres exact and take `max(|scaleX|, |scaleY|)` as their radius scale.
 *
 * Every field must be a finite number; `|x|`, `|y|` at most 1e6, `|angle|` at most 1e9, `|scaleX|`, `|scaleY|`
 * in [1e-6, 1e6]. The rotation is computed without the platform's libm, so every build gives the same bits.
 */
export interface Transform {
  /** translation x */
  x: number;
  /** translation y */
  y: number;
  /** rotation in radians, counter-clockwise; default 0 */
  angle?: number;
  /** scale along the shape's local x axis, negative mirrors; default 1 */
  scaleX?: number;
  /** scale along the shape's local y axis, negative mirrors; default 1 */
  scaleY?: number;
}

/** An axis-aligned box. */
export interface AABB {
  /** minimum corner */
  lower: Vec2;
  /** maximum corner */
  upper: Vec2;
}

/**
 * Points of a polygon outline or a point cloud: either flat `[x0, y0, x1, y1, ...]` (an array or any typed
 * array) or an array of `{x, y}` objects.
 */
export type PointsInput = ArrayLike<number> | ReadonlyArray<Vec2>;

/** A contact point of a {@link Manifold}. */
export interface Contact {
  /** world x of the point midway between the two surfaces */
  x: number;
  /** world y */
  y: number;
  /** penetration at this point along the manifold normal (> 0 overlapping) */
  depth: number;
  /**
   * Feature id: high 16 bits a vertex/edge index of A, low 16 bits one of B (indices of the stored,
   * counter-clockwise shapes). The same id on consecutive frames means the same pair of features.
   */
  id: number;
}

/**
 * How two touching shapes overlap. The normal points from A to B; moving B by `normal * depth` (or A by the
 * opposite) separates them.
 */
export interface Manifold {
  /** unit vector from A to B (world) */
  normal: Vec2;
  /** minimum translation distance, > 0 when overlapping (~0 when just touching) */
  depth: number;
  /** one or two contact points */
  contacts: Contact[];
}

/**
 * A caller-owned manifold for {@link SAT.collideInto}: filled in place, never reallocated. Make one with
 * {@link SAT.createManifold}. When `touching` is false the other fields are zero.
 */
export interface ManifoldResult {
  /** whether the shapes touch */
  touching: boolean;
  /** unit vector from A to B (world) */
  normal: Vec2;
  /** minimum translation distance */
  depth: number;
  /** number of valid entries at the start of `contacts`: 0, 1 or 2 */
  contactCount: number;
  /** always two objects; the first `contactCount` are valid */
  contacts: [Contact, Contact];
}

/** Closest points between two shapes, from {@link SAT.distance}. */
export interface DistanceResult {
  /** >= 0; 0 when the shapes touch or overlap */
  distance: number;
  /** closest point on A (world) */
  pointA: Vec2;
  /** closest point on B (world) */
  pointB: Vec2;
  /** unit vector from A towards B; `{x: 0, y: 0}` when the shapes overlap */
  normal: Vec2;
  /** GJK iterations used */
  iterations: number;
}

/** A ray from `origin` along `translation`: points `origin + t * translation` for t in [0, maxFraction]. */
export interface Ray {
  /** start point (world) */
  origin: Vec2;
  /** end = origin + translation */
  translation: Vec2;
  /** only hits with fraction <= maxFraction count; default 1 */
  maxFraction?: number;
}

/** Where a ray first enters a shape, from {@link SAT.raycast}. */
export interface RaycastHit {
  /** hit point (world) */
  point: Vec2;
  /** unit surface normal at the hit, facing the ray */
  normal: Vec2;
  /** point = origin + fraction * translation */
  fraction: number;
}

/** Options of {@link SAT.collideMany}. */
export interface CollideManyOptions {
  /**
   * `'shape'` (default): `transforms` holds 5 floats (x, y, angle, scaleX, scaleY) per entry of `shapes`.
   * `'pair'`: it holds 10 floats per pair, A's transform then B's.
   */
  transformsPer?: 'shape' | 'pair';
  /** Only answer touching or not: fills `counts` with 0/1 and leaves the other arrays untouched. Faster. */
  overlapOnly?: boolean;
  /** A result from an earlier call to fill again (its arrays grow when too small); avoids allocation. */
  out?: CollideManyResult;
  /**
   * Frame coherence: one entry per pair (at least `pairs.length / 2`), zero-filled at first, that you keep and pass
   * again on the next call with the pairs in the same order. Each entry remembers the axis that last separated
   * (or last gave the minimum overlap) the pair, and that axis is tried first: a pair that stays apart then costs
   * about one projection. Entries are read and updated. A stale entry (pairs reordered) only costs time, never
   * changes a result.
   */
  cache?: Uint32Array;
}

/**
 * Results of {@link SAT.collideMany}, as typed arrays indexed by pair `k` (in your own memory, not views into
 * the WebAssembly heap: they stay valid). Arrays may be longer than `pairCount` when reused; read the first
 * `pairCount` entries.
 */
export interface CollideManyResult {
  /** number of pairs of the last call */
  pairCount: number;
  /** number of pairs that touch */
  touching: number;
  /** contact points of pair k (0 = apart, 1 or 2); with `overlapOnly`, 1 = touching */
  counts: Uint8Array;
  /** normal of pair k at [2k, 2k+1], unit from A to B */
  normals: Float32Array;
  /** depth of pair k at [k] */
  depths: Float32Array;
  /** contact points of pair k at [6k .. 6k+5]: x0, y0, depth0, x1, y1, depth1 */
  points: Float32Array;
  /** feature ids of pair k at [2k, 2k+1] */
  ids: Uint32Array;
}
