/**
 * CollisionBatch: the bulk narrow phase with its arrays in WebAssembly memory. Transforms are written straight into
 * `transforms` and results read straight out of `counts`, `normals`, `depths`, `points` and `ids`, so a frame copies
 * nothing across the boundary (collideMany copies its inputs in and its results out).
 * @packageDocumentation
 */
import { SATError, checkIndex, describe } from './errors.js';
import { K, STATUS_CODE, statusOf } from './layout.js';
import type { PairBatch, SATModule } from './module.js';
import type { SAT, Shape } from './api.js';
import type { Contact, Manifold, Transform } from './types.js';

/** The native batch's arrays, viewed in WebAssembly memory (their lengths are the block's capacities). @internal */
export interface BatchViews {
  handles: Int32Array;
  transforms: Float32Array;
  pairs: Int32Array;
  counts: Uint8Array;
  normals: Float32Array;
  depths: Float32Array;
  points: Float32Array;
  ids: Uint32Array;
  caches: Uint32Array;
}

/**
 * The error for the `index`-th transform of a bulk call's transform array that the module refused (`code`, its
 * negative return), naming `what` it places and its floats. Shared by collideMany and CollisionBatch.
 * @internal
 */
export function bulkTransformError(fn: string, what: string, index: number, code: number): SATError {
  const reason = STATUS_CODE[statusOf(code)] ?? 'InvalidTransform';
  const from = K.TRANSFORM_FLOATS * index;
  return new SATError(
    'InvalidTransform',
    `${fn}: ${what} (transforms[${from}..${from + K.TRANSFORM_FLOATS - 1}]) is not usable (${reason}): components must be finite, |x|, |y| <= 1e6, |angle| <= 1e9, |scale| in [1e-6, 1e6]`,
  );
}

/**
 * A reusable set of shapes and index pairs collided in one call, every array a view of WebAssembly memory. Made by
 * {@link SAT.createBatch}; free it with {@link CollisionBatch.dispose}.
 *
 * Per frame: write each shape's transform into {@link CollisionBatch.transforms} (5 floats per shape: x, y, angle,
 * scaleX, scaleY) and the pairs into {@link CollisionBatch.pairs} (two shape indices per pair), call
 * {@link CollisionBatch.run}, and read {@link CollisionBatch.counts}, {@link CollisionBatch.normals},
 * {@link CollisionBatch.depths}, {@link CollisionBatch.points} and {@link CollisionBatch.ids} (the layout of
 * {@link SAT.collideMany}'s result). Nothing is copied; each getter makes a new view object, so take the views once per
 * frame.
 *
 * The getters return views of the module's memory. Take them again after any call that can grow that memory
 * (making shapes, worlds or batches, {@link CollisionBatch.setShapes}, {@link CollisionBatch.reservePairs}, a
 * world's update): a view taken before the memory grew no longer reaches the module (in WebAssembly builds it is
 * detached, length 0; in asm.js it is a stale copy), and writes to it are lost. {@link CollisionBatch.run} never
 * grows the memory, so views taken before a run stay valid after it.
 */
export class CollisionBatch {
  private readonly sat: SAT;
  private readonly m: SATModule;
  private native: PairBatch | null;
  private shapeList: Shape[] = [];
  private pairCap = 0;
  private overlapOnly = false;
  private v: BatchViews | null = null;

  /** @internal Use {@link SAT.createBatch}. */
  constructor(sat: SAT, module: SATModule) {
    this.sat = sat;
    this.m = module;
    this.native = new module.PairBatch();
  }

  /** Number of shapes (indices 0 .. shapeCount - 1 in `pairs`). */
  get shapeCount(): number {
    return this.shapeList.length;
  }

  /** Most pairs one run can take. */
  get pairCapacity(): number {
    return this.pairCap;
  }

  /** The shapes, by index (a copy). */
  get shapes(): Shape[] {
    return this.shapeList.slice();
  }

  /** Transforms, 5 floats per shape (x, y, angle, scaleX, scaleY); (0, 0, 0, 1, 1) until written. */
  get transforms(): Float32Array {
    return this.views('transforms').transforms.subarray(0, K.TRANSFORM_FLOATS * this.shapeList.length);
  }

  /** Pairs, two shape indices each; `pairCapacity` pairs of (0, 0) until written. */
  get pairs(): Int32Array {
    return this.views('pairs').pairs.subarray(0, 2 * this.pairCap);
  }

