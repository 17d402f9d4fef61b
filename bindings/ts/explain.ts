/**
 * SAT step by step: {@link SAT.explain} reports every axis the separating-axis test of a pair looks at, with both
 * projection intervals, and the axis that decides. For teaching and debugging a pair; {@link SAT.collide} is the
 * fast path. The numbers are the module's (bindings/explain.cpp, cpp/src/explain.cpp), not recomputed here.
 * @module
 */
import type { SAT, Shape } from './api.js';
import { SATError } from './errors.js';
import { EXPLAIN_CONSTANTS, K, readConstants, statusOf } from './layout.js';
import type { Transform, Vec2 } from './types.js';

/**
 * Where an axis comes from: a face of A, a face of B, the line between rounded shapes' closest core points, or
 * (a pair with a stretched circle or capsule) the continuous minimum-translation direction.
 */
export type AxisSource = 'faceOfA' | 'faceOfB' | 'closestPoints' | 'continuous';

/** One tested axis, with both shapes projected onto it (world units, radii included). */
export interface ExplainedAxis {
  source: AxisSource;
  /** face index in the owner's stored (counter-clockwise) shape; -1 for `'closestPoints'` and `'continuous'` */
  index: number;
  /** unit axis (world): the face's outward normal, or A to B for `'closestPoints'` and `'continuous'` */
  normal: Vec2;
  /** A's projection interval */
  minA: number;
  maxA: number;
  /** B's projection interval */
  minB: number;
  maxB: number;
  /**
   * How far apart the shapes are along the axis, on the side it faces: `minB - maxA` for a face of A or the
   * closest-points axis, `minA - maxB` for a face of B. Positive: a gap, and this axis separates them.
   */
  separation: number;
}

/** The per-pair axis cache the World keeps: pass the same object every frame (start with `{ type: 0, index: 0 }`). */
export interface AxisCache {
  /** 0 empty, 1 a face of A, 2 a face of B */
  type: number;
  /** the face index */
  index: number;
}

/** What {@link SAT.explain} returns. */
export interface Explanation {
  /**
   * every axis tested, in order: A's faces, B's faces, then the closest-points axis when there is one, or the
   * continuous axis (always, and deciding) for a pair with a stretched circle or capsule
   */
  axes: ExplainedAxis[];
  /** index into `axes` of the axis that decides: the largest separation */
  deciding: number;
  /** the shapes touch (as {@link SAT.collide} answers) */
  overlap: boolean;
  /** overlapping: the MTV length; apart: minus the deciding axis' gap */
  depth: number;
  /** MTV direction, from A to B */
  normal: Vec2;
  /** the world bounding boxes overlap: the broad phase's pre-check (false: no SAT test would run at all) */
  aabbOverlap: boolean;
  /** the cache passed in named a face that still separates the pair: collide() would stop after that one axis */
  cacheHit: boolean;
  /** the pair's contact tolerance: separations within it count as touching */
  tolerance: number;
}

const SOURCES: AxisSource[] = ['faceOfA', 'faceOfB', 'closestPoints', 'continuous'];

/** @internal The body of {@link SAT.explain}. */
export function explainPair(sat: SAT, a: Shape, xfA: Transform, b: Shape, xfB: Transform, cache?: AxisCache): Explanation {
  const fn = 'explain';
  const ha = sat._handle(a, fn, 'a');
  const hb = sat._handle(b, fn, 'b');
  if (cache !== undefined && (typeof cache !== 'object' || cache === null || !Number.isInteger(cache.type) || !Number.isInteger(cache.index))) {
    throw new SATError('InvalidArgument', `${fn}: cache must be { type, index } (integers), e.g. { type: 0, index: 0 }`);
  }
  const m = sat._m;
  if (typeof m.explain !== 'function') {
    throw new SATError('LoadFailed', `${fn}: this build of the module has no explain(); it ships in the narrow-phase-only flavour: loadSAT({ narrowPhaseOnly: true })`);
  }
  readConstants(m, EXPLAIN_CONSTANTS);
  const words = K.EXPLAIN_AXIS_WORDS;
  // Room for every face of two of the largest polygons and the closest-points or continuous axis.
  const capacity = 2 * sat.maxPolygonVertices + 1;
  const block = sat._buffer(4 * words * capacity);
  if (block === 0) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow`);
  const s = sat._s;
  sat._writeTransform(sat._heap(), s + K.SCRATCH_IN_XF_A, xfA, fn, 'xfA');
  sat._writeTransform(sat._heap(), s + K.SCRATCH_IN_XF_B, xfB, fn, 'xfB');
  const r = m.explain(ha, hb, capacity, cache ? cache.type : 0, cache ? cache.index : 0);
  if (r.status < 0) {
    if (-r.status >> K.ERROR_ARGUMENT_SHIFT === 2) throw sat._statusError(statusOf(r.status), `${fn}: cache`);
    throw sat._pairError(r.status, fn, 'a', xfA, 'b', xfB);
  }
  const f = sat._heap();
  const i32 = sat._i32;
  const axes: ExplainedAxis[] = [];
  for (let k = 0; k < r.axisCount; k++) {
    const p = (block >> 2) + k * words;
    const normal = p + K.EXPLAIN_AXIS_NORMAL;
    axes.push({
      source: SOURCES[i32[p + K.EXPLAIN_AXIS_SOURCE]],
      index: i32[p + K.EXPLAIN_AXIS_INDEX],
      normal: { x: f[normal], y: f[normal + 1] },
      minA: f[p + K.EXPLAIN_AXIS_MIN_A],
      maxA: f[p + K.EXPLAIN_AXIS_MAX_A],
      minB: f[p + K.EXPLAIN_AXIS_MIN_B],
      maxB: f[p + K.EXPLAIN_AXIS_MAX_B],
      separation: f[p + K.EXPLAIN_AXIS_SEPARATION],
    });
  }
  if (cache) {
    cache.type = r.cacheType;
    cache.index = r.cacheIndex;
  }
  return {
    axes,
    deciding: r.deciding,
    overlap: r.overlap,
    depth: r.depth,
    normal: r.normal,
    aabbOverlap: r.aabbOverlap,
    cacheHit: r.cacheHit,
    tolerance: r.tolerance,
  };
}
