/**
 * CollisionBatch: the bulk narrow phase with its arrays in WebAssembly memory. Transforms are written straight into
 * `transforms` and results read straight out of `counts`, `normals`, `depths`, `points` and `ids`, so a frame copies
 * nothing across the boundary (collideMany copies its inputs in and its results out).
 * @packageDocumentation
 */
import { SATError, checkIndex, describe } from './errors.js';
import { K, STATUS_CODE, statusOf } from './layout.js';
import type { PairBatch, SATModule } from './module.js';
import { PairBatchBase, type BatchArrayLayout } from './pair_batch.js';
import type { SAT, Shape } from './api.js';
import type { Contact, Manifold, Transform } from './types.js';

/** The native batch's arrays, viewed in WebAssembly memory (their lengths are the block's capacities). */
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

/** A new shape's transform: x, y, angle, scaleX, scaleY. */
const IDENTITY: readonly number[] = [0, 0, 0, 1, 1];

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
export class CollisionBatch extends PairBatchBase<Shape, PairBatch, BatchViews> {
  private readonly sat: SAT;
  private readonly m: SATModule;
  private overlapOnly = false;

  /** @internal Use {@link SAT.createBatch}. */
  constructor(sat: SAT, module: SATModule) {
    super(new module.PairBatch());
    this.sat = sat;
    this.m = module;
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

  // ----- internals, shared with SAT.collideMany -----

  /**
   * Room for `shapeCount` handles, `transformFloats` floats of transforms and `pairCount` pairs, contents not kept
   * (collideMany writes every array it reads). Returns the views. @internal
   */
  reserveUnkept(fn: string, shapeCount: number, transformFloats: number, pairCount: number): BatchViews {
    return this.afterReserve(fn, pairCount, this.live(fn).reserve(shapeCount, transformFloats, pairCount));
  }

  /** The native run with PairBatch flags: the touching count, or the module's error code. @internal */
  runFlags(fn: string, shapeCount: number, pairCount: number, flags: number): number {
    return this.live(fn).run(shapeCount, pairCount, flags);
  }

  /** After a failed run: the index of the element the module refused. @internal */
  errorIndex(fn: string): number {
    return this.live(fn).errorIndex();
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

  protected layout(): readonly BatchArrayLayout<BatchViews>[] {
    return [
      { key: 'handles', per: 'shape', words: 1 },
      { key: 'transforms', per: 'shape', words: K.TRANSFORM_FLOATS },
      { key: 'pairs', per: 'pair', words: 2 },
      { key: 'counts', per: 'pair', words: 1 },
      { key: 'normals', per: 'pair', words: K.BULK_NORMAL_FLOATS },
      { key: 'depths', per: 'pair', words: 1 },
      { key: 'points', per: 'pair', words: K.BULK_POINT_FLOATS },
      { key: 'ids', per: 'pair', words: K.BULK_ID_WORDS },
      { key: 'caches', per: 'pair', words: 1 },
    ];
  }

  protected identity(): readonly number[] {
    return IDENTITY;
  }

  protected take(native: PairBatch): BatchViews {
    return {
      handles: native.handles(),
      transforms: native.transforms(),
      pairs: native.pairs(),
      counts: native.counts(),
      normals: native.normals(),
      depths: native.depths(),
      points: native.points(),
      ids: native.ids(),
      caches: native.caches(),
    };
  }

  protected reserveNative(native: PairBatch, shapeCount: number, pairCount: number): number {
    return native.reserve(shapeCount, K.TRANSFORM_FLOATS * shapeCount, pairCount);
  }

  protected handleOf(fn: string, arg: string, shape: Shape): number {
    return this.sat._handle(shape, fn, arg);
  }

  protected heapBuffer(): ArrayBufferLike {
    return this.m.HEAPU8.buffer;
  }

  protected shapeName(): string {
    return 'Shape';
  }
}
