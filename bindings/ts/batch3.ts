/**
 * CollisionBatch3: the bulk narrow phase with its arrays in WebAssembly memory. Poses are written straight into
 * `transforms` and results read straight out of `counts` and `manifolds`, so a frame copies nothing across the
 * boundary (collideMany copies its inputs in and its results out, about 190 bytes per pair).
 * @packageDocumentation
 */
import { SATError, checkIndex, describe } from './errors.js';
import { K3, argument3, errorCode3, status3, type PairBatch3, type SAT3DModule } from './module3.js';
import type { Manifold3, SAT3D, Shape3, Transform3 } from './3d.js';

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
export class CollisionBatch3 {
  private readonly sat3: SAT3D;
  private readonly m: SAT3DModule;
  private native: PairBatch3 | null;
  private shapeList: Shape3[] = [];
  private pairCap = 0;
  private v: Views | null = null;

  /** @internal Use {@link SAT3D.createBatch}. */
  constructor(sat3: SAT3D, module: SAT3DModule) {
    this.sat3 = sat3;
    this.m = module;
    this.native = new module.PairBatch3();
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
  get shapes(): Shape3[] {
    return this.shapeList.slice();
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
   * Replaces the shapes. The first min(old, new) poses are kept, new ones start at the identity; pairs and caches
   * are kept. May grow the WebAssembly memory (take views again).
   * @throws SATError `InvalidArgument` (not a Shape3 of this module), `Disposed`, `OutOfMemory`
   */
  setShapes(shapes: readonly Shape3[]): void {
    if (!Array.isArray(shapes)) throw new SATError('InvalidArgument', `setShapes: shapes must be an array of Shape3, got ${describe(shapes)}`);
    const handles = shapes.map((s, i) => this.sat3.handleOf('setShapes', `shapes[${i}]`, s));
    const v = this.resize(shapes.length, this.pairCap, true);
    this.shapeList = shapes.slice();
    v.handles.set(handles);
  }

  /**
   * Puts `shape` at index `i` (its pose stays).
   * @throws SATError `InvalidArgument` (an index out of range, not a Shape3 of this module), `Disposed`
   */
  setShape(i: number, shape: Shape3): void {
    checkIndex('setShape', 'i', i, this.shapeList.length);
    const h = this.sat3.handleOf('setShape', 'shape', shape);
    this.shapeList[i] = shape;
    this.views('setShape').handles[i] = h;
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
   * Room for `capacity` pairs; pairs, caches and results of the pairs kept are kept, new pairs are (0, 0) with
   * zero caches. May grow the WebAssembly memory (take views again).
   * @throws SATError `InvalidArgument`, `OutOfMemory`
   */
  reservePairs(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new SATError('InvalidArgument', `reservePairs: capacity must be a non-negative integer, got ${describe(capacity)}`);
    }
    this.resize(this.shapeList.length, capacity, true);
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

  /** Frees the batch's module memory (not its shapes). Using it afterwards throws `Disposed`. Safe to call twice. */
  dispose(): void {
    this.native?.delete();
    this.native = null;
    this.v = null;
    this.shapeList = [];
    this.pairCap = 0;
  }

  // ----- internals, shared with SAT3D.collideMany -----

  /**
   * Room for `shapeCount` shapes and `pairCount` pairs. With `keep`, what the arrays held is kept and what is new
   * gets defaults (poses the identity, handles 0, pairs (0, 0), caches and results zero); without, the contents
   * are unspecified (collideMany writes every array it reads). Returns the views.
   * @internal
   */
  resize(shapeCount: number, pairCount: number, keep: boolean): Views {
    const native = this.live('resize');
    const oldShapes = this.shapeList.length, oldPairs = this.pairCap;
    // The block moves only when it grows (the views' lengths are its capacities): only then is a copy kept.
    const room = this.views('resize');
    const grows = shapeCount > room.handles.length || 2 * pairCount > room.pairs.length;
    const saved = keep && grows ? this.snapshot(oldShapes, oldPairs) : null;
    const moved = native.reserve(shapeCount, pairCount);
    if (moved < 0) throw new SATError('OutOfMemory', 'the WebAssembly memory could not grow for a collision batch');
    if (moved > 0) this.v = null;
    const v = this.views('resize');
    this.pairCap = pairCount;
    if (!keep) return v;
    if (saved !== null) {
      const shapes = Math.min(oldShapes, shapeCount), pairs = Math.min(oldPairs, pairCount);
      v.handles.set(saved.handles.subarray(0, shapes));
      v.transforms.set(saved.transforms.subarray(0, K3.TRANSFORM_FLOATS * shapes));
      v.pairs.set(saved.pairs.subarray(0, 2 * pairs));
      v.caches.set(saved.caches.subarray(0, K3.CACHE_WORDS * pairs));
      v.counts.set(saved.counts.subarray(0, pairs));
      v.manifolds.set(saved.manifolds.subarray(0, K3.MANIFOLD_FLOATS * pairs));
    }
    const xf = K3.TRANSFORM_FLOATS;
    for (let i = oldShapes; i < shapeCount; ++i) {
      v.handles[i] = 0;
      v.transforms.fill(0, xf * i, xf * i + 6);  // position, rotation x, y, z
      v.transforms.fill(1, xf * i + 6, xf * (i + 1));  // qw, scale
    }
    if (oldPairs < pairCount) {
      v.pairs.fill(0, 2 * oldPairs, 2 * pairCount);
      v.caches.fill(0, K3.CACHE_WORDS * oldPairs, K3.CACHE_WORDS * pairCount);
      v.counts.fill(0, oldPairs, pairCount);
      v.manifolds.fill(0, K3.MANIFOLD_FLOATS * oldPairs, K3.MANIFOLD_FLOATS * pairCount);
    }
    return v;
  }

  /** The views, taken again if the WebAssembly memory grew since. @internal */
  views(fn: string): Views {
    const native = this.live(fn);
    const v = this.v;
    if (v !== null && v.handles.buffer === this.m.HEAPU8.buffer) return v;
    return (this.v = this.take(native));
  }

  /**
   * The native run over the first shapeCount shapes and pairCount pairs, its errors as SATErrors naming the bad
   * shape or pair (`shapes` gives the shape whose handle was refused, to tell a disposed one). @internal
   */
  runNative(fn: string, shapeCount: number, pairCount: number, useCaches: boolean, shapes: readonly Shape3[]): number {
    const r = this.live(fn).run(shapeCount, pairCount, useCaches);
    if (r >= 0) return r;
    const bad = this.native!.errorIndex(), arg = argument3(r);
    if (arg === 0 && (shapes[bad]?.handle ?? 0) <= 0) throw new SATError('Disposed', `${fn}: shapes[${bad}] was disposed`);
    const what = arg === 0 ? `shapes[${bad}] / its transform` : arg === 1 ? `pairs[${bad}]` : 'an argument';
    throw new SATError(errorCode3(r), `${fn}: ${what} is invalid (${this.sat3.message(status3(r))})`);
  }

  /** Copies of the arrays' used parts (the block moves on the next reserve). */
  private snapshot(shapes: number, pairs: number): Views {
    const v = this.views('resize');
    return {
      handles: v.handles.slice(0, shapes),
      transforms: v.transforms.slice(0, K3.TRANSFORM_FLOATS * shapes),
      pairs: v.pairs.slice(0, 2 * pairs),
      counts: v.counts.slice(0, pairs),
      manifolds: v.manifolds.slice(0, K3.MANIFOLD_FLOATS * pairs),
      caches: v.caches.slice(0, K3.CACHE_WORDS * pairs),
    };
  }

  private live(fn: string): PairBatch3 {
    if (this.native === null) throw new SATError('Disposed', `${fn}: the collision batch was disposed`);
    return this.native;
  }

  private take(native: PairBatch3): Views {
    return {
      handles: native.handles(),
      transforms: native.transforms(),
      pairs: native.pairs(),
      counts: native.counts(),
      manifolds: native.manifolds(),
      caches: native.caches(),
    };
  }
}
