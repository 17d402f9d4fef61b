/**
 * CollisionBatch3: the bulk narrow phase with its arrays in WebAssembly memory. Poses are written straight into
 * `transforms` and results read straight out of `counts` and `manifolds`, so a frame copies nothing across the
 * boundary (collideMany copies its inputs in and its results out, about 190 bytes per pair).
 * @packageDocumentation
 */
import { SATError, checkIndex, describe } from './errors.js';
import { K3, argument3, errorCode3, status3, type PairBatch3, type SAT3DModule } from './module3.js';
import { PairBatchBase, type BatchArrayLayout } from './pair_batch.js';
import type { Manifold3, SAT3D, Shape3, Transform3 } from './3d.js';

/** A new shape's pose: position, rotation x, y, z, w, scale x, y, z. */
const IDENTITY: readonly number[] = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1];

/** The native batch's arrays, viewed in WebAssembly memory. */
interface Views {
  handles: Int32Array;
  transforms: Float32Array;
  pairs: Int32Array;
  counts: Int32Array;
  manifolds: Float32Array;
  caches: Uint32Array;
}

/**
 * A reusable set of shapes and index pairs collided in one call, every array a view of WebAssembly memory. Made by
 * {@link SAT3D.createBatch}; free it with {@link CollisionBatch3.dispose}.
 *
 * Per frame: write each shape's pose into {@link CollisionBatch3.transforms} (10 floats per shape: x, y, z, qx, qy,
 * qz, qw, sx, sy, sz) and the pairs into {@link CollisionBatch3.pairs} (two shape indices per pair), call
 * {@link CollisionBatch3.run}, and read {@link CollisionBatch3.counts} and {@link CollisionBatch3.manifolds}
 * (the layout of `collideMany`). Nothing is copied; each getter makes a new view object, so take the views once per
 * frame.
 *
 * The getters return views of the module's memory. Take them again after any call that can grow that memory
 * (making shapes, worlds or batches, {@link CollisionBatch3.setShapes}, {@link CollisionBatch3.reservePairs}): a
 * view taken before the memory grew no longer reaches the module (in WebAssembly builds it is detached, length 0;
 * in asm.js it is a stale copy), and writes to it are lost. {@link CollisionBatch3.run} never grows the memory, so
 * views taken before a run stay valid after it.
 */
export class CollisionBatch3 extends PairBatchBase<Shape3, PairBatch3, Views> {
  private readonly sat3: SAT3D;
  private readonly m: SAT3DModule;

  /** @internal Use {@link SAT3D.createBatch}. */
  constructor(sat3: SAT3D, module: SAT3DModule) {
    super(new module.PairBatch3());
    this.sat3 = sat3;
    this.m = module;
  }

  /** Poses, 10 floats per shape (x, y, z, qx, qy, qz, qw, sx, sy, sz); identity until written. */
  get transforms(): Float32Array {
    return this.views('transforms').transforms.subarray(0, this.shapeList.length * K3.TRANSFORM_FLOATS);
  }

  /** Pairs, two shape indices each; `pairCapacity` pairs of (0, 0) until written. */
  get pairs(): Int32Array {
    return this.views('pairs').pairs.subarray(0, 2 * this.pairCap);
  }

  /** Per-pair SAT caches (2 words per pair), read and updated by `run(n, true)`; zero until then. */
  get caches(): Uint32Array {
    return this.views('caches').caches.subarray(0, K3.CACHE_WORDS * this.pairCap);
  }

  /** The last run's contact count per pair (0 when apart). */
  get counts(): Int32Array {
    return this.views('counts').counts.subarray(0, this.pairCap);
  }

  /** The last run's manifolds, 24 floats per pair: normal xyz, depth, then 4 contacts of x, y, z, depth, id bits. */
  get manifolds(): Float32Array {
    return this.views('manifolds').manifolds.subarray(0, K3.MANIFOLD_FLOATS * this.pairCap);
  }