  /** Per-pair axis caches (one word per pair), read and updated by `run(n, true)`; zero until then. */
  get caches(): Uint32Array {
    return this.views('caches').caches.subarray(0, this.pairCap);
  }

  /** The last run's contact count per pair (0 = apart, 1 or 2; after {@link CollisionBatch.runOverlap}, 0 or 1). */
  get counts(): Uint8Array {
    return this.views('counts').counts.subarray(0, this.pairCap);
  }

  /** The last run's normal of pair k at [2k, 2k + 1], unit from A to B. */
  get normals(): Float32Array {
    return this.views('normals').normals.subarray(0, K.BULK_NORMAL_FLOATS * this.pairCap);
  }

  /** The last run's depth of pair k at [k]. */
  get depths(): Float32Array {
    return this.views('depths').depths.subarray(0, this.pairCap);
  }

  /** The last run's contact points of pair k at [6k .. 6k + 5]: x0, y0, depth0, x1, y1, depth1 (unused: 0). */
  get points(): Float32Array {
    return this.views('points').points.subarray(0, K.BULK_POINT_FLOATS * this.pairCap);
  }

  /** The last run's feature ids of pair k at [2k, 2k + 1] (unused: 0). */
  get ids(): Uint32Array {
    return this.views('ids').ids.subarray(0, K.BULK_ID_WORDS * this.pairCap);
  }

  /**
   * Replaces the shapes. The first min(old, new) transforms are kept, new ones start at (0, 0, 0, 1, 1); pairs and
   * caches are kept. May grow the WebAssembly memory (take views again).
   * @throws SATError `InvalidArgument` (not an array, not a Shape of this module), `Disposed`, `OutOfMemory`
   */
  setShapes(shapes: readonly Shape[]): void {
    if (!Array.isArray(shapes)) throw new SATError('InvalidArgument', `setShapes: shapes must be an array of Shape, got ${describe(shapes)}`);
    const handles = shapes.map((s, i) => this.sat._handle(s, 'setShapes', `shapes[${i}]`));
    const v = this.resize(shapes.length, this.pairCap);
    this.shapeList = shapes.slice();
    v.handles.set(handles);
  }

  /**
   * Puts `shape` at index `i` (its transform stays).
   * @throws SATError `InvalidArgument` (an index out of range, not a Shape of this module), `Disposed`
   */
  setShape(i: number, shape: Shape): void {
    checkIndex('setShape', 'i', i, this.shapeList.length);
    const h = this.sat._handle(shape, 'setShape', 'shape');
    this.shapeList[i] = shape;
    this.views('setShape').handles[i] = h;
  }

  /**
   * Writes the transform of shape `i` from a transform object (`{x, y, angle?, scaleX?, scaleY?}`, as `collide`
   * takes). Its values are checked by the next run.
   * @throws SATError `InvalidArgument` (index), `InvalidTransform` (not a transform)
   */
  setTransform(i: number, xf: Transform): void {
    checkIndex('setTransform', 'i', i, this.shapeList.length);
    const at = (this.views('setTransform').transforms.byteOffset >> 2) + K.TRANSFORM_FLOATS * i;
    this.sat._writeTransform(this.sat._heap(), at, xf, 'setTransform', 'xf');
  }