  /**
   * Writes the pose of shape `i` from a transform object (`{x, y, z, rotation?, scale?}`, as `collide` takes).
   * @throws SATError `InvalidArgument` (index), `InvalidTransform` (not a transform)
   */
  setTransform(i: number, xf: Transform3): void {
    checkIndex('setTransform', 'i', i, this.shapeList.length);
    const at = (this.views('setTransform').transforms.byteOffset >> 2) + K3.TRANSFORM_FLOATS * i;
    this.sat3.writeTransform('setTransform', 'xf', xf, at);
  }

  /**
   * Collides the first `pairCount` pairs (all by default). With `useCaches` each pair's SAT cache in `caches` is
   * read and updated: a pair that stays apart then usually costs one projection; answers never depend on it.
   * Allocates nothing and never grows the WebAssembly memory.
   * @returns the number of touching pairs
   * @throws SATError `InvalidTransform` (naming the shape), `InvalidArgument` (a pair index out of range, a bad
   *   pairCount or useCaches), `Disposed` (a shape disposed since it was set)
   */
  run(pairCount: number = this.pairCap, useCaches = false): number {
    checkIndex('run', 'pairCount', pairCount, this.pairCap + 1);
    if (typeof useCaches !== 'boolean') throw new SATError('InvalidArgument', `run: useCaches must be a boolean, got ${describe(useCaches)}`);
    return this.runNative('run', this.shapeList.length, pairCount, useCaches, this.shapeList);
  }

  /** Pair `p`'s manifold from the last run, as `collide` returns it, or null when apart. @throws SATError `InvalidArgument` */
  manifold(p: number): Manifold3 | null {
    checkIndex('manifold', 'p', p, this.pairCap);
    const v = this.views('manifold');
    const n = v.counts[p];
    if (n === 0) return null;
    return this.sat3.readManifold(this.m.HEAPF32, this.m.HEAPU32, (v.manifolds.byteOffset >> 2) + K3.MANIFOLD_FLOATS * p, n);
  }

  // ----- internals, shared with SAT3D.collideMany -----

  /**
   * The native run over the first shapeCount shapes and pairCount pairs, its errors as SATErrors naming the bad
   * shape or pair (`shapes` gives the shape whose handle was refused, to tell a disposed one). @internal
   */
  runNative(fn: string, shapeCount: number, pairCount: number, useCaches: boolean, shapes: readonly Shape3[]): number {
    const r = this.live(fn).run(shapeCount, pairCount, useCaches);
    if (r >= 0) return r;
    const bad = this.live(fn).errorIndex(), arg = argument3(r);
    if (arg === 0 && (shapes[bad]?.handle ?? 0) <= 0) throw new SATError('Disposed', `${fn}: shapes[${bad}] was disposed`);
    const what = arg === 0 ? `shapes[${bad}] / its transform` : arg === 1 ? `pairs[${bad}]` : 'an argument';
    throw new SATError(errorCode3(r), `${fn}: ${what} is invalid (${this.sat3.message(status3(r))})`);
  }

  protected layout(): readonly BatchArrayLayout<Views>[] {
    return [
      { key: 'handles', per: 'shape', words: 1 },
      { key: 'transforms', per: 'shape', words: K3.TRANSFORM_FLOATS },
      { key: 'pairs', per: 'pair', words: 2 },
      { key: 'counts', per: 'pair', words: 1 },
      { key: 'manifolds', per: 'pair', words: K3.MANIFOLD_FLOATS },
      { key: 'caches', per: 'pair', words: K3.CACHE_WORDS },
    ];
  }

  protected identity(): readonly number[] {
    return IDENTITY;
  }

  protected take(native: PairBatch3): Views {
    return {
      handles: native.handles(),
      transforms: native.transforms(),
      pairs: native.pairs(),
      counts: native.counts(),
      manifolds: native.manifolds(),
      caches: native.caches(),
    };
  }

  protected reserveNative(native: PairBatch3, shapeCount: number, pairCount: number): number {
    return native.reserve(shapeCount, pairCount);
  }

  protected handleOf(fn: string, arg: string, shape: Shape3): number {
    return this.sat3.handleOf(fn, arg, shape);
  }

  protected heapBuffer(): ArrayBufferLike {
    return this.m.HEAPU8.buffer;
  }

  protected shapeName(): string {
    return 'Shape3';
  }
}