  /**
   * Room for `capacity` pairs; the pairs, caches and results kept are kept, new pairs are (0, 0) with zero caches
   * and results. May grow the WebAssembly memory (take views again).
   * @throws SATError `InvalidArgument`, `Disposed`, `OutOfMemory`
   */
  reservePairs(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new SATError('InvalidArgument', `reservePairs: capacity must be a non-negative integer, got ${describe(capacity)}`);
    }
    this.resize(this.shapeList.length, capacity);
  }

  /**
   * Collides the first `pairCount` pairs (all by default) and fills every result array. With `useCaches` each
   * pair's axis cache in `caches` is read and updated: a pair that stays apart then usually costs one projection;
   * answers never depend on it. Allocates nothing and never grows the WebAssembly memory.
   * @returns the number of touching pairs
   * @throws SATError `InvalidTransform` (naming the shape), `InvalidArgument` (a pair index out of range, a bad
   *   pairCount or useCaches), `Disposed` (the batch, or a shape disposed since it was set)
   */
  run(pairCount: number = this.pairCap, useCaches = false): number {
    return this.runNative('run', pairCount, useCaches, false);
  }

  /**
   * {@link CollisionBatch.run} answering only touching or not: `counts` gets 0 or 1 per pair and the other result
   * arrays are left as they were. Faster.
   * @returns the number of touching pairs
   * @throws SATError as {@link CollisionBatch.run}
   */
  runOverlap(pairCount: number = this.pairCap, useCaches = false): number {
    return this.runNative('runOverlap', pairCount, useCaches, true);
  }

  /**
   * Pair `p`'s manifold from the last run, as {@link SAT.collide} returns it, or null when apart.
   * @throws SATError `InvalidArgument` (index; the last run was {@link CollisionBatch.runOverlap}, which makes no
   *   manifolds), `Disposed`
   */
  manifold(p: number): Manifold | null {
    checkIndex('manifold', 'p', p, this.pairCap);
    if (this.overlapOnly) throw new SATError('InvalidArgument', 'manifold: the last run was runOverlap, which makes no manifolds');
    const v = this.views('manifold');
    const n = v.counts[p];
    if (n === 0) return null;
    // Each point is x, y, depth: the second starts half-way through the pair's floats.
    const pt = v.points, id = v.ids, at = K.BULK_POINT_FLOATS * p, at1 = at + K.BULK_POINT_FLOATS / 2;
    const contacts: Contact[] = [{ x: pt[at], y: pt[at + 1], depth: pt[at + 2], id: id[K.BULK_ID_WORDS * p] }];
    if (n === 2) contacts.push({ x: pt[at1], y: pt[at1 + 1], depth: pt[at1 + 2], id: id[K.BULK_ID_WORDS * p + 1] });
    return { normal: { x: v.normals[K.BULK_NORMAL_FLOATS * p], y: v.normals[K.BULK_NORMAL_FLOATS * p + 1] }, depth: v.depths[p], contacts };
  }

  /** Frees the batch's module memory (not its shapes). Using it afterwards throws `Disposed`. Safe to call twice. */
  dispose(): void {
    this.native?.delete();
    this.native = null;
    this.v = null;
    this.shapeList = [];
    this.pairCap = 0;
  }

  // ----- internals, shared with SAT.collideMany -----

  /**
   * Room for `shapeCount` handles, `transformFloats` floats of transforms and `pairCount` pairs, contents not kept
   * (collideMany writes every array it reads). Returns the views. @internal
   */
  reserveUnkept(fn: string, shapeCount: number, transformFloats: number, pairCount: number): BatchViews {
    const moved = this.live(fn).reserve(shapeCount, transformFloats, pairCount);
    if (moved < 0) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow for ${pairCount} pairs`);
    if (moved > 0) this.v = null;
    return this.views(fn);
  }

  /** The native run with PairBatch flags: the touching count, or the module's error code. @internal */
  runFlags(fn: string, shapeCount: number, pairCount: number, flags: number): number {
    return this.live(fn).run(shapeCount, pairCount, flags);
  }

  /** After a failed run: the index of the element the module refused. @internal */
  errorIndex(fn: string): number {
    return this.live(fn).errorIndex();
  }

  /** The views, taken again if the WebAssembly memory grew since. @internal */
  views(fn: string): BatchViews {
    const native = this.live(fn);
    const v = this.v;
    if (v !== null && v.handles.buffer === this.m.HEAPU8.buffer) return v;
    return (this.v = {
      handles: native.handles(),
      transforms: native.transforms(),
      pairs: native.pairs(),
      counts: native.counts(),
      normals: native.normals(),
      depths: native.depths(),
      points: native.points(),
      ids: native.ids(),
      caches: native.caches(),
    });
  }

  private runNative(fn: string, pairCount: number, useCaches: boolean, overlapOnly: boolean): number {
    checkIndex(fn, 'pairCount', pairCount, this.pairCap + 1);
    if (typeof useCaches !== 'boolean') throw new SATError('InvalidArgument', `${fn}: useCaches must be a boolean, got ${describe(useCaches)}`);
    const flags = (useCaches ? K.BULK_CACHE : 0) | (overlapOnly ? K.BULK_OVERLAP_ONLY : 0);
    const r = this.runFlags(fn, this.shapeList.length, pairCount, flags);
    if (r < 0) throw this.runError(fn, r, this.errorIndex(fn));
    this.overlapOnly = overlapOnly;
    return r;
  }

  /** A failed run's error, naming the shape, its transform or the pair entry the module refused. */
  private runError(fn: string, code: number, bad: number): SATError {
    const which = -code >> K.ERROR_ARGUMENT_SHIFT;
    if (which === 0) {
      if (this.shapeList[bad]?._h === 0) return new SATError('Disposed', `${fn}: shapes[${bad}] was disposed`);
      return new SATError('InvalidArgument', `${fn}: shapes[${bad}] is not a live shape of this module`);
    }
    if (which === 2) {
      const value = this.views(fn).pairs[bad];
      return new SATError('InvalidArgument', `${fn}: pairs[${bad}] = ${value} is not an index into shapes (0..${this.shapeList.length - 1})`);
    }
    return bulkTransformError(fn, `the transform of shapes[${bad}]`, bad, code);
  }

  /**
   * Room for `shapeCount` shapes and `pairCount` pairs, keeping what the arrays held; what is new gets defaults
   * (transforms (0, 0, 0, 1, 1), handles 0, pairs (0, 0), caches and results zero). Returns the views.
   */
  private resize(shapeCount: number, pairCount: number): BatchViews {
    const native = this.live('resize');
    const oldShapes = this.shapeList.length, oldPairs = this.pairCap;
    // The block moves only when it grows: only then is a copy kept.
    const room = this.views('resize');
    const grows =
      shapeCount > room.handles.length || K.TRANSFORM_FLOATS * shapeCount > room.transforms.length || pairCount > room.counts.length;
    const saved = grows ? this.snapshot(oldShapes, oldPairs) : null;
    const moved = native.reserve(shapeCount, K.TRANSFORM_FLOATS * shapeCount, pairCount);
    if (moved < 0) throw new SATError('OutOfMemory', 'the WebAssembly memory could not grow for a collision batch');
    if (moved > 0) this.v = null;
    const v = this.views('resize');
    this.pairCap = pairCount;
    if (saved !== null) {
      const shapes = Math.min(oldShapes, shapeCount), pairs = Math.min(oldPairs, pairCount);
      v.handles.set(saved.handles.subarray(0, shapes));
      v.transforms.set(saved.transforms.subarray(0, K.TRANSFORM_FLOATS * shapes));
      v.pairs.set(saved.pairs.subarray(0, 2 * pairs));
      v.caches.set(saved.caches.subarray(0, pairs));
      v.counts.set(saved.counts.subarray(0, pairs));
      v.normals.set(saved.normals.subarray(0, K.BULK_NORMAL_FLOATS * pairs));
      v.depths.set(saved.depths.subarray(0, pairs));
      v.points.set(saved.points.subarray(0, K.BULK_POINT_FLOATS * pairs));
      v.ids.set(saved.ids.subarray(0, K.BULK_ID_WORDS * pairs));
    }
    const xf = K.TRANSFORM_FLOATS;
    for (let i = oldShapes; i < shapeCount; ++i) {
      v.handles[i] = 0;
      v.transforms.fill(0, xf * i, xf * i + 3); // x, y, angle
      v.transforms.fill(1, xf * i + 3, xf * (i + 1)); // scaleX, scaleY
    }
    if (oldPairs < pairCount) {
      v.pairs.fill(0, 2 * oldPairs, 2 * pairCount);
      v.caches.fill(0, oldPairs, pairCount);
      v.counts.fill(0, oldPairs, pairCount);
      v.normals.fill(0, K.BULK_NORMAL_FLOATS * oldPairs, K.BULK_NORMAL_FLOATS * pairCount);
      v.depths.fill(0, oldPairs, pairCount);
      v.points.fill(0, K.BULK_POINT_FLOATS * oldPairs, K.BULK_POINT_FLOATS * pairCount);
      v.ids.fill(0, K.BULK_ID_WORDS * oldPairs, K.BULK_ID_WORDS * pairCount);
    }
    return v;
  }

  /** Copies of the arrays' used parts (the block moves on the next reserve). */
  private snapshot(shapes: number, pairs: number): BatchViews {
    const v = this.views('resize');
    return {
      handles: v.handles.slice(0, shapes),
      transforms: v.transforms.slice(0, K.TRANSFORM_FLOATS * shapes),
      pairs: v.pairs.slice(0, 2 * pairs),
      counts: v.counts.slice(0, pairs),
      normals: v.normals.slice(0, K.BULK_NORMAL_FLOATS * pairs),
      depths: v.depths.slice(0, pairs),
      points: v.points.slice(0, K.BULK_POINT_FLOATS * pairs),
      ids: v.ids.slice(0, K.BULK_ID_WORDS * pairs),
      caches: v.caches.slice(0, pairs),
    };
  }

  private live(fn: string): PairBatch {
    if (this.native === null) throw new SATError('Disposed', `${fn}: the collision batch was disposed`);
    return this.native;
  }
}
